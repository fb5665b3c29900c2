/**
 * Proves the dual-era fixture: ONE `two_fields` tool (v2 `inputRequired`
 * style) completed by a legacy client (v1 SDK, sessions + pushed
 * `elicitation/create` through the SDK's legacy shim) and by a modern client
 * (v2 SDK, stateless `input_required` + retry), on the same endpoint.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from '@modelcontextprotocol/client'
import { EventSourceParserStream } from 'eventsource-parser/stream'
import { startDualEraServer, type DualEraServer } from '../../servers/dual-era-server.ts'

const LEGACY = '2025-11-25'
const MODERN = '2026-07-28'
const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
}

let server: DualEraServer | undefined
const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close().catch(() => {})))
  await server?.close()
  server = undefined
})

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content
  return content.map((block) => block.text ?? '').join('')
}

function methodOf(body: unknown): string | undefined {
  return (body as { method?: string } | undefined)?.method
}

async function connectLegacy(url: string, answer: () => ElicitResult) {
  const client = new V1Client({ name: 'v1-legacy-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } })
  const asked: unknown[] = []
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params)
    return answer()
  })
  await client.connect(new V1Transport(new URL(url)))
  closers.push(() => client.close())
  return { client, asked }
}

async function connectModern(url: string, answer: () => ElicitResult) {
  const client = new V2Client(
    { name: 'v2-modern-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } },
  )
  const asked: unknown[] = []
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(request.params)
    return answer()
  })
  await client.connect(new V2Transport(new URL(url)))
  closers.push(() => client.close())
  return { client, asked }
}

describe('dual-era server', () => {
  it('legacy (v1 client): two_fields completes through a pushed elicitation/create', async () => {
    server = await startDualEraServer()
    const { client, asked } = await connectLegacy(server.url, () => ({ action: 'accept', content: { name: 'Ada', age: 36 } }))

    expect(textOf(await client.callTool({ name: 'two_fields', arguments: {} }))).toBe('name=Ada age=36')
    expect(asked).toEqual([
      expect.objectContaining({
        mode: 'form',
        message: 'Tell me about you',
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' }, age: { type: 'integer', title: 'Age', minimum: 0 } }, required: ['name', 'age'] },
      }),
    ])
    const [sessionId] = server.sessions()
    expect(sessionId).toBeDefined()
    // The shim re-entered the handler in-process: two rounds, one tools/call on the wire.
    expect(server.received.filter((call) => call.tool === 'two_fields')).toEqual([
      { tool: 'two_fields', era: 'legacy', sessionId, arguments: {}, inputResponses: undefined },
      { tool: 'two_fields', era: 'legacy', sessionId, arguments: {}, inputResponses: { about: { action: 'accept', content: { name: 'Ada', age: 36 } } } },
    ])
    expect(server.requests.filter((request) => methodOf(request.body) === 'tools/call')).toHaveLength(1)
    const initialize = server.requests.find((request) => methodOf(request.body) === 'initialize')
    expect(initialize?.responseHeaders?.['mcp-session-id']).toBe(sessionId)
  })

  it('modern (v2 client, auto negotiation): two_fields completes through input_required + retry, statelessly', async () => {
    server = await startDualEraServer()
    const { client, asked } = await connectModern(server.url, () => ({ action: 'accept', content: { name: 'Ada', age: 36 } }))
    expect(client.getProtocolEra()).toBe('modern')

    expect(textOf(await client.callTool({ name: 'two_fields', arguments: {} }))).toBe('name=Ada age=36')
    expect(asked).toHaveLength(1)
    expect(server.sessions()).toEqual([])
    expect(server.requests.some((request) => methodOf(request.body) === 'initialize')).toBe(false)
    expect(server.requests.every((request) => request.headers['mcp-session-id'] === undefined)).toBe(true)
    const calls = server.requests.filter((request) => methodOf(request.body) === 'tools/call')
    expect(calls).toHaveLength(2)
    expect(calls[0]?.headers['mcp-protocol-version']).toBe(MODERN)
    expect(calls[1]?.body).toMatchObject({ params: { name: 'two_fields', inputResponses: { about: { action: 'accept', content: { name: 'Ada', age: 36 } } } } })
    expect(server.received.filter((call) => call.tool === 'two_fields').map((call) => call.era)).toEqual(['modern', 'modern'])
  })

  it('decline reaches the same handler on both eras', async () => {
    server = await startDualEraServer()
    const legacy = await connectLegacy(server.url, () => ({ action: 'decline' }))
    const modern = await connectModern(server.url, () => ({ action: 'decline' }))
    expect(textOf(await legacy.client.callTool({ name: 'two_fields', arguments: {} }))).toBe('declined')
    expect(textOf(await modern.client.callTool({ name: 'two_fields', arguments: {} }))).toBe('declined')
  })

  it('the v2 client in its default legacy mode is served by the sessionful leg too', async () => {
    server = await startDualEraServer()
    const client = new V2Client({ name: 'v2-legacy-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } })
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Bo', age: 7 } }))
    await client.connect(new V2Transport(new URL(server.url)))
    closers.push(() => client.close())
    expect(client.getProtocolEra()).toBe('legacy')
    expect(textOf(await client.callTool({ name: 'two_fields', arguments: {} }))).toBe('name=Bo age=7')
    expect(server.sessions()).toHaveLength(1)
  })
})

describe('dual-era server wire facts (raw fetch)', () => {
  it('modern: server/discover and an input_required result as application/json, no session header', async () => {
    server = await startDualEraServer()
    const discover = await fetch(server.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } }),
    })
    expect(discover.status).toBe(200)
    expect(discover.headers.get('content-type')).toBe('application/json')
    expect(discover.headers.get('mcp-session-id')).toBeNull()
    expect(await discover.json()).toMatchObject({
      id: 1,
      result: { supportedVersions: [MODERN], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'dual-era-test-server' } } },
    })

    const call = await fetch(server.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'two_fields' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'two_fields', arguments: {}, _meta: ENVELOPE } }),
    })
    expect(call.status).toBe(200)
    expect(await call.json()).toMatchObject({
      id: 2,
      result: { resultType: 'input_required', inputRequests: { about: { method: 'elicitation/create', params: { mode: 'form', message: 'Tell me about you' } } } },
    })
  })

  it('legacy: the shim pushes elicitation/create on the tools/call POST stream; the answer POST gets 202', async () => {
    server = await startDualEraServer()
    const init = await fetch(server.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } }, clientInfo: { name: 'raw', version: '0' } } }),
    })
    expect(init.headers.get('content-type')).toBe('text/event-stream')
    await init.text()
    const headers = { ...POST_HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': LEGACY }
    expect((await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).status).toBe(202)
    // The GET stream's 200 arrives at once (the fixture flushes headers).
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': headers['mcp-session-id'], 'mcp-protocol-version': LEGACY } })
    expect(get.status).toBe(200)

    const call = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'two_fields', arguments: {} } }) })
    expect(call.headers.get('content-type')).toBe('text/event-stream')
    const reader = call.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
    const first = await reader.read()
    const request = JSON.parse(first.value?.data ?? '{}') as { id: number; method: string; params: Record<string, unknown> }
    expect(first.value?.event).toBe('message')
    expect(request).toMatchObject({ method: 'elicitation/create', params: { mode: 'form', message: 'Tell me about you' } })
    const answer = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { name: 'Ada', age: 36 } } }) })
    expect(answer.status).toBe(202)
    const second = await reader.read()
    expect(JSON.parse(second.value?.data ?? '{}')).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'name=Ada age=36' }] } })
    await get.body?.cancel()

    const deleted = await fetch(server.url, { method: 'DELETE', headers: { 'mcp-session-id': headers['mcp-session-id'], 'mcp-protocol-version': LEGACY } })
    expect(deleted.status).toBe(200)
    const stale = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }) })
    expect(stale.status).toBe(404)
  })

  it('routing: claim-less requests without a session get the legacy 400; a modern header without _meta gets -32602', async () => {
    server = await startDualEraServer()
    const noSession = await fetch(server.url, { method: 'POST', headers: POST_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
    expect(noSession.status).toBe(400)
    expect(await noSession.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null })

    const headerOnly = await fetch(server.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(headerOnly.status).toBe(400)
    expect(await headerOnly.json()).toMatchObject({ id: 1, error: { code: -32602 } })

    const preflight = await fetch(server.url, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Mcp-Session-Id')
    expect(preflight.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
  })
})
