/**
 * One HTTP exchange: POST a JSON-RPC message, read the answer as JSON or as
 * an SSE stream, and hand over what arrives before it. Every failure leaves
 * as one of the typed errors, naming the method and the URL.
 *
 * A streamed answer is read by sse-exchange.ts (with sse.ts and
 * eventsource-parser), a chunk of its own imported with the first one: a
 * page whose servers answer in JSON never loads it.
 */
import { displayText, isObject } from './server-values.js'
import {
  McpError,
  McpHttpError,
  McpNetworkError,
  McpProtocolError,
  McpRedirectError,
  McpResponseFormatError,
  McpResponseTooLargeError,
  McpStreamError,
} from './errors.js'
import { DEFAULT_LIMITS, type Limits } from './limits.js'
import { loadChunk } from './load-chunk.js'
import { abortError } from './signals.js'
import type { JsonObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './types.js'
import type { StreamReading } from './sse-exchange.js'

/** How much of an error body is read: enough to show, never a whole hostile stream. */
export const ERROR_BODY_BYTES = 65_536
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** The reader of streamed answers (sse-exchange.ts), once the first one loaded it. */
let streamReader: typeof import('./sse-exchange.js') | undefined

/**
 * One client's requests between their POST and the head of their answer
 * ({@link Limits.maxConcurrentRequests}): at most `max` are `open`, the rest
 * wait their turn in `waiting`, first come first served (request-queue.ts,
 * loaded the first time one has to wait).
 */
export interface RequestGate {
  readonly max: number
  open: number
  waiting?: Array<() => void>
}

export interface ExchangeContext {
  url: string
  fetch: typeof fetch
  headers: Headers
  signal: AbortSignal
  /** @defaultValue {@link DEFAULT_LIMITS} */
  limits?: Limits | undefined
  /** A notification that arrived on this request's stream (progress, log messages). */
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined
  /** A request the server sent on this stream (legacy era). */
  onServerRequest?: ((request: JsonRpcRequest) => void) | undefined
  /** `retry:` and `id:` of the stream, for legacy resumption. */
  onRetry?: ((ms: number) => void) | undefined
  onEventId?: ((id: string) => void) | undefined
  /** The client's {@link RequestGate}; a request's POST waits there for its turn. */
  gate?: RequestGate | undefined
}

export interface ExchangeResult {
  result: JsonObject
  response: Response
}

function isResponse(value: JsonObject): value is JsonObject & JsonRpcResponse {
  return !('method' in value) && ('result' in value || 'error' in value)
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
      { code: error.code, message: displayText(error.message), data: error.data },
      { ...details, status: response.status },
    )
  }
  if (!isObject(message.result)) {
    throw new McpResponseFormatError('Response has neither a result object nor an error', { ...details, status: response.status, data: message })
  }
  return { result: message.result, response }
}

/**
 * Sends one JSON-RPC request and resolves with its result. Its POST takes a
 * turn at the client's gate, given back with the head of the answer: a burst
 * of calls puts at most `max` requests on the wire at once, whatever the
 * runtime's own connection pool does (Node's opens a connection for every
 * request it cannot place on an idle one, and keeps them all).
 */
export async function exchange(request: JsonRpcRequest, context: ExchangeContext): Promise<ExchangeResult> {
  const gate = context.gate
  const details = { method: request.method, url: context.url }
  if (gate) {
    if (gate.open < gate.max) gate.open++
    else await loadChunk('the request queue', () => import('./request-queue.js'), details).then(({ waitTurn }) => waitTurn(gate, context.signal, details))
  }
  let response: Response
  try {
    response = await send(context, { method: 'POST', headers: context.headers, body: JSON.stringify(request) }, request.method)
  } finally {
    // The turn passes to the next in line, or is free.
    const next = gate?.waiting?.shift()
    if (next) next()
    else if (gate) gate.open--
  }
  return readResponse(request, response, context)
}

/**
 * Performs the fetch, turning its rejection into a typed error. Redirects are
 * never left to the runtime: one within the endpoint's origin is followed as
 * fetch would, one to another origin (which would carry the body and our
 * headers there) is refused with an {@link McpRedirectError}. Browsers hide
 * a redirect's target from `redirect: 'manual'`, so there every redirect is
 * refused.
 */
export async function send(context: ExchangeContext, init: RequestInit, method: string): Promise<Response> {
  const details = { method, url: context.url }
  const maxRedirects = (context.limits ?? DEFAULT_LIMITS).maxRedirects
  let url = context.url
  let request: RequestInit = { ...init, redirect: 'manual', signal: context.signal }
  for (let hop = 0; ; hop++) {
    let response: Response
    try {
      response = await context.fetch(url, request)
    } catch (cause) {
      if (context.signal.aborted) throw abortError(context.signal, details)
      // A typed failure from below the transport (a sign-in that failed, say) keeps its meaning.
      if (cause instanceof McpError) throw cause
      throw new McpNetworkError(cause, details)
    }
    if (response.type === 'opaqueredirect') throw new McpRedirectError(undefined, details)
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null
    if (location === null) return response
    await response.body?.cancel().catch(() => {})
    let target: URL
    try {
      target = new URL(location, url)
    } catch {
      throw new McpRedirectError(location, details)
    }
    if (target.origin !== new URL(url).origin || hop >= maxRedirects) throw new McpRedirectError(target.href, details)
    // As fetch does: 303, and 301/302 after a POST, continue as a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST')) {
      const headers = new Headers(request.headers)
      headers.delete('content-type')
      request = { ...request, method: 'GET', body: null, headers }
    }
    url = target.href
  }
}

/** Up to `max` bytes of a body as text, the rest left unread. */
export async function readHead(response: Response, max: number): Promise<string> {
  try {
    return (await readBounded(response, max, false)).text
  } catch {
    return ''
  }
}

/**
 * Reads a body as text, at most `max` bytes of it. With `strict`, a longer
 * body is an {@link McpResponseTooLargeError}; otherwise it is cut there.
 */
async function readBounded(response: Response, max: number, strict: boolean): Promise<{ text: string }> {
  const body = response.body
  if (!body) return { text: '' }
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) return { text: text + decoder.decode() }
      bytes += value.byteLength
      if (bytes > max) {
        if (strict) throw new McpResponseTooLargeError('body', max)
        const room = value.byteLength - (bytes - max)
        return { text: text + decoder.decode(value.subarray(0, room)) }
      }
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    await reader.cancel().catch(() => {})
    reader.releaseLock()
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
    const body = await readHead(response, ERROR_BODY_BYTES)
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
    throw new McpHttpError(response, body, details)
  }

  if (contentType.includes('text/event-stream')) {
    if (!response.body) throw new McpStreamError('SSE response has no body', { ...details, status: response.status })
    const answer = await readStream(response.body, { context, details, status: response.status, isAnswer: (message) => isResponse(message) && message.id === request.id })
    if (answer) return settle(answer, response, details)
    throw new McpStreamError('SSE stream ended before the response', { ...details, status: response.status })
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
    throw new McpResponseFormatError(`JSON body holds no response to request ${displayText(request.id)}`, { ...details, status: response.status, data: parsed })
  }
  const body = await readHead(response, 1024)
  throw new McpResponseFormatError(
    `Expected application/json or text/event-stream, got ${contentType ? `"${contentType}"` : 'no content type'} (HTTP ${response.status})${body ? `: ${body.trim().slice(0, 120)}` : ''}`,
    { ...details, status: response.status },
  )
}

async function readText(response: Response, context: ExchangeContext, details: { method: string; url: string }): Promise<string> {
  const max = (context.limits ?? DEFAULT_LIMITS).maxMessageBytes
  try {
    return (await readBounded(response, max, true)).text
  } catch (cause) {
    if (context.signal.aborted) throw abortError(context.signal, details)
    if (cause instanceof McpResponseTooLargeError) throw new McpResponseTooLargeError('body', max, { ...details, status: response.status })
    throw new McpStreamError('Response body broke off', { ...details, status: response.status, cause })
  }
}

/**
 * Reads an SSE stream (sse-exchange.ts, loaded with the first one) to the
 * answer `isAnswer` picks, dispatching what comes before it; undefined when
 * it ends without one. A reader that cannot be loaded fails with a typed
 * {@link McpNetworkError} and cancels the body it will never read.
 */
export async function readStream(body: ReadableStream<Uint8Array>, reading: Omit<StreamReading, 'parseJson'>): Promise<JsonObject | undefined> {
  // Once loaded, read synchronously: every streamed answer passes here.
  const reader =
    streamReader ??
    (streamReader = await loadChunk('the SSE reader', () => import('./sse-exchange.js'), reading.details).catch(async (error: unknown) => {
      await body.cancel().catch(() => {})
      throw error
    }))
  return reader.readEvents(body, { ...reading, parseJson })
}
