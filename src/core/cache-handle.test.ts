/**
 * The result cache as a chunk loaded on demand (cache-handle.ts): no call
 * waits for it, what it keeps is what it kept before, and a chunk that
 * cannot be fetched fails no call. Each test imports the client into a fresh
 * module registry, so the chunk starts out not loaded, as in a new page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, pushedSse, result, scriptedFetch, type Step } from '../../test/support/scripted-fetch'

const url = 'http://127.0.0.1:9/mcp'
const echo = { name: 'echo', inputSchema: { type: 'object' } }
const listing = (name = 'echo') => result({ resultType: 'complete', tools: [{ ...echo, name }], ttlMs: 60_000, cacheScope: 'public' })
const called = result({ resultType: 'complete', content: [] })
const methods = (requests: Array<{ body?: { method?: string } }>) => requests.map((r) => r.body?.method)

/** What became of the chunk's import in this test's registry. */
let chunk: { started: boolean; loaded: boolean }

/** The client in a new registry; `load` stands for the fetch of the cache's chunk. */
async function freshPage(load: (original: () => Promise<unknown>) => Promise<unknown> = (original) => original()) {
  chunk = { started: false, loaded: false }
  vi.resetModules()
  vi.doMock('./result-cache.js', async (importOriginal) => {
    chunk.started = true
    const module = await load(importOriginal)
    chunk.loaded = true
    return module
  })
  return import('./client')
}

/** A promise and its resolve, for a chunk the test lets through when it wants. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

afterEach(() => {
  vi.doUnmock('./result-cache.js')
  vi.resetModules()
})

describe('the result cache, loaded on demand', () => {
  it('answers nothing while its chunk loads, so the first listing is asked at once, and keeps the answer once the chunk is there', async () => {
    const slow = gate()
    const { createClient } = await freshPage(async (original) => {
      await slow.opened
      return original()
    })
    const { fetch, requests } = scriptedFetch([listing()])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    expect(chunk.started).toBe(false)
    const listed = client.listTools()
    await vi.waitUntil(() => requests.length === 1)
    expect(chunk).toEqual({ started: true, loaded: false })
    slow.open()
    await expect(listed).resolves.toEqual([echo])
    expect(chunk.loaded).toBe(true)
    // Kept when the first listing returned: the next asks nobody, nor does another client of the endpoint.
    await expect(client.listTools()).resolves.toEqual([echo])
    await expect(createClient(url, { fetch, protocolVersion: '2026-07-28' }).listTools()).resolves.toEqual([echo])
    expect(methods(requests)).toEqual(['tools/list'])
  })

  it('starts loading with the first listing or read, never with a tool call alone, and never without a cache', async () => {
    const { createClient } = await freshPage()
    const contents = { resultType: 'complete', contents: [{ uri: 'demo://a', text: 'a' }], ttlMs: 60_000, cacheScope: 'private' }
    const read: Step = async (request) => {
      // The read asked the cache before its request: the chunk's load has begun by then.
      await vi.waitUntil(() => chunk.started)
      return json({ jsonrpc: '2.0', id: request.body.id, result: contents })
    }
    const { fetch, requests } = scriptedFetch([called, read])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    // A call of a client with no listing asks the cache nothing (SEP-2243: no tools/list first).
    await client.callTool('echo')
    expect(chunk.started).toBe(false)
    const uncached = scriptedFetch([listing()])
    await createClient(`${url}?uncached`, { fetch: uncached.fetch, protocolVersion: '2026-07-28', cache: false }).listTools()
    expect(chunk.started).toBe(false)
    await client.readResource('demo://a')
    await expect(client.readResource('demo://a')).resolves.toEqual(contents)
    expect(methods(requests)).toEqual(['tools/call', 'resources/read'])
  })

  it('fails no call when its chunk cannot be fetched: nothing is kept, one warning says so, and the next listing fetches it again', async () => {
    let offline = true
    const { createClient } = await freshPage(async (original) => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:9/assets/result-cache-x.js')
      return original()
    })
    const warnings: string[] = []
    const { fetch, requests } = scriptedFetch([listing(), listing(), called, listing(), called])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28', onWarning: (message) => warnings.push(message) })
    await expect(client.listTools()).resolves.toEqual([echo])
    await expect(client.listTools()).resolves.toEqual([echo])
    // With nothing kept, a tool call takes its headers from the client's latest listing, as with cache: false.
    await expect(client.callTool('echo')).resolves.toEqual({ resultType: 'complete', content: [] })
    expect(methods(requests)).toEqual(['tools/list', 'tools/list', 'tools/call'])
    expect(chunk.loaded).toBe(false)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Results are not cached \(until they are, each listing asks the server\): Network error: could not load the result cache of mcp-elicit \(/)
    offline = false
    await client.listTools()
    expect(chunk.loaded).toBe(true)
    await client.listTools()
    await client.callTool('echo')
    expect(methods(requests.slice(3))).toEqual(['tools/list', 'tools/call'])
    expect(warnings).toHaveLength(1)
  })

  it("makes the endpoint's shared listing stale on a change heard by a client that never used its own cache", async () => {
    const { createClient } = await freshPage()
    const getStream = pushedSse()
    const session = (id: string): Step[] => [
      (request) => json({ jsonrpc: '2.0', id: request.body.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }, 200, { 'mcp-session-id': id }),
      () => new Response(null, { status: 202 }),
    ]
    const lister = scriptedFetch([...session('a'), () => new Response(null, { status: 405 }), listing('first'), listing('second')])
    const a = createClient(url, { fetch: lister.fetch, protocolVersion: '2025-11-25' })
    expect((await a.listTools()).map((tool) => tool.name)).toEqual(['first'])
    // b only calls a tool (a 2025-11-25 call lists nothing), yet hears the change on its GET stream.
    const caller = scriptedFetch([...session('b'), getStream.step, called])
    await createClient(url, { fetch: caller.fetch, protocolVersion: '2025-11-25' }).callTool('echo')
    await expect.poll(() => getStream.opened).toBe(true)
    getStream.push({ method: 'notifications/tools/list_changed' })
    await expect.poll(async () => (await a.listTools()).map((tool) => tool.name)).toEqual(['second'])
    expect(methods(lister.requests).filter((method) => method === 'tools/list')).toHaveLength(2)
  })
})
