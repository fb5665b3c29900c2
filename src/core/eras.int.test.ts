/**
 * One scenario, three servers: a two-field form answered by one input
 * handler must reach the tool unchanged whether the server is modern, a
 * dual-era server reached as legacy, or a v1 SDK server. Then the legacy
 * details: sessions, the GET stream, resumption, capabilities, close.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startDualEraServer, type DualEraServer } from '../../servers/dual-era-server.ts'
import { startLegacyServer, type LegacyServer } from '../../servers/legacy-server.ts'
import { legacySchema } from '../../test/support/schema'
import { createClient, type ClientOptions, type InputHandler } from './index'
import { isMcpSessionError } from './errors'

const servers: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
async function legacy(options?: Parameters<typeof startLegacyServer>[0]): Promise<LegacyServer> {
  const server = await startLegacyServer(options)
  servers.push(server)
  return server
}
async function dual(): Promise<DualEraServer> {
  const server = await startDualEraServer()
  servers.push(server)
  return server
}

const capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }
const open = (url: string, options: ClientOptions = {}) => createClient(url, { clientInfo: { name: 'eras', version: '1.0.0' }, capabilities, onWarning: () => {}, ...options })
const textOf = (result: any) => result.content?.[0]?.text

/** The one handler: fills the form the same way whatever the era. */
function formHandler() {
  const seen: Array<{ era: string; method: string; message: unknown; round: number }> = []
  const handler = vi.fn<InputHandler>(async (requests, context) => {
    return Object.fromEntries(
      Object.entries(requests).map(([key, request]) => {
        seen.push({ era: context.era, method: request.method, message: request.params?.message, round: context.round })
        return [key, { action: 'accept', content: { name: 'Ada', age: 36 } }]
      }),
    )
  })
  return { handler, seen }
}

describe('the same two-field scenario in every era', () => {
  it('modern: the dual-era server reached in the default auto mode', async () => {
    const server = await dual()
    const { handler, seen } = formHandler()
    const client = open(server.url, { onInputRequests: handler })
    expect(textOf(await client.callTool('two_fields'))).toBe('name=Ada age=36')
    expect(client.era).toBe('modern')
    expect(seen).toEqual([{ era: 'modern', method: 'elicitation/create', message: 'Tell me about you', round: 1 }])
    expect(server.received.at(-1)).toMatchObject({ era: 'modern' })
  })

  it('legacy: the dual-era server pinned to 2025-11-25, its shim pushing the request', async () => {
    const server = await dual()
    const { handler, seen } = formHandler()
    const client = open(server.url, { onInputRequests: handler, protocolVersion: '2025-11-25' })
    expect(textOf(await client.callTool('two_fields'))).toBe('name=Ada age=36')
    expect(client.era).toBe('legacy')
    expect(seen).toEqual([{ era: 'legacy', method: 'elicitation/create', message: 'Tell me about you', round: 1 }])
    expect(server.received.at(-1)).toMatchObject({ era: 'legacy', inputResponses: { about: { action: 'accept', content: { name: 'Ada', age: 36 } } } })
    await client.close()
  })

  it('legacy: a v1 SDK server found by auto detection', async () => {
    const server = await legacy()
    const { handler, seen } = formHandler()
    const client = open(server.url, { onInputRequests: handler })
    expect(textOf(await client.callTool('two_fields'))).toBe('name=Ada age=36')
    expect(client.era).toBe('legacy')
    expect(seen).toEqual([{ era: 'legacy', method: 'elicitation/create', message: 'Tell me about you', round: 1 }])
    expect(server.received.find((c) => c.tool === 'two_fields')!.responses).toEqual([{ action: 'accept', content: { name: 'Ada', age: 36 } }])
    await client.close()
    // Everything after the one modern probe is legacy traffic and must match the 2025-11-25 schema.
    const posts = server.requests.filter((r) => r.method === 'POST')
    expect((posts[0]!.body as any).method).toBe('server/discover')
    for (const request of posts.slice(1)) {
      const body = request.body as any
      const definition = 'method' in body ? (body.id === undefined ? 'ClientNotification' : 'ClientRequest') : 'ClientResult'
      const payload = definition === 'ClientResult' ? body.result : body
      expect(legacySchema(definition, payload), JSON.stringify(body)).toEqual([])
    }
  })
})

describe('legacy sessions against a v1 server', () => {
  it('initializes once, keeps the session id, and deletes the session on close', async () => {
    const server = await legacy()
    const client = open(server.url, { protocolVersion: '2025-11-25' })
    await client.callTool('echo', { text: 'a' })
    await client.callTool('echo', { text: 'b' })
    const posts = server.requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => (r.body as any).method)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'tools/call'])
    const sessionId = posts[0]!.responseHeaders?.['mcp-session-id']
    expect(sessionId).toBeTruthy()
    expect(posts.slice(1).every((r) => r.headers['mcp-session-id'] === sessionId && r.headers['mcp-protocol-version'] === '2025-11-25')).toBe(true)
    expect(posts[2]!.headers).not.toHaveProperty('mcp-method')
    expect((posts[0]!.body as any).params).toMatchObject({ protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'eras', version: '1.0.0' } })
    await client.close()
    const deleted = server.requests.find((r) => r.method === 'DELETE')
    expect(deleted?.headers['mcp-session-id']).toBe(sessionId)
    expect(server.sessions()).toHaveLength(0)
  })

  it('answers requests pushed on the GET stream through the same handler', async () => {
    const server = await legacy({ serverRequests: 'standalone' })
    const { handler, seen } = formHandler()
    const client = open(server.url, { onInputRequests: handler, protocolVersion: '2025-11-25' })
    expect(textOf(await client.callTool('two_fields'))).toBe('name=Ada age=36')
    expect(seen).toHaveLength(1)
    expect(server.requests.some((r) => r.method === 'GET')).toBe(true)
    await client.close()
  })

  it('answers sampling and roots, and refuses what was not declared with a JSON-RPC error', async () => {
    const server = await legacy()
    const handler: InputHandler = async (requests) =>
      Object.fromEntries(Object.entries(requests).map(([key, r]) => [key, r.method === 'roots/list' ? { roots: [{ uri: 'file:///w' }] } : { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' }]))
    const client = open(server.url, { onInputRequests: handler, protocolVersion: '2025-11-25' })
    expect(textOf(await client.callTool('needs_sampling'))).toBe('sampled: hi')
    expect(textOf(await client.callTool('needs_roots'))).toBe('roots: file:///w')
    await client.close()
    const limited = open(server.url, { onInputRequests: handler, protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } } })
    const refused = await limited.callTool('needs_roots')
    expect(refused.isError).toBe(true)
    const answer = server.requests.filter((r) => r.method === 'POST').map((r) => r.body as any).find((b) => b.error)
    expect(answer.error.message).toMatch(/did not declare/)
    await limited.close()
  })

  it('runs URL-mode elicitation with elicitationId and delivers elicitation/complete', async () => {
    const server = await legacy()
    const notifications: unknown[] = []
    const seen: unknown[] = []
    const client = open(server.url, {
      protocolVersion: '2025-11-25',
      onNotification: (n) => notifications.push(n),
      onInputRequests: async (requests) => {
        const [key, request] = Object.entries(requests)[0]!
        seen.push(request.params)
        return { [key]: { action: 'accept' } }
      },
    })
    const result = await client.callTool('confirm_url')
    const params = seen[0] as { mode: string; url: string; elicitationId: string }
    expect(params).toMatchObject({ mode: 'url', url: expect.stringContaining('https://example.com/confirm?id=') })
    expect(textOf(result)).toBe(`confirmed ${params.elicitationId}`)
    expect(notifications).toContainEqual({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: params.elicitationId } })
    await client.close()
  })

  it('resumes a stream the server closed, after retry:, with Last-Event-ID', async () => {
    const server = await legacy({ resumable: true, retryInterval: 100 })
    const progress: unknown[] = []
    const client = open(server.url, { protocolVersion: '2025-11-25' })
    const result = await client.callTool('resume_me', { delayMs: 150 }, { onProgress: (p) => progress.push(p) })
    expect(textOf(result)).toBe('resumed')
    expect(progress).toEqual([{ progress: 1, total: 2 }])
    const resumed = server.requests.filter((r) => r.method === 'GET' && r.headers['last-event-id'])
    expect(resumed.length).toBeGreaterThan(0)
    await client.close()
  })

  it('re-initializes once when the session expired (404)', async () => {
    const server = await legacy()
    const client = open(server.url, { protocolVersion: '2025-11-25' })
    await client.callTool('echo', { text: 'one' })
    // Delete the session behind the client's back.
    const sessionId = server.sessions()[0]!
    await fetch(server.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } })
    expect(textOf(await client.callTool('echo', { text: 'two' }))).toBe('two')
    expect(server.requests.filter((r) => (r.body as any)?.method === 'initialize')).toHaveLength(2)
    await client.close()
  })

  it('reports a server that cannot start a session as one clear error naming the URL', async () => {
    const refuse = async () => new Response('<h1>Service Unavailable</h1>', { status: 503, headers: { 'content-type': 'text/html' } })
    const client = open('http://127.0.0.1:9/legacy', { protocolVersion: '2025-11-25', fetch: refuse })
    const error = await client.callTool('echo').catch((e: unknown) => e)
    expect(isMcpSessionError(error)).toBe(true)
    expect(String((error as Error).message)).toMatch(/Could not establish an MCP session: .*HTTP 503.*initialize http:\/\/127\.0\.0\.1:9\/legacy/)
    expect(error).toMatchObject({ status: 503 })
  })
})
