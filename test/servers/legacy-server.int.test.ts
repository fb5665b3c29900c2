/**
 * Proves the legacy-era fixture with the official v1 client, and pins the
 * wire facts the browser client relies on (raw `fetch` for those).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js'
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream'
import { startLegacyServer, type LegacyServer, type LegacyServerOptions } from '../../servers/legacy-server.ts'

const LEGACY = '2025-11-25'
const MODERN = '2026-07-28'
const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

let server: LegacyServer | undefined
const clients: Client[] = []

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})))
  await server?.close()
  server = undefined
})

async function start(options?: LegacyServerOptions): Promise<LegacyServer> {
  server = await startLegacyServer(options)
  return server
}

async function connect(url: string, answer: (request: { params: Record<string, unknown> }) => ElicitResult = () => ({ action: 'accept', content: { name: 'Ada', age: 36 } })) {
  const client = new Client(
    { name: 'legacy-test-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } },
  )
  client.setRequestHandler(ElicitRequestSchema, (request) => answer(request as { params: Record<string, unknown> }))
  client.setRequestHandler(CreateMessageRequestSchema, () => ({ role: 'assistant', model: 'test-model', content: { type: 'text', text: 'hi there' } }))
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }))
  const transport = new StreamableHTTPClientTransport(new URL(url))
  await client.connect(transport)
  clients.push(client)
  return { client, transport }
}

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text?: string }[] }).content
  return content.map((block) => block.text ?? '').join('')
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  if (!check()) throw new Error(`timed out waiting for ${what}`)
}

/** Raw handshake: initialize + notifications/initialized; returns the headers for later requests. */
async function rawSession(url: string): Promise<Record<string, string>> {
  const init = await fetch(url, {
    method: 'POST',
    headers: POST_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LEGACY, capabilities: { elicitation: { form: {}, url: {} } }, clientInfo: { name: 'raw', version: '0' } },
    }),
  })
  await init.text()
  const headers = { ...POST_HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': LEGACY }
  const initialized = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })
  expect(initialized.status).toBe(202)
  return headers
}

function events(response: Response): ReadableStreamDefaultReader<EventSourceMessage> {
  if (!response.body) throw new Error('no body')
  return response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
}

/** Reads SSE events until one whose data matches `match`; returns it parsed. */
async function nextMessage(reader: ReadableStreamDefaultReader<EventSourceMessage>, match: (message: Record<string, unknown>) => boolean) {
  for (;;) {
    const { done, value } = await reader.read()
    if (done) throw new Error('stream ended before the expected message')
    if (value.data === '') continue
    const message = JSON.parse(value.data) as Record<string, unknown>
    if (match(message)) return { event: value, message }
  }
}

describe('legacy server with the official v1 client', () => {
  it('initializes a session, opens the GET stream and calls echo', async () => {
    const { url, requests, received, sessions } = await start()
    const { client } = await connect(url)

    const tools = await client.listTools()
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual(
      ['ask_name', 'confirm_url', 'echo', 'needs_roots', 'needs_sampling', 'progress', 'resume_me', 'two_at_once', 'two_fields'],
    )
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi')
    expect(received).toContainEqual(expect.objectContaining({ tool: 'echo', arguments: { text: 'hi' } }))

    const [sessionId] = sessions()
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/)
    const initialize = requests.find((request) => (request.body as { method?: string })?.method === 'initialize')
    expect(initialize?.headers['mcp-session-id']).toBeUndefined()
    expect(initialize?.responseHeaders?.['mcp-session-id']).toBe(sessionId)
    const initialized = requests.find((request) => (request.body as { method?: string })?.method === 'notifications/initialized')
    expect(initialized?.status).toBe(202)
    expect(initialized?.headers['mcp-protocol-version']).toBe(LEGACY)
    await until(() => requests.some((request) => request.method === 'GET' && request.status === 200), 'the GET stream')
  })

  it('ask_name: accept, decline and cancel', async () => {
    const { url, received } = await start()
    const answers: ElicitResult[] = [{ action: 'accept', content: { name: 'Ada' } }, { action: 'decline' }, { action: 'cancel' }]
    const { client } = await connect(url, () => answers.shift() ?? { action: 'cancel' })
    expect(textOf(await client.callTool({ name: 'ask_name' }))).toBe('hello Ada')
    expect(textOf(await client.callTool({ name: 'ask_name' }))).toBe('declined')
    expect(textOf(await client.callTool({ name: 'ask_name' }))).toBe('cancelled')
    expect(received.filter((call) => call.tool === 'ask_name').map((call) => call.responses[0])).toEqual([
      { action: 'accept', content: { name: 'Ada' } },
      { action: 'decline' },
      { action: 'cancel' },
    ])
  })

  it('two_fields: one form with a string and an integer', async () => {
    const { url } = await start()
    let asked: Record<string, unknown> | undefined
    const { client } = await connect(url, (request) => {
      asked = request.params
      return { action: 'accept', content: { name: 'Ada', age: 36 } }
    })
    expect(textOf(await client.callTool({ name: 'two_fields' }))).toBe('name=Ada age=36')
    expect(asked).toMatchObject({
      mode: 'form',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] },
    })
  })

  it('needs_sampling and needs_roots', async () => {
    const { url } = await start()
    const { client } = await connect(url)
    expect(textOf(await client.callTool({ name: 'needs_sampling', arguments: { prompt: 'greet' } }))).toBe('sampled: hi there')
    expect(textOf(await client.callTool({ name: 'needs_roots' }))).toBe('roots: file:///work')
  })

  it('confirm_url: URL-mode elicitation with an elicitationId, then notifications/elicitation/complete', async () => {
    const { url } = await start()
    let asked: Record<string, unknown> | undefined
    const { client } = await connect(url, (request) => {
      asked = request.params
      return { action: 'accept' }
    })
    const completed: string[] = []
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
      completed.push(notification.params.elicitationId)
    })
    const result = await client.callTool({ name: 'confirm_url' })
    expect(asked).toMatchObject({ mode: 'url', message: expect.any(String), url: expect.stringMatching(/^https:\/\//) })
    const elicitationId = asked?.elicitationId as string
    expect(textOf(result)).toBe(`confirmed ${elicitationId}`)
    expect(completed).toEqual([elicitationId])
  })

  it('progress: one notification per step', async () => {
    const { url } = await start()
    const { client } = await connect(url)
    const seen: number[] = []
    const result = await client.callTool({ name: 'progress', arguments: { count: 3 } }, undefined, { onprogress: (progress) => seen.push(progress.progress) })
    expect(textOf(result)).toBe('done 3')
    expect(seen).toEqual([1, 2, 3])
  })

  it('serverRequests: standalone sends elicitation/create on the GET stream the v1 client opened', async () => {
    const { url, requests } = await start({ serverRequests: 'standalone' })
    const { client } = await connect(url)
    // The v1 client opens GET after notifications/initialized; a standalone
    // request sent before the server registered it would be dropped.
    await until(() => requests.some((request) => request.method === 'GET' && request.status === 200), 'the GET stream')
    expect(textOf(await client.callTool({ name: 'two_fields' }))).toBe('name=Ada age=36')
  })

  it('terminateSession sends DELETE (200); the old session id then gets 404', async () => {
    const { url, requests, sessions } = await start()
    const { transport } = await connect(url)
    const sessionId = transport.sessionId
    await transport.terminateSession()
    const deleted = requests.find((request) => request.method === 'DELETE')
    expect(deleted?.headers['mcp-session-id']).toBe(sessionId)
    expect(deleted?.status).toBe(200)
    expect(sessions()).toEqual([])
    const stale = await fetch(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': sessionId ?? '', 'mcp-protocol-version': LEGACY },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    })
    expect(stale.status).toBe(404)
    expect(await stale.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null })
  })

  it('resumable: the v1 client resumes a closed request stream with Last-Event-ID', async () => {
    const { url, requests } = await start({ resumable: true, retryInterval: 50 })
    const { client } = await connect(url)
    const result = await client.callTool({ name: 'resume_me', arguments: { delayMs: 300 } })
    expect(textOf(result)).toBe('resumed')
    const resume = requests.find((request) => request.method === 'GET' && request.headers['last-event-id'] !== undefined)
    expect(resume?.status).toBe(200)
  })
})

describe('legacy server wire facts (raw fetch)', () => {
  it('initialize answers SSE with Mcp-Session-Id; no id:/retry: lines without resumability', async () => {
    const { url } = await start()
    const response = await fetch(url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/)
    const body = await response.text()
    expect(body).toMatch(/^event: message\ndata: \{.*"protocolVersion":"2025-11-25".*\}\n\n$/)
    expect(body).not.toMatch(/^(id|retry):/m)
  })

  it('elicitation/create arrives on the POST stream even while a GET stream is open; the answer POST gets 202', async () => {
    const { url } = await start()
    const headers = await rawSession(url)
    const get = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': headers['mcp-session-id'] ?? '', 'mcp-protocol-version': LEGACY } })
    expect(get.status).toBe(200)
    expect(get.headers.get('content-type')).toBe('text/event-stream')

    const call = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'two_fields', arguments: {} } }) })
    const reader = events(call)
    const { event, message } = await nextMessage(reader, (m) => m.method === 'elicitation/create')
    expect(event.event).toBe('message')
    expect(event.id).toBeUndefined()
    const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { action: 'accept', content: { name: 'Ada', age: 36 } } }) })
    expect(answer.status).toBe(202)
    expect(await answer.text()).toBe('')
    const { message: final } = await nextMessage(reader, (m) => m.id === 2)
    expect(final).toMatchObject({ result: { content: [{ type: 'text', text: 'name=Ada age=36' }] } })
    await get.body?.cancel()
  })

  it('standalone: elicitation/create arrives on the GET stream instead', async () => {
    const { url } = await start({ serverRequests: 'standalone' })
    const headers = await rawSession(url)
    const get = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': headers['mcp-session-id'] ?? '', 'mcp-protocol-version': LEGACY } })
    const call = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'ask_name', arguments: {} } }) })
    const getEvents = events(get)
    const { message } = await nextMessage(getEvents, (m) => m.method === 'elicitation/create')
    const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { action: 'accept', content: { name: 'Bo' } } }) })
    expect(answer.status).toBe(202)
    const { message: final } = await nextMessage(events(call), (m) => m.id === 2)
    expect(final).toMatchObject({ result: { content: [{ type: 'text', text: 'hello Bo' }] } })
    await getEvents.cancel()
  })

  it('standalone without a GET stream: the request is dropped and the tool times out', async () => {
    const { url } = await start({ serverRequests: 'standalone', requestTimeoutMs: 300 })
    const headers = await rawSession(url)
    const call = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'ask_name', arguments: {} } }) })
    const { message } = await nextMessage(events(call), (m) => m.id === 2)
    expect(message).toMatchObject({ result: { isError: true, content: [{ text: 'MCP error -32001: Request timed out' }] } })
  })

  it('resumable: priming event with id: and retry:, events carry id:', async () => {
    const { url } = await start({ resumable: true, retryInterval: 1500 })
    const headers = await rawSession(url)
    const call = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } }) })
    const body = await call.text()
    expect(body).toMatch(/^id: \S+\nretry: 1500\ndata: \n\nevent: message\nid: \S+\ndata: \{.*"id":2\}\n\n$/)
  })

  it('a modern-era request (no session) gets 400 with a -32000 JSON-RPC error, not a modern error', async () => {
    const { url } = await start()
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
    }
    for (const method of ['server/discover', 'tools/list']) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': method },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta } }),
      })
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null })
    }
  })

  it('CORS: preflight 204 allows the MCP headers; responses expose Mcp-Session-Id', async () => {
    const { url } = await start()
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,mcp-session-id,mcp-param-region' },
    })
    expect(preflight.status).toBe(204)
    // The kit's CORS: any page origin, no credentials.
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    for (const name of ['mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'authorization', 'content-type', 'mcp-param-region']) {
      expect(allowed).toContain(name)
    }
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE')
    const init = await fetch(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, origin: 'http://localhost:5173' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }),
    })
    await init.text()
    expect(init.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
  })
})
