/**
 * A client whose `fetch` answers from recorded responses, so McpToolCall
 * stories run with no server and no network. Bodies, status codes and
 * content types are those of the official SDK server (2.4.0, modern era,
 * see servers/modern-server.ts); the live flows against that server
 * belong to the e2e specs.
 */
import { createClient, type ClientCapabilities, type JsonObject, type McpClient } from '../src/core/index'

const endpoint = 'https://mcp.travel.example:8443/mcp'
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo'
const serverMeta = { [SERVER_INFO]: { name: 'mcp-elicit-test-server', version: '1.0.0' } }

/** A JSON-RPC request as the client sent it. */
export interface SentRequest {
  id: number | string
  method: string
  params: JsonObject & { name?: string; inputResponses?: JsonObject; requestState?: string; _meta?: JsonObject }
}

/** Answers one `tools/call` (first call or retry) with a recorded response. */
export type ToolScript = (request: SentRequest, signal: AbortSignal | undefined) => Response | Promise<Response>

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** `{"result":…,"jsonrpc":"2.0","id":…}` as the server orders it. */
export const rpcResult = (request: SentRequest, result: JsonObject) => json({ result: { ...result, _meta: serverMeta }, jsonrpc: '2.0', id: request.id })

/** A JSON-RPC error; the SDK answers some with HTTP 200 (tool not found, bad requestState), others with 400. */
export const rpcError = (request: SentRequest, error: { code: number; message: string; data?: unknown }, status = 200) => json({ jsonrpc: '2.0', id: request.id, error }, status)

export const complete = (request: SentRequest, text: string, isError = false) =>
  rpcResult(request, { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}), resultType: 'complete' })

export const inputRequired = (request: SentRequest, inputRequests: JsonObject, requestState?: string) =>
  rpcResult(request, { resultType: 'input_required', inputRequests, ...(requestState ? { requestState } : {}) })

/** An SSE response: each message as `event: message` + `data:`; stays open until the request is aborted when `hold` is set. */
export function sse(messages: JsonObject[], signal: AbortSignal | undefined, hold = false): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const message of messages) controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`))
      if (!hold) controller.close()
      else signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true })
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' } })
}

/** `server/discover` as recorded. */
const discovered = {
  supportedVersions: ['2026-07-28'],
  capabilities: { logging: {}, tools: { listChanged: true } },
  instructions: 'Test fixture for mcp-elicit. Every tool reports exactly what it received.',
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
}

/** What a server with MCP Apps adds to {@link recordedClient}: tools with `_meta`, resources to read, the client's capabilities. */
export interface RecordedServerExtras {
  /** `_meta` of listed tools, by name (e.g. `{ ui: { resourceUri: 'ui://weather/view.html' } }`). */
  toolMeta?: Record<string, JsonObject>
  /** `title` of listed tools, by name. */
  toolTitles?: Record<string, string>
  /** Answers `resources/read`, by the URI asked for; any other URI is "Resource not found". */
  resources?: Record<string, ToolScript>
  /** The client's capabilities instead of form and URL elicitation, sampling and roots. */
  capabilities?: ClientCapabilities
}

/**
 * A client for `https://mcp.travel.example:8443/mcp` whose requests are
 * answered by `tools[name]`; discovery and `tools/list` are answered as
 * recorded, notifications with 202; `resources/read` by `extras.resources`.
 */
export function recordedClient(tools: Record<string, ToolScript>, extras: RecordedServerExtras = {}): McpClient {
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal ?? undefined
    if (signal?.aborted) throw signal.reason
    const request = JSON.parse(String(init.body)) as SentRequest
    if (request.id === undefined) return new Response(null, { status: 202 })
    switch (request.method) {
      case 'server/discover':
        return rpcResult(request, extras.resources ? { ...discovered, capabilities: { ...discovered.capabilities, resources: {} } } : discovered)
      case 'tools/list':
        return rpcResult(request, {
          tools: Object.keys(tools).map((name) => ({
            name,
            ...(extras.toolTitles?.[name] !== undefined && { title: extras.toolTitles[name] }),
            inputSchema: { type: 'object', properties: {} },
            ...(extras.toolMeta?.[name] !== undefined && { _meta: extras.toolMeta[name] }),
          })),
          resultType: 'complete',
          ttlMs: 0,
          cacheScope: 'private',
        })
      case 'tools/call': {
        const script = tools[String(request.params.name)]
        if (script) return script(request, signal)
        return rpcError(request, { code: -32602, message: `Tool ${String(request.params.name)} not found` })
      }
      case 'resources/read': {
        if (!extras.resources) return rpcError(request, { code: -32601, message: 'Method not found' }, 404)
        const script = extras.resources[String(request.params.uri)]
        if (script) return script(request, signal)
        // The SDK's answer for an unknown resource (ErrorCode.ResourceNotFound).
        return rpcError(request, { code: -32002, message: `Resource ${String(request.params.uri)} not found` })
      }
      default:
        return rpcError(request, { code: -32601, message: 'Method not found' }, 404)
    }
  }
  return createClient(endpoint, {
    fetch: fetch as typeof globalThis.fetch,
    capabilities: extras.capabilities ?? { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
  })
}

// ——— a server that runs tools as tasks (tasks extension, io.modelcontextprotocol/tasks) ———

/** The tasks extension's identifier, in the server's and the client's capabilities. */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** Answers `tools/call` and the task methods (`tasks/get`, `tasks/update`, `tasks/cancel`) of one story's server. */
export type TaskServerScript = Partial<Record<'tools/call' | 'tasks/get' | 'tasks/update' | 'tasks/cancel', ToolScript>>

/** A task as the tasks extension's `Task` carries it (no payload). */
export interface RecordedTask extends JsonObject {
  taskId: string
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'
  statusMessage?: string
  createdAt: string
  lastUpdatedAt: string
  ttlMs: number | null
  pollIntervalMs?: number
}

/** `CreateTaskResult`: the server answers `tools/call` with a task handle (`resultType: "task"`). */
export const createdTask = (request: SentRequest, task: RecordedTask) => rpcResult(request, { resultType: 'task', ...task })

/** `GetTaskResult`: the task as `tasks/get` reports it, with its status' payload (`inputRequests`, `result`, `error`). */
export const taskSnapshot = (request: SentRequest, task: RecordedTask & JsonObject) => rpcResult(request, { ...task, resultType: 'complete' })

/** The empty acknowledgement of `tasks/update` and `tasks/cancel`. */
export const taskAck = (request: SentRequest) => rpcResult(request, { resultType: 'complete' })

/** `server/discover` of a server that declares the tasks extension. */
const discoveredWithTasks = { ...discovered, capabilities: { ...discovered.capabilities, extensions: { [TASKS_EXTENSION]: {} } } }

/**
 * Like {@link recordedClient}, for a server that may answer a tool call with
 * a task: the client declares the tasks extension, `server/discover` says the
 * server supports it, and `script` answers `tools/call` and the task methods
 * (anything it leaves out is "Method not found"). Build one per mounted story,
 * so a story's task starts afresh.
 */
export function recordedTaskClient(tools: string[], script: TaskServerScript): McpClient {
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal ?? undefined
    if (signal?.aborted) throw signal.reason
    const request = JSON.parse(String(init.body)) as SentRequest
    if (request.id === undefined) return new Response(null, { status: 202 })
    if (request.method === 'server/discover') return rpcResult(request, discoveredWithTasks)
    if (request.method === 'tools/list') {
      return rpcResult(request, { tools: tools.map((name) => ({ name, inputSchema: { type: 'object', properties: {} } })), resultType: 'complete', ttlMs: 0, cacheScope: 'private' })
    }
    if (request.method === 'tools/call' && !tools.includes(String(request.params.name))) {
      return rpcError(request, { code: -32602, message: `Tool ${String(request.params.name)} not found` })
    }
    const answer = script[request.method as keyof TaskServerScript]
    return answer ? answer(request, signal) : rpcError(request, { code: -32601, message: 'Method not found' }, 404)
  }
  return createClient(endpoint, {
    fetch: fetch as typeof globalThis.fetch,
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { [TASKS_EXTENSION]: {} } },
  })
}
