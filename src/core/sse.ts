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

/** UTF-8 length of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    // A surrogate pair is one four-byte character: two bytes per half.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 2
    else bytes += 3
  }
  return bytes
}

/**
 * Line ends as one form (LF) before the parser sees them, at once: a chunk
 * that ends in CR ends its line now, and an LF opening the next chunk is then
 * the rest of that CRLF and dropped. (The parser itself would hold a bare CR
 * until more text came, losing an event framed with CRs at a stream's end.)
 */
class LineEnds {
  #afterCr = false

  push(text: string): string {
    // An empty decode (part of a character) changes nothing.
    if (text === '') return text
    const input = this.#afterCr && text.startsWith('\n') ? text.slice(1) : text
    this.#afterCr = input.endsWith('\r')
    return input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input
  }
}

/**
 * Reads every event of `body`. Ends when the stream ends; throws what the
 * stream throws (an abort included). Releasing the iterator early cancels the
 * body.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, handlers: SseHandlers = {}): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = []
  const max = handlers.maxEventBytes ?? Number.POSITIVE_INFINITY
  const parser = createParser({
    onEvent: (event) => queue.push(event),
    onRetry: (ms) => handlers.onRetry?.(ms),
  })
  // TextDecoder has removed a real BOM already. The parser would also drop the
  // characters "ï»¿" when its first feed starts with them, which makes the
  // result depend on how the bytes were split: a blank line first turns that off.
  parser.feed('\n')
  const decoder = new TextDecoder()
  const lines = new LineEnds()
  // Bytes since the last blank line: what the parser may be holding for the
  // event in progress (its unfinished line and the data lines so far).
  let pending = 0
  let endedWithNewline = false
  const feed = (text: string) => {
    // An empty feed would count as the parser's first and change how it reads a BOM.
    if (text === '') return
    const blank = text.lastIndexOf('\n\n')
    if (blank >= 0) pending = utf8Length(text.slice(blank + 2))
    else if (endedWithNewline && text.startsWith('\n')) pending = utf8Length(text.slice(1))
    else pending += utf8Length(text)
    endedWithNewline = text.endsWith('\n')
    parser.feed(text)
    if (pending > max || queue.some((event) => event.data.length > max / 4 && utf8Length(event.data) > max)) {
      throw new McpResponseTooLargeError('event', max)
    }
  }
  const reader = body.getReader()
  let finished = false
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) {
        finished = true
        feed(lines.push(decoder.decode()))
        // An event not terminated by a blank line is discarded, as a browser's EventSource does.
        yield* queue.splice(0)
        return
      }
      feed(lines.push(decoder.decode(value, { stream: true })))
      while (queue.length > 0) yield queue.shift()!
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
}
