import { describe, expect, it } from 'vitest'
import { json, result, scriptedFetch, type Step } from '../../test/support/scripted-fetch'
import { createClient } from './client'

let endpoints = 0
/** A URL of its own per test: public listings are shared by every client of one URL in the page. */
const fresh = () => `http://127.0.0.1:9/mcp-${++endpoints}`
const listing = (tools: unknown[], ttlMs: number, cacheScope: 'public' | 'private' = 'public') => result({ resultType: 'complete', tools, ttlMs, cacheScope })
const echo = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }
const regional = { name: 'regional', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } }
const called = result({ resultType: 'complete', content: [] })
const methods = (requests: Array<{ body: { method: string } }>) => requests.map((r) => r.body.method)
const mismatch: Step = (request) => json({ jsonrpc: '2.0', id: request.body.id, error: { code: -32020, message: 'Header mismatch' } }, 400)

describe('the result cache', () => {
  it('answers listTools from a fresh listing, and a public listing serves every client of the endpoint', async () => {
    const url = fresh()
    const first = scriptedFetch([listing([echo], 60_000)])
    const a = createClient(url, { fetch: first.fetch, protocolVersion: '2026-07-28' })
    await a.listTools()
    await a.listTools()
    const second = scriptedFetch([])
    await expect(createClient(url, { fetch: second.fetch, protocolVersion: '2026-07-28' }).listTools()).resolves.toEqual([echo])
    expect([first.requests.length, second.requests.length]).toEqual([1, 0])
  })

  it('keeps a private listing to its client, asks again once ttlMs is 0, and always with reload', async () => {
    const url = fresh()
    const own = scriptedFetch([listing([echo], 60_000, 'private'), listing([echo], 60_000, 'private')])
    const a = createClient(url, { fetch: own.fetch, protocolVersion: '2026-07-28' })
    await a.listTools()
    await a.listTools({ reload: true })
    const other = scriptedFetch([listing([echo], 0), listing([echo], 0)])
    const b = createClient(url, { fetch: other.fetch, protocolVersion: '2026-07-28' })
    await b.listTools()
    await b.listTools()
    expect([own.requests.length, other.requests.length]).toEqual([2, 2])
  })

  it('skips the tools/list before a call when the listing is fresh, or when the tool has no x-mcp-header parameter', async () => {
    const url = fresh()
    const warm = scriptedFetch([listing([echo, regional], 60_000), called])
    const a = createClient(url, { fetch: warm.fetch, protocolVersion: '2026-07-28' })
    await a.listTools()
    await a.callTool('echo')
    expect(methods(warm.requests)).toEqual(['tools/list', 'tools/call'])
    // Another client of the endpoint takes the fresh public listing for its headers.
    const next = scriptedFetch([called, called])
    const b = createClient(url, { fetch: next.fetch, protocolVersion: '2026-07-28' })
    await b.callTool('regional', { region: 'eu' })
    await b.callTool('echo')
    expect(methods(next.requests)).toEqual(['tools/call', 'tools/call'])
    expect(next.requests[0]!.headers.get('mcp-param-region')).toBe('eu')

    const staleUrl = fresh()
    const stale = scriptedFetch([listing([echo, regional], 0), called, called, listing([echo, regional], 0), called])
    const c = createClient(staleUrl, { fetch: stale.fetch, protocolVersion: '2026-07-28' })
    await c.listTools()
    await c.callTool('echo')
    await c.callTool('echo')
    await c.callTool('regional', { region: 'us' })
    // A stale listing is asked for again only for the tool whose headers depend on it.
    expect(methods(stale.requests)).toEqual(['tools/list', 'tools/call', 'tools/call', 'tools/list', 'tools/call'])
    expect(stale.requests.at(-1)!.headers.get('mcp-param-region')).toBe('us')
  })

  it('refreshes once when a skipped listing turns out outdated (-32020), and sends the headers of the new schema', async () => {
    const url = fresh()
    const { fetch, requests } = scriptedFetch([listing([echo], 0), called, mismatch, listing([{ ...echo, inputSchema: { type: 'object', properties: { text: { type: 'string', 'x-mcp-header': 'Text' } } } }], 0), called])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    await client.listTools()
    await client.callTool('echo', { text: 'a' })
    await client.callTool('echo', { text: 'b' })
    expect(methods(requests)).toEqual(['tools/list', 'tools/call', 'tools/call', 'tools/list', 'tools/call'])
    expect(requests.at(-1)!.headers.get('mcp-param-text')).toBe('b')
  })

  it('with cache: false takes headers from its own latest listing only, and shares nothing', async () => {
    const url = fresh()
    const a = scriptedFetch([listing([regional], 60_000), called, called, listing([regional], 60_000)])
    const one = createClient(url, { fetch: a.fetch, protocolVersion: '2026-07-28', cache: false })
    await one.listTools()
    await one.callTool('regional', { region: 'eu' })
    await one.callTool('regional', { region: 'us' })
    await one.listTools()
    const b = scriptedFetch([called])
    await createClient(url, { fetch: b.fetch, protocolVersion: '2026-07-28', cache: false }).callTool('regional', { region: 'eu' })
    expect([methods(a.requests), methods(b.requests)]).toEqual([['tools/list', 'tools/call', 'tools/call', 'tools/list'], ['tools/call']])
    expect(a.requests.slice(1, 3).map((r) => r.headers.get('mcp-param-region'))).toEqual(['eu', 'us'])
    // The other client never obtained the schema: its call goes out without the header (SEP-2243).
    expect(b.requests[0]!.headers.has('mcp-param-region')).toBe(false)
  })

  it('keeps a resource read that asked nothing for its ttlMs, and never one that needed an answer', async () => {
    const url = fresh()
    const contents = { resultType: 'complete', contents: [{ uri: 'demo://a', text: 'a' }], ttlMs: 60_000, cacheScope: 'private' }
    const asks = { resultType: 'input_required', inputRequests: { ok: { method: 'elicitation/create', params: { message: 'Show?', requestedSchema: { type: 'object', properties: {} } } } } }
    const { fetch, requests } = scriptedFetch([result(contents), result(asks), result(contents), result(asks), result(contents)])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28', onInputRequests: async () => ({ ok: { action: 'accept', content: {} } }) })
    await client.readResource('demo://a')
    await expect(client.readResource('demo://a')).resolves.toEqual(contents)
    await client.readResource('demo://b')
    await client.readResource('demo://b')
    expect(requests.map((r) => r.body.params.uri)).toEqual(['demo://a', 'demo://b', 'demo://b', 'demo://b', 'demo://b'])
  })
})
