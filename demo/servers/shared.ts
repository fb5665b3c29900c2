/**
 * Plumbing shared by the demo servers and the test fixtures: the hit log, CORS, body reading,
 * header decoding, the tiny HTML page that stands in for an "outside
 * step" (a sign-in or consent page) in URL-mode elicitation, and the small
 * result and progress helpers every tool uses.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { CallToolResult, InputResponseView, ServerContext } from '@modelcontextprotocol/server'

/** One HTTP request as a demo server saw it (every hit, preflights included). */
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

/** Something a tool, prompt or resource got, recorded for tests that cannot see the result. */
export interface ReceivedEntry {
  at: number
  /** Tool name, `prompt:<name>` or `resource:<uri>`. */
  tool: string
  data: unknown
}

/** Number of logged hits on `path`: exact path-and-query when it has `?`, else any query. */
export function countHits(log: readonly HitLogEntry[], path: string): number {
  if (path.includes('?')) return log.filter((entry) => entry.path === path).length
  return log.filter((entry) => entry.path.split('?')[0] === path).length
}

/** A `received` list with a waiter, so tests can await a tool that never answers (aborted calls). */
export function receivedRecorder() {
  const received: ReceivedEntry[] = []
  const waiters: Array<{ tool: string; resolve: (entry: ReceivedEntry) => void }> = []
  const record = (tool: string, data: unknown): void => {
    const entry = { at: Date.now(), tool, data }
    received.push(entry)
    for (const waiter of waiters.filter((w) => w.tool === tool)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(entry)
    }
  }
  const waitForReceived = (tool: string, timeoutMs = 5000): Promise<ReceivedEntry> => {
    const found = received.find((entry) => entry.tool === tool)
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const waiter = {
        tool,
        resolve: (entry: ReceivedEntry) => {
          clearTimeout(timer)
          resolve(entry)
        },
      }
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1)
        reject(new Error(`nothing received by ${tool} within ${timeoutMs} ms`))
      }, timeoutMs)
      waiters.push(waiter)
    })
  }
  return { received, record, waitForReceived }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/** Parses a request body; `parsed` is false for an empty or non-JSON body. */
export function parseBody(raw: string): { body: unknown; parsed: boolean } {
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

/** Header names a page may send cross-origin: the fixed ones plus any `Mcp-*` (so every `Mcp-Param-*`). */
const ALLOWED_REQUEST_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'DPoP', 'Last-Event-ID', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id']
const FIXED_LOWER = new Set(ALLOWED_REQUEST_HEADERS.map((h) => h.toLowerCase()))

export interface CorsPolicy {
  /** Allowed page origins; empty means any (`*`). */
  origins: string[]
  /** Response headers the page may read. */
  expose: string[]
}

export function normalizeOrigins(pageOrigin: string | readonly string[] | undefined): string[] {
  if (pageOrigin === undefined) return []
  const list = typeof pageOrigin === 'string' ? [pageOrigin] : [...pageOrigin]
  return list.includes('*') ? [] : list.map((origin) => origin.replace(/\/+$/, ''))
}

/**
 * CORS for the demo page. No credentials are allowed and only the named
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
 * DNS-rebinding guard for the MCP endpoint: the Host must be this loopback
 * server, and a browser Origin must be an allowed page origin or the server
 * itself. Returns the reason to refuse, or `undefined`.
 */
export function refuseReason(req: IncomingMessage, selfOrigin: string, policy: CorsPolicy): string | undefined {
  const host = req.headers.host ?? ''
  const self = new URL(selfOrigin)
  const allowedHosts = new Set([self.host, `127.0.0.1:${self.port}`, `localhost:${self.port}`, `[::1]:${self.port}`])
  if (!allowedHosts.has(host.toLowerCase())) return `Host "${host}" is not this server`
  const origin = req.headers.origin
  if (typeof origin === 'string' && policy.origins.length > 0 && origin !== selfOrigin && !policy.origins.includes(origin)) {
    return `Origin "${origin}" is not allowed`
  }
  return undefined
}

export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }))
}

/** Decodes the `=?base64?…?=` header sentinel; other values are returned as they are. */
export function decodeHeaderValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const match = /^=\?base64\?(.*)\?=$/.exec(value)
  if (!match) return value
  return Buffer.from(match[1] ?? '', 'base64').toString('utf8')
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

export interface OutsideStepPage {
  /** Page path, e.g. `/connect`; its completion path is `<path>/done`. */
  path: string
  title: string
  /** What the person is agreeing to, shown above the button. */
  explanation: string
}

/**
 * Serves the stand-in "outside step" of a URL-mode elicitation:
 * `GET <path>?id=…` shows a page with a Finish button; `GET|POST <path>/done?id=…`
 * marks the id complete. Unknown ids get 404. The page runs no script and
 * forbids everything but its own form post.
 */
export function serveOutsideStep(
  page: OutsideStepPage,
  url: URL,
  method: string,
  res: ServerResponse,
  known: ReadonlySet<string>,
  completed: Set<string>,
): void {
  const id = url.searchParams.get('id') ?? ''
  const send = (status: number, title: string, body: string) => {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}` +
        `button{font:inherit;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}` +
        `code{background:#f1f1f1;padding:0 .25rem}</style></head><body><main>${body}</main></body></html>`,
    )
  }
  if (!known.has(id)) {
    send(404, 'Unknown request', `<h1>Unknown request</h1><p>This link is not one the demo server issued.</p>`)
    return
  }
  const safeId = escapeHtml(id)
  if (url.pathname === `${page.path}/done`) {
    if (method !== 'GET' && method !== 'POST') {
      send(405, 'Method not allowed', '<h1>Method not allowed</h1>')
      return
    }
    completed.add(id)
  }
  if (completed.has(id)) {
    send(200, `${page.title}: done`, `<h1>Done</h1><p>${escapeHtml(page.title)} is finished (<code>${safeId}</code>).</p><p>You can close this window and go back to the chat.</p>`)
    return
  }
  send(
    200,
    page.title,
    `<h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.explanation)}</p><p>Request <code>${safeId}</code></p>` +
      `<form method="post" action="${escapeHtml(`${page.path}/done?id=${encodeURIComponent(id)}`)}"><button type="submit">Finish</button></form>`,
  )
}

/** Waits `ms`, resolving `true` early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(true)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(true)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(false)
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** `http://host:port`, with brackets for an IPv6 host. */
export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/** What an answer view holds, as plain data for logs and results. */
export function answerData(view: InputResponseView): unknown {
  switch (view.kind) {
    case 'missing':
      return { kind: 'missing' }
    case 'elicit':
      return view.content === undefined ? { action: view.action } : { action: view.action, content: view.content }
    case 'sampling':
      return { sampling: view.result }
    case 'roots':
      return { roots: view.roots }
  }
}

/** The request's `progressToken`, when the client opted in to progress. */
export function progressTokenOf(ctx: ServerContext): string | number | undefined {
  const token = ctx.mcpReq._meta?.progressToken
  return typeof token === 'string' || typeof token === 'number' ? token : undefined
}

/** Sends one progress notification; false when the client is gone (closing the stream is how it cancels). */
export async function sendProgress(ctx: ServerContext, token: string | number | undefined, progress: number, total: number, message: string): Promise<boolean> {
  if (token === undefined) return true
  try {
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } })
    return true
  } catch {
    return false
  }
}

export function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] }
}

/** `accept {"a":1}`, `decline`, `cancel`, or `missing`: how every result reports an elicitation answer. */
export function answerText(view: InputResponseView): string {
  if (view.kind === 'elicit') return view.action === 'accept' ? `accept ${JSON.stringify(view.content ?? {})}` : view.action
  return view.kind
}
