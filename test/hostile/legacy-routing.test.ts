/**
 * Hostile servers, class "routing": whose handler answers a request a
 * 2025-11-25 server pushes on the GET stream, which names no call. The rule:
 * exactly one call in flight with its own handler (a per-call
 * `onInputRequests`) gets it, as a round of that call (FastMCP sends every
 * question of a tool call there, and a chat UI shows it in that call's
 * card); with none or several such calls, the client-level handler; without
 * one, a JSON-RPC error. A request on a call's own POST stream is that
 * call's, whatever else is in flight.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { CallObserver, type ClientOptions, type InputHandler, type InputRequests, type InputResponses, type McpClient } from '../../src/core/index.ts'
import { elicitation, hostilePerTest, LEGACY, legacy, openSse, text, until, type HostileServer, type SseWriter } from './hostile-server.ts'

const hostile = hostilePerTest({ capabilities: { elicitation: { form: {} } } })
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})
const client = (options?: ClientOptions): McpClient => hostile.client({ protocolVersion: LEGACY, ...options })

const accept = (name: string) => async (requests: InputRequests): Promise<InputResponses> =>
  Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { name } }]))

function recorder(name: string) {
  const rounds: number[] = []
  const handler: InputHandler = (requests, context) => {
    rounds.push(context.round)
    return accept(name)(requests)
  }
  return { rounds, handler }
}

/** Calls in flight, each on a POST stream held open until `finish`. */
function heldCalls() {
  const calls = new Map<string, { sse: SseWriter; id: unknown }>()
  server.rpc('tools/call', (x) => void calls.set(x.body.params.name, { sse: openSse(x), id: x.body.id }))
  const finish = () => {
    for (const [name, { sse, id }] of calls) {
      sse.send({ jsonrpc: '2.0', id, result: text(`${name} done`) })
      sse.end()
    }
  }
  return { calls, finish }
}

type Setup = { client: boolean; calls: Array<'own' | 'none'> }
type Expected = 'client' | 'first' | 'error'

describe('routing: a request on the GET stream', () => {
  it.each<[string, Expected, Setup]>([
    ['a client-level handler and exactly one call with its own handler', 'first', { client: true, calls: ['own'] }],
    ['a client-level handler, one call with its own handler and one without', 'first', { client: true, calls: ['own', 'none'] }],
    ['no client-level handler and exactly one call with its own handler', 'first', { client: false, calls: ['own', 'none'] }],
    ['a client-level handler and two calls with their own handlers', 'client', { client: true, calls: ['own', 'own'] }],
    ['a client-level handler and one call without its own handler', 'client', { client: true, calls: ['none'] }],
    ['a client-level handler and no call in flight', 'client', { client: true, calls: [] }],
    ['no client-level handler and two calls with their own handlers', 'error', { client: false, calls: ['own', 'own'] }],
    ['no client-level handler and no call in flight', 'error', { client: false, calls: [] }],
  ])('%s: answered by %s', async (_label, expected, setup) => {
    const session = legacy(server, { getStream: 'hold' })
    const { calls, finish } = heldCalls()
    const atClient = recorder('client')
    const own = [recorder('first'), recorder('second')]
    const mcp = client(setup.client ? { onInputRequests: atClient.handler } : {})
    // A request before any call opens the session (and its GET stream) for the no-call cases.
    await mcp.discover()
    const running = setup.calls.map((kind, index) => mcp.callTool(`call${index}`, {}, kind === 'own' ? { onInputRequests: own[index]!.handler } : {}))
    await until(() => calls.size === setup.calls.length, 3000, 'the calls in flight')
    ;(await session.getStream()).send(elicitation('g1', 'Whose question is this?'))
    const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'g1')
    finish()
    for (const [index, call] of running.entries()) await expect(call).resolves.toEqual(text(`call${index} done`))

    const askedBy = { client: atClient.rounds.length, first: own[0]!.rounds.length, second: own[1]!.rounds.length }
    if (expected === 'error') {
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 'g1', error: { code: expect.any(Number), message: expect.any(String) } })
      expect(answer.body.result).toBeUndefined()
      expect(askedBy).toEqual({ client: 0, first: 0, second: 0 })
    } else {
      expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'g1', result: { action: 'accept', content: { name: expected } } })
      expect(askedBy).toEqual({ client: expected === 'client' ? 1 : 0, first: expected === 'first' ? 1 : 0, second: 0 })
    }
    expect(answer.headers['mcp-session-id']).toBe('s1')
  })

  it("routed to the call, it is a round of that call: a CallObserver shows it in that call's state, not the client-level handler", async () => {
    const session = legacy(server, { getStream: 'hold' })
    const { calls, finish } = heldCalls()
    const atClient = recorder('client')
    const observer = new CallObserver(client({ onInputRequests: atClient.handler }))
    const done = observer.start({ method: 'tools/call', params: { name: 'card', arguments: {} } })
    await until(() => calls.size === 1, 3000, 'the call in flight')
    ;(await session.getStream()).send(elicitation('g1', 'For the card?'))
    const shown = await until(() => {
      const state = observer.getSnapshot()
      return state.status === 'awaiting_input' ? state : undefined
    }, 3000, "the question in the call's state")
    expect(shown.round).toBe(1)
    expect(shown.inputs.map((input) => input.params.message)).toEqual(['For the card?'])
    observer.respond(shown.inputs[0]!.key, { action: 'accept', content: { name: 'card' } })
    const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'g1')
    expect(answer.body.result).toEqual({ action: 'accept', content: { name: 'card' } })
    finish()
    await expect(done).resolves.toMatchObject({ status: 'done', result: text('card done') })
    expect(atClient.rounds).toEqual([])
  })

  it('a request on a call\'s own POST stream stays that call\'s, even with another call with its own handler in flight', async () => {
    legacy(server, { getStream: 'hold' })
    const streams = new Map<string, { sse: SseWriter; id: unknown }>()
    server.rpc('tools/call', (x) => void streams.set(x.body.params.name, { sse: openSse(x), id: x.body.id }))
    const first = recorder('first')
    const second = recorder('second')
    const mcp = client()
    const one = mcp.callTool('one', {}, { onInputRequests: first.handler })
    const two = mcp.callTool('two', {}, { onInputRequests: second.handler })
    await until(() => streams.size === 2, 3000, 'both calls in flight')
    streams.get('two')!.sse.send(elicitation('p2'))
    const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'p2')
    expect(answer.body.result).toEqual({ action: 'accept', content: { name: 'second' } })
    for (const [name, { sse, id }] of streams) {
      sse.send({ jsonrpc: '2.0', id, result: text(`${name} done`) })
      sse.end()
    }
    await expect(one).resolves.toEqual(text('one done'))
    await expect(two).resolves.toEqual(text('two done'))
    expect({ first: first.rounds, second: second.rounds }).toEqual({ first: [], second: [1] })
  })
})
