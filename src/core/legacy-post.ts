/**
 * What only a 2025-11-25 session sends without waiting for an answer: a
 * notification (`notifications/initialized`, a cancellation) or the response
 * to a request the server pushed. Apart from http-exchange.ts, which every
 * page loads, because a modern client never posts one.
 */
import { McpHttpError } from './errors.js'
import { ERROR_BODY_BYTES, readHead, send, type ExchangeContext } from './http-exchange.js'
import type { JsonRpcNotification, JsonRpcResponse } from './types.js'

/** POSTs a notification or a response; the server answers 202 (or 200) with nothing to read. */
export async function post(message: JsonRpcNotification | JsonRpcResponse, context: ExchangeContext): Promise<Response> {
  const method = 'method' in message ? message.method : 'response'
  const response = await send(context, { method: 'POST', headers: context.headers, body: JSON.stringify(message) }, method)
  if (!response.ok) {
    throw new McpHttpError(response, await readHead(response, ERROR_BODY_BYTES), { method, url: context.url })
  }
  await response.body?.cancel().catch(() => {})
  return response
}
