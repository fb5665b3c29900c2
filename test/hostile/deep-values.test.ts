/**
 * Hostile servers, class "deep values": a `requestedSchema`, a sampling
 * request's tool result, a tool's own result nested 100,000 deep, with
 * round storage on. JSON.parse takes such text (V8 parses iteratively), but
 * JSON.stringify and structuredClone recurse and overflow the stack, which is
 * what a storage adapter does with a saved round. The round is then not
 * saved (and no earlier round stays in storage in its place), a warning
 * says why, and the call goes on to its result: nothing is thrown uncaught.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CallObserver, sessionCallStorage, type CallState, type ClientOptions, type McpClient } from '../../src/core/index.ts'
import { hostilePerTest, LEGACY, legacy, MODERN, modern, openSse, result, text, until, type Exchange, type HostileServer } from './hostile-server.ts'

const DEPTH = 100_000

const hostile = hostilePerTest({ capabilities: { elicitation: { form: {} }, sampling: {} } })
let server: HostileServer
let uncaught: unknown[] = []
const onUncaught = (error: unknown) => void uncaught.push(error)
beforeEach(() => {
  server = hostile.server
  uncaught = []
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)
})
afterEach(() => {
  process.off('uncaughtException', onUncaught)
  process.off('unhandledRejection', onUncaught)
})

/** A JSON Schema as text, nested DEPTH objects deep (a schema and its `properties`, DEPTH / 2 times). */
function deepSchemaText(): string {
  const levels = DEPTH / 2
  return '{"type":"object","properties":{"a":'.repeat(levels) + '{"type":"string"}' + '}}'.repeat(levels)
}

/** Any value as text, nested DEPTH arrays and objects deep. */
function deepValueText(): string {
  return '{"a":['.repeat(DEPTH / 2) + '1' + ']}'.repeat(DEPTH / 2)
}

/** How deep a parsed value goes along its last members, iteratively (the test must not overflow either). */
function depthOf(value: unknown): number {
  let depth = 0
  let current: unknown = value
  while (typeof current === 'object' && current !== null) {
    depth += 1
    current = Object.values(current).at(-1)
  }
  return depth
}

/** Writes a JSON-RPC result whose text the test built (JSON.stringify cannot). */
function rawResult(x: Exchange, resultText: string): void {
  const body = `{"jsonrpc":"2.0","id":${JSON.stringify(x.body.id)},"result":${resultText}}`
  x.res.writeHead(200, { 'content-type': 'application/json' }).end(body)
}

function memoryStorage() {
  const items = new Map<string, string>()
  const storage = sessionCallStorage('deep:', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) } as Storage)
  return { items, storage }
}

function observe(options: ClientOptions & { observerWarnings?: string[] }) {
  const { observerWarnings, ...clientOptions } = options
  const mcp: McpClient = hostile.client(clientOptions)
  const { items, storage } = memoryStorage()
  const observer = new CallObserver(mcp, { storage, storageKey: 'call', ...(observerWarnings ? { onWarning: (message: string) => void observerWarnings.push(message) } : {}) })
  return { observer, items }
}

const awaiting = (observer: CallObserver, round: number) =>
  until(() => {
    const state = observer.getSnapshot()
    return state.status === 'awaiting_input' && state.round === round ? state : undefined
  }, 5000, `round ${round} on screen`)

const keyOf = (state: CallState) => (state.status === 'awaiting_input' ? state.inputs[0]!.key : '')

describe('deep values in a listing', () => {
  it(`a tool whose inputSchema is nested ${DEPTH} deep is left out with a warning; the other tools are listed and called`, async () => {
    modern(server)
    server.rpc('tools/list', (x) => rawResult(x, `{"tools":[{"name":"deep","inputSchema":${deepSchemaText()}},{"name":"plain","inputSchema":{"type":"object"}}],"ttlMs":60000}`))
    server.rpc('tools/call', (x) => result(x, text(`called ${x.body.params.name}`)))
    const warnings: string[] = []
    const mcp = hostile.client({ protocolVersion: MODERN, onWarning: (message) => void warnings.push(message) })
    await expect(mcp.listTools().then((tools) => tools.map((tool) => tool.name))).resolves.toEqual(['plain'])
    expect(warnings).toEqual(['Tool "deep" left out: its input schema is nested more than 256 levels deep'])
    // The listing kept in the cache is checked again before a call: that must not overflow either.
    await expect(mcp.callTool('plain')).resolves.toEqual(text('called plain'))
    await expect(mcp.callTool('deep')).resolves.toEqual(text('called deep'))
    expect(uncaught).toEqual([])
  })
})

describe('deep values with round storage on', () => {
  it(`${MODERN}: a requestedSchema nested ${DEPTH} deep is not saved, the client's onWarning says why, and the call completes`, async () => {
    modern(server)
    server.rpc('tools/call', (x) => {
      if (x.body.params.inputResponses) return result(x, text(`got ${JSON.stringify(x.body.params.inputResponses.q.content)}`))
      rawResult(x, `{"resultType":"input_required","requestState":"r1","inputRequests":{"q":{"method":"elicitation/create","params":{"mode":"form","message":"Deep?","requestedSchema":${deepSchemaText()}}}}}`)
    })
    const warnings: string[] = []
    const { observer, items } = observe({ protocolVersion: MODERN, onWarning: (message) => void warnings.push(message) })
    const done = observer.start({ method: 'tools/call', params: { name: 'deep', arguments: {} } })
    const shown = await awaiting(observer, 1)
    expect(depthOf(shown.inputs[0]!.params.requestedSchema)).toBe(DEPTH + 1)
    await observer.flush()
    expect(items.has('deep:call')).toBe(false)
    observer.respond('q', { action: 'accept', content: { a: 'x' } })
    await expect(done).resolves.toMatchObject({ status: 'done', result: text('got {"a":"x"}') })
    expect(uncaught).toEqual([])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/not saved.*nested too deeply/i)
    await observer.flush()
    // What is kept now is the result (for a reload or another device), no deep round.
    expect(JSON.parse(items.get('deep:call')!)).toMatchObject({ finished: { result: text('got {"a":"x"}') } })
  })

  it(`${MODERN}: round 1 saved, round 2 (a sampling request whose tool result is nested ${DEPTH} deep) not saved and round 1 not left in its place; a tool result nested ${DEPTH} deep completes the call`, async () => {
    modern(server)
    server.rpc('tools/call', (x) => {
      const answered = x.body.params.inputResponses ?? {}
      if (answered.name) {
        return rawResult(x, `{"content":[{"type":"text","text":"deep"}],"structuredContent":${deepValueText()}}`)
      }
      if (answered.q) {
        return rawResult(x, `{"resultType":"input_required","requestState":"r2","inputRequests":{"name":{"method":"sampling/createMessage","params":{"maxTokens":10,"messages":[{"role":"user","content":[{"type":"tool_result","toolUseId":"u1","content":[],"structuredContent":${deepValueText()}}]}]}}}}`)
      }
      result(x, { resultType: 'input_required', requestState: 'r1', inputRequests: { q: { method: 'elicitation/create', params: { mode: 'form', message: 'Shallow?', requestedSchema: { type: 'object', properties: {} } } } } })
    })
    const observerWarnings: string[] = []
    const { observer, items } = observe({ protocolVersion: MODERN, observerWarnings })
    const done = observer.start({ method: 'tools/call', params: { name: 'two-rounds', arguments: {} } })
    await awaiting(observer, 1)
    expect(JSON.parse(items.get('deep:call')!)).toMatchObject({ pending: { round: 1, requestState: 'r1' } })
    observer.respond('q', { action: 'accept', content: {} })
    const second = await awaiting(observer, 2)
    expect(keyOf(second)).toBe('name')
    // Round 1 would resume a round the server has moved past: nothing is better.
    expect(items.has('deep:call')).toBe(false)
    observer.respond('name', { role: 'assistant', model: 'm', content: { type: 'text', text: 'ok' } })
    const final = await done
    expect(final.status).toBe('done')
    expect(depthOf(final.status === 'done' ? final.result.structuredContent : undefined)).toBe(DEPTH)
    expect(uncaught).toEqual([])
    expect(observerWarnings).toHaveLength(1)
    expect(observerWarnings[0]).toMatch(/round 2 .*not saved.*nested too deeply/i)
  })

  it(`${LEGACY}: a pushed elicitation whose requestedSchema is nested ${DEPTH} deep is not kept for a reload, a warning says why, and the call completes`, async () => {
    legacy(server)
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      await sse.raw(`data: {"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"mode":"form","message":"Deep?","requestedSchema":${deepSchemaText()}}}\n\n`)
      const answer = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'e1', 5000)
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text(`answered ${answer.body.result.action}`) })
      sse.end()
    })
    const warnings: string[] = []
    const { observer, items } = observe({ protocolVersion: LEGACY, onWarning: (message) => void warnings.push(message) })
    const done = observer.start({ method: 'tools/call', params: { name: 'deep', arguments: {} } })
    const shown = await awaiting(observer, 1)
    await observer.flush()
    expect(items.has('deep:call')).toBe(false)
    observer.respond(keyOf(shown), { action: 'accept', content: { a: 'x' } })
    await expect(done).resolves.toMatchObject({ status: 'done', result: text('answered accept') })
    expect(uncaught).toEqual([])
    expect(warnings.filter((message) => /not saved/i.test(message))).toHaveLength(1)
    await observer.flush()
    expect(JSON.parse(items.get('deep:call')!)).toMatchObject({ finished: { result: text('answered accept') } })
  })
})
