/**
 * Hostile servers, class "shared cache": a listing marked `cacheScope:
 * 'public'` is shared only between clients of the same endpoint with the
 * same credentials. A server may list to each caller what that caller may
 * see (tools by role, say) and still call the listing public; one person's
 * listing must never be served to a client signed in as someone else, by
 * an auth provider's token or by an API key in the client's own headers.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { type AuthProvider, type ClientOptions, type McpClient } from '../../src/core/index.ts'
import { hostilePerTest, MODERN, modern, result, text, until, type HostileServer, type Hit } from './hostile-server.ts'

const hostile = hostilePerTest()
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})
const client = (options?: ClientOptions): McpClient => hostile.client({ protocolVersion: MODERN, ...options })

/** An auth provider that always has this token and never signs in again. */
const bearer = (token: string): AuthProvider => ({
  authorization: async () => `Bearer ${token}`,
  challenged: async () => false,
})

/** Who the server thinks is asking: the bearer token, else the API key. */
const caller = (hit: Hit) => hit.headers.authorization?.replace(/^Bearer /, '') ?? hit.headers['x-api-key'] ?? 'anonymous'

/** tools/list answers each caller with its own tools, marked public for a minute. */
function listingPerCaller() {
  modern(server)
  server.rpc('tools/list', (x) => result(x, { tools: [{ name: `tools-of-${caller(x.hit)}`, inputSchema: { type: 'object' } }], ttlMs: 60_000, cacheScope: 'public' }))
  server.rpc('tools/call', (x) => result(x, text(`called by ${caller(x.hit)}`)))
  return () => server.find((hit) => hit.rpc === 'tools/list').map(caller)
}

const names = (tools: Array<{ name: string }>) => tools.map((tool) => tool.name)

describe("shared cache: one person's public listing is never another's", () => {
  it.each<[string, ClientOptions, ClientOptions]>([
    ['auth providers with two tokens', { auth: bearer('alice') }, { auth: bearer('bob') }],
    ['an API key in the headers option', { headers: { 'X-Api-Key': 'alice' } }, { headers: { 'X-Api-Key': 'bob' } }],
    ['an API key from a headers function', { headers: () => ({ 'X-Api-Key': 'alice' }) }, { headers: async () => ({ 'X-Api-Key': 'bob' }) }],
  ])("%s: the second client's tools/list reaches the server and gets its own listing", async (_label, first, second) => {
    const listed = listingPerCaller()
    await expect(client(first).listTools().then(names)).resolves.toEqual(['tools-of-alice'])
    await expect(client(second).listTools().then(names)).resolves.toEqual(['tools-of-bob'])
    expect(listed()).toEqual(['alice', 'bob'])
  })

  it("a tool call of the second client does not take the first one's listing for its headers", async () => {
    modern(server)
    // Alice's listing (public) says the tool mirrors `region`; nobody told Bob anything.
    server.rpc('tools/list', (x) =>
      result(x, { tools: [{ name: 'lookup', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } }], ttlMs: 60_000, cacheScope: 'public' }),
    )
    server.rpc('tools/call', (x) => result(x, text(`called by ${caller(x.hit)}`)))
    await client({ auth: bearer('alice') }).listTools()
    await expect(client({ auth: bearer('bob') }).callTool('lookup', { region: 'eu' })).resolves.toEqual(text('called by bob'))
    const [call] = server.find((hit) => hit.rpc === 'tools/call')
    expect(call!.headers['mcp-param-region']).toBeUndefined()
    await expect(client({ auth: bearer('alice') }).callTool('lookup', { region: 'eu' })).resolves.toEqual(text('called by alice'))
    expect(server.find((hit) => hit.rpc === 'tools/call')[1]!.headers['mcp-param-region']).toBe('eu')
    expect(server.find((hit) => hit.rpc === 'tools/list').map(caller)).toEqual(['alice'])
  })

  it('clients with the same credentials (or none) still share: the second one asks nothing', async () => {
    const listed = listingPerCaller()
    await client({ auth: bearer('alice') }).listTools()
    await expect(client({ auth: bearer('alice') }).listTools().then(names)).resolves.toEqual(['tools-of-alice'])
    await client().listTools()
    await expect(client().listTools().then(names)).resolves.toEqual(['tools-of-anonymous'])
    expect(listed()).toEqual(['alice', 'anonymous'])
  })

  it('a client whose token changed does not keep serving the listing of the old one', async () => {
    const listed = listingPerCaller()
    let token = 'alice'
    const mcp = client({ auth: { authorization: async () => `Bearer ${token}`, challenged: async () => false } })
    await expect(mcp.listTools().then(names)).resolves.toEqual(['tools-of-alice'])
    token = 'bob'
    await expect(mcp.listTools().then(names)).resolves.toEqual(['tools-of-bob'])
    expect(listed()).toEqual(['alice', 'bob'])
  })

  it.each(['listTools', 'readResource'] as const)('%s: credentials that change while the request is out (signed out, then in as someone else) keep nothing, for neither person', async (what) => {
    modern(server)
    const answered: string[] = []
    let lettingThrough: () => void = () => {}
    const held = new Promise<void>((resolve) => (lettingThrough = resolve))
    // The first answer waits until the client has switched people; later ones come at once.
    const answer = async (hit: Hit, value: object) => {
      answered.push(caller(hit))
      if (answered.length === 1) await held
      return { ...value, ttlMs: 60_000, cacheScope: 'private' }
    }
    server.rpc('tools/list', async (x) => result(x, await answer(x.hit, { tools: [{ name: `tools-of-${caller(x.hit)}`, inputSchema: { type: 'object' } }] })))
    server.rpc('resources/read', async (x) => result(x, await answer(x.hit, { contents: [{ uri: 'file:///me', text: `data-of-${caller(x.hit)}` }] })))
    let token = 'alice'
    const mcp = client({ auth: { authorization: async () => `Bearer ${token}`, challenged: async () => false } })
    const seen = async () => (what === 'listTools' ? names(await mcp.listTools()) : (await mcp.readResource('file:///me')).contents)
    const first = seen()
    await until(() => answered.length === 1, 10_000, 'the first request at the server')
    token = 'bob'
    lettingThrough()
    await first
    // Bob is asked for anew, and gets his own.
    expect(JSON.stringify(await seen())).toContain('-of-bob')
    token = 'alice'
    // So is Alice: what came back for her while Bob was signed in was filed under neither.
    expect(JSON.stringify(await seen())).toContain('-of-alice')
    expect(answered).toEqual(['alice', 'bob', 'alice'])
  })
})
