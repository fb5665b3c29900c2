/**
 * Hostile servers, class "protocol": results of a type nobody handles,
 * schema keys that name the prototype, requests on the GET stream that no
 * call claims, aborts in the middle of a question, sessions the server
 * forgets, handlers that throw. What the server receives is checked as
 * closely as what the caller gets.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import {
  CallObserver,
  McpCancelledError,
  McpHttpError,
  McpUnsupportedResultError,
  applySchemaDefaults,
  createClient,
  isMcpError,
  isMcpUnsupportedResultError,
  type InputHandler,
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
  pause,
  result,
  rpcError,
  startHostileServer,
  text,
  until,
  within,
  type Exchange,
  type HostileServer,
} from './hostile-server.ts'

const hostile = hostilePerTest({ capabilities: { elicitation: { form: {} } } })
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})
const client = (options?: ClientOptions): McpClient => hostile.client(options)

const capabilities = { elicitation: { form: {} } }

const accept = (name: string) => async (requests: InputRequests): Promise<InputResponses> =>
  Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { name } }]))

/** A handler that records what it was asked and answers as `answer` does. */
function recorder(answer: InputHandler = accept('Ada')) {
  const asked: InputRequests[] = []
  const handler: InputHandler = (requests, context) => {
    asked.push(requests)
    return answer(requests, context)
  }
  return { asked, handler }
}

describe('protocol: result types nobody handles', () => {
  it.each([
    ['task', MODERN, 'task'],
    ['incomplete', MODERN, 'incomplete'],
    ['an object', MODERN, { toString: 1 }],
    ['task', LEGACY, 'task'],
  ])('resultType %s (%s): McpUnsupportedResultError naming it; nobody is asked', async (_label, era, resultType) => {
    if (era === MODERN) modern(server)
    else legacy(server)
    server.rpc('tools/call', (x) =>
      result(x, { resultType, inputRequests: { q: { method: 'elicitation/create', params: elicitation(1).params } }, task: { taskId: 't1' } }),
    )
    const { asked, handler } = recorder()
    const error = await client({ protocolVersion: era }).callTool('t', {}, { onInputRequests: handler }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpUnsupportedResultError)
    expect(isMcpUnsupportedResultError(error)).toBe(true)
    expect(error).toMatchObject({ code: 'UNSUPPORTED_RESULT', resultType: typeof resultType === 'string' ? resultType : '{"toString":1}' })
    expect(asked).toEqual([])
    expect(server.find((hit) => hit.rpc === 'tools/call')).toHaveLength(1)
  })
})

describe('protocol: schema keys that name the prototype', () => {
  it('applySchemaDefaults with a "__proto__" property (an own key, from JSON text): own data property, prototypes untouched', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"},"constructor":{"type":"string","default":"c"},"name":{"type":"string","default":"Ada"}}}')
    expect(Object.hasOwn(schema.properties, '__proto__')).toBe(true)
    const filled = applySchemaDefaults(schema)
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype)
    expect(Object.hasOwn(filled, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(filled, '__proto__')).toEqual({ value: 'x', enumerable: true, writable: true, configurable: true })
    expect(Object.getOwnPropertyDescriptor(filled, 'constructor')).toMatchObject({ value: 'c' })
    expect(filled.name).toBe('Ada')
    expect(JSON.stringify(filled)).toBe('{"__proto__":"x","constructor":"c","name":"Ada"}')
    // Nothing reached Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('x')
    expect(({} as Record<string, unknown>).name).toBeUndefined()
    expect(Object.prototype.toString).toBe(Object.getPrototypeOf({}).toString)

    // Content that already has an own "__proto__" (parsed from JSON) keeps it as its own.
    const content = JSON.parse('{"__proto__":"given"}')
    const kept = applySchemaDefaults(schema, content)
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(kept, '__proto__')).toMatchObject({ value: 'given' })
  })

  it('a schema from a legacy server with a "__proto__" property: the answer filled from its defaults carries it as data', async () => {
    legacy(server)
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      // Raw text, so the key stays "__proto__" on the wire and in the client's JSON.parse.
      await sse.raw('data: {"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"mode":"form","message":"?","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string","default":"x"}}}}}\n\n')
      await server.waitForHit((hit) => hit.rpc === 'response')
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    const mcp = client({ protocolVersion: LEGACY })
    await mcp.callTool('t', {}, {
      onInputRequests: async (requests) =>
        Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, { action: 'accept', content: applySchemaDefaults(request.params?.requestedSchema) }])),
    })
    const answer = server.find((hit) => hit.rpc === 'response')[0]!
    expect(answer.text).toContain('"content":{"__proto__":"x"}')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

// Routing what the legacy GET stream pushes: test/hostile/legacy-routing.test.ts.

describe('protocol: aborting a legacy call', () => {
  /** A tools/call whose POST stream asks one question and then waits. */
  function askAndWait() {
    server.rpc('tools/call', (x) => void openSse(x).send(elicitation('e1')))
  }

  it('the server receives notifications/cancelled for the tools/call, and the open question is answered cancel', async () => {
    legacy(server)
    askAndWait()
    const controller = new AbortController()
    let asked = false
    const mcp = client({ protocolVersion: LEGACY })
    // A person who never answers.
    const call = mcp.callTool('t', {}, { signal: controller.signal, onInputRequests: () => ((asked = true), new Promise<InputResponses>(() => {})) })
    await until(() => asked, 3000, 'the question asked')
    const started = performance.now()
    controller.abort()
    const error = await call.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpCancelledError)
    expect(performance.now() - started).toBeLessThan(5000)
    const toolsCall = server.find((hit) => hit.rpc === 'tools/call')[0]!
    const cancelled = await server.waitForHit((hit) => hit.rpc === 'notifications/cancelled', 2000)
    expect(cancelled.body.params.requestId).toBe(toolsCall.body.id)
    expect(cancelled.headers['mcp-session-id']).toBe('s1')
    const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'e1', 2000)
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'e1', result: { action: 'cancel' } })
    await pause(50)
    expect(server.find((hit) => hit.rpc === 'notifications/cancelled')).toHaveLength(1)
  })

  it('through a CallObserver: cancel() while the question is on screen does the same', async () => {
    legacy(server)
    askAndWait()
    const observer = new CallObserver(client({ protocolVersion: LEGACY }))
    const done = observer.start({ method: 'tools/call', params: { name: 't', arguments: {} } })
    await until(() => observer.getSnapshot().status === 'awaiting_input', 3000, 'the question on screen')
    observer.cancel()
    await expect(done).resolves.toMatchObject({ status: 'cancelled' })
    const toolsCall = server.find((hit) => hit.rpc === 'tools/call')[0]!
    const cancelled = await server.waitForHit((hit) => hit.rpc === 'notifications/cancelled', 2000)
    expect(cancelled.body.params.requestId).toBe(toolsCall.body.id)
    const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'e1', 2000)
    expect(answer.body.result).toEqual({ action: 'cancel' })
  })
})

describe('protocol: sessions the server forgets', () => {
  const sessionsOf = (rpc: string) => server.find((hit) => hit.rpc === rpc).map((hit) => hit.headers['mcp-session-id'])

  it.each([
    ['404', (x: Exchange) => x.res.writeHead(404, { 'content-type': 'text/plain' }).end('Session not found')],
    ['400 with -32000 "No valid session ID"', (x: Exchange) => rpcError(x, -32000, 'Bad Request: No valid session ID provided', 400)],
  ])('%s once: the client initializes once more and the call succeeds', async (_label, forget) => {
    legacy(server)
    server.rpc('tools/call', (x) => (x.hit.headers['mcp-session-id'] === 's1' ? forget(x) : result(x, text(`ok in ${x.hit.headers['mcp-session-id']}`))))
    await expect(client({ protocolVersion: LEGACY }).callTool('t')).resolves.toEqual(text('ok in s2'))
    expect(server.find((hit) => hit.rpc === 'initialize')).toHaveLength(2)
    expect(sessionsOf('tools/call')).toEqual(['s1', 's2'])
  })

  it('a plain 400 unrelated to sessions surfaces as an error: no re-initialize', async () => {
    legacy(server)
    server.rpc('tools/call', (x) => x.res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request: argument "a" must be a string'))
    const error = await client({ protocolVersion: LEGACY }).callTool('t').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpHttpError)
    expect(error).toMatchObject({ status: 400, body: 'Bad Request: argument "a" must be a string' })
    expect(server.find((hit) => hit.rpc === 'initialize')).toHaveLength(1)
    expect(server.find((hit) => hit.rpc === 'tools/call')).toHaveLength(1)
  })

  it('a server that forgets every session: one re-initialize, then the error (no loop)', async () => {
    legacy(server)
    server.rpc('tools/call', (x) => x.res.writeHead(404, { 'content-type': 'text/plain' }).end('Session not found'))
    const error = await client({ protocolVersion: LEGACY }).callTool('t').catch((e: unknown) => e)
    expect(isMcpError(error)).toBe(true)
    expect(error).toMatchObject({ status: 404 })
    await pause(100)
    expect(server.find((hit) => hit.rpc === 'initialize')).toHaveLength(2)
    expect(sessionsOf('tools/call')).toEqual(['s1', 's2'])
  })
})

describe('protocol: a handler that throws', () => {
  it.each([
    ['async', (error: Error): InputHandler => async () => { throw error }],
    ['sync', (error: Error): InputHandler => () => { throw error }],
  ])('(%s) the call rejects with the handler\'s own error in both eras; a legacy server still gets a JSON-RPC error', async (_label, throwing) => {
    // Modern: an input_required round.
    modern(server)
    server.rpc('tools/call', (x) => result(x, { resultType: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: elicitation(1).params } } }))
    const modernBoom = new Error('boom (modern)')
    const modernError = await client({ protocolVersion: MODERN }).callTool('t', {}, { onInputRequests: throwing(modernBoom) }).catch((e: unknown) => e)

    // Legacy: a request pushed on the tools/call POST stream.
    const legacyServer = await startHostileServer()
    try {
      legacy(legacyServer)
      legacyServer.rpc('tools/call', (x) => void openSse(x).send(elicitation('e1')))
      const legacyBoom = new Error('boom (legacy)')
      const legacyClient = createClient(legacyServer.url, { protocolVersion: LEGACY, capabilities, onWarning: () => {} })
      hostile.track(legacyClient)
      const legacyError = await legacyClient.callTool('t', {}, { onInputRequests: throwing(legacyBoom) }).catch((e: unknown) => e)

      expect(modernError).toBe(modernBoom)
      expect(legacyError).toBe(legacyBoom)
      const answer = await legacyServer.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'e1', 2000)
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 'e1', error: { code: -32603, message: expect.stringContaining('boom (legacy)') } })
      expect(answer.body.result).toBeUndefined()
      // The call is over on the client; the server is told so.
      const toolsCall = legacyServer.find((hit) => hit.rpc === 'tools/call')[0]!
      const cancelled = await legacyServer.waitForHit((hit) => hit.rpc === 'notifications/cancelled', 2000)
      expect(cancelled.body.params.requestId).toBe(toolsCall.body.id)
    } finally {
      await hostile.closeClients()
      await legacyServer.close()
    }
  })
})
