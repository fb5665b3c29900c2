/**
 * A test page of its own (e2e/theme-page/, e2e/ext-apps-page/, e2e/app-host-page/):
 * built with Vite into e2e/.cache/<name>, minified as an app ships it, with
 * `alias` saying where the package's public names come from (the sources:
 * vite.aliases.ts; the published package: built-package.ts), and served from
 * 127.0.0.1 under the Content-Security-Policy the spec gives, with a few
 * answers of its own (a config, a report endpoint).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sourceAliases } from '../vite.aliases.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

export interface ServedPage {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string
  close(): Promise<void>
}

/** Builds e2e/<name>/index.html (and what it imports) into e2e/.cache/<name>; returns that folder. */
export async function buildTestPage(name: string, alias: Array<{ find: RegExp; replacement: string }> = sourceAliases): Promise<string> {
  const outDir = join(here, '.cache', name)
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  await build({
    configFile: false,
    envDir: false,
    root: join(here, name),
    publicDir: false,
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    resolve: { alias },
    build: { outDir, emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false }, chunkSizeWarningLimit: 5000, reportCompressedSize: false },
  })
  return outDir
}

/**
 * Serves the built files of `dir` with `policy` (or the policy for the
 * request's URL) on every answer; `route` answers a path first (true when it
 * did; it may also only add a header and return false).
 */
export async function serveTestPage(dir: string, policy: string | ((url: URL) => string), route?: (path: string, req: IncomingMessage, res: ServerResponse) => boolean): Promise<ServedPage> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const path = url.pathname
    res.setHeader('Content-Security-Policy', typeof policy === 'string' ? policy : policy(url))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    if (route?.(path, req, res)) return
    const file = normalize(join(dir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
