/**
 * The client against a real 2026-07-28 server built with the official SDK.
 * Every request the client sends is also validated against the official
 * JSON schema.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { modernSchema } from '../../test/support/schema'
import { createClient, type ClientOptions, type InputHandler, type InputResponses } from './index'
import { McpCancelledError, McpProtocolError, isMcpInputRoundsExceededError } from './errors'

let server: ModernServer

beforeAll(async () => {
  server = await startModernServer()
})
afterAll(() => server.close())
afterEach(() => {
  const posts = server.requests.filter((r) => r.method === 'POST')
  for (const request of posts) expect(modernSchema('ClientRequest', request.body), JSON.stringify(request.body)).toEqual([])
  server.requests.length = 0
  server.received.length = 0
})

const everything = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }
const client = (options: ClientOptions = {}) => createClient(server.url, { clientInfo: { name: 'test', version: '1.0.0' }, capabilities: everything, onWarning: () => {}, ...options })
const posts = () => server.requests.filter((r) => r.method === 'POST')
const textOf = (result: any) => result.content?.[0]?.text

describe('modern era against a real server', () => {
  it('sends _meta and metadata headers on every request', async () => {
    const mcp = client()
    await mcp.callTool('echo', { text: 'hi' })
    const call = posts().find((r) => r.rpcMethod === 'tools/call')!
    expect(call.headers['mcp-protocol-version']).toBe('2026-07-28')
    expect(call.headers['mcp-method']).toBe('tools/call')
    expect(call.headers['mcp-name']).toBe('echo')
    expect((call.body as any).params._meta).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': everything,
      'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
    })
    expect(server.received).toEqual([{ tool: 'echo', data: { text: 'hi' } }])
  })

  it('discovers the server and lists every tool', async () => {
    const mcp = client()
    const discovered = await mcp.discover()
    expect(discovered.supportedVersions).toContain('2026-07-28')
    expect(mcp.serverInfo?.name).toBe('mcp-elicit-test-server')
    const names = (await mcp.listTools()).map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(['echo', 'ask_name', 'wizard', 'two_questions', 'regional_query']))
    expect((await mcp.listPrompts()).map((p) => p.name)).toContain('greeting_prompt')
    expect((await mcp.listResources()).map((r) => r.uri)).toContain('config://settings')
  })

  it('answers a single elicitation round', async () => {
    const onInputRequests = vi.fn<InputHandler>(async (requests, context) => {
      expect(Object.keys(requests)).toEqual(['name'])
      expect(requests.name!.method).toBe('elicitation/create')
      expect(context).toMatchObject({ round: 1, era: 'modern', method: 'tools/call' })
      return { name: { action: 'accept', content: { name: 'Ada' } } }
    })
    const result = await client().callTool('ask_name', {}, { onInputRequests })
    expect(textOf(result)).toBe('hello Ada')
    expect(onInputRequests).toHaveBeenCalledOnce()
    const calls = posts().filter((r) => r.rpcMethod === 'tools/call').map((r) => r.body as any)
    expect(calls).toHaveLength(2)
    expect(calls[0].id).not.toBe(calls[1].id)
    expect(calls[1].params.inputResponses).toEqual({ name: { action: 'accept', content: { name: 'Ada' } } })
    expect(calls[1].params).not.toHaveProperty('requestState')
  })

  it('carries a two-round wizard in signed requestState, echoed byte for byte', async () => {
    const seen: Array<string | undefined> = []
    const result = await client().callTool('wizard', {}, {
      onInputRequests: async (requests, { pending }): Promise<InputResponses> => {
        seen.push(pending?.requestState)
        return 'color' in requests ? { color: { action: 'accept', content: { color: 'green' } } } : { size: { action: 'accept', content: { size: 7 } } }
      },
    })
    expect(JSON.parse(textOf(result))).toEqual({ color: 'green', size: 7 })
    const calls = posts().filter((r) => r.rpcMethod === 'tools/call').map((r) => r.body as any)
    expect(calls.map((c) => c.params.requestState)).toEqual([undefined, seen[0], seen[1]])
    expect(new Set(calls.map((c) => c.id)).size).toBe(3)
    expect(server.received).toEqual([{ tool: 'wizard', data: { color: 'green', size: 7 } }])
  })

  it('answers two elicitations of one round in one retry', async () => {
    const result = await client().callTool('two_questions', {}, {
      onInputRequests: async (requests) => {
        expect(Object.keys(requests).sort()).toEqual(['first', 'second'])
        return { second: { action: 'decline' }, first: { action: 'accept', content: { city: 'Lyon' } } }
      },
    })
    expect(textOf(result)).toContain('Lyon')
    expect(server.received[0]!.data).toMatchObject({ first: { action: 'accept' }, second: { action: 'decline' } })
  })

  it('retries requestState-only rounds without asking, with progress', async () => {
    const handler = vi.fn<InputHandler>()
    const progress: unknown[] = []
    const result = await client().callTool('slow_steps', { steps: 3 }, { onInputRequests: handler, onProgress: (p) => progress.push(p) })
    expect(textOf(result)).toBe('done after 3 rounds')
    expect(handler).not.toHaveBeenCalled()
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'step 1 of 3' },
      { progress: 2, total: 3, message: 'step 2 of 3' },
      { progress: 3, total: 3, message: 'step 3 of 3' },
    ])
  })

  it('delivers progress and log notifications streamed over SSE', async () => {
    const progress: unknown[] = []
    const logs: unknown[] = []
    const result = await client().callTool('progress', { count: 3, delayMs: 5 }, { onProgress: (p) => progress.push(p), onLog: (m) => logs.push(m) })
    expect(textOf(result)).toBe('progress done: 3 notifications')
    expect(progress).toHaveLength(3)
    expect(progress[2]).toEqual({ progress: 3, total: 3, message: 'step 3 of 3' })
    expect(logs).toEqual([{ level: 'info', logger: 'progress', data: 'sent 3 progress notifications' }])
  })

  it('mirrors x-mcp-header parameters as Mcp-Param headers, encoded when needed, once the server asked for them (-32020) and the tools are listed', async () => {
    const mcp = client()
    const result = await mcp.callTool('regional_query', { region: ' Zürich ', query: 'select 1' })
    expect(JSON.parse(textOf(result))).toMatchObject({ header: ' Zürich ', region: ' Zürich ' })
    // SEP-2243: never listed, the call goes out without the header; the SDK server refuses it with -32020.
    expect(posts().filter((r) => r.rpcMethod !== 'server/discover').map((r) => r.rpcMethod)).toEqual(['tools/call', 'tools/list', 'tools/call'])
    const [refused, , sent] = posts().filter((r) => r.rpcMethod === 'tools/call' || r.rpcMethod === 'tools/list')
    expect(refused!.headers['mcp-param-region']).toBeUndefined()
    expect(sent!.headers['mcp-param-region']).toBe('=?base64?IFrDvHJpY2gg?=')
  })

  it('surfaces a missing capability as a typed -32021 error', async () => {
    const error = await client({ capabilities: { elicitation: { form: {} } } }).callTool('needs_sampling').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpProtocolError)
    expect(error).toMatchObject({ code: -32021, status: 400, data: { requiredCapabilities: { sampling: {} } }, method: 'tools/call' })
    expect((error as Error).message).toContain(server.url)
  })

  it('cancels mid-stream: the server sees the abort and the caller a typed error', async () => {
    const controller = new AbortController()
    const running = client().callTool('progress', { count: 50, delayMs: 40 }, { signal: controller.signal, onProgress: (p) => p.progress === 2 && controller.abort() })
    await expect(running).rejects.toBeInstanceOf(McpCancelledError)
    const report = await server.waitForReceived('progress')
    expect(report.data).toMatchObject({ aborted: true })
    expect((report.data as { sent: number }).sent).toBeLessThan(50)
  })

  it('stops a server that asks forever at the round cap', async () => {
    const error = await client().callTool('loop_forever', {}, { maxRounds: 4 }).catch((e: unknown) => e)
    expect(isMcpInputRoundsExceededError(error)).toBe(true)
    expect(error).toMatchObject({ rounds: 4, lastResult: { resultType: 'input_required' } })
    expect(posts().filter((r) => r.rpcMethod === 'tools/call')).toHaveLength(5)
  })

  it('answers sampling and roots through the same handler', async () => {
    const handler: InputHandler = async (requests) => {
      const [key, request] = Object.entries(requests)[0]!
      if (request.method === 'roots/list') return { [key]: { roots: [{ uri: 'file:///work', name: 'work' }] } }
      return { [key]: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'stand-in', stopReason: 'endTurn' } }
    }
    const mcp = client({ onInputRequests: handler })
    await mcp.callTool('needs_sampling')
    await mcp.callTool('needs_roots')
    expect(server.received.map((r) => r.tool)).toEqual(['needs_sampling', 'needs_roots'])
    expect(server.received[1]!.data).toEqual([{ uri: 'file:///work', name: 'work' }])
  })

  it('runs the loop for prompts/get and resources/read too', async () => {
    const mcp = client({ onInputRequests: async (requests) => Object.fromEntries(Object.keys(requests).map((k) => [k, k === 'name' ? { action: 'accept', content: { name: 'Bo' } } : { action: 'accept', content: { confirm: true } }])) })
    const prompt = await mcp.getPrompt('greeting_prompt')
    expect(JSON.stringify(prompt.messages)).toContain('Bo')
    const resource = await mcp.readResource('config://settings')
    expect(Array.isArray(resource.contents)).toBe(true)
    const read = posts().filter((r) => r.rpcMethod === 'resources/read')
    expect(read[0]!.headers['mcp-name']).toBe('config://settings')
  })
  it('keeps a burst of multi-round calls to limits.maxConcurrentRequests on the wire, every call correct', async () => {
    let onWire = 0
    let most = 0
    const counting: typeof fetch = async (input, init) => {
      most = Math.max(most, ++onWire)
      try {
        return await fetch(input, init)
      } finally {
        onWire--
      }
    }
    const answers: Record<string, InputResponses[string]> = { color: { action: 'accept', content: { color: 'blue' } }, size: { action: 'accept', content: { size: 8 } } }
    const mcp = client({ fetch: counting, limits: { maxConcurrentRequests: 3 }, onInputRequests: async (requests) => Object.fromEntries(Object.keys(requests).map((key) => [key, answers[key]!])) })
    const results = await Promise.all(Array.from({ length: 24 }, () => mcp.callTool('wizard', {})))
    expect(results.map(textOf)).toEqual(Array.from({ length: 24 }, () => JSON.stringify({ color: 'blue', size: 8 })))
    expect(most).toBe(3)
    expect(posts().filter((r) => r.rpcMethod === 'tools/call')).toHaveLength(24 * 3)
  })
})
