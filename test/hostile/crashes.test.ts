/**
 * Hostile servers, class "crashes": values where text is expected, ids that
 * are objects with a `toString` that is not a function. Every call ends in a
 * result or a typed McpError, never a TypeError, and nothing rejects
 * unhandled in the process.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CallObserver,
  McpResponseFormatError,
  McpProtocolError,
  McpSessionError,
  createClient,
  isMcpError,
  type InputRequests,
  type InputResponses,
  type McpClient,
  type ClientOptions,
} from '../../src/core/index.ts'
import {
  hostilePerTest,
  LEGACY,
  MODERN,
  elicitation,
  legacy,
  modern,
  openSse,
  result,
  rpcError,
  text,
  until,
  type HostileServer,
} from './hostile-server.ts'

/** The hostile id of the brief: `String(id)` and `${id}` throw on it. */
const hostileId = () => ({ toString: 1 })

const hostile = hostilePerTest()
let server: HostileServer
let unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)

beforeEach(() => {
  server = hostile.server
  unhandled = []
  process.on('unhandledRejection', onUnhandled)
})

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
})
const client = (options?: ClientOptions): McpClient => hostile.client(options)

const acceptAll = async (requests: InputRequests): Promise<InputResponses> =>
  Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { name: 'Ada' } }]))

/** Lets pending callbacks run, so an unhandled rejection would have been reported. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('crashes: ids that are objects', () => {
  it.each([
    ['with a handler', true],
    ['without a handler', false],
  ])('a request pushed on the tools/call POST stream with id {"toString":1} is answered with that id (%s)', async (_label, withHandler) => {
    legacy(server)
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      sse.send(elicitation(hostileId()))
      await server.waitForHit((hit) => hit.rpc === 'response')
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    const asked: string[] = []
    const mcp = client({ protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } } })
    const call = mcp.callTool('ask', {}, withHandler ? { onInputRequests: async (requests) => (asked.push(...Object.keys(requests)), acceptAll(requests)) } : {})
    await expect(call).resolves.toEqual(text('done'))
    await settle()
    const responses = server.find((hit) => hit.rpc === 'response')
    expect(responses).toHaveLength(1)
    expect(responses[0]!.body.id).toEqual({ toString: 1 })
    if (withHandler) {
      expect(asked).toEqual(['elicitation/create#{"toString":1}'])
      expect(responses[0]!.body).toEqual({ jsonrpc: '2.0', id: { toString: 1 }, result: { action: 'accept', content: { name: 'Ada' } } })
    } else {
      expect(responses[0]!.body.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
    }
    expect(unhandled).toEqual([])
  })

  it('requests pushed on the GET stream with object ids are answered with those ids (client handler, and none)', async () => {
    const session = legacy(server, { getStream: 'hold' })
    const withHandler = client({ protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } }, onInputRequests: acceptAll })
    await withHandler.discover()
    const stream = await session.getStream()
    stream.send(elicitation(hostileId()))
    stream.send({ jsonrpc: '2.0', id: { toString: 1, valueOf: 2 }, method: 'ping' })
    stream.send({ jsonrpc: '2.0', id: { toString: { toString: 1 } }, method: 'no/such/method' })
    await until(() => server.find((hit) => hit.rpc === 'response').length === 3, 3000, 'three answers')
    const answers = server.find((hit) => hit.rpc === 'response').map((hit) => hit.body)
    expect(answers).toContainEqual({ jsonrpc: '2.0', id: { toString: 1 }, result: { action: 'accept', content: { name: 'Ada' } } })
    expect(answers).toContainEqual({ jsonrpc: '2.0', id: { toString: 1, valueOf: 2 }, result: {} })
    expect(answers).toContainEqual({ jsonrpc: '2.0', id: { toString: { toString: 1 } }, error: expect.objectContaining({ code: -32601 }) })
    // Every answer carried the session it belongs to.
    expect(server.find((hit) => hit.rpc === 'response').map((hit) => hit.headers['mcp-session-id'])).toEqual(['s1', 's1', 's1'])

    const noHandler = createClient(server.url, { protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } }, onWarning: () => {} })
    hostile.track(noHandler)
    await noHandler.discover()
    const second = await session.getStream()
    second.send(elicitation(hostileId()))
    await until(() => server.find((hit) => hit.rpc === 'response').length === 4, 3000, 'the fourth answer')
    const last = server.find((hit) => hit.rpc === 'response')[3]!
    expect(last.headers['mcp-session-id']).toBe('s2')
    expect(last.body).toEqual({ jsonrpc: '2.0', id: { toString: 1 }, error: expect.objectContaining({ code: expect.any(Number) }) })
    await settle()
    expect(unhandled).toEqual([])
  })
})

describe('crashes: values that are not text', () => {
  it('a JSON-RPC error whose message is an object is an McpProtocolError in the modern era (200 and 400)', async () => {
    modern(server)
    let status = 200
    server.rpc('tools/call', (x) => rpcError(x, -32603, { toString: 1 }, status))
    const mcp = client({ protocolVersion: MODERN })
    for (const answer of [200, 400]) {
      status = answer
      const error = await mcp.callTool('t').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(McpProtocolError)
      expect(error).toMatchObject({ code: -32603, rpcMessage: '{"toString":1}' })
      expect((error as Error).message).toContain('{"toString":1}')
    }
    expect(unhandled).toEqual([])
  })

  it('a JSON-RPC error whose message is an object is an McpProtocolError in the legacy era, and an McpSessionError from initialize', async () => {
    legacy(server)
    server.rpc('tools/call', (x) => rpcError(x, -32000, { toString: 1 }, 400))
    const error = await client({ protocolVersion: LEGACY }).callTool('t').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpProtocolError)
    expect(error).toMatchObject({ code: -32000, status: 400, rpcMessage: '{"toString":1}' })

    server.rpc('initialize', (x) => rpcError(x, -32603, { toString: 1 }, 500))
    const failed = await createClient(`${server.url}?second`, { protocolVersion: LEGACY }).callTool('t').catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(McpSessionError)
    expect((failed as Error).message).toContain('{"toString":1}')
    expect(unhandled).toEqual([])
  })

  it('a legacy initialize naming an object as its protocolVersion is an McpSessionError', async () => {
    legacy(server, { protocolVersion: { toString: 1 } })
    const error = await client({ protocolVersion: LEGACY }).callTool('t').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpSessionError)
    expect((error as Error).message).toContain('{"toString":1}')
  })

  it('legacy serverInfo fields that are objects: the call, discover() and an observer still finish', async () => {
    const serverInfo = { name: { toString: 1 }, version: { toString: 1 }, title: { toString: 1 } }
    legacy(server, { serverInfo })
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      sse.send(elicitation(7))
      await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 7 && hit.headers['mcp-session-id'] === x.hit.headers['mcp-session-id'])
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    const mcp = client({ protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } } })
    const seen: unknown[] = []
    await expect(mcp.callTool('t', {}, { onInputRequests: async (requests, context) => (seen.push(context.serverInfo), acceptAll(requests)) })).resolves.toEqual(text('done'))
    expect(seen).toEqual([serverInfo])
    await expect(mcp.discover()).resolves.toMatchObject({ supportedVersions: [LEGACY] })

    // The observer shows the question with its asking server, and finishes.
    const other = client({ protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } } })
    const observer = new CallObserver(other)
    const done = observer.start({ method: 'tools/call', params: { name: 't', arguments: {} } })
    await until(() => observer.getSnapshot().status === 'awaiting_input', 3000, 'the question on screen')
    const state = observer.getSnapshot()
    if (state.status !== 'awaiting_input') throw new Error('unreachable')
    expect(state.inputs[0]!.server).toEqual(serverInfo)
    observer.respond(state.inputs[0]!.key, { action: 'accept', content: { name: 'Ada' } })
    await expect(done).resolves.toMatchObject({ status: 'done', result: text('done') })
    await settle()
    expect(unhandled).toEqual([])
  })

  it('modern serverInfo fields that are objects (discover and result _meta): the call finishes with its result', async () => {
    const serverInfo = { name: { toString: 1 }, version: { toString: 1 } }
    modern(server, { serverInfo })
    let round = 0
    server.rpc('tools/call', (x) => {
      round++
      if (round === 1) result(x, { resultType: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: elicitation(1).params } }, _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo } })
      else result(x, { ...text('done'), resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo } })
    })
    const mcp = client({ capabilities: { elicitation: { form: {} } } })
    await expect(mcp.callTool('t', {}, { onInputRequests: acceptAll })).resolves.toMatchObject({ ...text('done'), resultType: 'complete' })
    expect(mcp.era).toBe('modern')
    expect(unhandled).toEqual([])
  })

  it('a -32042 whose elicitationId is an object becomes an input round, not a TypeError', async () => {
    legacy(server)
    let calls = 0
    server.rpc('tools/call', (x) => {
      calls++
      if (calls === 1) {
        rpcError(x, -32042, 'Open the link first', 200, { elicitations: [{ mode: 'url', elicitationId: { toString: 1 }, url: 'https://example.com/consent', message: 'Consent' }] })
      } else {
        result(x, text('after consent'))
      }
    })
    const asked: InputRequests[] = []
    const error = await client({ protocolVersion: LEGACY, capabilities: { elicitation: { url: {} } } })
      .callTool('t', {}, { onInputRequests: async (requests) => (asked.push(requests), Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept' }]))) })
      .then((value) => ({ value }), (e: unknown) => e)
    expect(error).not.toBeInstanceOf(TypeError)
    expect(error).toEqual({ value: text('after consent') })
    expect(asked).toHaveLength(1)
    expect(Object.values(asked[0]!)[0]).toMatchObject({ method: 'elicitation/create', params: { mode: 'url', url: 'https://example.com/consent' } })
  })

  it.each([
    ['a method that is an object', { q: { method: { toString: 1 }, params: {} } }],
    ['a request that is null', { q: null }],
  ])('input requests with %s: refused as a malformed response (McpResponseFormatError), not a TypeError, handler or not', async (_label, inputRequests) => {
    modern(server)
    server.rpc('tools/call', (x) => result(x, { resultType: 'input_required', inputRequests }))
    const error = await client({ protocolVersion: MODERN }).callTool('t').catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(TypeError)
    expect(isMcpError(error)).toBe(true)
    expect(error).toBeInstanceOf(McpResponseFormatError)
    let asked = false
    const handled = await client({ protocolVersion: MODERN })
      .callTool('t', {}, { onInputRequests: async () => ((asked = true), {}) })
      .catch((e: unknown) => e)
    expect(handled).toBeInstanceOf(McpResponseFormatError)
    expect(asked).toBe(false)
  })

  it('a tool whose name is an object and whose x-mcp-header is invalid is left out with a warning, not a TypeError', async () => {
    modern(server, { tools: [{ name: { toString: 1 }, inputSchema: { type: 'object', properties: { r: { type: 'number', 'x-mcp-header': 'R' } } } }] })
    server.rpc('tools/call', (x) => result(x, text('called')))
    const warnings: string[] = []
    const mcp = client({ protocolVersion: MODERN, onWarning: (message) => warnings.push(message) })
    const listed = await mcp.listTools().catch((e: unknown) => e)
    expect(listed).toEqual([])
    expect(warnings.join('\n')).toContain('{"toString":1}')
    await expect(mcp.callTool('x')).resolves.toEqual(text('called'))
  })

  it('a tools/list of 150,000 entries, some of them no objects: the objects are listed, the rest left out with a warning', async () => {
    const tools: unknown[] = Array.from({ length: 150_000 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }))
    tools.splice(1, 0, null, 'a string', 7, ['a list'])
    modern(server, { tools })
    server.rpc('tools/call', (x) => result(x, text('called')))
    const warnings: string[] = []
    const mcp = client({ protocolVersion: MODERN, onWarning: (message) => warnings.push(message) })
    const listed = await mcp.listTools()
    expect(listed).toHaveLength(150_000)
    expect(listed[1]!.name).toBe('t1')
    expect(warnings).toEqual(['tools/list listed 4 entries that are not an object; left out'])
    await expect(mcp.callTool('t1')).resolves.toEqual(text('called'))
  })

  it('an SSE event id no header can carry (beyond Latin-1) is not sent back as Last-Event-ID: the broken stream ends in a typed error', async () => {
    legacy(server)
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      await sse.raw('id: ev\u20ac1\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n\n')
      await server.delay(50)
      x.res.destroy()
    })
    const mcp = client({ protocolVersion: LEGACY })
    const failed = await mcp.callTool('t', {}, { timeoutMs: 5000 }).catch((e: unknown) => e)
    expect(isMcpError(failed)).toBe(true)
    expect(server.hits.map((hit) => hit.headers['last-event-id']).filter(Boolean)).toEqual([])
  })

  it('a log message whose level is not text still reaches onLog (and no warning blames the callback)', async () => {
    modern(server)
    server.rpc('tools/call', (x) => {
      const sse = openSse(x)
      sse.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: { toString: 1 }, logger: { toString: 1 }, data: 'hello' } })
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    const logs: unknown[] = []
    const warnings: string[] = []
    const mcp = client({ protocolVersion: MODERN, onWarning: (message) => warnings.push(message) })
    await expect(mcp.callTool('t', {}, { onLog: (message) => logs.push(message) })).resolves.toEqual(text('done'))
    expect(warnings.filter((w) => w.includes('callback threw'))).toEqual([])
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ data: 'hello', level: expect.any(String) })
  })
})
