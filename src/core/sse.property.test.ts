/**
 * Property tests of `readSse`: however the bytes of a stream are cut into
 * chunks (inside a multi-byte UTF-8 character, between CR and LF, into empty
 * chunks), the same events come out; a stream built from a model comes back
 * as that model; and `maxEventBytes` only ever stops a stream with a typed
 * error.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { McpResponseTooLargeError } from './errors'
import { readSse, type EventSourceMessage } from './sse'
import { cut } from '../../test/support/byte-cuts'

const encoder = new TextEncoder()

/** A body that hands out exactly these chunks, with no timers. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(chunk)
    },
  })
}

interface Read {
  events: Array<{ id: string | undefined; event: string | undefined; data: string }>
  retries: number[]
  error?: unknown
}

async function read(chunks: Uint8Array[], maxEventBytes?: number): Promise<Read> {
  const out: Read = { events: [], retries: [] }
  try {
    for await (const event of readSse(body(chunks), { onRetry: (ms) => out.retries.push(ms), maxEventBytes })) {
      out.events.push({ id: event.id, event: event.event, data: event.data })
    }
  } catch (error) {
    out.error = error
  }
  return out
}

// ——— arbitraries ———

/** Bytes that are SSE-ish: field names, line ends, partial UTF-8, anything. */
const token = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('data:', 'data: ', 'data', 'id:', 'id: ', 'event:', 'event: message', 'retry:', 'retry: 15', ':', ': ping', '\n', '\r', '\r\n', '\n\n', '\r\n\r\n', '\r\r', ' ', '\0', '\uFEFF', 'ï»¿', '世界', '🙂', '{"jsonrpc":"2.0"}').map((s) => encoder.encode(s)) },
  fc.constantFrom(Uint8Array.of(0xe4), Uint8Array.of(0xe4, 0xb8), Uint8Array.of(0xf0, 0x9f, 0x99), Uint8Array.of(0xff), Uint8Array.of(0xc0, 0x80), Uint8Array.of(0xef, 0xbb, 0xbf)),
  fc.uint8Array({ maxLength: 12 }),
)
const hostileBytes = fc.array(token, { maxLength: 40 }).map((parts) => {
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.length
  }
  return bytes
})
const cutPoints = fc.array(fc.nat(), { maxLength: 20 })

/** Text for a field value: any well-formed Unicode without line breaks. */
const lineText = fc
  .string({ unit: fc.oneof(fc.constantFrom('a', ' ', ':', '\t', 'é', '世', '🙂', '\uFEFF', '\0', '\u2028', '{', '"'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 24 })
  .filter((s) => !/\p{Cs}/u.test(s) && !/[\r\n]/.test(s)) // well-formed (no lone surrogate), no line break

interface ModelEvent {
  comment?: string | undefined
  id?: string | undefined
  event?: string | undefined
  retry?: number | undefined
  unknownField?: string | undefined
  data: string[]
}

const modelEvent: fc.Arbitrary<ModelEvent> = fc.record(
  {
    comment: lineText,
    id: lineText.filter((s) => !s.includes('\0')),
    event: lineText,
    retry: fc.nat({ max: 100_000 }),
    unknownField: lineText,
    data: fc.array(lineText, { maxLength: 4 }),
  },
  { requiredKeys: ['data'] },
)
const lineEnd = fc.constantFrom('\n', '\r\n', '\r')

/**
 * Serialises events, each line ending in a random terminator. An empty line
 * after a CR-terminated one never ends in a bare LF (that would make one CRLF).
 * The last blank line ends in LF or CRLF: a trailing bare CR is covered by its
 * own property below.
 */
function serialise(events: ModelEvent[], ends: string[]): string {
  const lines: string[] = []
  for (const e of events) {
    if (e.comment !== undefined) lines.push(`:${e.comment}`)
    if (e.id !== undefined) lines.push(`id: ${e.id}`)
    if (e.event !== undefined) lines.push(`event: ${e.event}`)
    if (e.retry !== undefined) lines.push(`retry: ${e.retry}`)
    if (e.unknownField !== undefined) lines.push(`x-unknown: ${e.unknownField}`)
    for (const d of e.data) lines.push(`data: ${d}`)
    lines.push('')
  }
  let text = ''
  let previous = '\n'
  lines.forEach((line, index) => {
    let end = ends[index % Math.max(ends.length, 1)] ?? '\n'
    if (line === '' && previous === '\r' && end === '\n') end = '\r\n'
    if (index === lines.length - 1 && end === '\r') end = '\r\n'
    text += line + end
    previous = end
  })
  return text
}

function expected(events: ModelEvent[]): Read {
  return {
    events: events.filter((e) => e.data.length > 0).map((e) => ({ id: e.id, event: e.event === '' ? undefined : e.event, data: e.data.join('\n') })),
    retries: events.flatMap((e) => (e.retry === undefined ? [] : [e.retry])),
  }
}

/** Bytes of each event on the wire, blank line included, at most (every line ending in CRLF). */
function wireBytes(events: ModelEvent[]): number[] {
  return events.map((event) => encoder.encode(serialise([event], ['\r\n'])).length)
}

describe('readSse properties', () => {
  it('arbitrary bytes cut anywhere give the same events as the whole stream and as one byte at a time', async () => {
    await fc.assert(
      fc.asyncProperty(hostileBytes, cutPoints, async (bytes, points) => {
        const whole = await read([bytes])
        const split = await read(cut(bytes, points))
        const bytewise = await read(Array.from(bytes, (b) => Uint8Array.of(b)))
        expect(whole.error).toBeUndefined()
        expect(split).toEqual(whole)
        expect(bytewise).toEqual(whole)
      }),
      { numRuns: 1000 },
    )
  })

  it('how the first character arrives (an empty first chunk, a first chunk with part of a character) changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('', '\uFEFF', '\u00EF\u00BB\u00BF', 'é'), fc.array(modelEvent, { minLength: 1, maxLength: 3 }), async (prefix, events) => {
        // U+FEFF is a BOM (TextDecoder drops it); "ï»¿" is three ordinary characters, and so is a line starting with "é".
        const bytes = encoder.encode(prefix + serialise(events, ['\n']))
        const whole = await read([bytes])
        expect(await read([new Uint8Array(0), bytes])).toEqual(whole)
        expect(await read([bytes.slice(0, 1), bytes.slice(1)])).toEqual(whole)
      }),
      { numRuns: 100 },
    )
  })

  it('a serialised model stream, cut anywhere (inside UTF-8, between CR and LF), parses back to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(modelEvent, { maxLength: 6 }), fc.array(lineEnd, { minLength: 1, maxLength: 8 }), cutPoints, async (events, ends, points) => {
        const bytes = encoder.encode(serialise(events, ends))
        const got = await read(cut(bytes, points))
        expect(got.error).toBeUndefined()
        expect(got).toEqual(expected(events))
      }),
      { numRuns: 300 },
    )
  })

  it('an event whose blank line ends in a bare CR is yielded at once: at EOF, on a stream left open, before a chunk without a line break', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineText, { minLength: 1, maxLength: 3 }), fc.constantFrom('eof', 'open', 'partial'), async (data, after) => {
        // CR alone ends a line (WHATWG SSE); a following LF would only make it a CRLF, so nothing is left to wait for.
        const chunks = [encoder.encode(`${data.map((d) => `data: ${d}`).join('\r')}\r\r`)]
        if (after === 'partial') chunks.push(encoder.encode('data: next'))
        let next = 0
        let stop = (_reason: unknown) => {}
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            stop = (reason) => controller.error(reason)
          },
          pull(controller) {
            const chunk = chunks[next++]
            if (chunk !== undefined) controller.enqueue(chunk)
            else if (after === 'eof') controller.close()
            // otherwise the stream stays open
          },
        })
        const iterator = readSse(stream)
        const pending = iterator.next()
        pending.catch(() => {})
        const first = await Promise.race([pending, new Promise<'still waiting after 50 ms'>((resolve) => setTimeout(() => resolve('still waiting after 50 ms'), 50))])
        stop(new Error('test over'))
        await iterator.return(undefined).catch(() => {})
        expect(first).toEqual({ done: false, value: { id: undefined, event: undefined, data: data.join('\n') } })
      }),
      { numRuns: 30 },
    )
  })

  it('with maxEventBytes: ends or throws McpResponseTooLargeError, yields a prefix of the unlimited events, each within the cap', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(modelEvent, { maxLength: 6 }),
        fc.array(lineEnd, { minLength: 1, maxLength: 8 }),
        cutPoints,
        fc.integer({ min: 0, max: 80 }),
        async (events, ends, points, max) => {
          const chunks = cut(encoder.encode(serialise(events, ends)), points)
          const unlimited = await read(chunks)
          const limited = await read(chunks, max)
          if (limited.error !== undefined) {
            expect(limited.error).toBeInstanceOf(McpResponseTooLargeError)
            expect((limited.error as McpResponseTooLargeError).limit).toBe(max)
          } else {
            expect(limited).toEqual(unlimited)
          }
          expect(unlimited.events.slice(0, limited.events.length)).toEqual(limited.events)
          for (const event of limited.events) expect(event.data.length).toBeLessThanOrEqual(max)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('maxEventBytes counts bytes: an event whose UTF-8 data is longer than the cap is never yielded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('é', '世', '🙂'), fc.integer({ min: 1, max: 40 }), cutPoints, async (char, max, points) => {
        // "Bytes one SSE event may reach" (Limits.maxEventBytes): `max` characters of `char` are 2 to 4 times `max` bytes.
        const data = char.repeat(Math.ceil(max / char.length))
        const got = await read(cut(encoder.encode(`data: ${data}\n\n`), points), max)
        for (const event of got.events) expect(encoder.encode(event.data).length, `yielded ${encoder.encode(event.data).length} bytes of data under maxEventBytes ${max}`).toBeLessThanOrEqual(max)
      }),
      { numRuns: 50 },
    )
  })

  it('with maxEventBytes at least every event\u2019s wire size, no split makes the stream fail', async () => {
    // Events that dispatch (data-less blocks are the next property's subject).
    const dispatching = modelEvent.filter((event) => event.data.length > 0)
    await fc.assert(
      fc.asyncProperty(fc.array(dispatching, { maxLength: 6 }), fc.array(lineEnd, { minLength: 1, maxLength: 8 }), cutPoints, fc.nat({ max: 8 }), async (events, ends, points, slack) => {
        const max = Math.max(0, ...wireBytes(events)) + slack
        const got = await read(cut(encoder.encode(serialise(events, ends)), points), max)
        expect(got.error).toBeUndefined()
        expect(got).toEqual(expected(events))
      }),
      { numRuns: 200 },
    )
  })

  it('blocks that dispatch nothing (keep-alive `event: ping`, `id:` or `retry:` only, blank lines) do not add up to a too-large error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('event: ping\n\n', 'id: 42\n\n', 'retry: 1000\n\n', '\n', 'x-unknown: y\n\n'), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 2, max: 40 }),
        async (blocks, repeat) => {
          const chunks = Array.from({ length: repeat }, () => blocks).flat().map((block) => encoder.encode(block))
          // Each block on its own, and the last event, is far below the cap; nothing of one block stays buffered after its blank line.
          const last = encoder.encode('data: last\n\n')
          const max = Math.max(last.length, ...chunks.map((chunk) => chunk.length)) * 2
          const got = await read([...chunks, last], max)
          expect(got.error).toBeUndefined()
          expect(got.events.map((event) => event.data)).toEqual(['last'])
        },
      ),
      { numRuns: 50 },
    )
  })

  it('an unterminated line larger than the cap is stopped once it passes the cap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 16 }), fc.constantFrom('a', 'é', '世', '🙂'), async (max, chunkSize, char) => {
        const bytes = encoder.encode(`data: ${char.repeat(max * 2)}`)
        const chunks: Uint8Array[] = []
        for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.slice(at, at + chunkSize))
        // Never ends: the cap alone must stop it.
        let next = 0
        const endless = new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.enqueue(chunks[next++] ?? encoder.encode(char))
          },
        })
        const events: EventSourceMessage[] = []
        const error = await (async () => {
          for await (const event of readSse(endless, { maxEventBytes: max })) events.push(event)
        })().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(McpResponseTooLargeError)
        expect(events).toEqual([])
      }),
      { numRuns: 100 },
    )
  })
})
