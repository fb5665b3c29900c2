/**
 * The package as it is published (`dist/`, what `npm run build` writes),
 * for the end-to-end pages that must run what users install rather than
 * the sources: `ensureBuiltPackage()` builds it when a source is newer (run
 * once, from global-setup.ts, before the workers start), and
 * `builtPackageAliases()` resolves each public name through package.json's
 * `exports`, as a bundler in an app that installed the package would.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

function newest(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))))
}

/** Runs `npm run build` unless dist/ is newer than src/, package.json and the build configs. */
export function ensureBuiltPackage(): void {
  const marker = join(root, 'dist', 'apps', 'sandbox.html')
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0
  const sources = Math.max(newest(join(root, 'src')), ...['package.json', 'vite.config.ts', 'tsconfig.build.json', 'scripts', 'servers/sandbox-page.ts'].map((file) => newest(join(root, file))))
  if (built > sources) return
  // Through the npm that runs us when there is one (npm_execpath), so no shell is needed on any platform.
  const npm = process.env.npm_execpath
  const run = npm ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' }) : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  if (run.status !== 0) throw new Error(`npm run build failed (${run.status ?? run.signal}); the end-to-end pages of the built package need dist/`)
}

/** Vite aliases: each entry of package.json's `exports` to its file in dist/, exact names only. */
export function builtPackageAliases(): Array<{ find: RegExp; replacement: string }> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { import: string }> }
  return Object.entries(pkg.exports)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => {
      const name = `${pkg.name}${subpath.slice(1)}`
      const file = typeof target === 'string' ? target : target.import
      return { find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), replacement: join(root, file) }
    })
}
