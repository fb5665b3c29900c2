/**
 * Hostile servers, class "burst": a 2025-11-25 server that pushes many
 * requests at once during one call. Requests that arrive together are one
 * round of the call, as the several `inputRequests` of one 2026-07-28
 * `input_required` result are: a burst of 100 does not hit `maxRounds`, and
 * each request is answered exactly once, under its own JSON-RPC id, with the
 * answer to its own question (ids that collide as keys included).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { CallObserver, type ClientOptions, type InputHandler, type InputRequests, type McpClient } from '../../src/core/index.ts'
import { elicitation, hostilePerTest, LEGACY, legacy, openSse, text, until, type Exchange, type HostileServer, type SseWriter } from './hostile-server.ts'

const hostile = hostilePerTest({ capabilities: { elicitation: { form: {} }, sampling: {} } })
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})
const client = (options?: ClientOptions): McpClient => hostile.client({ protocolVersion: LEGACY, ...options })

const BURST = 100
const ids = Array.from({ length: BURST }, (_, i) => `b${i}`)
/** The question of request `id` names the id, so an answer shows which question it answered. */
const ask = (id: unknown) => elicitation(id, `Question ${JSON.stringify(id)}`)

/** Answers every question with its own message: the answer says which question it answers. */
const echo: InputHandler = async (requests) =>
  Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, { action: 'accept', content: { name: String(request.params?.message) } }]))

function recorder(answer: InputHandler = echo) {
  const rounds: Array<{ round: number; keys: string[] }> = []
  const handler: InputHandler = (requests: InputRequests, context) => {
    rounds.push({ round: context.round, keys: Object.keys(requests) })
    return answer(requests, context)
  }
  return { rounds, handler }
}

/**
 * A tools/call whose POST stream pushes `burst` (by `push`), then waits for
 * `expected` responses before answering the call with how many it got.
 */
function burstCall(push: (sse: SseWriter) => Promise<unknown> | void, expected: number) {
  server.rpc('tools/call', async (x: Exchange) => {
    const sse = openSse(x)
    await push(sse)
    await until(() => server.find((hit) => hit.rpc === 'response').length >= expected, 8000, `${expected} responses`)
    sse.send({ jsonrpc: '2.0', id: x.body.id, result: text(`${server.find((hit) => hit.rpc === 'response').length} answers`) })
    sse.end()
  })
}

/** Every response the server got: each id once, answering its own question. */
function expectEachAnsweredOnce(expectedIds: unknown[]) {
  const responses = server.find((hit) => hit.rpc === 'response').map((hit) => hit.body)
  expect(responses).toHaveLength(expectedIds.length)
  expect(responses.map((body) => body.id)).toEqual(expect.arrayContaining(expectedIds))
  for (const body of responses) {
    expect(body).toEqual({ jsonrpc: '2.0', id: body.id, result: { action: 'accept', content: { name: `Question ${JSON.stringify(body.id)}` } } })
  }
}

describe('burst: 100 requests pushed at once during one call', () => {
  it(`${BURST} elicitation/create in one write: one round of ${BURST}, each answered once under its own id`, async () => {
    legacy(server)
    burstCall((sse) => sse.raw(ids.map((id) => `data: ${JSON.stringify(ask(id))}\n\n`).join('')), BURST)
    const { rounds, handler } = recorder()
    await expect(client().callTool('burst', {}, { onInputRequests: handler })).resolves.toEqual(text(`${BURST} answers`))
    expect(rounds).toHaveLength(1)
    expect(rounds[0]!.round).toBe(1)
    expect(rounds[0]!.keys).toHaveLength(BURST)
    expectEachAnsweredOnce(ids)
  })

  it(`${BURST} events written one by one in the same tick: a few rounds at most, never maxRounds; each answered once`, async () => {
    legacy(server)
    burstCall((sse) => void ids.forEach((id) => sse.send(ask(id))), BURST)
    const { rounds, handler } = recorder()
    await expect(client({ maxRounds: 3 }).callTool('burst', {}, { onInputRequests: handler })).resolves.toEqual(text(`${BURST} answers`))
    expect(rounds.length).toBeLessThanOrEqual(3)
    expect(rounds.flatMap((round) => round.keys)).toHaveLength(BURST)
    expectEachAnsweredOnce(ids)
  })

  it('ids that collide as keys (1 and "1", a repeated id) in one burst: each request answered once, with the answer to its own question', async () => {
    legacy(server)
    const burst = [1, '1', 'dup', 'dup', { toString: 1 }]
    burstCall((sse) => sse.raw(burst.map((id) => `data: ${JSON.stringify(ask(id))}\n\n`).join('')), burst.length)
    const { rounds, handler } = recorder()
    await expect(client().callTool('burst', {}, { onInputRequests: handler })).resolves.toEqual(text(`${burst.length} answers`))
    expect(rounds).toHaveLength(1)
    expect(new Set(rounds[0]!.keys).size).toBe(burst.length)
    const responses = server.find((hit) => hit.rpc === 'response').map((hit) => hit.body)
    expect(responses.map((body) => body.id)).toEqual(expect.arrayContaining(burst))
    expect(responses.filter((body) => body.id === 'dup')).toHaveLength(2)
    expectEachAnsweredOnce(burst)
  })

  it('a repeated id pushed in a later round, while the first question is still open: two questions on screen, answering one answers only it', async () => {
    legacy(server)
    const question = (message: string) => ({ ...elicitation('dup', message) })
    let stream: SseWriter | undefined
    server.rpc('tools/call', async (x: Exchange) => {
      stream = openSse(x)
      stream.send(question('Your name?'))
      await until(() => server.find((hit) => hit.rpc === 'response').length >= 2, 8000, 'two responses')
      stream.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      stream.end()
    })
    const observer = new CallObserver(client())
    const done = observer.start({ method: 'tools/call', params: { name: 'dup', arguments: {} } })
    const onScreen = (count: number) =>
      until(() => {
        const state = observer.getSnapshot()
        return state.status === 'awaiting_input' && state.inputs.length === count ? state : undefined
      }, 5000, `${count} question(s) on screen`)
    await onScreen(1)
    stream!.send(question('Your card PIN?'))
    const both = await onScreen(2)
    expect(new Set(both.inputs.map((input) => input.key)).size).toBe(2)
    const [name, pin] = both.inputs
    observer.respond(name!.key, { action: 'accept', content: { name: 'Ada' } })
    await until(() => server.find((hit) => hit.rpc === 'response').length === 1, 10_000, 'the first answer')
    const pending = observer.getSnapshot()
    expect(pending.status === 'awaiting_input' && pending.inputs.find((input) => input.key === pin!.key)?.answered).toBe(false)
    observer.respond(pin!.key, { action: 'accept', content: { name: '1234' } })
    await expect(done).resolves.toMatchObject({ status: 'done', result: text('done') })
    expect(server.find((hit) => hit.rpc === 'response').map((hit) => hit.body.result.content.name)).toEqual(['Ada', '1234'])
  })

  it('a burst mixing questions with a ping: the ping is answered at once, the questions are one round', async () => {
    legacy(server)
    const burst = [ask('e1'), { jsonrpc: '2.0', id: 'p1', method: 'ping' }, { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: { maxTokens: 5, messages: [] } }, ask('e2')]
    burstCall((sse) => sse.raw(burst.map((message) => `data: ${JSON.stringify(message)}\n\n`).join('')), burst.length)
    const { rounds, handler } = recorder(async (requests) =>
      Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, request.method === 'sampling/createMessage' ? { role: 'assistant', model: 'm', content: { type: 'text', text: 'hi' } } : { action: 'accept', content: { name: 'x' } }])),
    )
    await expect(client().callTool('burst', {}, { onInputRequests: handler })).resolves.toEqual(text('4 answers'))
    expect(rounds).toEqual([{ round: 1, keys: ['elicitation/create#e1', 'sampling/createMessage#s1', 'elicitation/create#e2'] }])
    const byId = Object.fromEntries(server.find((hit) => hit.rpc === 'response').map((hit) => [hit.body.id, hit.body]))
    expect(byId.p1).toEqual({ jsonrpc: '2.0', id: 'p1', result: {} })
    expect(byId.s1.result).toMatchObject({ model: 'm' })
    expect(byId.e2.result).toEqual({ action: 'accept', content: { name: 'x' } })
  })

  it(`through a CallObserver: the ${BURST} questions are on screen at once, and answering each sends each answer once`, async () => {
    legacy(server)
    burstCall((sse) => sse.raw(ids.map((id) => `data: ${JSON.stringify(ask(id))}\n\n`).join('')), BURST)
    const observer = new CallObserver(client())
    const done = observer.start({ method: 'tools/call', params: { name: 'burst', arguments: {} } })
    const shown = await until(() => {
      const state = observer.getSnapshot()
      return state.status === 'awaiting_input' ? state : undefined
    }, 5000, 'the questions on screen')
    expect(shown.round).toBe(1)
    expect(shown.inputs).toHaveLength(BURST)
    for (const input of shown.inputs) observer.respond(input.key, { action: 'accept', content: { name: String(input.params.message) } })
    await expect(done).resolves.toMatchObject({ status: 'done', result: text(`${BURST} answers`) })
    expectEachAnsweredOnce(ids)
  })
})
