/**
 * Proves the test fixture is a real, conforming 2026-07-28 server by driving
 * it with the OFFICIAL client (`@modelcontextprotocol/client`), not with our
 * library. The client's own input-required driver fulfils each round through
 * the handlers registered with `setRequestHandler`.
 */
import { Client, StreamableHTTPClientTransport, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'

type Answer = (request: ElicitRequest) => ElicitResult
const accept = (content: NonNullable<ElicitResult['content']>): ElicitResult => ({ action: 'accept', content })

let server: ModernServer
const clients: Client[] = []

beforeAll(async () => {
  server = await startModernServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})))
})

async function connect(answer: Answer, options: { sampling?: boolean; roots?: boolean; maxRounds?: number } = {}) {
  const asked: ElicitRequest[] = []
  const client = new Client(
    { name: 'official-client-probe', version: '1.0.0' },
    {
      capabilities: {
        elicitation: { form: {}, url: {} },
        ...(options.sampling && { sampling: {} }),
        ...(options.roots && { roots: {} }),
      },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      inputRequired: { maxRounds: options.maxRounds ?? 10 },
    },
  )
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request)
    return answer(request)
  })
  if (options.sampling) {
    client.setRequestHandler('sampling/createMessage', async () => ({
      model: 'probe-model',
      role: 'assistant' as const,
      content: { type: 'text' as const, text: 'hi' },
    }))
  }
  if (options.roots) {
    client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }))
  }
  clients.push(client)
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
  return { client, asked }
}

function textOf(result: { content?: unknown }): string {
  const content = result.content as Array<{ type: string; text?: string }> | undefined
  return content?.map((block) => block.text ?? '').join('') ?? ''
}

function requestsFor(tool: string) {
  return server.requests.filter(
    (r) => r.method === 'POST' && (r.body as { params?: { name?: string } } | undefined)?.params?.name === tool,
  )
}

describe('modern test server, driven by the official client', () => {
  it('echo completes with no input and the client sends the modern envelope and headers', async () => {
    const { client, asked } = await connect(() => ({ action: 'cancel' }))
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi there' } })
    expect(textOf(result)).toBe('hi there')
    expect(asked).toHaveLength(0)

    const [call] = requestsFor('echo').slice(-1)
    expect(call?.headers['mcp-protocol-version']).toBe('2026-07-28')
    expect(call?.headers['mcp-method']).toBe('tools/call')
    expect(call?.headers['mcp-name']).toBe('echo')
    expect(call?.headers['mcp-session-id']).toBeUndefined()
    const meta = (call?.body as { params: { _meta: Record<string, unknown> } }).params._meta
    expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28')
    expect(meta['io.modelcontextprotocol/clientCapabilities']).toMatchObject({ elicitation: { form: {} } })
    expect(server.requests.some((r) => r.rpcMethod === 'initialize')).toBe(false)
  })

  it('ask_name: one form round, and the answer reaches the tool', async () => {
    const { client, asked } = await connect(() => accept({ name: 'Ada' }))
    const result = await client.callTool({ name: 'ask_name', arguments: {} })
    expect(textOf(result)).toBe('hello Ada')
    expect(asked).toHaveLength(1)
    expect(asked[0]?.params).toMatchObject({ message: 'What is your name?', requestedSchema: { required: ['name'] } })
    expect(server.received.filter((r) => r.tool === 'ask_name').at(-1)?.data).toEqual({
      action: 'accept',
      content: { name: 'Ada' },
    })

    // Two POSTs with distinct JSON-RPC ids; the retry carries inputResponses.
    const posts = requestsFor('ask_name').slice(-2)
    const bodies = posts.map((p) => p.body as { id: number; params: Record<string, unknown> })
    expect(bodies[0]?.params.inputResponses).toBeUndefined()
    expect(bodies[1]?.params.inputResponses).toEqual({ name: accept({ name: 'Ada' }) })
    expect(bodies[1]?.params.requestState).toBeUndefined()
    expect(bodies[0]?.id).not.toBe(bodies[1]?.id)
  })

  it('ask_name: decline and cancel are reported as such', async () => {
    const declined = await connect(() => ({ action: 'decline' }))
    expect(textOf(await declined.client.callTool({ name: 'ask_name', arguments: {} }))).toBe('declined')
    const cancelled = await connect(() => ({ action: 'cancel' }))
    expect(textOf(await cancelled.client.callTool({ name: 'ask_name', arguments: {} }))).toBe('cancelled')
  })

  it('wizard: two rounds carried in signed requestState, echoed byte for byte', async () => {
    const { client, asked } = await connect((request) => {
      const props = Object.keys((request.params as { requestedSchema: { properties: object } }).requestedSchema.properties)
      return props.includes('color')
        ? accept({ color: 'blue' })
        : accept({ size: 8 })
    })
    const result = await client.callTool({ name: 'wizard', arguments: {} })
    expect(JSON.parse(textOf(result))).toEqual({ color: 'blue', size: 8 })
    expect(asked).toHaveLength(2)
    expect(server.received.filter((r) => r.tool === 'wizard').at(-1)?.data).toEqual({ color: 'blue', size: 8 })

    const bodies = requestsFor('wizard')
      .slice(-3)
      .map((p) => p.body as { params: { requestState?: string; inputResponses?: object } })
    expect(bodies[0]?.params.requestState).toBeUndefined()
    expect(bodies[1]?.params.requestState).toMatch(/^v1\./)
    expect(bodies[2]?.params.requestState).toMatch(/^v1\./)
    expect(bodies[2]?.params.requestState).not.toBe(bodies[1]?.params.requestState)
    expect(bodies[2]?.params.inputResponses).toEqual({ size: accept({ size: 8 }) })
  })

  it('wizard: a tampered requestState is refused with -32602', async () => {
    const { client } = await connect(() => accept({ color: 'red' }))
    await expect(
      client.callTool({ name: 'wizard', arguments: {}, requestState: 'v1.forged.state' } as never),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Invalid or expired requestState') })
  })

  it('two_questions: two elicitations in one round, both answers reach the tool', async () => {
    const { client, asked } = await connect((request) =>
      request.params.message.startsWith('First')
        ? accept({ city: 'Oslo' })
        : { action: 'decline' },
    )
    const result = await client.callTool({ name: 'two_questions', arguments: {} })
    const expected = { first: accept({ city: 'Oslo' }), second: { action: 'decline' } }
    expect(JSON.parse(textOf(result))).toEqual(expected)
    expect(asked).toHaveLength(2)
    expect(server.received.filter((r) => r.tool === 'two_questions').at(-1)?.data).toEqual(expected)
    const retry = requestsFor('two_questions').at(-1)?.body as { params: { inputResponses: object } }
    expect(Object.keys(retry.params.inputResponses).sort()).toEqual(['first', 'second'])
  })

  it('slow_steps: requestState-only rounds are retried until done', async () => {
    const { client, asked } = await connect(() => ({ action: 'cancel' }))
    const result = await client.callTool({ name: 'slow_steps', arguments: { steps: 3 } })
    expect(textOf(result)).toBe('done after 3 rounds')
    expect(asked).toHaveLength(0)
  })

  it('needs_sampling: -32021 without the capability, the model answer with it', async () => {
    const without = await connect(() => ({ action: 'cancel' }))
    await expect(without.client.callTool({ name: 'needs_sampling', arguments: {} })).rejects.toMatchObject({
      code: -32021,
    })
    const withSampling = await connect(() => ({ action: 'cancel' }), { sampling: true })
    const result = await withSampling.client.callTool({ name: 'needs_sampling', arguments: {} })
    expect(JSON.parse(textOf(result))).toMatchObject({ model: 'probe-model', content: { text: 'hi' } })
  })

  it('regional_query: the client mirrors the x-mcp-header parameter', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }))
    await client.listTools()
    const result = await client.callTool({ name: 'regional_query', arguments: { region: 'Zürich', query: 'q' } })
    expect(JSON.parse(textOf(result))).toMatchObject({ header: 'Zürich', region: 'Zürich', query: 'q' })
  })

  it('greeting_prompt and config://settings ask for input too', async () => {
    const { client } = await connect((request) =>
      'confirm' in (request.params as { requestedSchema: { properties: object } }).requestedSchema.properties
        ? accept({ confirm: true })
        : accept({ name: 'Grace' }),
    )
    const prompt = await client.getPrompt({ name: 'greeting_prompt' })
    expect(prompt.messages[0]?.content).toMatchObject({ text: 'Hello, Grace!' })
    const resource = await client.readResource({ uri: 'config://settings' })
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toEqual({ theme: 'dark', confirmed: true })
  })

  it('progress: notifications arrive over SSE before the result', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }))
    const seen: Array<{ progress: number; total?: number; message?: string }> = []
    const result = await client.callTool(
      { name: 'progress', arguments: { count: 3, delayMs: 5 } },
      { onprogress: (p) => seen.push(p) },
    )
    expect(textOf(result)).toBe('progress done: 3 notifications')
    expect(seen.map((p) => p.progress)).toEqual([1, 2, 3])
    expect(seen[2]).toMatchObject({ total: 3, message: 'step 3 of 3' })
  })

  it('slow: aborting the call closes the stream and the tool sees the abort', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }))
    const controller = new AbortController()
    const call = client.callTool({ name: 'slow', arguments: { ms: 5000 } }, { signal: controller.signal })
    await new Promise((r) => setTimeout(r, 150))
    controller.abort()
    await expect(call).rejects.toThrow()
    const entry = await server.waitForReceived('slow')
    expect(entry.data).toMatchObject({ ms: 5000, aborted: true })
  })

  it('needs_roots and confirm_url (URL mode) complete', async () => {
    const withoutRoots = await connect(() => ({ action: 'cancel' }))
    await expect(withoutRoots.client.callTool({ name: 'needs_roots', arguments: {} })).rejects.toMatchObject({
      code: -32021,
    })
    const { client, asked } = await connect(() => ({ action: 'accept' }), { roots: true })
    const roots = await client.callTool({ name: 'needs_roots', arguments: {} })
    expect(JSON.parse(textOf(roots))).toEqual([{ uri: 'file:///work', name: 'work' }])

    const result = await client.callTool({ name: 'confirm_url', arguments: {} })
    expect(textOf(result)).toMatch(/^confirmed [\w-]+ \(page visited: false\)$/)
    expect(asked.at(-1)?.params).toMatchObject({ mode: 'url', url: expect.stringContaining(`${server.origin}/confirm?id=`) })
  })

  it('confirm_url with requireUrlVisit: accept completes only after the page was visited', async () => {
    const strict = await startModernServer({ requireUrlVisit: true })
    try {
      let rounds = 0
      const client = new Client(
        { name: 'official-client-probe', version: '1.0.0' },
        { capabilities: { elicitation: { url: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      )
      clients.push(client)
      client.setRequestHandler('elicitation/create', async (request) => {
        rounds++
        const url = (request.params as { url: string }).url
        // First round: accept without visiting (server asks again); second: visit, then accept.
        if (rounds === 2) await fetch(url.replace('/confirm?', '/confirm/done?'))
        return { action: 'accept' }
      })
      await client.connect(new StreamableHTTPClientTransport(new URL(strict.url)))
      const result = await client.callTool({ name: 'confirm_url', arguments: {} })
      expect(textOf(result)).toMatch(/\(page visited: true\)$/)
      expect(rounds).toBe(2)
      expect(strict.confirmedUrls.size).toBe(1)
    } finally {
      await strict.close()
    }
  })

  it('loop_forever: the official client gives up at its round cap', async () => {
    const { client } = await connect(() => ({ action: 'cancel' }), { maxRounds: 3 })
    const before = requestsFor('loop_forever').length
    await expect(client.callTool({ name: 'loop_forever', arguments: {} })).rejects.toThrow()
    expect(requestsFor('loop_forever').length - before).toBeGreaterThanOrEqual(3)
    expect(requestsFor('loop_forever').length - before).toBeLessThanOrEqual(4)
  })
})
