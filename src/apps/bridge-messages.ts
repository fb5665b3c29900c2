/**
 * What may cross the View -> Host boundary, checked before anything reads
 * it. The view is untrusted code: whatever it posts arrives here as a
 * structured clone of any shape, so each message is sorted into one of four
 * JSON-RPC 2.0 kinds or refused with a reason (the bridge counts and reports
 * refusals, never throws on them). The spec asks hosts to "validate all
 * incoming messages from UI iframes" and "reject malformed message types"
 * (ext-apps apps.mdx, Security Implications, "Auditable Communication").
 */
import type { JsonObject } from '../core/index.js'
import { isObject } from './json-object.js'
import { jsonSize } from './json-size.js'

/** A JSON-RPC id as the view may use one. */
export type RequestId = string | number

/** A message from the view, sorted by kind, with its parts checked. */
export type ViewMessage =
  | { kind: 'request'; id: RequestId; method: string; params: JsonObject }
  | { kind: 'notification'; method: string; params: JsonObject }
  | { kind: 'result'; id: RequestId; result: JsonObject }
  | { kind: 'error'; id: RequestId; error: { code: number; message: string; data?: unknown } }

/**
 * The outcome of {@link parseViewMessage}: a message, or why it was refused
 * (`id` when a request's id was readable, so it can be answered;
 * `responseTo` when a response was refused for its size or content, so the
 * request it answers can fail now instead of waiting out its timeout).
 */
export type ParsedMessage = { ok: true; message: ViewMessage } | { ok: false; reason: string; id?: RequestId; responseTo?: RequestId }

/** The largest `params` of a view message, serialised. A view has no reason to send the host megabytes; a frozen page would be worse. */
export const MAX_PARAMS_BYTES = 1024 * 1024
/** Method names and string ids are short in every real message; longer ones are refused unread. */
const MAX_NAME_LENGTH = 256

/** JSON-RPC 2.0 error codes the bridge answers with. */
export const RpcCode = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined: the host (or the person) said no, or a limit was hit. */
  refused: -32000,
} as const

/** JSON-RPC says ids SHOULD NOT be fractional, and the official SDK refuses anything but safe integers: an answer with such an id would be dropped by the view. */
function isRequestId(value: unknown): value is RequestId {
  if (typeof value === 'string') return value.length <= MAX_NAME_LENGTH
  return Number.isSafeInteger(value)
}

/** Why `value` cannot be taken: not plain JSON, or over `limit` bytes serialised (measured without serialising). */
function sizeProblem(what: string, value: unknown, limit: number): string | undefined {
  const size = jsonSize(value, limit)
  if (size.ok) return undefined
  return size.reason === 'not-json' ? `${what} is not JSON` : `${what} is over ${limit} bytes`
}

/**
 * Sorts one message from the view. Accepted: `jsonrpc: "2.0"`; an id that is
 * a string (at most 256 characters) or a safe integer; a method that is a
 * non-empty string of at most 256 characters; `params`, when present, a JSON
 * object (missing is read as `{}`) of plain JSON (no typed arrays, Maps,
 * Dates or other clones JSON has no word for) that serialises to at most
 * `maxParamsBytes` (a number, or one per method), measured without serialising;
 * a response with exactly one of `result` (an object) and `error`
 * (`{ code: integer, message: string }`), held to the same check (the limit
 * for `method` undefined): an app's answer to a question is as untrusted as
 * its requests. Everything else is refused.
 */
export function parseViewMessage(data: unknown, maxParamsBytes: number | ((method: string | undefined) => number) = MAX_PARAMS_BYTES): ParsedMessage {
  const limitOf = (method: string | undefined) => (typeof maxParamsBytes === 'function' ? maxParamsBytes(method) : maxParamsBytes)
  if (!isObject(data)) return { ok: false, reason: 'not a JSON-RPC object' }
  if (data.jsonrpc !== '2.0') return { ok: false, reason: 'jsonrpc is not "2.0"' }
  // A key present with `undefined` (possible in a structured clone) counts as absent, as it would in JSON.
  const hasId = data.id !== undefined
  if (hasId && !isRequestId(data.id)) return { ok: false, reason: 'id is neither a short string nor a safe integer' }
  const id = data.id as RequestId

  if (data.method !== undefined) {
    const method = data.method
    if (typeof method !== 'string' || method.length === 0 || method.length > MAX_NAME_LENGTH) return { ok: false, reason: 'method is not a short string' }
    if (data.result !== undefined || data.error !== undefined) return { ok: false, reason: `${method}: a request cannot carry result or error` }
    const params = data.params === undefined ? {} : data.params
    const fail = (reason: string): ParsedMessage => (hasId ? { ok: false, reason, id } : { ok: false, reason })
    if (!isObject(params)) return fail(`${method}: params is not an object`)
    const problem = sizeProblem(`${method}: params`, params, limitOf(method))
    if (problem) return fail(problem)
    return { ok: true, message: hasId ? { kind: 'request', id, method, params } : { kind: 'notification', method, params } }
  }

  if (!hasId) return { ok: false, reason: 'neither a method nor an id' }
  const hasResult = data.result !== undefined
  const hasError = data.error !== undefined
  if (hasResult === hasError) return { ok: false, reason: 'a response needs exactly one of result and error' }
  const problem = sizeProblem(hasResult ? 'result' : 'error', hasResult ? data.result : data.error, limitOf(undefined))
  if (problem) return { ok: false, reason: problem, responseTo: id }
  if (hasResult) {
    if (!isObject(data.result)) return { ok: false, reason: 'result is not an object' }
    return { ok: true, message: { kind: 'result', id, result: data.result } }
  }
  const error = data.error
  if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') return { ok: false, reason: 'error is not { code, message }' }
  return {
    ok: true,
    message: { kind: 'error', id, error: { code: error.code as number, message: error.message, ...(error.data !== undefined && { data: error.data }) } },
  }
}

/** A host -> view request. */
export function rpcRequest(id: number, method: string, params: JsonObject): JsonObject {
  return { jsonrpc: '2.0', id, method, params }
}

/** A host -> view notification. */
export function rpcNotification(method: string, params: JsonObject): JsonObject {
  return { jsonrpc: '2.0', method, params }
}

/** The answer to one of the view's requests. */
export function rpcResult(id: RequestId, result: JsonObject): JsonObject {
  return { jsonrpc: '2.0', id, result }
}

/** The refusal of one of the view's requests. */
export function rpcError(id: RequestId, code: number, message: string): JsonObject {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

/** How the bridge treats a {@link BridgeRpcError} besides answering it. */
export interface BridgeRpcErrorFlags {
  /** Already reported to `onWarning` (or once for many, as the message gate does): not warned again. */
  reported?: boolean
  /** The person (or the host for them) said no: an answer, neither warned nor counted against the view. */
  declined?: boolean
}

/** Thrown by a request handler to answer with a JSON-RPC error instead of a result. */
export class BridgeRpcError extends Error {
  override name = 'BridgeRpcError'
  readonly code: number
  readonly flags: BridgeRpcErrorFlags
  constructor(code: number, message: string, cause?: unknown, flags: BridgeRpcErrorFlags = {}) {
    super(message, cause === undefined ? undefined : { cause })
    this.code = code
    this.flags = flags
  }
}
