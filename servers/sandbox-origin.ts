/**
 * A second origin for the MCP Apps sandbox page, for the demo, the tests
 * and the end-to-end runs: the page (`/sandbox.html`, built from source by
 * sandbox-page.ts, so no `npm run build` is needed) on 127.0.0.1 at its own
 * port. Another port is another origin, which is what the spec asks of a
 * sandbox ("The Host and the Sandbox MUST have different origins").
 *
 *   const sandbox = await startSandboxOrigin()
 *   mountMcpApp(element, { client, sandbox: sandbox.url, tool })   // in the page
 *   await sandbox.close()
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { createServer } from 'node:http'
import { closeServer, countHits, listen, type HitLogEntry } from './host.ts'
import { sandboxPage } from './sandbox-page.ts'

/** The path the page is served at. */
export const SANDBOX_PATH = '/sandbox.html'

export interface SandboxOriginOptions {
  /** Serve this HTML instead of the page built from source (e.g. the built `dist/apps/sandbox.html`). */
  html?: string
  /** @defaultValue 0 (a free port) */
  port?: number
  /** @defaultValue `127.0.0.1` */
  host?: string
}

export interface SandboxOrigin {
  /** The page, e.g. `http://127.0.0.1:41234/sandbox.html`: give it to `mountMcpApp` as `sandbox`. */
  url: string
  /** `http://127.0.0.1:41234`. */
  origin: string
  /** Every request, in arrival order. */
  log: HitLogEntry[]
  /** Requests for `path` (any query). */
  hits(path: string): number
  close(): Promise<void>
}

/** Serves the sandbox page on its own origin until `close()`. */
export async function startSandboxOrigin(options: SandboxOriginOptions = {}): Promise<SandboxOrigin> {
  const html = options.html ?? (await sandboxPage())
  const log: HitLogEntry[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const method = (req.method ?? 'GET').toUpperCase()
    log.push({ at: Date.now(), method, path: url.pathname + url.search })
    if (url.pathname !== SANDBOX_PATH) return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n')
    if (method !== 'GET' && method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end()
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      // The page is rebuilt from source per run; a cached copy would hide a change.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // No X-Frame-Options or frame-ancestors: being framed by the host page is the point.
    })
    res.end(method === 'HEAD' ? undefined : html)
  })
  const { origin } = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1')
  return {
    url: `${origin}${SANDBOX_PATH}`,
    origin,
    log,
    hits: (path) => countHits(log, path),
    close: () => closeServer(server),
  }
}
