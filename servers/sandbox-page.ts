/**
 * The MCP Apps sandbox proxy page as one self-contained HTML file, built
 * from source: src/apps/sandbox/main.ts (which imports the proxy and the
 * same CSP builder the host uses) bundled by Vite (rolldown) into one
 * minified script, inlined into src/apps/sandbox/sandbox.html.
 *
 * Used by `npm run build` (scripts/build-sandbox.mjs writes
 * dist/apps/sandbox.html) and by the repo's servers, tests and demo
 * (sandbox-origin.ts), which build it here so they never depend on a
 * `dist/` that may be missing or stale.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// From the file path, not `new URL(…, import.meta.url)`: under a jsdom test environment `URL` is jsdom's.
const SANDBOX_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'apps', 'sandbox')
const ENTRY = join(SANDBOX_DIR, 'main.ts')
const TEMPLATE = join(SANDBOX_DIR, 'sandbox.html')
const PLACEHOLDER = '/*SANDBOX_PROXY_SCRIPT*/'

/** Bundles the proxy script: one IIFE, minified, for browsers with ES2020. */
async function bundleProxy(): Promise<string> {
  const { build } = await import('vite')
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    root: SANDBOX_DIR,
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      copyPublicDir: false,
      modulePreload: false,
      rolldownOptions: { input: ENTRY, output: { format: 'iife', entryFileNames: 'sandbox.js' } },
    },
  })
  const results = Array.isArray(output) ? output : [output]
  for (const result of results) {
    if (!('output' in result)) continue
    for (const item of result.output) if (item.type === 'chunk' && item.isEntry) return item.code
  }
  throw new Error('building the sandbox proxy script produced no entry chunk')
}

/**
 * The sandbox page, its script inlined. A script that could end the
 * `<script>` element early (`</script`) or open an HTML comment (`<!--`) is
 * refused rather than escaped: our own code never contains either.
 */
export async function buildSandboxPage(): Promise<string> {
  const [template, script] = await Promise.all([readFile(TEMPLATE, 'utf8'), bundleProxy()])
  if (!template.includes(PLACEHOLDER)) throw new Error(`${TEMPLATE} lost its ${PLACEHOLDER} placeholder`)
  if (/<\/script|<!--/i.test(script)) throw new Error('the sandbox proxy script contains </script or <!--; it cannot be inlined as is')
  return template.replace(PLACEHOLDER, () => script.trim())
}

let built: Promise<string> | undefined

/** {@link buildSandboxPage}, once per process (the servers of one test run share it). */
export function sandboxPage(): Promise<string> {
  built ??= buildSandboxPage().catch((error: unknown) => {
    built = undefined
    throw error
  })
  return built
}
