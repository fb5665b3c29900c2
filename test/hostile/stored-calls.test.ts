/**
 * Hostile storage, class "stored calls": what round storage gives back after
 * a reload is read as untrusted too. A call kept while talking to one server
 * is never resumed against another (that server would get the first one's
 * `requestState` and the answers typed for it); an entry of the wrong shape
 * (an old version, a hand-edited or corrupted one) is nothing to restore,
 * never a crash; a stored round number cannot lift `maxRounds`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CallObserver, isMcpArgumentError, parseSavedCall, sessionCallStorage, type CallState, type McpClient } from '../../src/core/index.ts'
import { MODERN, modern, result, startHostileServer, text, until, within, type HostileServer } from './hostile-server.ts'
import { createClient } from '../../src/core/index.ts'

let serverA: HostileServer
let serverB: HostileServer
const clients: McpClient[] = []

beforeEach(async () => {
  serverA = modern(await startHostileServer())
  serverB = modern(await startHostileServer())
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => within(client.close(), 1000)))
  await serverA.close()
  await serverB.close()
})

function client(server: HostileServer): McpClient {
  const created = createClient(server.url, { protocolVersion: MODERN, capabilities: { elicitation: { form: {} } }, onWarning: () => {} })
  clients.push(created)
  return created
}

function memoryStorage() {
  const items = new Map<string, string>()
  const storage = sessionCallStorage('t:', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) } as Storage)
  return { items, storage }
}

const ask = { method: 'elicitation/create', params: { message: 'Your PIN for A?', requestedSchema: { type: 'object', properties: { pin: { type: 'string' } } } } }
const confirm = { method: 'elicitation/create', params: { message: 'Confirm?', requestedSchema: { type: 'object', properties: {} } } }

const awaiting = (observer: CallObserver) =>
  until(() => (observer.getSnapshot().status === 'awaiting_input' ? observer.getSnapshot() : undefined), 10_000, 'a round on screen')

/** A round of server A kept in storage, half answered (the PIN given, the confirmation open). */
async function roundOfA() {
  serverA.rpc('tools/call', (x) => result(x, { resultType: 'input_required', requestState: 'SECRET-STATE-OF-A', inputRequests: { pin: ask, ok: confirm } }))
  const { items, storage } = memoryStorage()
  const first = new CallObserver(client(serverA), { storage })
  void first.start({ method: 'tools/call', params: { name: 'pay', arguments: {} } })
  await awaiting(first)
  first.respond('pin', { action: 'accept', content: { pin: '4321' } })
  await until(() => items.get('t:call')?.includes('4321'), 10_000, 'the answer kept')
  first.detach()
  return { items, storage, saved: first.save() }
}

describe('stored calls: bound to the endpoint that kept them', () => {
  it('a round kept for server A is not restored by a client of server B: nothing of A reaches B', async () => {
    const { storage, items } = await roundOfA()
    expect(JSON.parse(items.get('t:call')!).endpoint).toBe(new URL(serverA.url).href)
    serverB.rpc('tools/call', (x) => result(x, text('B answered')))
    const second = new CallObserver(client(serverB), { storage })
    expect(await second.saved()).toBeUndefined()
    expect(await second.restore()).toBeUndefined()
    expect(second.getSnapshot().status).toBe('idle')
    expect(serverB.find((hit) => hit.rpc === 'tools/call')).toEqual([])
    // A's own client still finds it, with the PIN and the requestState.
    const again = new CallObserver(client(serverA), { storage })
    expect(await again.saved()).toMatchObject({ pending: { requestState: 'SECRET-STATE-OF-A' }, answers: { pin: { content: { pin: '4321' } } } })
  })

  it("resume() of a round saved for server A on server B's observer fails at once with an McpArgumentError and sends nothing", async () => {
    const { saved } = await roundOfA()
    expect(saved?.endpoint).toBe(new URL(serverA.url).href)
    const second = new CallObserver(client(serverB), {})
    const final: CallState = await second.resume(saved!)
    expect(final.status).toBe('error')
    expect(final.status === 'error' && isMcpArgumentError(final.error)).toBe(true)
    expect(serverB.hits.filter((hit) => hit.rpc === 'tools/call')).toEqual([])
  })

  it('an entry that names no endpoint (an older version, or written by hand) is not resumed', async () => {
    const { items, storage } = memoryStorage()
    const request = { method: 'tools/call', params: { name: 'pay', arguments: {} } }
    items.set('t:call', JSON.stringify({ version: 1, request, pending: { request, round: 1, inputRequests: { ok: confirm }, requestState: 'S' }, answers: {} }))
    const observer = new CallObserver(client(serverB), { storage })
    expect(await observer.restore()).toBeUndefined()
    expect(serverB.find((hit) => hit.rpc === 'tools/call')).toEqual([])
  })
})

describe('stored calls: entries of the wrong shape are nothing to restore', () => {
  const request = { method: 'tools/call', params: { name: 't', arguments: {} } }
  const endpoint = 'http://127.0.0.1:9/mcp'
  it.each([
    ['a lost call whose question is null', { version: 1, endpoint, lost: true, request, round: 1, questions: [null], answers: {} }],
    ['a lost call whose answer is null', { version: 1, endpoint, lost: true, request, round: 1, questions: [], answers: { a: null } }],
    ['a lost call with no round', { version: 1, endpoint, lost: true, request, questions: [], answers: {} }],
    ['a round numbered -1000', { version: 1, endpoint, request, pending: { request, round: -1000, inputRequests: {}, requestState: 's' }, answers: {} }],
    ['a round numbered 1.5', { version: 1, endpoint, request, pending: { request, round: 1.5, inputRequests: {}, requestState: 's' }, answers: {} }],
  ])('%s', (_label, entry) => {
    expect(parseSavedCall(JSON.stringify(entry))).toBeUndefined()
  })

  it('a stored round cannot lift maxRounds: a round numbered -1000 is not resumed, so no round goes out', async () => {
    const { items, storage } = memoryStorage()
    items.set('t:call', JSON.stringify({ version: 1, endpoint: new URL(serverA.url).href, request, pending: { request, round: -1000, inputRequests: {}, requestState: 's' }, answers: {} }))
    serverA.rpc('tools/call', (x) => result(x, { resultType: 'input_required', requestState: 's' }))
    const observer = new CallObserver(client(serverA), { storage, maxRounds: 3 })
    expect(await observer.restore()).toBeUndefined()
    expect(serverA.find((hit) => hit.rpc === 'tools/call')).toEqual([])
  })
})
