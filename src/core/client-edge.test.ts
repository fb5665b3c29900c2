/**
 * Client behaviour that needs a server to misbehave on cue: scripted fetch
 * responses. Conformance with a real server is proven in client.test.ts.
 */
import { describe, expect, it, vi } from 'vitest'
import { json, pushedSse, result, scriptedFetch, sse, type Step } from '../../test/support/scripted-fetch'
import { createClient } from './client'
import { McpHttpError, McpNetworkError, McpProtocolError, McpStreamError, McpTimeoutError, isMcpError } from './errors'

const url = 'http://127.0.0.1:9/mcp'
const rpcError = (code: number, data?: unknown, status = 400): Step => (request) =>
  json({ jsonrpc: '2.0', id: request.body.id, error: { code, message: `error ${code}`, data } }, status)

describe('client edge cases', () => {
  it('re-issues a request whose stream broke, once, with a new id', async () => {
    const { fetch, requests } = scriptedFetch([
      () => sse(['data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"x","progress":1}}\n\n'], { breakAtEnd: true }),
      result({ content: [], resultType: 'complete' }),
    ])
    const mcp = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    await expect(mcp.request('tools/list')).resolves.toEqual({ content: [], resultType: 'complete' })
    expect(requests).toHaveLength(2)
    expect(requests[1]!.body.id).not.toBe(requests[0]!.body.id)
    expect(requests[1]!.body.params).toEqual(requests[0]!.body.params)
  })

  it('fails with a typed stream error when the re-issued stream ends too', async () => {
    const { fetch, requests } = scriptedFetch([() => sse([]), () => sse([': only a comment\n\n'])])
    const error = await createClient(url, { fetch, protocolVersion: '2026-07-28' }).request('tools/list').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpStreamError)
    expect(error).toMatchObject({ method: 'tools/list', url })
    expect(requests).toHaveLength(2)
  })

  it('answers -32022 by retrying once with a mutual version from data.supported, even the one refused', async () => {
    const { fetch, requests } = scriptedFetch([
      result({ supportedVersions: ['2026-07-28'] }),
      rpcError(-32022, { supported: ['2031-01-01', '2026-07-28'], requested: '2026-07-28' }),
      result({ tools: [] }),
    ])
    await expect(createClient(`${url}?retry-32022`, { fetch }).request('tools/list')).resolves.toEqual({ tools: [] })
    expect(requests.map((r) => r.body.method)).toEqual(['server/discover', 'tools/list', 'tools/list'])
    expect(requests[2]!.body.id).not.toBe(requests[1]!.body.id)
    expect(requests[2]!.headers.get('mcp-protocol-version')).toBe('2026-07-28')
    expect(requests[2]!.body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28')
  })

  it('retries -32022 only once', async () => {
    const refuse = rpcError(-32022, { supported: ['2026-07-28'], requested: '2026-07-28' })
    const { fetch, requests } = scriptedFetch([result({ supportedVersions: ['2026-07-28'] }), refuse, refuse])
    await expect(createClient(`${url}?once-32022`, { fetch }).request('tools/list')).rejects.toMatchObject({ code: -32022 })
    expect(requests).toHaveLength(3)
  })

  it('does not retry -32022 when the server names no version we speak', async () => {
    const { fetch, requests } = scriptedFetch([rpcError(-32022, { supported: ['1999-01-01'], requested: '2026-07-28' })])
    const error = await createClient(url, { fetch, protocolVersion: '2026-07-28' }).request('tools/list').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpProtocolError)
    expect(error).toMatchObject({ code: -32022, status: 400, data: { supported: ['1999-01-01'] } })
    expect(requests).toHaveLength(1)
  })

  it('calls a tool it never listed without Mcp-Param headers, and after a -32020 lists the tools and sends it once more with them (SEP-2243)', async () => {
    const tools = (header: string) => result({ tools: [{ name: 'q', inputSchema: { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': header } } } }], ttlMs: 60_000, cacheScope: 'private' })
    const { fetch, requests } = scriptedFetch([rpcError(-32020), tools('Region'), result({ content: [] }), result({ content: [] })])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    await client.callTool('q', { r: 'eu' })
    expect(requests.map((r) => r.body.method)).toEqual(['tools/call', 'tools/list', 'tools/call'])
    expect([...requests[0]!.headers.keys()].filter((name) => name.startsWith('mcp-param-'))).toEqual([])
    expect(requests[2]!.headers.get('mcp-param-region')).toBe('eu')
    // The listing now stands: the next call carries its headers from the start.
    await client.callTool('q', { r: 'us' })
    expect(requests[3]!.headers.get('mcp-param-region')).toBe('us')
  })

  it('sends a tool it never listed just once when the server needs no Mcp-Param header: no tools/list first', async () => {
    const { fetch, requests } = scriptedFetch([result({ content: [] })])
    await createClient(url, { fetch, protocolVersion: '2026-07-28' }).callTool('t', { a: 1 })
    expect(requests.map((r) => r.body.method)).toEqual(['tools/call'])
  })

  it('refreshes tools/list and retries once after a -32020 header mismatch on a listed tool', async () => {
    const tools = (header: string) => result({ tools: [{ name: 'q', inputSchema: { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': header } } } }], ttlMs: 60_000, cacheScope: 'private' })
    const { fetch, requests } = scriptedFetch([tools('Region'), rpcError(-32020), tools('Zone'), rpcError(-32020)])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    await client.listTools()
    // A second -32020 is the call's error: the retry happens once.
    await expect(client.callTool('q', { r: 'eu' })).rejects.toMatchObject({ code: -32020 })
    expect(requests.map((r) => r.body.method)).toEqual(['tools/list', 'tools/call', 'tools/list', 'tools/call'])
    expect(requests[1]!.headers.get('mcp-param-region')).toBe('eu')
    expect(requests[3]!.headers.get('mcp-param-zone')).toBe('eu')
    expect(requests[3]!.headers.has('mcp-param-region')).toBe(false)
  })

  it('leaves out tools with invalid x-mcp-header annotations, with a warning naming them', async () => {
    const onWarning = vi.fn()
    const { fetch } = scriptedFetch([
      result({
        tools: [
          { name: 'good', inputSchema: { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } },
          { name: 'bad', inputSchema: { type: 'object', properties: { a: { type: 'number', 'x-mcp-header': 'A' } } } },
        ],
      }),
    ])
    const tools = await createClient(url, { fetch, onWarning, protocolVersion: '2026-07-28' }).listTools()
    expect(tools.map((t) => t.name)).toEqual(['good'])
    expect(onWarning).toHaveBeenCalledWith(expect.stringMatching(/Tool "bad" left out: .*number/))
  })

  it('reads every page and stops on a cursor the server repeats', async () => {
    const page = (names: string[], nextCursor?: string) => result({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })), ...(nextCursor ? { nextCursor } : {}) })
    const { fetch, requests } = scriptedFetch([page(['a'], 'c1'), page(['b'], 'c2'), page(['c'], 'c1')])
    const tools = await createClient(url, { fetch, protocolVersion: '2026-07-28' }).listTools()
    expect(tools.map((t) => t.name)).toEqual(['a', 'b', 'c'])
    expect(requests.map((r) => r.body.params.cursor)).toEqual([undefined, 'c1', 'c2'])
  })

  it('names the method and URL in network and HTTP errors', async () => {
    const refused = scriptedFetch([() => Promise.reject(new TypeError('fetch failed'))])
    const network = await createClient(url, { fetch: refused.fetch, protocolVersion: '2026-07-28' }).request('tools/list').catch((e: unknown) => e)
    expect(network).toBeInstanceOf(McpNetworkError)
    expect(String((network as Error).message)).toContain(`tools/list ${url}`)
    const html = scriptedFetch([() => new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })])
    const http = await createClient(url, { fetch: html.fetch, protocolVersion: '2026-07-28' }).request('tools/list').catch((e: unknown) => e)
    expect(http).toBeInstanceOf(McpHttpError)
    expect(http).toMatchObject({ status: 404, method: 'tools/list', url })
  })

  it('times out with a typed error', async () => {
    const { fetch } = scriptedFetch([(_request, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)))])
    const error = await createClient(url, { fetch, protocolVersion: '2026-07-28' }).request('tools/list', {}, { timeoutMs: 20 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpTimeoutError)
    expect(isMcpError(error)).toBe(true)
  })

  it('sends extra headers without letting them override protocol headers, calling a header function per request', async () => {
    let n = 0
    const { fetch, requests } = scriptedFetch([result({}), result({})])
    const mcp = createClient(url, { fetch, protocolVersion: '2026-07-28', headers: () => ({ Authorization: `Bearer ${++n}`, 'Mcp-Method': 'spoofed' }) })
    await mcp.request('ping')
    await mcp.request('ping')
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer 1', 'Bearer 2'])
    expect(requests[0]!.headers.get('mcp-method')).toBe('ping')
  })

  it('routes progress by its own token and leaves other notifications to the client callback', async () => {
    const onNotification = vi.fn()
    const progress: unknown[] = []
    const { fetch, requests } = scriptedFetch([
      (request) => {
        const token = request.body.params._meta.progressToken
        return sse([
          `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'other', progress: 9 } })}\n\n`,
          `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 4 } })}\n\n`,
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.body.id, result: {} })}\n\n`,
        ])
      },
    ])
    await createClient(url, { fetch, onNotification, protocolVersion: '2026-07-28' }).request('tools/call', { name: 'x' }, { onProgress: (p) => progress.push(p) })
    expect(typeof requests[0]!.body.params._meta.progressToken).toBe('string')
    expect(progress).toEqual([{ progress: 1, total: 4 }])
    expect(onNotification).toHaveBeenCalledOnce()
  })

  it("takes a legacy session's GET-stream changes as stale cache entries, its other notifications to onNotification", async () => {
    const getStream = pushedSse()
    const tools = (name: string) => result({ tools: [{ name, inputSchema: { type: 'object' } }], ttlMs: 60_000 })
    const { fetch, requests } = scriptedFetch([
      (request) => json({ jsonrpc: '2.0', id: request.body.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }, 200, { 'mcp-session-id': 'sess-1' }),
      () => new Response(null, { status: 202 }),
      getStream.step,
      tools('first'),
      tools('second'),
      () => new Response(null, { status: 200 }),
    ])
    const onNotification = vi.fn()
    const client = createClient(`${url}?legacy-changes`, { fetch, protocolVersion: '2025-11-25', onNotification })
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['first'])
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['first'])
    await expect.poll(() => getStream.opened).toBe(true)
    getStream.push({ method: 'notifications/message', params: { level: 'info', data: 'hello' } })
    getStream.push({ method: 'notifications/tools/list_changed' })
    await expect.poll(() => onNotification.mock.calls.length).toBe(1)
    expect(onNotification).toHaveBeenCalledWith({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hello' } })
    await expect.poll(async () => (await client.listTools()).map((tool) => tool.name)).toEqual(['second'])
    expect(requests.filter((r) => r.body?.method === 'tools/list')).toHaveLength(2)
    await client.close()
    expect(requests.at(-1)!.method).toBe('DELETE')
  })

  it('turns a legacy -32042 URL-elicitation error into an input round and retries the request', async () => {
    const elicitation = { mode: 'url', elicitationId: 'e1', url: 'https://auth.example.com/start', message: 'Sign in' }
    const { fetch, requests } = scriptedFetch([
      (request) => json({ jsonrpc: '2.0', id: request.body.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }, 200, { 'mcp-session-id': 'sess-1' }),
      () => new Response(null, { status: 202 }),
      () => new Response(null, { status: 405 }),
      rpcError(-32042, { elicitations: [elicitation] }, 200),
      result({ content: [{ type: 'text', text: 'done' }] }),
    ])
    const onInputRequests = vi.fn(async (requests: Record<string, any>) => {
      expect(Object.values(requests)).toEqual([{ method: 'elicitation/create', params: elicitation }])
      return Object.fromEntries(Object.keys(requests).map((k) => [k, { action: 'accept' }]))
    })
    const client = createClient(url, { fetch, protocolVersion: '2025-11-25', capabilities: { elicitation: { url: {} } }, onInputRequests })
    await expect(client.callTool('needs_auth', { a: 1 })).resolves.toEqual({ content: [{ type: 'text', text: 'done' }] })
    expect(onInputRequests).toHaveBeenCalledOnce()
    const calls = requests.filter((r) => r.body?.method === 'tools/call')
    expect(calls).toHaveLength(2)
    // A legacy server knows no MRTR fields: the retry is the original request again.
    expect(calls[1]!.body.params).toEqual({ name: 'needs_auth', arguments: { a: 1 } })
    expect(calls[1]!.headers.get('mcp-session-id')).toBe('sess-1')
  })

  it('probes again when a remembered era stops working, and caches per endpoint', async () => {
    const endpoint = `${url}?reprobe`
    const legacyServer = scriptedFetch([
      () => new Response('Bad Request', { status: 400 }),
      (request) => json({ jsonrpc: '2.0', id: request.body.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'old', version: '1' } } }),
      () => new Response(null, { status: 202 }),
      () => new Response(null, { status: 405 }),
      result({ tools: [] }),
    ])
    const first = createClient(endpoint, { fetch: legacyServer.fetch })
    await first.request('tools/list')
    expect(first.era).toBe('legacy')
    expect(legacyServer.requests.map((r) => r.body?.method ?? r.method)).toEqual(['server/discover', 'initialize', 'notifications/initialized', 'GET', 'tools/list'])

    // The same endpoint, upgraded: the remembered legacy era fails to start a session, so the client probes again.
    const upgraded = scriptedFetch([
      () => new Response('<h1>gone</h1>', { status: 400, headers: { 'content-type': 'text/html' } }),
      result({ supportedVersions: ['2026-07-28'] }),
      result({ tools: [{ name: 'new', inputSchema: { type: 'object' } }] }),
    ])
    const second = createClient(endpoint, { fetch: upgraded.fetch })
    await expect(second.request('tools/list')).resolves.toEqual({ tools: [{ name: 'new', inputSchema: { type: 'object' } }] })
    expect(second.era).toBe('modern')
    expect(upgraded.requests.map((r) => r.body?.method)).toEqual(['initialize', 'server/discover', 'tools/list'])
  })

  it('calls a fetch passed in unbound as a plain function, as native fetch requires', async () => {
    const seen: unknown[] = []
    const strictFetch = function (this: unknown, _input: RequestInfo | URL, init?: RequestInit) {
      // Native fetch throws "Illegal invocation" for any receiver but the global object or none.
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation')
      seen.push(JSON.parse(String(init?.body)).method)
      return Promise.resolve(json({ jsonrpc: '2.0', id: JSON.parse(String(init?.body)).id, result: {} }))
    } as typeof fetch
    await createClient(url, { fetch: strictFetch, protocolVersion: '2026-07-28' }).request('ping')
    expect(seen).toEqual(['ping'])
  })

  it('still calls a tool when the tools/list after a -32020 is refused, warning that no Mcp-Param headers go out', async () => {
    const onWarning = vi.fn()
    const { fetch, requests } = scriptedFetch([rpcError(-32020), rpcError(-32601, undefined, 404), result({ content: [] })])
    await expect(createClient(url, { fetch, onWarning, protocolVersion: '2026-07-28' }).callTool('t', { a: 1 })).resolves.toEqual({ content: [] })
    expect(requests.map((r) => r.body.method)).toEqual(['tools/call', 'tools/list', 'tools/call'])
    expect(onWarning).toHaveBeenCalledWith(expect.stringMatching(/tools\/list failed .* calling t without Mcp-Param headers/))
  })
})
