/**
 * A set of servers against real HTTP servers (the hostile test server,
 * scripted per test): several listed side by side, one down, one slow, one
 * signed out, the listings kept across a "reload" (a new set over the same
 * storage), routing by server, and a question a 2025-11-25 server pushes
 * outside any call.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakeSignInStore } from '../../stories/fake-sign-in-store'
import { elicitation, LEGACY, legacy, modern, result, startHostileServer, until, type HostileServer } from '../../test/hostile/hostile-server'
import { createClient, createServerSet, type ClientOptions, type ListingStorage, type McpClient, type McpServerSet } from './index'

const servers: HostileServer[] = []
const clients: McpClient[] = []
const sets: McpServerSet[] = []
beforeAll(async () => {
  await Promise.all([import('./listings.js'), import('./result-cache.js'), import('./legacy-connection.js'), import('./sse.js')])
})
afterEach(async () => {
  sets.splice(0).forEach((set) => set.dispose())
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})))
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } })

async function server(tools: string[] = []): Promise<HostileServer> {
  const started = await startHostileServer()
  servers.push(started)
  return modern(started, { tools: tools.map(tool) })
}

function client(url: string, options: ClientOptions = {}): McpClient {
  const made = createClient(url, { onWarning: () => {}, ...options })
  clients.push(made)
  return made
}

function memoryStorage(): ListingStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) }
}

function track(set: McpServerSet): McpServerSet {
  sets.push(set)
  return set
}

describe('createServerSet', () => {
  it('lists every server side by side: one down and one slow hold up none of the others, and the slow one comes back when it answers', async () => {
    const up = await server(['search'])
    const down = await server(['never'])
    const downUrl = down.url
    await down.close()
    const slow = await server()
    let answer: () => void = () => {}
    slow.rpc('tools/list', (x) => new Promise<void>((resolve) => (answer = () => resolve(result(x, { tools: [tool('report')] })))))
    const set = track(
      createServerSet(
        [
          { id: 'up', name: 'Up', client: client(up.url) },
          { id: 'down', name: 'Down', client: client(downUrl) },
          { id: 'slow', name: 'Slow', client: client(slow.url) },
        ],
        { storage: null },
      ),
    )
    // The wait ends when the others have answered (the signal stands in for the deadline: no test waits on a clock).
    const stop = new AbortController()
    const refreshed = set.refresh({ signal: stop.signal })
    await until(() => ['ready', 'unreachable'].every((status, index) => set.getSnapshot()[index]!.status === status), 5000, 'the two that answer')
    stop.abort()
    const states = await refreshed
    expect(states.map((state) => [state.id, state.status])).toEqual([
      ['up', 'ready'],
      ['down', 'unreachable'],
      ['slow', 'slow'],
    ])
    expect(states[0]!.tools?.map((t) => t.name)).toEqual(['search'])
    expect(states[1]!.tools).toBeUndefined()
    let told = 0
    set.subscribe(() => told++)
    await until(() => slow.find((hit) => hit.rpc === 'tools/list').length === 1, 3000, 'the slow listing on its way')
    answer()
    await until(() => set.getSnapshot()[2]!.status === 'ready', 3000, 'the slow server back')
    expect(set.getSnapshot()[2]!.tools?.map((t) => t.name)).toEqual(['report'])
    expect(told).toBeGreaterThan(0)
  })

  it('has the listings at once after a reload (a new set over the same storage, entries in another order): routes and names are the same', async () => {
    const a = await server(['seat_map', 'notes.read'])
    const b = await server(['seat_map'])
    const storage = memoryStorage()
    const first = track(createServerSet([{ id: 'demo', name: 'Demo', client: client(a.url) }, { id: 'legacy', name: 'Legacy', client: client(b.url) }], { storage }))
    await first.refresh()
    const names = [first.modelName('demo', 'seat_map'), first.modelName('demo', 'notes.read'), first.modelName('legacy', 'seat_map')]
    expect(names[0]).toBe('demo__seat_map')
    expect(names[2]).toBe('legacy__seat_map')
    first.dispose()

    const listed = a.find((hit) => hit.rpc === 'tools/list').length
    const reloaded = track(createServerSet([{ id: 'legacy', name: 'Legacy', client: client(b.url) }, { id: 'demo', name: 'Demo', client: client(a.url) }], { storage }))
    // Before any listing: the kept ones, routed to the right server.
    expect(reloaded.getSnapshot().map((state) => [state.id, state.status, state.fresh])).toEqual([
      ['legacy', 'ready', false],
      ['demo', 'ready', false],
    ])
    const routed = reloaded.route('legacy', 'seat_map')
    expect(routed.status === 'found' && routed.server.client.url).toBe(b.url)
    expect(reloaded.resolve('demo__seat_map')?.server.id).toBe('demo')
    expect([reloaded.modelName('demo', 'seat_map'), reloaded.modelName('demo', 'notes.read'), reloaded.modelName('legacy', 'seat_map')]).toEqual(names)
    expect(reloaded.resolve(names[1]!)?.tool.name).toBe('notes.read')
    expect(a.find((hit) => hit.rpc === 'tools/list').length).toBe(listed)
  })

  it('never uses a kept listing of another endpoint (the host moved the id), nor one that is not a listing', async () => {
    const a = await server(['old_tool'])
    const b = await server(['new_tool'])
    const storage = memoryStorage()
    const first = track(createServerSet([{ id: 'docs', name: 'Docs', client: client(a.url) }], { storage }))
    await first.refresh()
    first.dispose()
    const moved = track(createServerSet([{ id: 'docs', name: 'Docs', client: client(b.url) }], { storage }))
    expect(moved.getSnapshot()[0]).toMatchObject({ status: 'listing', tools: undefined })
    storage.setItem('mcp-elicit-servers:docs', '{"endpoint":')
    expect(track(createServerSet([{ id: 'docs', name: 'Docs', client: client(a.url) }], { storage })).getSnapshot()[0]!.tools).toBeUndefined()
  })

  it('routes a tool two servers share to each one, and says when a server or a tool is gone', async () => {
    const a = await server(['echo'])
    const b = await server(['echo', 'only_b'])
    const set = track(createServerSet([{ id: 'a', name: 'A', client: client(a.url) }, { id: 'b', name: 'B', client: client(b.url) }], { storage: null }))
    expect(set.route('a', 'echo').status).toBe('unlisted')
    await set.refresh()
    const toA = set.route('a', 'echo')
    const toB = set.route('b', 'echo')
    expect(toA.status === 'found' && toA.server.client.url).toBe(a.url)
    expect(toB.status === 'found' && toB.server.client.url).toBe(b.url)
    expect(set.route('a', 'only_b').status).toBe('no-tool')
    expect(set.route('c', 'echo').status).toBe('no-server')
    expect(set.resolve('b__only_b')?.server.id).toBe('b')
    expect(set.resolve('a__only_b')).toBeUndefined()
    expect(set.resolve('only_b')).toBeUndefined()
  })

  it('refuses ids that cannot start a tool name, and an id given twice', async () => {
    const a = await server()
    const c = client(a.url)
    for (const id of ['', 'a_b', '9x', '__proto__', 'x'.repeat(25)]) expect(() => createServerSet([{ id, name: 'X', client: c }], { storage: null })).toThrow(/server id/)
    expect(() => createServerSet([{ id: 'a', name: 'A', client: c }, { id: 'a', name: 'B', client: c }], { storage: null })).toThrow(/twice/)
  })

  it('does not list a server the person is not signed in to; a sign-in brings it back, a sign-out takes it out', async () => {
    const open = await server(['search'])
    const locked = await server(['whoami'])
    const store = fakeSignInStore()
    const lockedClient = client(locked.url)
    const set = track(createServerSet([{ id: 'open', name: 'Open', client: client(open.url) }, { id: 'locked', name: 'Locked', client: lockedClient, signIn: store }], { storage: null }))
    const states = await set.refresh()
    expect(states.map((state) => state.status)).toEqual(['ready', 'signed-out'])
    expect(locked.find((hit) => hit.rpc === 'tools/list')).toHaveLength(0)
    // Signed in elsewhere (a tool part's card): the store tells the set, which lists the server.
    store.setSignedIn(lockedClient.url, true)
    store.set({ status: 'idle' })
    await until(() => set.getSnapshot()[1]!.status === 'ready', 3000, 'the signed-in server listed')
    expect(set.getSnapshot()[1]!.tools?.map((t) => t.name)).toEqual(['whoami'])
    store.setSignedIn(lockedClient.url, false)
    store.set({ status: 'idle' })
    expect(set.getSnapshot()[1]!.status).toBe('signed-out')
    // From the person's click: the store opens the window for this endpoint, and the listing goes out.
    set.signIn('locked')
    expect(store.calls).toContain('signIn')
    await until(() => locked.find((hit) => hit.rpc === 'tools/list').length === 2, 3000, 'the listing after the click')
  })

  it('a listing refused for want of a sign-in (401) marks the server signed out, the others ready', async () => {
    const open = await server(['search'])
    const refusing = await server()
    refusing.rpc('tools/list', ({ res }) => res.writeHead(401, { 'www-authenticate': 'Bearer' }).end())
    const set = track(createServerSet([{ id: 'open', name: 'Open', client: client(open.url) }, { id: 'refusing', name: 'Refusing', client: client(refusing.url) }], { storage: null }))
    expect((await set.refresh()).map((state) => state.status)).toEqual(['ready', 'signed-out'])
  })

  it('asks the page what a 2025-11-25 server pushes outside any call, naming the server, and sends the answer back', async () => {
    const old = await startHostileServer()
    servers.push(old)
    const session = legacy(old, { getStream: 'hold' })
    old.rpc('tools/list', (x) => result(x, { tools: [] }))
    const oldClient = client(old.url, { protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } } })
    const set = track(createServerSet([{ id: 'old', name: 'Old server', client: oldClient }], { storage: null }))
    expect(oldClient.onInputRequests).toBeDefined()
    await set.refresh()
    ;(await session.getStream()).send(elicitation('g1', 'Outside any call?'))
    const question = await until(() => set.questions.getSnapshot()[0], 3000, 'the question on the page')
    expect(question).toMatchObject({ serverId: 'old', serverName: 'Old server', round: 1 })
    expect(question.inputs.map((input) => input.params.message)).toEqual(['Outside any call?'])
    question.respond(question.inputs[0]!.key, { action: 'accept', content: { name: 'Ada' } })
    const answer = await old.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'g1')
    expect(answer.body.result).toEqual({ action: 'accept', content: { name: 'Ada' } })
    expect(set.questions.getSnapshot()).toEqual([])
    // Disposed, the set gives the client back as it was.
    set.dispose()
    expect(oldClient.onInputRequests).toBeUndefined()
  })

  it('leaves a client that has its own handler for requests outside calls as it is', async () => {
    const a = await server()
    const own = async () => ({})
    const c = client(a.url, { onInputRequests: own })
    track(createServerSet([{ id: 'a', name: 'A', client: c }], { storage: null })).dispose()
    expect(c.onInputRequests).toBe(own)
  })

  it('gives each server its own sandbox for its apps, and none to a server outside the set', async () => {
    const a = await server()
    const b = await server()
    const set = track(
      createServerSet(
        [
          { id: 'a', name: 'A', client: client(a.url), sandbox: 'http://127.0.0.2:9000/sandbox.html' },
          { id: 'b', name: 'B', client: client(b.url), sandbox: 'http://127.0.0.3:9000/sandbox.html' },
          { id: 'c', name: 'C', client: client(`${a.origin}/other`) },
        ],
        { storage: null },
      ),
    )
    expect(set.sandbox({ url: a.url })).toBe('http://127.0.0.2:9000/sandbox.html')
    expect(set.sandbox({ url: b.url })).toBe('http://127.0.0.3:9000/sandbox.html')
    expect(() => set.sandbox({ url: `${a.origin}/other` })).toThrow(/No sandbox/)
    expect(() => set.sandbox({ url: 'https://elsewhere.example/mcp' })).toThrow(/outside the set/)
  })
})
