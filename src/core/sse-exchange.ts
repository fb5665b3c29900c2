/**
 * The streamed side of an exchange (http-exchange.ts): reads an SSE stream
 * to the answer awaited, dispatching the notifications and server requests
 * that come before it; or to its end, for a stream that answers no request
 * (the legacy GET stream). A chunk of its own, with the SSE parser
 * (sse.ts), loaded with the first answer a server streams.
 */
import { McpError, McpResponseFormatError, McpResponseTooLargeError, McpStreamError } from './errors.js'
import type { ExchangeContext } from './http-exchange.js'
import { isObject } from './server-values.js'
import { DEFAULT_LIMITS } from './limits.js'
import { abortError } from './signals.js'
import { readSse } from './sse.js'
import type { JsonObject, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './types.js'

type Incoming = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse

/** One stream to read, as the exchange it belongs to describes it. */
export interface StreamReading {
  context: ExchangeContext
  details: { method: string; url: string }
  /** The response's HTTP status, for the errors. */
  status: number
  /** Picks the answer awaited: reading stops there and returns it. */
  isAnswer: (message: JsonObject) => boolean
  /**
   * The exchange's JSON parse, whose error names what it read. Passed in,
   * not imported: a static import of http-exchange.ts from this chunk puts
   * the exchange in a first-load chunk of its own, apart from the modules
   * it loads with, which costs the first load more than moving this file
   * out of it saves.
   */
  parseJson: (text: string, details: { method: string; url: string }, what: string) => unknown
}

/** What an HTTP header value may hold (a ByteString without control characters). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]+$/

/**
 * Dispatches every event of a stream until `isAnswer` picks one, which is
 * returned; undefined when the stream ends first.
 */
export async function readEvents(body: ReadableStream<Uint8Array>, { context, details, status, isAnswer, parseJson }: StreamReading): Promise<JsonObject | undefined> {
  // The same cap as a JSON body: one event may carry the same result.
  const maxEventBytes = (context.limits ?? DEFAULT_LIMITS).maxMessageBytes
  try {
    for await (const event of readSse(body, { onRetry: context.onRetry, maxEventBytes })) {
      // An id goes back as the Last-Event-ID header of a resumption: one no header can carry (beyond Latin-1, control characters) is not kept.
      if (event.id && HEADER_VALUE.test(event.id)) context.onEventId?.(event.id)
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
    if (error instanceof McpResponseTooLargeError) throw new McpResponseTooLargeError('event', error.limit, { ...details, status })
    // Our own errors (bad data, a callback's typed failure) keep their meaning.
    if (error instanceof McpError) throw error
    throw new McpStreamError('SSE stream broke off before the response', { ...details, status, cause: error })
  }
  if (context.signal.aborted) throw abortError(context.signal, details)
  return undefined
}

function dispatch(message: Incoming, context: ExchangeContext): void {
  if (!('method' in message)) return
  if ('id' in message && message.id !== undefined && message.id !== null) {
    // Answered whatever its method holds: a request is never left without a response.
    context.onServerRequest?.(message as JsonRpcRequest)
  } else if (typeof message.method === 'string') {
    context.onNotification?.(message)
  }
}
