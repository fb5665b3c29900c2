/**
 * A REAL MCP server serving BOTH protocol eras on ONE endpoint, built with the
 * official v2 SDK (`@modelcontextprotocol/server` 2.4.0 +
 * `@modelcontextprotocol/node` 2.1.2), on 127.0.0.1 with a free port.
 *
 * This is the SDK's documented composition (see `isLegacyRequest` and
 * `CreateMcpHandlerOptions.legacy` in `createMcpHandler-*.d.mts`):
 * - modern (2026-07-28) traffic → `createMcpHandler(factory, { legacy: 'reject' })`,
 *   stateless, one fresh server instance per request;
 * - legacy traffic (`isLegacyRequest(request)` is true: no `_meta` envelope
 *   claim — `initialize`, 2025-era requests/notifications, posted JSON-RPC
 *   responses, GET/DELETE) → our own sessionful wiring: one
 *   `WebStandardStreamableHTTPServerTransport` with a `sessionIdGenerator`
 *   per session, keyed by `Mcp-Session-Id`.
 *
 * We do not use the entry's default `legacy: 'stateless'` fallback: it serves
 * each legacy POST with a throw-away instance (GET/DELETE → 405), which never
 * saw `initialize`, so the legacy shim has no client capabilities and refuses
 * to elicit ("per-request legacy serving cannot receive server-to-client
 * requests").
 *
 * The `two_fields` tool is written once, the v2 way: it returns
 * `inputRequired({ inputRequests: { about: inputRequired.elicit(...) } })`
 * until `ctx.mcpReq.inputResponses` holds the answer. Modern clients get the
 * `input_required` result and retry; on a legacy session the server's
 * built-in legacy shim (`LegacyInputRequiredShim`, on by default,
 * `ServerOptions.inputRequired.legacyShim`) sends a real `elicitation/create`
 * request with `relatedRequestId` = the `tools/call` id — so on that POST's SSE
 * stream — and re-enters the handler with the answer as `inputResponses`.
 *
 * `long_task` and the tasks methods are the demo server's own
 * (demo/servers/long-task.ts, tasks-extension.ts): a modern client that
 * declares the tasks extension gets a task; anyone else, a 2025-era session
 * included, gets the inline run, its question pushed by the same shim. The
 * inline run carries no `requestState` here: the retry resumes from the
 * answer alone.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  inputResponse,
  isInitializeRequest,
  isLegacyRequest,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
  type McpRequestContext,
} from '@modelcontextprotocol/server'
import { toNodeHandler } from '@modelcontextprotocol/node'
import { z } from 'zod'
import { registerLongTask } from '../../demo/servers/long-task.ts'
import { receivedRecorder, type ReceivedEntry } from '../../demo/servers/shared.ts'
import { createTaskStore, installTaskMethods, TASKS_EXTENSION } from '../../demo/servers/tasks-extension.ts'
import type { RecordedRequest } from './legacy-server.ts'

export type { RecordedRequest }

/** One invocation of a tool handler (the handler runs once per round on both eras). */
export interface DualEraReceivedCall {
  tool: string
  /** The era of the server instance that ran the handler. */
  era: 'legacy' | 'modern'
  sessionId: string | undefined
  arguments: Record<string, unknown>
  /** `ctx.mcpReq.inputResponses` of this round (undefined on the first round). */
  inputResponses: Record<string, unknown> | undefined
}

export interface DualEraServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string
  close(): Promise<void>
  requests: RecordedRequest[]
  received: DualEraReceivedCall[]
  /** Ids of the live legacy sessions. */
  sessions(): string[]
  /** Errors the SDK reported through `onerror` (rejected requests included). */
  errors: Error[]
  /** How each `long_task` run ended (`tool: 'long_task'`, data `{ taskId, steps, done, answer, outcome }`). */
  outcomes: ReceivedEntry[]
}

const CORS_ALLOW_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Last-Event-ID',
  'Mcp-Method',
  'Mcp-Name',
]

function corsHeaders(request: Request): Record<string, string> {
  const requested = request.headers.get('access-control-request-headers')
  return {
    'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
    Vary: 'Origin',
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    // Reflect the preflight's list too: Mcp-Param-* names cannot be known ahead.
    'Access-Control-Allow-Headers': requested ? `${CORS_ALLOW_HEADERS.join(', ')}, ${requested}` : CORS_ALLOW_HEADERS.join(', '),
    'Access-Control-Expose-Headers': 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate',
    'Access-Control-Max-Age': '600',
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status })
}

function text(value: string) {
  return { content: [{ type: 'text' as const, text: value }] }
}

const About = z.object({ name: z.string(), age: z.number().int() })

export async function startDualEraServer(): Promise<DualEraServer> {
  const requests: RecordedRequest[] = []
  const received: DualEraReceivedCall[] = []
  const errors: Error[] = []
  const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; server: McpServer }>()
  const tasks = createTaskStore()
  const { received: outcomes, record } = receivedRecorder()
  const onerror = (error: Error) => {
    errors.push(error)
  }

  /** ONE definition of the tools, for both eras. */
  function factory({ era }: McpRequestContext): McpServer {
    const server = new McpServer({ name: 'dual-era-test-server', version: '1.0.0' }, { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } })
    installTaskMethods(server, tasks)
    registerLongTask(server, { store: tasks, record })
    server.registerTool('echo', { description: 'Echoes its text.', inputSchema: z.object({ text: z.string() }) }, async ({ text: value }, ctx) => {
      received.push({ tool: 'echo', era, sessionId: ctx.sessionId, arguments: { text: value }, inputResponses: ctx.mcpReq.inputResponses })
      return text(value)
    })
    server.registerTool('two_fields', { description: 'Asks for a name and an age in one form.', inputSchema: z.object({}) }, async (args, ctx) => {
      const responses = ctx.mcpReq.inputResponses
      received.push({ tool: 'two_fields', era, sessionId: ctx.sessionId, arguments: args, inputResponses: responses })
      const answer = inputResponse(responses, 'about')
      if (answer.kind === 'elicit' && answer.action !== 'accept') return text(answer.action === 'decline' ? 'declined' : 'cancelled')
      const about = acceptedContent(responses, 'about', About)
      if (about) return text(`name=${about.name} age=${about.age}`)
      return inputRequired({
        inputRequests: {
          about: inputRequired.elicit({
            message: 'Tell me about you',
            requestedSchema: {
              type: 'object',
              properties: {
                name: { type: 'string', title: 'Name' },
                age: { type: 'integer', title: 'Age', minimum: 0 },
              },
              required: ['name', 'age'],
            },
          }),
        },
      })
    })
    return server
  }

  const modern = createMcpHandler(factory, { legacy: 'reject', onerror })

  /** Sessionful 2025-era serving, routed by Mcp-Session-Id (the SDK's sessionful example pattern). */
  async function serveLegacy(request: Request, parsedBody: unknown): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id')
    if (sessionId !== null) {
      const session = sessions.get(sessionId)
      if (!session) return jsonRpcError(404, -32001, 'Session not found')
      return session.transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody })
    }
    if (request.method === 'POST' && isInitializeRequest(parsedBody)) {
      const server = factory({ era: 'legacy', requestInfo: request })
      const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, server })
        },
      })
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
      }
      transport.onerror = onerror
      await server.connect(transport)
      return transport.handleRequest(request, { parsedBody })
    }
    return jsonRpcError(400, -32000, 'Bad Request: No valid session ID provided')
  }

  async function serve(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 })
    const url = new URL(request.url)
    if (!url.pathname.startsWith('/mcp')) return new Response('Not found', { status: 404 })
    const raw = request.method === 'POST' ? await request.clone().text() : ''
    let body: unknown = raw === '' ? undefined : raw
    try {
      if (raw !== '') body = JSON.parse(raw)
    } catch {
      // keep the raw text in the record
    }
    const record: RecordedRequest = { method: request.method, path: url.pathname + url.search, headers: {}, body }
    request.headers.forEach((value, name) => {
      record.headers[name] = value
    })
    requests.push(record)
    const response = (await isLegacyRequest(request)) ? await serveLegacy(request, typeof body === 'string' ? undefined : body) : await modern.fetch(request)
    record.status = response.status
    record.responseHeaders = {}
    response.headers.forEach((value, name) => {
      record.responseHeaders![name] = value
    })
    return response
  }

  const handler = toNodeHandler({
    fetch: async (request) => {
      const response = await serve(request)
      const headers = new Headers(response.headers)
      for (const [name, value] of Object.entries(corsHeaders(request))) headers.set(name, value)
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    },
  })
  const http = createServer((req, res) => {
    // toNodeHandler (node 2.1.2) calls writeHead but never flushHeaders, so a
    // GET stream's 200 only reaches the client with its first frame (the 15 s
    // keep-alive). Flush right away, as the v1 SDK's hono adapter does.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res
    ;(res as { writeHead: unknown }).writeHead = (...args: unknown[]) => {
      const result = writeHead(...args)
      res.flushHeaders()
      return result
    }
    void handler(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    received,
    errors,
    outcomes,
    sessions: () => [...sessions.keys()],
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close().catch(() => {})))
      sessions.clear()
      await modern.close()
      tasks.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
