/**
 * One HTTP exchange: POST a JSON-RPC message, read the answer as JSON or as
 * an SSE stream, and hand over what arrives before it. Every failure leaves
 * as one of the typed errors, naming the method and the URL.
 */
import {
  McpCancelledError,
  McpHttpError,
  McpNetworkError,
  McpProtocolError,
  McpResponseFormatError,
  McpStreamError,
  McpTimeoutError,
} from './errors'
import { readSse } from './sse'
import type { JsonObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './types'

export interface ExchangeContext {
  url: string
  fetch: typeof fetch
  headers: Headers
  signal: AbortSignal
  /** A notification that arrived on this request's stream (progress, log messages). */
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined
  /** A request the server sent on this stream (legacy era). */
  onServerRequest?: ((request: JsonRpcRequest) => void) | undefined
  /** `retry:` and `id:` of the stream, for legacy resumption. */
  onRetry?: ((ms: number) => void) | undefined
  onEventId?: ((id: string) => void) | undefined
}

export interface ExchangeResult {
  result: JsonObject
  response: Response
}

type Incoming = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isResponse(value: JsonObject): value is JsonObject & JsonRpcResponse {
  return !('method' in value) && ('result' in value || 'error' in value)
}

/** Turns an abort into the matching typed error; anything else into `fallback`. */
export function abortError(signal: AbortSignal, details: { method?: string; url?: string }): McpCancelledError | McpTimeoutError {
  const reason: unknown = signal.reason
  if (reason instanceof McpTimeoutError || reason instanceof McpCancelledError) return reason
  if (typeof reason === 'object' && reason !== null && (reason as { name?: string }).name === 'TimeoutError') {
    return new McpTimeoutError(undefined, { ...details, cause: reason })
  }
  return new McpCancelledError({ ...details, cause: reason })
}

function parseJson(text: string, details: { method: string; url: string }, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (cause) {
    const snippet = text.trim().slice(0, 120)
    throw new McpResponseFormatError(`Malformed JSON in ${what}${snippet ? `: ${snippet}` : ''}`, { ...details, cause })
  }
}

function settle(message: JsonObject, response: Response, details: { method: string; url: string }): ExchangeResult {
  const error = message.error
  if (isObject(error) && typeof error.code === 'number') {
    throw new McpProtocolError(
      { code: error.code, message: String(error.message ?? ''), data: error.data },
      { ...details, status: response.status },
    )
  }
  if (!isObject(message.result)) {
    throw new McpResponseFormatError('Response has neither a result object nor an error', { ...details, status: response.status, data: message })
  }
  return { result: message.result, response }
}

/** Sends one JSON-RPC request and resolves with its result. */
export async function exchange(request: JsonRpcRequest, context: ExchangeContext): Promise<ExchangeResult> {
  const response = await send(context, { method: 'POST', headers: context.headers, body: JSON.stringify(request) }, request.method)
  return readResponse(request, response, context)
}

/** POSTs a notification or a response; the server answers 202 (or 200) with nothing to read. */
export async function post(message: JsonRpcNotification | JsonRpcResponse, context: ExchangeContext): Promise<Response> {
  const method = 'method' in message ? message.method : 'response'
  const response = await send(context, { method: 'POST', headers: context.headers, body: JSON.stringify(message) }, method)
  if (!response.ok) {
    throw new McpHttpError(response, (await response.text().catch(() => '')).slice(0, 65_536), { method, url: context.url })
  }
  await response.body?.cancel().catch(() => {})
  return response
}

/** Performs the fetch, turning its rejection into a typed error. */
export async function send(context: ExchangeContext, init: RequestInit, method: string): Promise<Response> {
  try {
    return await context.fetch(context.url, { ...init, signal: context.signal })
  } catch (cause) {
    if (context.signal.aborted) throw abortError(context.signal, { method, url: context.url })
    throw new McpNetworkError(cause, { method, url: context.url })
  }
}

/**
 * Reads the answer to `request` from a response: JSON, or an SSE stream on
 * which notifications and server requests may come first (a POST's stream or
 * a resumed GET stream alike).
 */
export async function readResponse(request: JsonRpcRequest, response: Response, context: ExchangeContext): Promise<ExchangeResult> {
  const details = { method: request.method, url: context.url }
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase()
  if (!response.ok) {
    const body = await response.text().catch(() => '')
    if (contentType.includes('json') || body.trimStart().startsWith('{')) {
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        parsed = undefined
      }
      if (isObject(parsed) && isObject(parsed.error) && typeof parsed.error.code === 'number') {
        settle(parsed, response, details)
      }
    }
    throw new McpHttpError(response, body.slice(0, 65_536), details)
  }

  if (contentType.includes('text/event-stream')) {
    if (!response.body) throw new McpStreamError('SSE response has no body', { ...details, status: response.status })
    return readStream(request, response, response.body, context, details)
  }
  if (contentType.includes('application/json')) {
    const text = await readText(response, context, details)
    const parsed = parseJson(text, details, 'the response body')
    const messages = Array.isArray(parsed) ? parsed : [parsed]
    for (const message of messages) {
      if (isObject(message) && isResponse(message) && (message.id === request.id || message.id === null)) {
        return settle(message, response, details)
      }
    }
    throw new McpResponseFormatError(`JSON body holds no response to request ${JSON.stringify(request.id)}`, { ...details, status: response.status, data: parsed })
  }
  const body = await response.text().catch(() => '')
  throw new McpResponseFormatError(
    `Expected application/json or text/event-stream, got ${contentType ? `"${contentType}"` : 'no content type'} (HTTP ${response.status})${body ? `: ${body.trim().slice(0, 120)}` : ''}`,
    { ...details, status: response.status },
  )
}

async function readText(response: Response, context: ExchangeContext, details: { method: string; url: string }): Promise<string> {
  try {
    return await response.text()
  } catch (cause) {
    if (context.signal.aborted) throw abortError(context.signal, details)
    throw new McpStreamError('Response body broke off', { ...details, status: response.status, cause })
  }
}

async function readStream(
  request: JsonRpcRequest,
  response: Response,
  body: ReadableStream<Uint8Array>,
  context: ExchangeContext,
  details: { method: string; url: string },
): Promise<ExchangeResult> {
  const answer = await pump(body, context, details, response.status, (message) => isResponse(message) && message.id === request.id)
  if (answer) return settle(answer, response, details)
  throw new McpStreamError('SSE stream ended before the response', { ...details, status: response.status })
}

/**
 * Reads a stream that answers no request of ours (the legacy GET stream),
 * dispatching what arrives, until it ends.
 */
export async function listen(response: Response, context: ExchangeContext): Promise<void> {
  const details = { method: 'GET', url: context.url }
  if (!response.body) return
  await pump(response.body, context, details, response.status, () => false)
}

/** Dispatches every event of a stream until `isAnswer` picks one, which is returned. */
async function pump(
  body: ReadableStream<Uint8Array>,
  context: ExchangeContext,
  details: { method: string; url: string },
  status: number,
  isAnswer: (message: JsonObject) => boolean,
): Promise<JsonObject | undefined> {
  try {
    for await (const event of readSse(body, { onRetry: context.onRetry })) {
      if (event.id) context.onEventId?.(event.id)
      if (event.event && event.event !== 'message') continue
      // Priming events (an id and empty data) carry nothing to parse.
      if (event.data.trim() === '') continue
      const message = parseJson(event.data, details, 'an SSE event')
      if (!isObject(message)) {
        throw new McpResponseFormatError('SSE event data is not a JSON-RPC message', { ...details, data: message })
      }
      if (isAnswer(message)) return message
      dispatch(message as unknown as Incoming, context)
    }
  } catch (error) {
    if (context.signal.aborted) throw abortError(context.signal, details)
    if (error instanceof McpResponseFormatError) throw error
    throw new McpStreamError('SSE stream broke off before the response', { ...details, status, cause: error })
  }
  if (context.signal.aborted) throw abortError(context.signal, details)
  return undefined
}

function dispatch(message: Incoming, context: ExchangeContext): void {
  if (!('method' in message) || typeof message.method !== 'string') return
  if ('id' in message && message.id !== undefined && message.id !== null) {
    context.onServerRequest?.(message as JsonRpcRequest)
  } else {
    context.onNotification?.(message)
  }
}
