/**
 * Our client against a server we did not write: the reference server
 * `@modelcontextprotocol/server-everything` (Streamable HTTP, a 2025-11-25
 * session server on the official SDK v1), started as a child process on
 * 127.0.0.1 with a free port for this file.
 *
 * Tool names and argument shapes come from the installed package
 * (dist/tools/*.js; the first test lists them through our client). The
 * elicitation, sampling and roots tools are registered only for clients that
 * declare those capabilities, so every client here declares them.
 *
 * Only the public API is used. A recording `fetch` (passed as the client's
 * `fetch` option) shows what the client sent, e.g. the `notifications/cancelled`
 * the server should get when a call is aborted.
 */
import { describe, expect, it } from 'vitest'
import {
  CallObserver,
  McpCancelledError,
  createClient,
  isMcpCancelledError,
  type CallState,
  type ClientOptions,
  type InputContext,
  type InputRequests,
  type InputResponses,
  type McpClient,
  type McpResult,
  type Progress,
} from '../../src/core/index.ts'
import { everythingPerFile, everythingVersion } from '../support/everything-server.ts'
import { eventually, recordingFetch, type WireRecord } from '../support/recording-fetch.ts'

const CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }
const CALL = { timeoutMs: 8_000 }

const everything = everythingPerFile()

function connect(options: ClientOptions = {}, url = everything.server.url): { client: McpClient; records: WireRecord[] } {
  const { fetch, records } = recordingFetch()
  const client = createClient(url, { clientInfo: { name: 'mcp-elicit-third-party-test', version: '1.0.0' }, capabilities: CAPABILITIES, fetch, onWarning: () => {}, ...options })
  everything.track(client)
  return { client, records }
}

function textOf(result: McpResult): string {
  const content = result.content as Array<{ type: string; text?: string }>
  return content.map((block) => block.text ?? '').join('\n')
}

/** An input handler that records every round and answers each request with `answer`. */
function answering(answer: (request: InputRequests[string], key: string) => InputResponses[string]) {
  const rounds: Array<{ requests: InputRequests; context: InputContext }> = []
  const handler = async (requests: InputRequests, context: InputContext): Promise<InputResponses> => {
    rounds.push({ requests, context })
    return Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, answer(request, key)]))
  }
  return { handler, rounds }
}

const posted = (records: WireRecord[], method: string) => records.filter((record) => record.method === 'POST' && record.body?.method === method)

describe(`server-everything ${everythingVersion} over Streamable HTTP`, () => {
  it("protocolVersion 'auto' detects the 2025-11-25 session era and lists the server's tools", async () => {
    // A URL of its own (the query string is ignored by the server's /mcp route), so that no
    // earlier test has already settled the era for this endpoint and the probe really runs.
    const { client, records } = connect({}, `${everything.server.url}?era-detection`)
    const tools = await client.listTools(CALL)

    expect(client.era).toBe('legacy')
    expect(client.protocolVersion).toBe('2025-11-25')
    expect(client.serverInfo).toMatchObject({ name: 'mcp-servers/everything' })
    const names = tools.map((tool) => tool.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'echo',
        'get-roots-list',
        'trigger-elicitation-request',
        'trigger-url-elicitation',
        'trigger-sampling-request',
        'trigger-long-running-operation',
      ]),
    )
    const url = tools.find((tool) => tool.name === 'trigger-url-elicitation')!
    expect(url.inputSchema).toMatchObject({ properties: { url: { type: 'string' }, errorPath: { type: 'boolean' }, elicitationId: { type: 'string' } }, required: ['url'] })
    expect(tools.find((tool) => tool.name === 'trigger-sampling-request')!.inputSchema).toMatchObject({ required: ['prompt'] })

    // The probe, its legacy answer, then the session handshake.
    const [probe, initialize, initialized] = records.filter((record) => record.method === 'POST')
    expect(probe).toMatchObject({ body: { method: 'server/discover' }, status: 400, sessionId: null })
    expect(initialize).toMatchObject({ body: { method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: CAPABILITIES } }, status: 200 })
    expect(initialize!.responseSessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(initialized).toMatchObject({ body: { method: 'notifications/initialized' }, status: 202, sessionId: initialize!.responseSessionId })

    expect(textOf(await client.callTool('echo', { message: 'hello from auto' }, CALL))).toBe('Echo: hello from auto')
  })

  it("protocolVersion pinned to '2025-11-25' opens a session without probing", async () => {
    const { client, records } = connect({ protocolVersion: '2025-11-25' })
    expect(textOf(await client.callTool('echo', { message: 'hello, pinned' }, CALL))).toBe('Echo: hello, pinned')
    expect(client.era).toBe('legacy')
    expect(client.protocolVersion).toBe('2025-11-25')
    expect(posted(records, 'server/discover')).toHaveLength(0)
    expect(records[0]).toMatchObject({ method: 'POST', body: { method: 'initialize' } })
    const session = records[0]!.responseSessionId
    expect(posted(records, 'tools/call')).toEqual([expect.objectContaining({ sessionId: session, status: 200 })])
  })

  describe('trigger-elicitation-request (form mode)', () => {
    it('the answer given through onInputRequests is what the tool reports back', async () => {
      const { client } = connect()
      const { handler, rounds } = answering(() => ({
        action: 'accept',
        content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com', integer: 7, number: 2.5, untitledMultipleSelectEnum: ['Piano', 'Violin'] },
      }))
      const result = await client.callTool('trigger-elicitation-request', {}, { ...CALL, onInputRequests: handler })

      expect(rounds).toHaveLength(1)
      const [[key, request]] = Object.entries(rounds[0]!.requests) as [[string, InputRequests[string]]]
      expect(key).toMatch(/^elicitation\/create#/)
      expect(request.method).toBe('elicitation/create')
      expect(request.params).toMatchObject({
        message: 'Please provide inputs for the following fields:',
        requestedSchema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, integer: { type: 'integer', default: 42 } } },
      })
      expect(rounds[0]!.context).toMatchObject({ era: 'legacy', method: 'tools/call', round: 1, serverInfo: { name: 'mcp-servers/everything' } })

      const text = textOf(result)
      expect(text).toContain('✅ User provided the requested information!')
      expect(text).toContain('- Name: Ada Lovelace')
      expect(text).toContain('- Agreed to terms: true')
      expect(text).toContain('- Email: ada@example.com')
      expect(text).toContain('- Favorite Integer: 7')
      expect(text).toContain('- Favorite Number: 2.5')
      // The server echoes the raw ElicitResult it received.
      expect(text).toContain('"untitledMultipleSelectEnum": [\n      "Piano",\n      "Violin"\n    ]')
    })

    it('decline and cancel reach the tool as such', async () => {
      const { client } = connect()
      const declined = await client.callTool('trigger-elicitation-request', {}, { ...CALL, onInputRequests: answering(() => ({ action: 'decline' })).handler })
      expect(textOf(declined)).toContain('❌ User declined to provide the requested information.')
      const cancelled = await client.callTool('trigger-elicitation-request', {}, { ...CALL, onInputRequests: answering(() => ({ action: 'cancel' })).handler })
      expect(textOf(cancelled)).toContain('⚠️ User cancelled the elicitation dialog.')
    })

    it('through a CallObserver: awaiting_input shows the question, respond() finishes the call', async () => {
      const { client } = connect()
      const observer = new CallObserver(client)
      const states: CallState[] = []
      observer.subscribe(() => states.push(observer.getSnapshot()))
      const ended = observer.start({ method: 'tools/call', params: { name: 'trigger-elicitation-request', arguments: {} } })

      expect(await eventually(() => observer.getSnapshot().status === 'awaiting_input', 5_000)).toBe(true)
      const waiting = observer.getSnapshot()
      if (waiting.status !== 'awaiting_input') throw new Error('unreachable')
      expect(waiting.inputs).toHaveLength(1)
      const [input] = waiting.inputs
      expect(input).toMatchObject({ method: 'elicitation/create', era: 'legacy', answered: false, server: { name: 'mcp-servers/everything' }, url: everything.server.url })
      expect(input!.params).toMatchObject({ message: 'Please provide inputs for the following fields:' })

      observer.respond(input!.key, { action: 'accept', content: { name: 'Grace Hopper', check: false } })
      const final = await ended
      expect(final.status).toBe('done')
      if (final.status !== 'done') throw new Error('unreachable')
      expect(textOf(final.result)).toContain('- Name: Grace Hopper')
      expect(textOf(final.result)).toContain('- Agreed to terms: false')
      expect(states.map((state) => state.status)).toEqual(expect.arrayContaining(['running', 'awaiting_input', 'done']))
    })
  })

  describe('trigger-url-elicitation', () => {
    it('request path: an elicitation/create in URL mode, answered through onInputRequests', async () => {
      const { client } = connect()
      const { handler, rounds } = answering(() => ({ action: 'accept' }))
      const result = await client.callTool(
        'trigger-url-elicitation',
        { url: 'https://example.com/consent?step=1', elicitationId: 'third-party-request-path' },
        { ...CALL, onInputRequests: handler },
      )

      expect(rounds).toHaveLength(1)
      expect(Object.values(rounds[0]!.requests)).toEqual([
        {
          method: 'elicitation/create',
          params: { mode: 'url', url: 'https://example.com/consent?step=1', message: 'Please open the link to complete this action.', elicitationId: 'third-party-request-path' },
        },
      ])
      expect(rounds[0]!.context.era).toBe('legacy')
      expect(textOf(result)).toContain('✅ User completed the URL elicitation flow.\nElicitation ID: third-party-request-path\nURL: https://example.com/consent?step=1')
    })

    it('request path: a declined URL is reported as declined', async () => {
      const { client } = connect()
      const result = await client.callTool('trigger-url-elicitation', { url: 'https://example.com/no', elicitationId: 'third-party-decline' }, { ...CALL, onInputRequests: answering(() => ({ action: 'decline' })).handler })
      expect(textOf(result)).toContain('❌ User declined to open the URL (Elicitation ID: third-party-decline).')
    })

    it('error path: -32042 becomes an input round, the retry re-sends the call and the tool completes', async () => {
      const { client, records } = connect()
      const { handler, rounds } = answering(() => ({ action: 'accept' }))
      const elicitationId = `third-party-error-path-${Date.now()}`
      const args = { url: 'https://example.com/authorize', elicitationId, errorPath: true }
      const result = await client.callTool('trigger-url-elicitation', args, { ...CALL, onInputRequests: handler })

      // Round 1: the prerequisite carried by the -32042 error (a different URL, a server-made id).
      expect(rounds.length).toBeGreaterThanOrEqual(1)
      const first = Object.entries(rounds[0]!.requests)
      expect(first).toHaveLength(1)
      const [key, prerequisite] = first[0]!
      expect(prerequisite).toMatchObject({
        method: 'elicitation/create',
        params: { mode: 'url', url: 'https://modelcontextprotocol.io', message: 'Open this link to satisfy the prerequisite, then retry the request.' },
      })
      expect(key).toBe(`url-${String(prerequisite.params!.elicitationId)}`)
      expect(rounds[0]!.context).toMatchObject({ era: 'legacy', round: 1 })

      // The same call went out again with the same arguments...
      const calls = posted(records, 'tools/call')
      expect(calls).toHaveLength(2)
      expect(calls.map((call) => call.body!.params!.arguments)).toEqual([args, args])
      expect(calls[0]!.body!.id).not.toBe(calls[1]!.body!.id)

      // ...and the server, recognising the retry, took the request path: round 2 is its URL elicitation.
      expect(rounds).toHaveLength(2)
      expect(Object.values(rounds[1]!.requests)).toEqual([
        { method: 'elicitation/create', params: { mode: 'url', url: 'https://example.com/authorize', message: 'Please open the link to complete this action.', elicitationId } },
      ])
      expect(textOf(result)).toContain(`✅ User completed the URL elicitation flow.\nElicitation ID: ${elicitationId}\nURL: https://example.com/authorize`)
    })
  })

  it('trigger-sampling-request: sampling/createMessage is answered by our handler and the tool returns our text', async () => {
    const { client } = connect()
    const { handler, rounds } = answering(() => ({
      role: 'assistant',
      model: 'mcp-elicit-test-model',
      stopReason: 'endTurn',
      content: { type: 'text', text: 'Sampled by mcp-elicit: the answer is 42.' },
    }))
    const result = await client.callTool('trigger-sampling-request', { prompt: 'What is the answer?', maxTokens: 64 }, { ...CALL, onInputRequests: handler })

    expect(rounds).toHaveLength(1)
    const [request] = Object.values(rounds[0]!.requests)
    expect(request).toMatchObject({
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: 'Resource trigger-sampling-request context: What is the answer?' } }],
        systemPrompt: 'You are a helpful test server.',
        maxTokens: 64,
      },
    })
    const text = textOf(result)
    expect(text).toMatch(/^LLM sampling result: \n/)
    expect(JSON.parse(text.replace(/^LLM sampling result: \n/, ''))).toEqual({
      role: 'assistant',
      model: 'mcp-elicit-test-model',
      stopReason: 'endTurn',
      content: { type: 'text', text: 'Sampled by mcp-elicit: the answer is 42.' },
    })
  })

  it('get-roots-list: roots/list is answered and the tool lists our roots', async () => {
    // The server asks for roots on its own (350 ms after initialization, on the GET stream)
    // or from inside the tool, whichever comes first: the client-level handler answers both.
    const roots = [
      { uri: 'file:///work/project', name: 'project' },
      { uri: 'file:///tmp/scratch', name: 'scratch' },
    ]
    const { handler, rounds } = answering((request) => (request.method === 'roots/list' ? { roots } : { action: 'decline' }))
    const { client } = connect({ onInputRequests: handler })
    const result = await client.callTool('get-roots-list', {}, CALL)

    expect(rounds.length).toBeGreaterThanOrEqual(1)
    expect(rounds.flatMap((round) => Object.values(round.requests).map((request) => request.method))).toContain('roots/list')
    expect(rounds.every((round) => round.context.era === 'legacy')).toBe(true)
    expect(textOf(result)).toContain('Current MCP Roots (2 total):\n\n1. project\n   URI: file:///work/project\n\n2. scratch\n   URI: file:///tmp/scratch')
  })

  it('trigger-long-running-operation: onProgress receives increasing values, then the result', async () => {
    const { client, records } = connect()
    const progress: Progress[] = []
    const result = await client.callTool('trigger-long-running-operation', { duration: 1, steps: 4 }, { ...CALL, onProgress: (p) => progress.push(p) })

    expect(textOf(result)).toBe('Long running operation completed. Duration: 1 seconds, Steps: 4.')
    expect(progress).toEqual([
      { progress: 1, total: 4 },
      { progress: 2, total: 4 },
      { progress: 3, total: 4 },
      { progress: 4, total: 4 },
    ])
    // The token the server echoed is the one the client put in _meta.
    const [call] = posted(records, 'tools/call')
    expect(call!.body!.params!._meta).toMatchObject({ progressToken: expect.any(String) })
  })

  it('abort mid-call: rejects quickly with McpCancelledError and tells the server with notifications/cancelled', async () => {
    const { client, records } = connect()
    const controller = new AbortController()
    const progress: Progress[] = []
    const call = client.callTool('trigger-long-running-operation', { duration: 3, steps: 3 }, {
      ...CALL,
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p)
        // The server is certainly working on it now: one step of three done.
        controller.abort()
      },
    })
    const outcome = call.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(await eventually(() => controller.signal.aborted, 5_000)).toBe(true)
    const abortedAt = Date.now()
    const error = await outcome
    expect(Date.now() - abortedAt).toBeLessThan(500)
    expect(error).toBeInstanceOf(McpCancelledError)
    expect(isMcpCancelledError(error)).toBe(true)
    expect(progress).toEqual([{ progress: 1, total: 3 }])

    // The server must learn that the request is cancelled (2025-11-25, basic/utilities/cancellation):
    // a notifications/cancelled naming the tools/call's id, in the same session, accepted (202).
    const [toolCall] = posted(records, 'tools/call')
    expect(toolCall).toBeDefined()
    await eventually(() => posted(records, 'notifications/cancelled').some((record) => record.status !== undefined), 2_000)
    expect(posted(records, 'notifications/cancelled')).toEqual([
      expect.objectContaining({ sessionId: toolCall!.sessionId, status: 202, body: expect.objectContaining({ params: expect.objectContaining({ requestId: toolCall!.body!.id }) }) }),
    ])
  })

  it('watch on a 2025-11-25 session: resources/subscribe for the URI, the update arrives on the GET stream, unsubscribe when the watcher leaves', async () => {
    const uri = 'demo://resource/static/document/architecture.md'
    const { client, records } = connect({ protocolVersion: '2025-11-25' })
    const heard: string[] = []
    const unwatch = client.watch({ resourceUris: [uri] }, (change) => change.type === 'resource_updated' && heard.push(change.uri))
    expect(await eventually(() => posted(records, 'resources/subscribe').length === 1, 8_000)).toBe(true)
    expect(posted(records, 'resources/subscribe')[0]!.body!.params).toEqual({ uri })
    // The server's own tool: it sends an update for every subscribed URI at once, then every 5 s.
    await client.callTool('toggle-subscriber-updates', {}, CALL)
    expect(await eventually(() => heard.length > 0, 8_000)).toBe(true)
    expect(heard[0]).toBe(uri)
    await client.callTool('toggle-subscriber-updates', {}, CALL)
    unwatch()
    expect(await eventually(() => posted(records, 'resources/unsubscribe').length === 1, 8_000)).toBe(true)
    expect(posted(records, 'subscriptions/listen')).toEqual([])
  })
})
