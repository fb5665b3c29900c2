/**
 * The client's request gate (http-exchange.ts, request-queue.ts): at most
 * `max` requests between their POST and the head of their answer, the rest
 * in line, first come first served, each under its own signal.
 */
import { describe, expect, it, vi } from 'vitest'
import { hangingSse, json } from '../../test/support/scripted-fetch'
import { McpCancelledError } from './errors'
import { exchange, type ExchangeContext, type RequestGate } from './http-exchange'

const url = 'http://127.0.0.1:9/mcp'

/** A fetch whose answers the test releases one by one; it records the ids in the order they reached the wire. */
function heldFetch() {
  const sent: number[] = []
  const held = new Map<number, { answer: (response: Response) => void; fail: (error: unknown) => void }>()
  const fetch = ((_input: RequestInfo | URL, init: RequestInit = {}) => {
    const id = JSON.parse(String(init.body)).id as number
    sent.push(id)
    return new Promise<Response>((answer, fail) => held.set(id, { answer, fail }))
  }) as typeof globalThis.fetch
  const answer = (id: number) => held.get(id)!.answer(json({ jsonrpc: '2.0', id, result: { id } }))
  const fail = (id: number) => held.get(id)!.fail(new TypeError('fetch failed'))
  return { fetch, sent, answer, fail }
}

function context(fetch: typeof globalThis.fetch, gate: RequestGate, signal = new AbortController().signal): ExchangeContext {
  return { url, fetch, headers: new Headers(), signal, gate }
}

const request = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'x' } })
/** Waits for the exchanges in progress to get there (the queue's chunk loads on the first wait), however slow the machine. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 })
const inLine = (gate: RequestGate, n: number) => until(() => expect(gate.waiting ?? []).toHaveLength(n))

describe('the request gate', () => {
  it('puts at most max requests on the wire and lets the rest in first come first served', async () => {
    const gate: RequestGate = { max: 2, open: 0 }
    const wire = heldFetch()
    const results = [1, 2, 3, 4, 5].map((id) => exchange(request(id), context(wire.fetch, gate)))
    await inLine(gate, 3)
    expect(wire.sent).toEqual([1, 2])

    // The turn passes with the head of an answer, to the first in line.
    wire.answer(2)
    await until(() => expect(wire.sent).toEqual([1, 2, 3]))
    expect(gate.waiting).toHaveLength(2)
    wire.answer(1)
    await until(() => expect(wire.sent).toEqual([1, 2, 3, 4]))
    wire.answer(4)
    await until(() => expect(wire.sent).toEqual([1, 2, 3, 4, 5]))
    wire.answer(3)
    wire.answer(5)
    expect((await Promise.all(results)).map((r) => r.result)).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })))
    expect(gate.open).toBe(0)
    expect(gate.waiting).toEqual([])
  })

  it('passes the turn on when a request fails on the wire', async () => {
    const gate: RequestGate = { max: 1, open: 0 }
    const wire = heldFetch()
    const first = exchange(request(1), context(wire.fetch, gate))
    const second = exchange(request(2), context(wire.fetch, gate))
    await inLine(gate, 1)
    expect(wire.sent).toEqual([1])
    wire.fail(1)
    await expect(first).rejects.toThrow()
    await until(() => expect(wire.sent).toEqual([1, 2]))
    wire.answer(2)
    expect((await second).result).toEqual({ id: 2 })
    expect(gate.open).toBe(0)
  })

  it('a request cancelled in line leaves it with a typed error, never reaching the wire nor taking a turn', async () => {
    const gate: RequestGate = { max: 1, open: 0 }
    const wire = heldFetch()
    const first = exchange(request(1), context(wire.fetch, gate))
    const controller = new AbortController()
    const cancelled = exchange(request(2), context(wire.fetch, gate, controller.signal))
    const third = exchange(request(3), context(wire.fetch, gate))
    await inLine(gate, 2)
    controller.abort()
    await expect(cancelled).rejects.toBeInstanceOf(McpCancelledError)
    expect(gate.waiting).toHaveLength(1)
    wire.answer(1)
    await until(() => expect(wire.sent).toEqual([1, 3]))
    wire.answer(3)
    await Promise.all([first, third])
    expect(gate.open).toBe(0)
  })

  it('a request whose signal is already aborted does not queue', async () => {
    const gate: RequestGate = { max: 1, open: 0 }
    const wire = heldFetch()
    const first = exchange(request(1), context(wire.fetch, gate))
    const error = await exchange(request(2), context(wire.fetch, gate, AbortSignal.abort())).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpCancelledError)
    expect(gate.waiting ?? []).toEqual([])
    wire.answer(1)
    await first
    expect(wire.sent).toEqual([1])
    expect(gate.open).toBe(0)
  })

  it('a streamed answer gives its turn back with its head, while its events go on', async () => {
    const gate: RequestGate = { max: 1, open: 0 }
    const streaming = new AbortController()
    const sent: number[] = []
    const fetch = (async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const id = JSON.parse(String(init.body)).id as number
      sent.push(id)
      return id === 1 ? hangingSse(': open\n\n', init.signal ?? undefined) : json({ jsonrpc: '2.0', id, result: { id } })
    }) as typeof globalThis.fetch
    const stream = exchange(request(1), context(fetch, gate, streaming.signal))
    const next = await exchange(request(2), context(fetch, gate))
    expect(next.result).toEqual({ id: 2 })
    expect(sent).toEqual([1, 2])
    streaming.abort()
    await expect(stream).rejects.toBeInstanceOf(McpCancelledError)
    expect(gate.open).toBe(0)
  })
})
