/**
 * A site of its own for the MCP Apps sandbox page, for the demo, the tests
 * and the end-to-end runs: the page (`/sandbox.html`, built from source by
 * sandbox-page.ts, so no `npm run build` is needed) on a loopback host name
 * the page does not use. Another port of the page's host would be another
 * origin, which is all the spec asks ("The Host and the Sandbox MUST have
 * different origins"), but cookies are scoped by host name, not port: the
 * app would share the page's cookies, and the host refuses it
 * (`APP_SANDBOX_SAME_SITE`). {@link sandboxAddress} picks the host.
 *
 *   const sandbox = await startSandboxOrigin(await sandboxAddress(0))
 *   mountMcpApp(element, { client, sandbox: sandbox.url, tool })   // in a page on 127.0.0.1
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
  /** The address to listen on. @defaultValue `127.0.0.1` */
  host?: string
  /** The host name in `url` and `origin`, one that reaches `host` (`localhost` for 127.0.0.1). @defaultValue `host` */
  hostName?: string
}

/** Where a sandbox listens and the name a page reaches it by. */
export interface SandboxAddress {
  host: string
  hostName: string
}

let extraLoopback: Promise<boolean> | undefined

/** Whether this machine's loopback answers on 127.0.0.2 (Linux and Windows: all of 127.0.0.0/8; macOS: 127.0.0.1 only). */
function hasExtraLoopback(): Promise<boolean> {
  extraLoopback ??= new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(0, '127.0.0.2', () => probe.close(() => resolve(true)))
  })
  return extraLoopback
}

/**
 * A host for the sandbox of the `index`th server of a page on 127.0.0.1, on
 * a site of its own: 127.0.0.(2 + index), an address (a cookie jar of its
 * own, with no name to resolve: Chromium, Firefox and WebKitGTK all reach
 * it). On a machine whose loopback has only 127.0.0.1, `localhost`: still
 * another host name than the page's, but one for every server, so the host
 * keeps apart the apps of two servers live at once (`APP_SANDBOX_SHARED`).
 */
export async function sandboxAddress(index: number): Promise<SandboxAddress> {
  if (index < 0 || index > 250) throw new RangeError(`no sandbox address for server ${index}`)
  if (await hasExtraLoopback()) return { host: `127.0.0.${2 + index}`, hostName: `127.0.0.${2 + index}` }
  return { host: '127.0.0.1', hostName: 'localhost' }
}

export interface SandboxOrigin {
  /** The page, e.g. `http://127.0.0.2:41234/sandbox.html`: give it to `mountMcpApp` as `sandbox`. */
  url: string
  /** `http://127.0.0.2:41234`. */
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
  const { port } = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1')
  const origin = `http://${options.hostName ?? options.host ?? '127.0.0.1'}:${port}`
  return {
    url: `${origin}${SANDBOX_PATH}`,
    origin,
    log,
    hits: (path) => countHits(log, path),
    close: () => closeServer(server),
  }
}
