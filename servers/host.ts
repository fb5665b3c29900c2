/**
 * The HTTP plumbing around an MCP handler, written once for every server of
 * the kit (demo, tests, bench, conformance): listen on loopback on a given
 * or free port, record every hit, CORS for browser pages, a cap on request
 * bodies, JSON parsing, an optional DNS-rebinding guard, extra pages next to
 * the MCP endpoint, and a close that destroys open connections (SSE streams
 * included) so nothing outlives `close()`.
 *
 *   const host = await startHost({ cors: { origins: [], expose: ['MCP-Protocol-Version'] }, serve: (req, res, hit) => serveMcp(req, res, hit.body) })
 *   host.url      // http://127.0.0.1:<port>/mcp
 *   host.log      // every request, preflights included
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One HTTP request as a server saw it (every hit, preflights included). */
export interface HitLogEntry {
  /** `Date.now()` when the request arrived. */
  at: number
  /** HTTP method: `POST`, `OPTIONS`, `GET`, … */
  method: string
  /** Path and query, e.g. `/mcp` or `/connect?id=…`. */
  path: string
  /** JSON-RPC `method` of the body, when there is one. */
  rpcMethod?: string
  /** `params.name` of `tools/call` / `prompts/get`, `params.uri` of `resources/read`. */
  tool?: string
}

/** A hit with everything a test may look at: headers, body and the response head. */
export interface RecordedRequest extends HitLogEntry {
  /** Request headers, names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>
  /** Parsed JSON body; the raw text when it is not JSON; `undefined` when empty. */
  body: unknown
  /** Response status, filled in when the response head is written. */
  status?: number
  /** Response headers, names lower-cased, filled in with `status`. */
  responseHeaders?: Record<string, string>
}

/** What the host hands to a page or to the MCP handler. */
export interface Hit {
  url: URL
  /** Upper-case HTTP method. */
  method: string
  /** The body as text (empty for GET, OPTIONS, … and for a body over the cap). */
  raw: string
  /** The parsed body when `parsed`, else `undefined`. */
  body: unknown
  parsed: boolean
  /** The log entry of this request (a {@link RecordedRequest} when the host records requests). */
  entry: HitLogEntry
}

export interface CorsPolicy {
  /** Allowed page origins; empty means any (`*`). */
  origins: string[]
  /** Response headers the page may read. */
  expose: string[]
}

export interface HostOptions {
  /** Interface to bind. @defaultValue `127.0.0.1`; keep it on loopback. */
  host?: string
  /** @defaultValue 0 (a free port) */
  port?: number
  /** Path of the MCP endpoint. @defaultValue `/mcp` */
  path?: string
  /** CORS on every response, preflights answered with 204. @defaultValue none */
  cors?: CorsPolicy
  /** Refuse a foreign Host or a browser Origin that is neither an allowed page nor this server (403). @defaultValue false */
  guard?: boolean
  /** Larger bodies are answered 413 unread. @defaultValue 1,000,000 bytes */
  maxBodyBytes?: number
  /** `requests`: log headers, bodies and response heads too ({@link RecordedRequest}). @defaultValue `hits` */
  record?: 'hits' | 'requests'
  /** Send the response head as soon as it is written, not with the first body bytes (a GET stream that stays quiet). @defaultValue false */
  flushHeaders?: boolean
  /** Serves a path other than the endpoint; true when it answered (else 404). */
  page?: (hit: Hit, req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>
  /** Serves the MCP endpoint; the body is already read and parsed (a POST that is not JSON never gets here). */
  serve(req: IncomingMessage, res: ServerResponse, hit: Hit): Promise<void>
  /** Runs first on `close()`: the MCP handler, sessions, tasks. */
  onClose?: () => Promise<void> | void
}

export interface Host<Entry extends HitLogEntry = HitLogEntry> {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string
  /** `http://127.0.0.1:41234`. */
  origin: string
  port: number
  /** Every HTTP hit, in arrival order. */
  log: Entry[]
  /** Hits on `path` (`/connect`, `/pwned`, …): any query unless `path` has one. */
  hits(path: string): number
  close(): Promise<void>
}

const MAX_BODY_BYTES = 1_000_000
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function startHost(options: HostOptions & { record: 'requests' }): Promise<Host<RecordedRequest>>
export function startHost(options: HostOptions): Promise<Host>
export async function startHost(options: HostOptions): Promise<Host<HitLogEntry>> {
  const host = options.host ?? '127.0.0.1'
  const endpoint = options.path ?? '/mcp'
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const log: HitLogEntry[] = []
  let origin = ''

  const http = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const method = (req.method ?? 'GET').toUpperCase()
      const declared = Number(req.headers['content-length'] ?? 0)
      const tooLarge = WITH_BODY.has(method) && declared > maxBody
      const raw = WITH_BODY.has(method) && !tooLarge ? await readBody(req, maxBody) : ''
      const { body, parsed } = raw === undefined ? { body: undefined, parsed: false } : parseBody(raw)
      const entry: HitLogEntry = { at: Date.now(), method, path: url.pathname + url.search, ...(parsed ? describeRpc(body) : {}) }
      if (options.record === 'requests') {
        const recorded = Object.assign(entry, { headers: flatHeaders(req.headers), body: raw === '' ? undefined : parsed ? body : raw }) as RecordedRequest
        watchResponseHead(res, recorded)
      }
      log.push(entry)
      if (options.flushHeaders) flushOnWriteHead(res)

      if (options.cors) setCors(req, res, options.cors)
      if (method === 'OPTIONS') {
        res.writeHead(204).end()
        return
      }
      const hit: Hit = { url, method, raw: raw ?? '', body: parsed ? body : undefined, parsed, entry }
      if (url.pathname !== endpoint) {
        if (!(await options.page?.(hit, req, res))) res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n')
        return
      }
      const refused = options.guard ? refuseReason(req, origin, options.cors?.origins ?? []) : undefined
      if (refused) return sendJsonRpcError(res, 403, -32000, `Forbidden: ${refused}`)
      if (tooLarge || raw === undefined) return sendJsonRpcError(res, 413, -32600, 'Request body too large')
      if (method === 'POST' && !parsed) return sendJsonRpcError(res, 400, -32700, 'Parse error')
      await options.serve(req, res, hit)
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Internal error: ${String(error)}`)
      else res.end()
    })
  })

  const { port } = await listen(http, options.port ?? 0, host)
  origin = originOf(host, port)
  return {
    url: `${origin}${endpoint}`,
    origin,
    port,
    log,
    hits: (path) => countHits(log, path),
    async close() {
      await options.onClose?.()
      await closeServer(http)
    },
  }
}

/** Listens on `host:port` (0: a free port); rejects on EADDRINUSE and the like. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<{ port: number; origin: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const bound = (server.address() as AddressInfo).port
  return { port: bound, origin: originOf(host, bound) }
}

/** Stops listening and destroys every open connection (keep-alive sockets and SSE streams). */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** A port that was free a moment ago on 127.0.0.1 (a process started on it may still lose a race). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  const { port } = await listen(probe, 0)
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/**
 * A server as a child process of a bench or conformance run: prints
 * `{"url": …}` as its first stdout line and serves until stdin closes (or
 * the parent goes away).
 */
export function serveUntilStdinEnds(server: { url: string; close(): Promise<void> }): void {
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)))
  process.stdin.on('error', () => process.exit(0))
}

/** `http://host:port`, with brackets for an IPv6 host. */
export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/** Number of logged hits on `path`: exact path-and-query when it has `?`, else any query. */
export function countHits(log: readonly HitLogEntry[], path: string): number {
  if (path.includes('?')) return log.filter((entry) => entry.path === path).length
  return log.filter((entry) => entry.path.split('?')[0] === path).length
}

/** The body as text; `undefined` once it grows past `maxBytes` (the rest is not read). */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += buffer.length
    if (size > maxBytes) return undefined
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Parses a request body; `parsed` is false for an empty or non-JSON body. */
function parseBody(raw: string): { body: unknown; parsed: boolean } {
  if (raw.length === 0) return { body: undefined, parsed: false }
  try {
    return { body: JSON.parse(raw) as unknown, parsed: true }
  } catch {
    return { body: raw, parsed: false }
  }
}

/** The JSON-RPC method and the tool/prompt name or resource URI of a body (first message of a batch). */
export function describeRpc(body: unknown): { rpcMethod?: string; tool?: string } {
  const message = Array.isArray(body) ? body[0] : body
  if (message === null || typeof message !== 'object') return {}
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; uri?: unknown } }
  if (typeof method !== 'string') return {}
  const target = method === 'resources/read' ? params?.uri : method === 'tools/call' || method === 'prompts/get' ? params?.name : undefined
  return typeof target === 'string' ? { rpcMethod: method, tool: target } : { rpcMethod: method }
}

function flatHeaders(headers: IncomingMessage['headers'] | Record<string, number | string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return flat
}

/** Fills in `status` / `responseHeaders` of the record when the head goes out. */
function watchResponseHead(res: ServerResponse, record: RecordedRequest): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  ;(res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
    const result = writeHead(...args)
    record.status = res.statusCode
    record.responseHeaders = flatHeaders(res.getHeaders())
    return result
  }
}

/**
 * `toNodeHandler` (node 2.1) calls writeHead but never flushHeaders, so a
 * stream's 200 would reach the client only with its first frame; this sends
 * the head at once, as the v1 SDK's adapter does.
 */
function flushOnWriteHead(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  ;(res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
    const result = writeHead(...args)
    res.flushHeaders()
    return result
  }
}

/** Header names a page may send cross-origin: the fixed ones plus any `Mcp-*` (so every `Mcp-Param-*`). */
const ALLOWED_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'DPoP', 'Last-Event-ID', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id']
const FIXED_LOWER = new Set(ALLOWED_REQUEST_HEADERS.map((h) => h.toLowerCase()))

/** `pageOrigin` option → the allowed origins of a {@link CorsPolicy} (`*` or nothing: any). */
export function normalizeOrigins(pageOrigin: string | readonly string[] | undefined): string[] {
  if (pageOrigin === undefined) return []
  const list = typeof pageOrigin === 'string' ? [pageOrigin] : [...pageOrigin]
  return list.includes('*') ? [] : list.map((origin) => origin.replace(/\/+$/, ''))
}

/**
 * CORS for browser pages. No credentials are allowed and only the named
 * headers are exposed. Requested headers are reflected only when they are in
 * the fixed list or start with `Mcp-`: `Mcp-Param-*` names cannot be known in
 * advance.
 */
export function setCors(req: IncomingMessage, res: ServerResponse, policy: CorsPolicy): void {
  const origin = req.headers.origin
  if (policy.origins.length === 0) {
    res.setHeader('Access-Control-Allow-Origin', '*')
  } else {
    res.setHeader('Vary', 'Origin')
    if (typeof origin === 'string' && policy.origins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin)
  }
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
  const allow = [...ALLOWED_REQUEST_HEADERS]
  const asked = req.headers['access-control-request-headers']
  if (typeof asked === 'string') {
    for (const name of asked.split(',').map((h) => h.trim()).filter(Boolean)) {
      const lower = name.toLowerCase()
      if (!FIXED_LOWER.has(lower) && lower.startsWith('mcp-') && /^[A-Za-z0-9-]+$/.test(name)) allow.push(name)
    }
  }
  res.setHeader('Access-Control-Allow-Headers', allow.join(', '))
  if (policy.expose.length > 0) res.setHeader('Access-Control-Expose-Headers', policy.expose.join(', '))
  res.setHeader('Access-Control-Max-Age', '600')
}

/**
 * DNS-rebinding guard: the Host must be this loopback server, and a browser
 * Origin must be an allowed page origin or the server itself. Returns the
 * reason to refuse, or `undefined`.
 */
function refuseReason(req: IncomingMessage, selfOrigin: string, origins: readonly string[]): string | undefined {
  const host = req.headers.host ?? ''
  const self = new URL(selfOrigin)
  const allowedHosts = new Set([self.host, `127.0.0.1:${self.port}`, `localhost:${self.port}`, `[::1]:${self.port}`])
  if (!allowedHosts.has(host.toLowerCase())) return `Host "${host}" is not this server`
  const origin = req.headers.origin
  if (typeof origin === 'string' && origins.length > 0 && origin !== selfOrigin && !origins.includes(origin)) return `Origin "${origin}" is not allowed`
  return undefined
}

/** A JSON-RPC error answered by the plumbing itself; `id` is the request's when it is known. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string, extra: { id?: string | number | null; data?: unknown } = {}): void {
  if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', id: extra.id ?? null, error: { code, message, ...(extra.data !== undefined && { data: extra.data }) } }))
}
