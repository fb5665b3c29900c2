/**
 * Requests a legacy server sends to the client (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`, `ping`). Each is answered with a
 * JSON-RPC response carrying the same id; what needs a person or the app goes
 * through the same input handler as an MRTR round, so one UI serves both eras
 * (which handler: input-routing.ts).
 * Nothing is left unanswered: a request the client did not declare, or that no
 * handler can take, gets a JSON-RPC error.
 */
import { displayText, isObject } from './server-values.js'
import { isMcpCancelledError, RpcErrorCode } from './errors.js'
import { abortable } from './input-loop.js'
import type { InputRequests, InputResponses, JsonObject, JsonRpcRequest, JsonRpcResponse } from './types.js'

export type ServerInputHandler = (requests: InputRequests, signal: AbortSignal) => Promise<InputResponses>

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

export interface ServerRequestAnswer {
  response: JsonRpcResponse
  /** The handler's own failure (not a cancellation): the call it belongs to fails with it, as in the modern era. */
  failure?: unknown
}

/**
 * Computes the response to one server request. Never rejects: whatever the
 * request holds (any JSON as its id, echoed as received), it gets an answer.
 * A question still waiting when `signal` aborts is answered as cancelled.
 */
export async function answerServerRequest(
  request: JsonRpcRequest,
  capabilities: JsonObject,
  handler: ServerInputHandler | undefined,
  signal: AbortSignal,
): Promise<ServerRequestAnswer> {
  try {
    return await answer(request, capabilities, handler, signal)
  } catch (error) {
    return { response: { jsonrpc: '2.0', id: request.id, error: { code: RpcErrorCode.InternalError, message: displayText(error instanceof Error ? error.message : error, 'Internal error') } } }
  }
}

async function answer(request: JsonRpcRequest, capabilities: JsonObject, handler: ServerInputHandler | undefined, signal: AbortSignal): Promise<ServerRequestAnswer> {
  const reply = (body: Pick<JsonRpcResponse, 'result' | 'error'>, failure?: unknown): ServerRequestAnswer => {
    const response: JsonRpcResponse = { jsonrpc: '2.0', id: request.id, ...body }
    return failure === undefined ? { response } : { response, failure }
  }
  if (request.method === 'ping') return reply({ result: {} })
  if (!['elicitation/create', 'sampling/createMessage', 'roots/list'].includes(request.method)) {
    return reply({ error: { code: RpcErrorCode.MethodNotFound, message: `Method not found: ${displayText(request.method)}` } })
  }
  if (!declares(capabilities, request)) {
    return reply({ error: { code: RpcErrorCode.InvalidRequest, message: `The client did not declare the capability for ${request.method}` } })
  }
  if (!handler) {
    return reply({ error: { code: RpcErrorCode.InternalError, message: `No handler for ${request.method} on this client` } })
  }
  const key = `${request.method}#${displayText(request.id)}`
  const params = isObject(request.params) ? request.params : {}
  try {
    // A question still on screen when the call is aborted must not wait forever.
    const answers = await abortable(handler({ [key]: { method: request.method, params } }, signal), signal, request.method)
    const given = Object.hasOwn(answers, key) ? answers[key] : undefined
    if (!isObject(given)) throw new Error(`the handler gave no answer for ${request.method}`)
    // Sampling and roots have no "no" result: a refusal travels as an error, as the 2025 spec shows.
    if (request.method !== 'elicitation/create' && (given.action === 'decline' || given.action === 'cancel')) {
      return reply({ error: { code: -1, message: `User rejected the ${request.method} request` } })
    }
    return reply({ result: given })
  } catch (error) {
    // A dismissed form, or an aborted call, cancels the elicitation, which the protocol can say.
    if (isMcpCancelledError(error) || signal.aborted) {
      if (request.method === 'elicitation/create') return reply({ result: { action: 'cancel' } })
      return reply({ error: { code: -1, message: `User rejected the ${request.method} request` } })
    }
    return reply({ error: { code: RpcErrorCode.InternalError, message: displayText(error instanceof Error ? error.message : error, 'Internal error') } }, error)
  }
}
