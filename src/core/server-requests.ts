/**
 * Requests a legacy server sends to the client (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`, `ping`). Each is answered with a
 * JSON-RPC response carrying the same id; what needs a person or the app goes
 * through the same input handler as an MRTR round, so one UI serves both eras.
 * Nothing is left unanswered: a request the client did not declare, or that no
 * handler can take, gets a JSON-RPC error.
 */
import { isMcpCancelledError, RpcErrorCode } from './errors'
import type { InputRequests, InputResponses, JsonObject, JsonRpcRequest, JsonRpcResponse } from './types'

export type ServerInputHandler = (requests: InputRequests, signal: AbortSignal) => Promise<InputResponses>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether the declared capabilities cover this request. */
export function declares(capabilities: JsonObject, request: JsonRpcRequest): boolean {
  switch (request.method) {
    case 'elicitation/create': {
      const elicitation = capabilities.elicitation
      if (!isObject(elicitation)) return false
      if (request.params?.mode === 'url') return isObject(elicitation.url)
      // `elicitation: {}` (2025-06-18) means form mode.
      return isObject(elicitation.form) || !isObject(elicitation.url)
    }
    case 'sampling/createMessage':
      return isObject(capabilities.sampling)
    case 'roots/list':
      return isObject(capabilities.roots)
    default:
      return false
  }
}

/** Computes the response to one server request. */
export async function answerServerRequest(
  request: JsonRpcRequest,
  capabilities: JsonObject,
  handler: ServerInputHandler | undefined,
  signal: AbortSignal,
): Promise<JsonRpcResponse> {
  const reply = (body: Pick<JsonRpcResponse, 'result' | 'error'>): JsonRpcResponse => ({ jsonrpc: '2.0', id: request.id, ...body })
  if (request.method === 'ping') return reply({ result: {} })
  if (!['elicitation/create', 'sampling/createMessage', 'roots/list'].includes(request.method)) {
    return reply({ error: { code: RpcErrorCode.MethodNotFound, message: `Method not found: ${request.method}` } })
  }
  if (!declares(capabilities, request)) {
    return reply({ error: { code: RpcErrorCode.InvalidRequest, message: `The client did not declare the capability for ${request.method}` } })
  }
  if (!handler) {
    return reply({ error: { code: RpcErrorCode.InternalError, message: `No handler for ${request.method} on this client` } })
  }
  const key = `${request.method}#${String(request.id)}`
  const params = request.params ?? {}
  try {
    const answers = await handler({ [key]: { method: request.method, params } }, signal)
    const answer = answers[key]
    if (!isObject(answer)) throw new Error(`the handler gave no answer for ${request.method}`)
    // Sampling and roots have no "no" result: a refusal travels as an error, as the 2025 spec shows.
    if (request.method !== 'elicitation/create' && (answer.action === 'decline' || answer.action === 'cancel')) {
      return reply({ error: { code: -1, message: `User rejected the ${request.method} request` } })
    }
    return reply({ result: answer })
  } catch (error) {
    // A person who dismissed the form has cancelled the elicitation, which the protocol can say.
    if (isMcpCancelledError(error) && request.method === 'elicitation/create' && !signal.aborted) return reply({ result: { action: 'cancel' } })
    return reply({ error: { code: RpcErrorCode.InternalError, message: error instanceof Error ? error.message : String(error) } })
  }
}
