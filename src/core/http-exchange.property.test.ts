/**
 * Property tests of `exchange()`: whatever a hostile server streams (random
 * JSON, objects keyed `__proto__` / `constructor` / `toString`, deep nesting,
 * text that is not JSON, lines far past `maxEventBytes`, a stream that breaks
 * or hangs), the exchange settles in bounded time with a result object or an
 * `McpError` naming the method and URL, and no prototype is touched.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isMcpError,
  McpCancelledError,
  McpError,
  McpProtocolError,
  McpResponseFormatError,
  McpResponseTooLargeError,
  McpStreamError,
} from './errors'
import { exchange, type ExchangeContext } from './http-exchange'
import { DEFAULT_LIMITS } from './limits'
import type { JsonObject, JsonRpcNotification, JsonRpcRequest } from './types'
import { cut } from '../../test/support/byte-cuts'
import { SENTINEL, guardPrototypes, objectOf } from '../../test/support/prototype-guard'

const url = 'http://127.0.0.1:9/mcp'
const request: JsonRpcRequest = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } }
const encoder = new TextEncoder()

const expectClean = guardPrototypes()

// ——— hostile JSON ———


const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'toJSON', 'then', SENTINEL, 'jsonrpc', 'id', 'method', 'result', 'error', 'code', 'message', 'data', 'params', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
)
const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('hostile'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('hostile')), { maxLength: 5 }).map(objectOf),
  ),
}))
/** A polluting payload, as attackers write it. */
const polluter = fc.constantFrom(
  `{"__proto__":{"${SENTINEL}":true}}`,
  `{"constructor":{"prototype":{"${SENTINEL}":true}}}`,
  `{"jsonrpc":"2.0","method":"notifications/message","params":{"__proto__":{"${SENTINEL}":1}}}`,
  `{"jsonrpc":"2.0","id":7,"__proto__":{"result":{"${SENTINEL}":1}}}`,
  `{"jsonrpc":"2.0","id":7,"result":{"__proto__":{"${SENTINEL}":1},"constructor":{"prototype":{"${SENTINEL}":1}}}}`,
  `{"jsonrpc":"2.0","id":7,"error":{"code":-1,"message":{"toString":"x","valueOf":"y"},"data":{"__proto__":{"${SENTINEL}":1}}}}`,
)
const deep = fc.integer({ min: 1, max: 20_000 }).chain((depth) =>
  fc.constantFrom(
    '['.repeat(depth) + ']'.repeat(depth),
    `{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`,
    `{"jsonrpc":"2.0","id":7,"result":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    `{"jsonrpc":"2.0","method":"n","params":${'{"__proto__":'.repeat(depth)}1${'}'.repeat(depth)}}`,
  ),
)
const messageLike = fc
  .record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), hostile),
      id: fc.oneof(fc.constant(7), fc.constant(null), fc.constant('7'), hostile),
      method: fc.oneof(fc.constantFrom('notifications/progress', 'elicitation/create', 'toString', '__proto__'), hostile),
      result: hostile,
      error: fc.oneof(fc.record({ code: fc.oneof(fc.integer(), hostile), message: hostile, data: hostile }, { requiredKeys: [] }), hostile),
      params: hostile,
    },
    { requiredKeys: [] },
  )
  .map((record) => objectOf(Object.entries(record)))

const json = (value: unknown) => JSON.stringify(value) ?? 'null'
/** The text of one event's data. */
const payload = fc.oneof(
  { weight: 4, arbitrary: messageLike.map(json) },
  { weight: 2, arbitrary: hostile.map(json) },
  { weight: 1, arbitrary: polluter },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3000 }).map((n) => `{"jsonrpc":"2.0","method":"x","params":"${'x'.repeat(n)}"}`) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', '{', '}', '[', 'null', '7', '"x"', 'true', '{"jsonrpc":"2.0","id":7}', '{"jsonrpc":"2.0","id":7,"result":{}}') },
)
interface StreamEvent {
  data: string
  event?: string | undefined
  id?: string | undefined
}
const streamEvent: fc.Arbitrary<StreamEvent> = fc.record(
  { data: payload, event: fc.oneof(fc.constant('message'), fc.string({ maxLength: 6 }).filter((s) => !/[\r\n]/.test(s))), id: fc.string({ maxLength: 6 }).filter((s) => !/[\r\n]/.test(s)) },
  { requiredKeys: ['data'] },
)
type Ending = 'close' | 'break' | 'hang'
const ending = fc.constantFrom<Ending>('close', 'close', 'break', 'hang')
const cutPoints = fc.array(fc.nat(), { maxLength: 8 })

function serialise(events: StreamEvent[]): Uint8Array {
  let text = ''
  for (const e of events) {
    if (e.id !== undefined) text += `id: ${e.id}\n`
    if (e.event !== undefined) text += `event: ${e.event}\n`
    for (const line of e.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`
    text += '\n'
  }
  return encoder.encode(text)
}

/**
 * `onHang` runs once every chunk has been handed to the reader and the stream
 * goes quiet: the test aborts from there, not from a fixed time after the
 * request, so a slow first load of the SSE reader cannot cut the events short.
 */
function sseBody(chunks: Uint8Array[], end: Ending, signal: AbortSignal | undefined, onHang: () => void = () => {}): ReadableStream<Uint8Array> {
  let next = 0
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // As fetch does: aborting the request errors its body.
      signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true })
    },
    pull(controller) {
      const chunk = chunks[next++]
      if (chunk !== undefined) return controller.enqueue(chunk)
      if (end === 'close') controller.close()
      else if (end === 'break') controller.error(new TypeError('network connection lost'))
      else onHang() // 'hang': never settles; only the abort ends it.
    },
  })
}

/** What the exchange must end in, read straight from the events (no size cap). */
type Expected = { kind: 'result'; text: string } | { kind: 'error'; type: abstract new (...args: never[]) => McpError }
function model(events: StreamEvent[], end: Ending): { outcome: Expected; dispatched: number } {
  let dispatched = 0
  for (const e of events) {
    if (e.event !== undefined && e.event !== '' && e.event !== 'message') continue
    const data = e.data.split(/\r\n|\r|\n/).join('\n')
    if (data.trim() === '') continue
    let message: unknown
    try {
      message = JSON.parse(data)
    } catch {
      return { outcome: { kind: 'error', type: McpResponseFormatError }, dispatched }
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return { outcome: { kind: 'error', type: McpResponseFormatError }, dispatched }
    const m = message as JsonObject
    if (!('method' in m) && ('result' in m || 'error' in m) && m.id === 7) {
      const error = m.error
      if (typeof error === 'object' && error !== null && !Array.isArray(error) && typeof (error as JsonObject).code === 'number') {
        return { outcome: { kind: 'error', type: McpProtocolError }, dispatched }
      }
      const result = m.result
      if (typeof result !== 'object' || result === null || Array.isArray(result)) return { outcome: { kind: 'error', type: McpResponseFormatError }, dispatched }
      return { outcome: { kind: 'result', text: data }, dispatched }
    }
    // A request (an id) is handed over whatever its method holds, so it can be answered; a notification needs a method name.
    if ('method' in m && ((m.id !== undefined && m.id !== null) || typeof m.method === 'string')) dispatched += 1
  }
  return { outcome: { kind: 'error', type: end === 'hang' ? McpCancelledError : McpStreamError }, dispatched }
}

const TIMEOUT = Symbol('timeout')
async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ value?: T; error?: unknown } | typeof TIMEOUT> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms)
  })
  try {
    return await Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), timeout])
  } finally {
    clearTimeout(timer)
  }
}

function sameJson(a: unknown, b: unknown): boolean | undefined {
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return undefined // too deep to compare this way
  }
}

function expectTypedError(error: unknown): void {
  if (!(error instanceof McpError)) throw new Error(`not an McpError: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, { cause: error })
  expect(isMcpError(error)).toBe(true)
  expect(typeof error.message).toBe('string')
  expect(error.method).toBe('tools/call')
  expect(error.url).toBe(url)
}

describe('exchange() over hostile SSE', () => {
  it('settles with a result object or a typed McpError, as the events say, without touching a prototype', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(streamEvent, { maxLength: 6 }),
        ending,
        cutPoints,
        fc.option(fc.integer({ min: 1, max: 2048 }), { nil: undefined }),
        async (events, end, points, maxEventBytes) => {
          const controller = new AbortController()
          let hangTimer: ReturnType<typeof setTimeout> | undefined
          const onHang = () => {
            hangTimer ??= setTimeout(() => controller.abort(), 20)
          }
          const notifications: JsonRpcNotification[] = []
          const serverRequests: JsonRpcRequest[] = []
          const chunks = cut(serialise(events), points)
          const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
            new Response(sseBody(chunks, end, init?.signal ?? undefined, onHang), { headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch
          const context: ExchangeContext = {
            url,
            fetch,
            headers: new Headers(),
            signal: controller.signal,
            limits: maxEventBytes === undefined ? undefined : { ...DEFAULT_LIMITS, maxMessageBytes: maxEventBytes },
            onNotification: (n) => notifications.push(n),
            onServerRequest: (r) => serverRequests.push(r),
          }
          try {
            const settled = await settleWithin(exchange(request, context), 3000)
            if (settled === TIMEOUT) throw new Error('exchange() did not settle within 3 s')
            const { outcome, dispatched } = model(events, end)
            if ('error' in settled) {
              expectTypedError(settled.error)
              if (!(maxEventBytes !== undefined && settled.error instanceof McpResponseTooLargeError)) {
                expect(outcome.kind).toBe('error')
                if (outcome.kind === 'error') expect(settled.error).toBeInstanceOf(outcome.type)
              }
            } else {
              expect(outcome.kind).toBe('result')
              const result = settled.value!.result
              expect(typeof result === 'object' && result !== null && !Array.isArray(result)).toBe(true)
              if (outcome.kind === 'result') expect(sameJson(result, (JSON.parse(outcome.text) as JsonObject).result)).not.toBe(false)
            }
            if (maxEventBytes === undefined) expect(notifications.length + serverRequests.length).toBe(dispatched)
            for (const n of notifications) expect(typeof n.method).toBe('string')
            for (const n of notifications) expect((n as { id?: unknown }).id ?? null).toBeNull()
            for (const r of serverRequests) expect(r.id === undefined || r.id === null).toBe(false)
            expectClean()
          } finally {
            clearTimeout(hangTimer)
          }
        },
      ),
      { numRuns: 250 },
    )
  })

  it('a line far past a small maxEventBytes is refused as too large, however it is chunked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 512 }), fc.integer({ min: 2, max: 20 }), cutPoints, fc.boolean(), async (max, factor, points, terminated) => {
        const line = `data: {"jsonrpc":"2.0","id":7,"result":{"x":"${'x'.repeat(max * factor)}"}}${terminated ? '\n\n' : ''}`
        const chunks = cut(encoder.encode(line), points)
        const fetch = (async () => new Response(sseBody(chunks, 'close', undefined), { headers: { 'content-type': 'text/event-stream' } })) as unknown as typeof globalThis.fetch
        const settled = await settleWithin(exchange(request, { url, fetch, headers: new Headers(), signal: new AbortController().signal, limits: { ...DEFAULT_LIMITS, maxMessageBytes: max } }), 3000)
        if (settled === TIMEOUT) throw new Error('exchange() did not settle within 3 s')
        expect('error' in settled).toBe(true)
        if ('error' in settled) {
          expectTypedError(settled.error)
          expect(settled.error).toBeInstanceOf(McpResponseTooLargeError)
        }
      }),
      { numRuns: 100 },
    )
  })
})

describe('exchange() line endings', () => {
  it('an answer framed with any legal line ending (LF, CRLF, CR) settles the exchange, whether the stream then closes or stays open', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('\n', '\r\n', '\r'), fc.constantFrom<Ending>('close', 'hang'), cutPoints, async (eol, end, points) => {
        const answer = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { ok: true } })
        const text = `: hi${eol}data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}${eol}${eol}data: ${answer}${eol}${eol}`
        const controller = new AbortController()
        let timer: ReturnType<typeof setTimeout> | undefined
        const onHang = () => {
          timer ??= setTimeout(() => controller.abort(), 200)
        }
        const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
          new Response(sseBody(cut(encoder.encode(text), points), end, init?.signal ?? undefined, onHang), { headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch
        try {
          const settled = await settleWithin(exchange(request, { url, fetch, headers: new Headers(), signal: controller.signal }), 3000)
          if (settled === TIMEOUT) throw new Error('exchange() did not settle within 3 s')
          if ('error' in settled) throw new Error(`expected the result, got ${String(settled.error)}`, { cause: settled.error })
          expect(settled.value!.result).toEqual({ ok: true })
        } finally {
          clearTimeout(timer)
        }
      }),
      { numRuns: 30 },
    )
  })
})

describe('exchange() over hostile JSON and HTTP answers', () => {
  const contentTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/event-stream', 'text/html', 'text/plain', '', 'APPLICATION/JSON', 'application/problem+json')
  const status = fc.constantFrom(200, 200, 200, 201, 202, 204, 304, 301, 302, 303, 307, 308, 400, 401, 404, 429, 500, 502)
  const body = fc.oneof(payload, fc.array(payload, { maxLength: 4 }).map((items) => `[${items.join(',')}]`))
  const location = fc.oneof(fc.constantFrom('/mcp', '/other', 'http://127.0.0.1:9/x', 'https://evil.example/', 'http://[::1', '//evil.example/', 'javascript:alert(1)'), fc.string({ maxLength: 12 }))

  it('any status, content type and body end in a result object or a typed McpError', async () => {
    await fc.assert(
      fc.asyncProperty(status, contentTypes, body, fc.option(location, { nil: undefined }), fc.integer({ min: 1, max: 4096 }), async (code, type, text, where, maxBodyBytes) => {
        const fetch = (async () => {
          const headers = new Headers()
          if (type) headers.set('content-type', type)
          if (where !== undefined) headers.set('location', where)
          const nullBody = code === 204 || code === 304
          return new Response(nullBody ? null : text, { status: code, headers })
        }) as unknown as typeof globalThis.fetch
        const settled = await settleWithin(exchange(request, { url, fetch, headers: new Headers(), signal: new AbortController().signal, limits: { ...DEFAULT_LIMITS, maxMessageBytes: maxBodyBytes } }), 3000)
        if (settled === TIMEOUT) throw new Error('exchange() did not settle within 3 s')
        if ('error' in settled) expectTypedError(settled.error)
        else {
          const result = settled.value!.result
          expect(typeof result === 'object' && result !== null && !Array.isArray(result)).toBe(true)
        }
        expectClean()
      }),
      { numRuns: 300 },
    )
  })
})
