/**
 * Server-sent events from a fetch body, as an async iterator. The line
 * protocol (CRLF, multi-line `data:`, comments, events split across chunks)
 * is eventsource-parser's job; this file only bridges its callbacks to a
 * pull-based iterator so the caller can stop reading at any event.
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser'
import { McpResponseTooLargeError } from './errors.js'

export type { EventSourceMessage }

export interface SseHandlers {
  /** A `retry:` field: the server's reconnection delay in ms. */
  onRetry?: ((ms: number) => void) | undefined
  /**
   * Bytes that may arrive without completing an event (or a comment). The
   * parser buffers an unfinished line, so this is what bounds its memory.
   */
  maxEventBytes?: number | undefined
}

/**
 * Reads every event of `body`. Ends when the stream ends; throws what the
 * stream throws (an abort included). Releasing the iterator early cancels the
 * body.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, handlers: SseHandlers = {}): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = []
  const max = handlers.maxEventBytes ?? Number.POSITIVE_INFINITY
  // Bytes since the parser last finished something; a chunk that finishes an
  // event may leave the start of the next one behind, at most one chunk of it.
  let unfinished = 0
  let finishedOne = false
  const parser = createParser({
    onEvent: (event) => {
      finishedOne = true
      queue.push(event)
    },
    onComment: () => (finishedOne = true),
    onRetry: (ms) => handlers.onRetry?.(ms),
  })
  const decoder = new TextDecoder()
  const reader = body.getReader()
  let finished = false
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) {
        finished = true
        // An event not terminated by a blank line is discarded, as a browser's EventSource does.
        parser.feed(decoder.decode())
        yield* queue.splice(0)
        return
      }
      finishedOne = false
      parser.feed(decoder.decode(value, { stream: true }))
      unfinished = finishedOne ? 0 : unfinished + value.byteLength
      if (unfinished > max || queue.some((event) => event.data.length > max)) throw new McpResponseTooLargeError('event', max)
      while (queue.length > 0) yield queue.shift()!
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}
