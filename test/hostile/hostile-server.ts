/**
 * A real HTTP server that misbehaves on purpose, scripted per test. It speaks
 * just enough of both eras for the client to get where the misbehaviour is:
 * the 2026-07-28 stateless POSTs (`server/discover`, `resultType`) and the
 * 2025-11-25 session (`initialize`, `Mcp-Session-Id`, SSE POST streams, the
 * GET stream with server-pushed requests). Everything else is a route the
 * test registers: by HTTP method (`POST`, `GET`, `DELETE`) or, for a POST, by
 * the JSON-RPC method of its body (`'response'` for a JSON-RPC response).
 *
 * node:http on 127.0.0.1, a free port, every request recorded. Every wait is
 * bounded, every timer is the server's own and cleared by `close()`, which
 * also destroys every connection still open.
 *
 * Runs under Node 22 type stripping too: no enums, no parameter properties,
 * `import type` for types, `.ts` on relative imports.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeAll, beforeEach } from 'vitest'
import { createClient, type ClientOptions, type McpClient } from '../../src/core/index.ts'

/** One HTTP request as it reached the server. */
export interface Hit {
  /** `Date.now()` when the request head arrived. */
  at: number
  /** HTTP method. */
  method: string
  /** Path and query. */
  path: string
  /** Request headers, names lower-cased. */
  headers: Record<string, string>
  /** The body as received. */
  text: string
  /** The parsed JSON body; `undefined` when empty or not JSON. */
  body: any
  /**
   * The JSON-RPC method of a POST body, `'response'` for a JSON-RPC response,
   * `undefined` otherwise.
   */
  rpc: string | undefined
}

/** One request being answered: the route's view. */
export interface Exchange {
  hit: Hit
  /** Shorthand for `hit.body`. */
  body: any
  req: IncomingMessage
  res: ServerResponse
  /** Resolves when the connection of this exchange closed (the client hung up, or the response ended). */
  closed: Promise<void>
  /** True once the client went away before the response was complete. */
  aborted(): boolean
}

/** What a route returns is ignored (a promise is awaited, so an async route may take its time). */
export type Route = (exchange: Exchange) => unknown
export type HttpMethod = 'POST' | 'GET' | 'DELETE'

export interface HostileServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string
  /** `http://127.0.0.1:<port>`. */
  origin: string
  hits: Hit[]
  /** Errors thrown by routes (a route's bug, not the client's). */
  routeErrors: unknown[]
  /** The route for every request of this HTTP method not claimed by an `rpc` route. */
  on(method: HttpMethod, route: Route): this
  /** The route for a POST whose JSON-RPC method is `method` (`'response'` for responses). */
  rpc(method: string, route: Route): this
  /** Forgets a route registered with `rpc` or `on`. */
  off(method: string): this
  /** Hits matching `predicate`. */
  find(predicate: (hit: Hit) => boolean): Hit[]
  /** The first hit (already recorded or still to come) matching `predicate`; rejects after `timeoutMs`. */
  waitForHit(predicate: (hit: Hit) => boolean, timeoutMs?: number): Promise<Hit>
  /** A timer owned by the server: cleared by `close()`. */
  delay(ms: number): Promise<void>
  /** Number of TCP connections currently open. */
  openConnections(): number
  close(): Promise<void>
}

function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return flat
}

function rpcOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const message = body as Record<string, unknown>
  if (typeof message.method === 'string') return message.method
  if ('result' in message || 'error' in message) return 'response'
  return undefined
}

/** Reads a request body, at most `max` bytes (a hostile server's own guard; the client is not hostile here). */
function readBody(req: IncomingMessage, max = 1_048_576): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= max) chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

export async function startHostileServer(): Promise<HostileServer> {
  const hits: Hit[] = []
  const routeErrors: unknown[] = []
  const rpcRoutes = new Map<string, Route>()
  const methodRoutes = new Map<string, Route>()
  const waiters = new Set<{ predicate: (hit: Hit) => boolean; resolve: (hit: Hit) => void }>()
  const timers = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>()
  const sockets = new Set<import('node:net').Socket>()
  let closing = false

  const defaultRoute: Route = ({ hit, res }) => {
    // Notifications and responses are accepted; anything else was not scripted.
    if (hit.rpc === 'response' || (hit.rpc?.startsWith('notifications/') ?? false)) {
      res.writeHead(202).end()
      return
    }
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`hostile server: no route for ${hit.method} ${hit.rpc ?? ''}`)
  }

  const httpServer: Server = createServer((req, res) => {
    const hit: Hit = { at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers: flatHeaders(req.headers), text: '', body: undefined, rpc: undefined }
    let ended = false
    let gone = false
    res.on('finish', () => (ended = true))
    res.on('error', () => {})
    const closed = new Promise<void>((resolve) => {
      res.on('close', () => {
        if (!ended) gone = true
        resolve()
      })
    })
    void (async () => {
      hit.text = await readBody(req)
      try {
        hit.body = hit.text === '' ? undefined : JSON.parse(hit.text)
      } catch {
        hit.body = undefined
      }
      hit.rpc = hit.method === 'POST' ? rpcOf(hit.body) : undefined
      hits.push(hit)
      for (const waiter of [...waiters]) {
        if (waiter.predicate(hit)) {
          waiters.delete(waiter)
          waiter.resolve(hit)
        }
      }
      const route = (hit.rpc !== undefined ? rpcRoutes.get(hit.rpc) : undefined) ?? methodRoutes.get(hit.method) ?? defaultRoute
      try {
        await route({ hit, body: hit.body, req, res, closed, aborted: () => gone })
      } catch (error) {
        if (!closing) routeErrors.push(error)
        if (!res.headersSent) res.writeHead(500).end()
        else if (!res.writableEnded) res.end()
      }
    })()
  })
  httpServer.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  httpServer.keepAliveTimeout = 1000

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = httpServer.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`

  const server: HostileServer = {
    url: `${origin}/mcp`,
    origin,
    hits,
    routeErrors,
    on(method, route) {
      methodRoutes.set(method, route)
      return server
    },
    rpc(method, route) {
      rpcRoutes.set(method, route)
      return server
    },
    off(method) {
      rpcRoutes.delete(method)
      methodRoutes.delete(method)
      return server
    },
    find: (predicate) => hits.filter(predicate),
    waitForHit(predicate, timeoutMs = 5000) {
      const found = hits.find(predicate)
      if (found) return Promise.resolve(found)
      return new Promise<Hit>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (hit: Hit) => {
            clearTimeout(timer)
            resolve(hit)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`hostile server: no matching request within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    delay(ms) {
      return new Promise<void>((resolve) => {
        const entry = {
          resolve,
          timer: setTimeout(() => {
            timers.delete(entry)
            resolve()
          }, ms),
        }
        timers.add(entry)
      })
    },
    openConnections: () => sockets.size,
    async close() {
      closing = true
      for (const entry of timers) {
        clearTimeout(entry.timer)
        entry.resolve()
      }
      timers.clear()
      waiters.clear()
      httpServer.closeAllConnections()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
  return server
}

// ---------------------------------------------------------------------------
// Answers

type Message = Record<string, unknown>

export function json(res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers }).end(text)
}

/** A JSON-RPC result for the exchange's request. */
export function result(exchange: Exchange, value: unknown, headers: Record<string, string> = {}): void {
  json(exchange.res, { jsonrpc: '2.0', id: exchange.body?.id ?? null, result: value }, 200, headers)
}

/** A JSON-RPC error for the exchange's request, with an HTTP status. */
export function rpcError(exchange: Exchange, code: unknown, message: unknown, status = 200, data?: unknown): void {
  const error: Message = { code, message }
  if (data !== undefined) error.data = data
  json(exchange.res, { jsonrpc: '2.0', id: exchange.body?.id ?? null, error }, status)
}

export function accepted(exchange: Exchange): void {
  exchange.res.writeHead(202).end()
}

export interface SseWriter {
  /** Writes one event carrying `message`; false when the client is gone. */
  send(message: unknown, fields?: { id?: string; retry?: number | string; event?: string }): boolean
  /** Writes raw bytes; resolves false when the client is gone (waits for drain: backpressure). */
  raw(text: string | Buffer): Promise<boolean>
  end(): void
  /** Whether the client hung up. */
  gone(): boolean
}

/** Opens an SSE response on the exchange. */
export function openSse(exchange: Exchange, headers: Record<string, string> = {}): SseWriter {
  const { res } = exchange
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers })
  res.flushHeaders()
  // A test may queue many writes that wait for 'drain' at once (a 10 MB line in chunks).
  res.setMaxListeners(0)
  const gone = () => res.destroyed || res.writableEnded || exchange.aborted()
  return {
    send(message, fields = {}) {
      if (gone()) return false
      let text = ''
      if (fields.retry !== undefined) text += `retry: ${fields.retry}\n`
      if (fields.id !== undefined) text += `id: ${fields.id}\n`
      if (fields.event !== undefined) text += `event: ${fields.event}\n`
      text += `data: ${JSON.stringify(message)}\n\n`
      res.write(text)
      return true
    },
    raw(text) {
      if (gone()) return Promise.resolve(false)
      return new Promise<boolean>((resolve) => {
        const ok = res.write(text)
        if (ok) return resolve(true)
        const done = () => {
          res.off('drain', done)
          res.off('close', done)
          resolve(!gone())
        }
        res.on('drain', done)
        res.on('close', done)
      })
    },
    end() {
      if (!gone()) res.end()
    },
    gone,
  }
}

// ---------------------------------------------------------------------------
// Era presets

export const MODERN = '2026-07-28'
export const LEGACY = '2025-11-25'

export interface ModernPreset {
  serverInfo?: unknown
  tools?: unknown[]
}

/** A 2026-07-28 server's basics: `server/discover` and an empty `tools/list`. */
export function modern(server: HostileServer, preset: ModernPreset = {}): HostileServer {
  const serverInfo = preset.serverInfo ?? { name: 'hostile-modern', version: '1.0.0' }
  server.rpc('server/discover', (x) =>
    result(x, { supportedVersions: [MODERN], capabilities: { tools: {} }, serverInfo, _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo } }),
  )
  server.rpc('tools/list', (x) => result(x, { tools: preset.tools ?? [] }))
  return server
}

export interface LegacyPreset {
  serverInfo?: unknown
  protocolVersion?: unknown
  /**
   * The GET stream: `'none'` answers 405 (no stream), `'hold'` opens it and
   * keeps it open (see {@link LegacySession.getStreams}).
   * @defaultValue 'none'
   */
  getStream?: 'none' | 'hold'
}

export interface LegacySession {
  /** Session ids handed out, in order. */
  sessions: string[]
  /** Open GET streams, newest last (with `getStream: 'hold'`). */
  getStreams: SseWriter[]
  /** The newest open GET stream, once the client opened one. */
  getStream(timeoutMs?: number): Promise<SseWriter>
}

/**
 * A 2025-11-25 session server's basics: `initialize` handing out
 * `Mcp-Session-Id` `s1`, `s2`, …, `notifications/initialized` accepted, the
 * `server/discover` probe of an auto client refused as SDK v1 servers do
 * (400, -32000 "No valid session ID"), DELETE accepted, the GET stream as
 * the preset says.
 */
export function legacy(server: HostileServer, preset: LegacyPreset = {}): LegacySession {
  const session: LegacySession = {
    sessions: [],
    getStreams: [],
    async getStream(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const open = session.getStreams.filter((stream) => !stream.gone())
        if (open.length > 0) return open[open.length - 1]!
        await server.delay(10)
      }
      throw new Error('hostile server: the client opened no GET stream')
    },
  }
  server.rpc('initialize', (x) => {
    const id = `s${session.sessions.length + 1}`
    session.sessions.push(id)
    result(
      x,
      {
        protocolVersion: preset.protocolVersion ?? LEGACY,
        capabilities: { tools: {} },
        serverInfo: preset.serverInfo ?? { name: 'hostile-legacy', version: '1.0.0' },
      },
      { 'mcp-session-id': id },
    )
  })
  server.rpc('server/discover', (x) => rpcError(x, -32000, 'Bad Request: No valid session ID provided', 400))
  server.on('DELETE', ({ res }) => res.writeHead(200).end())
  server.on('GET', (x) => {
    if (preset.getStream !== 'hold') {
      x.res.writeHead(405, { allow: 'POST, DELETE' }).end()
      return
    }
    session.getStreams.push(openSse(x))
  })
  return session
}

/** Polls `check` every 10 ms until it is truthy; rejects after `timeoutMs`. */
export async function until<T>(check: () => T, timeoutMs = 3000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value) return value as NonNullable<T>
    if (Date.now() >= deadline) throw new Error(`until: ${what} not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Resolves after `ms` (a test's own pause). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** What a promise did within `ms`: settled with a value or an error, or still pending. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<{ state: 'resolved'; value: T } | { state: 'rejected'; error: unknown } | { state: 'pending' }> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<{ state: 'pending' }>((resolve) => (timer = setTimeout(() => resolve({ state: 'pending' }), ms)))
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ state: 'resolved' as const, value }),
        (error: unknown) => ({ state: 'rejected' as const, error }),
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Ref'd timers of this process (what keeps it alive), by `process.getActiveResourcesInfo()`. */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length
}

/** A tools/call result with one text item. */
export function text(value: string): Message {
  return { content: [{ type: 'text', text: value }] }
}

/** A form elicitation request the server pushes. */
export function elicitation(id: unknown, message = 'Your name?'): Message {
  return {
    jsonrpc: '2.0',
    id,
    method: 'elicitation/create',
    params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  }
}

/**
 * A fresh hostile server for each test of the calling file, and the clients
 * a test makes on it (with `defaults`), closed after the test: the setup
 * every single-server hostile file shares.
 */
export function hostilePerTest(defaults: ClientOptions = {}): {
  readonly server: HostileServer
  client(options?: ClientOptions): McpClient
  /** Closes a client made elsewhere (on another server, say) with the test's own. */
  track(client: McpClient): McpClient
  /** Closes the test's clients now (bounded), for a test that checks what closing leaves behind. */
  closeClients(): Promise<void>
} {
  let server: HostileServer | undefined
  const clients: McpClient[] = []
  const closeClients = async () => {
    await Promise.all(clients.splice(0).map((client) => within(client.close(), 1000)))
  }
  // The chunks the core loads on demand (the 2025-11-25 era, the SSE reader,
  // tasks, the listings, the result cache) are imported once up front: these tests time hostile servers
  // against deadlines of a few hundred ms, and vitest's first transform of a
  // chunk on a loaded machine could take that long by itself. (What a chunk
  // that fails to load does is src/core/load-chunk.test.ts's matter.)
  beforeAll(async () => {
    await Promise.all([import('../../src/core/legacy-connection.ts'), import('../../src/core/sse.ts'), import('../../src/core/task-client.ts'), import('../../src/core/listings.ts'), import('../../src/core/result-cache.ts')])
  })
  beforeEach(async () => {
    server = await startHostileServer()
  })
  afterEach(async () => {
    await closeClients()
    await server?.close()
  })
  return {
    track(client) {
      clients.push(client)
      return client
    },
    closeClients,
    get server() {
      if (!server) throw new Error('the hostile server starts in beforeEach')
      return server
    },
    client(options = {}) {
      const created = createClient(this.server.url, { onWarning: () => {}, ...defaults, ...options })
      clients.push(created)
      return created
    },
  }
}
