/**
 * Wire and option types of the core. Only what the client reads or writes is
 * typed; everything else from the server passes through as `unknown`-typed
 * JSON so that new fields are never lost.
 */

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A JSON object, as carried in `params` and `result`. */
export type JsonObject = { [key: string]: unknown }

/** The two protocol eras this client speaks. */
export type Era = 'modern' | 'legacy'

// The revisions' names live with the other versions (version.ts), so a page's
// first load holds no chunk for two strings.
export { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from './version.js'

/**
 * Which protocol version to speak.
 * - `auto` (default): modern first, legacy when the server shows it is older.
 * - a version string: pinned, no detection.
 */
export type ProtocolVersionOption = 'auto' | (string & {})

/** Name and version of a client or server (`Implementation` in the schema). */
export interface Implementation {
  name: string
  version: string
  title?: string
  [key: string]: unknown
}

/**
 * What the app can answer. Declare only what is really handled: servers use
 * it to decide whether to ask at all.
 */
export interface ClientCapabilities {
  elicitation?: { form?: JsonObject; url?: JsonObject }
  sampling?: JsonObject
  roots?: JsonObject
  /**
   * Extensions the app handles (2026-07-28), e.g. `{ [TASKS_EXTENSION]: {} }`
   * to let servers answer a tool call with a task.
   */
  extensions?: Record<string, JsonObject>
  [key: string]: unknown
}

/** The tasks extension's identifier: declare it in `capabilities.extensions` to receive tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** Where a task stands; `completed`, `failed` and `cancelled` are final. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/**
 * A task as the client last saw it (`tasks/get`), without its payload (input
 * requests, result or error). Server values, checked for type: show
 * `statusMessage` as text.
 */
export interface TaskInfo {
  taskId: string
  status: TaskStatus
  statusMessage?: string | undefined
  createdAt?: string | undefined
  lastUpdatedAt?: string | undefined
  /** From creation; null for unlimited. */
  ttlMs?: number | null | undefined
  /** The server's suggested polling interval. */
  pollIntervalMs?: number | undefined
}

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: string | number
  method: string
  params?: JsonObject
}

export interface JsonRpcNotification {
  jsonrpc: '2.0'
  method: string
  params?: JsonObject
}

export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: string | number | null
  result?: JsonObject
  error?: JsonRpcErrorObject
}

/** Methods a server may ask the client to answer, in either era. */
export type InputMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list'

/** One question from the server: the same shape whatever the era. */
export interface InputRequest {
  method: InputMethod | (string & {})
  params?: JsonObject
}

/** `inputRequests` of an `input_required` result: key → request. */
export type InputRequests = Record<string, InputRequest>

/** `ElicitResult`. */
export type ElicitResult =
  | { action: 'accept'; content?: Record<string, string | number | boolean | string[]>; _meta?: JsonObject }
  | { action: 'decline'; _meta?: JsonObject }
  | { action: 'cancel'; _meta?: JsonObject }

/** An answer to one input request: `ElicitResult`, `CreateMessageResult` or `ListRootsResult`. */
export type InputResponse = ElicitResult | JsonObject

/** `inputResponses`: key → answer, same keys as the round's `inputRequests`. */
export type InputResponses = Record<string, InputResponse>

/** A result asking for more: `resultType: "input_required"`. */
export interface InputRequiredResult {
  resultType: 'input_required'
  inputRequests?: InputRequests
  /** Opaque: echoed byte for byte, never read. */
  requestState?: string
  _meta?: JsonObject
  [key: string]: unknown
}

/** Any result a request resolves to. */
export type McpResult = JsonObject & { resultType?: string }

/** Methods that may answer `input_required`. */
export type MrtrMethod = 'tools/call' | 'prompts/get' | 'resources/read'

/** Progress reported by `notifications/progress`. */
export interface Progress {
  progress: number
  total?: number
  message?: string
}

/** A `notifications/message` log entry. */
export interface LogMessage {
  level: string
  logger?: string
  data: unknown
}

/** A tool definition as listed by `tools/list`. */
export interface Tool {
  name: string
  title?: string
  description?: string
  inputSchema: JsonObject
  outputSchema?: JsonObject
  annotations?: JsonObject
  _meta?: JsonObject
  [key: string]: unknown
}
