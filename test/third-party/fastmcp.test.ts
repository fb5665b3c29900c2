/**
 * Our client against FastMCP (the TypeScript framework by punkpeye, npm
 * `fastmcp`), a server we did not write: its httpStream transport, a
 * 2025-11-25 session server on the official SDK v1, started in this process
 * on 127.0.0.1 with a free port.
 *
 * FastMCP's tools ask through `context.elicit`, which sends
 * `elicitation/create` with no related request: it travels on the session's
 * GET stream, not on the tool call's POST stream. The client takes it as the
 * question of the one call in flight that has its own `onInputRequests`
 * (a chat UI shows it in that call's card), even though the client has a
 * handler of its own; only the public API is used.
 */
import { FastMCP } from 'fastmcp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { CallObserver, createClient, type CallState, type ClientOptions, type InputHandler, type InputRequests, type McpClient, type McpResult } from '../../src/core/index.ts'
import { freePort } from '../support/everything-server.ts'

const CALL = { timeoutMs: 8_000 }
const quiet = { debug() {}, error() {}, info() {}, log() {}, warn() {} }

let server: FastMCP | undefined
let url = ''
const clients: McpClient[] = []

beforeAll(async () => {
  // mcp-proxy (FastMCP's HTTP layer) narrates every session on console.log.
  const log = console.log
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith('[mcp-proxy]'))) log(...args)
  })
  const mcp = new FastMCP({ name: 'fastmcp-elicit-test', version: '1.0.0', logger: quiet, ping: { enabled: false }, roots: { enabled: false } })
  mcp.addTool({
    name: 'delete-file',
    description: 'Deletes a file once the person confirms',
    parameters: z.object({ path: z.string() }),
    execute: async (args, { elicit }) => {
      const response = await elicit({
        message: `Are you sure you want to delete ${args.path}?`,
        requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } }, required: ['confirmed'] },
      })
      if (response.action !== 'accept' || response.content?.confirmed !== true) return `Kept ${args.path} (${response.action})`
      return `Deleted ${args.path}`
    },
  })
  mcp.addTool({
    name: 'two-questions',
    description: 'Asks a name, then a colour',
    parameters: z.object({}),
    execute: async (_args, { elicit }) => {
      const name = await elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] } })
      const colour = await elicit({ message: 'Your colour?', requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] } })
      return `${String(name.content?.value)} likes ${String(colour.content?.value)}`
    },
  })
  // A port that was free a moment ago; another process may take it first, so try a few.
  for (let attempt = 0; ; attempt++) {
    const port = await freePort()
    try {
      await mcp.start({ transportType: 'httpStream', httpStream: { port, host: '127.0.0.1' } })
      url = `http://127.0.0.1:${port}/mcp`
      break
    } catch (error) {
      if (attempt >= 3) throw error
    }
  }
  server = mcp
})

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await server?.stop()
  vi.restoreAllMocks()
})

/**
 * A real fetch that also reads a copy of every SSE response, so a test can
 * tell which stream (the GET stream or a POST's) carried a message.
 */
function streamsFetch() {
  const seen = { GET: '', POST: '' }
  const wrapped: typeof fetch = async (input, init = {}) => {
    const response = await fetch(input, init)
    const method = init.method === 'GET' ? 'GET' : 'POST'
    if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) return response
    const [mine, copy] = response.body.tee()
    void (async () => {
      const decoder = new TextDecoder()
      const reader = copy.getReader()
      // Ends when the client ends the stream (close() at the latest).
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) seen[method] += decoder.decode(chunk.value, { stream: true })
    })().catch(() => {})
    return new Response(mine, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
  return { fetch: wrapped, seen }
}

function connect(options: ClientOptions = {}) {
  const { fetch, seen } = streamsFetch()
  const client = createClient(url, { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } }, fetch, onWarning: () => {}, ...options })
  clients.push(client)
  return { client, seen }
}

function recorder(answer: (request: InputRequests[string]) => Record<string, unknown>) {
  const asked: Array<{ round: number; messages: unknown[] }> = []
  const handler: InputHandler = async (requests, context) => {
    asked.push({ round: context.round, messages: Object.values(requests).map((request) => request.params?.message) })
    return Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, answer(request)]))
  }
  return { asked, handler }
}

const textOf = (result: McpResult) => (result.content as Array<{ text?: string }>).map((item) => item.text ?? '').join('\n')

describe('FastMCP over httpStream', () => {
  it("elicit() arrives on the GET stream, goes to the call's own handler (not the client's), and the call completes", async () => {
    const atClient = recorder(() => ({ action: 'decline' }))
    const own = recorder(() => ({ action: 'accept', content: { confirmed: true } }))
    const { client, seen } = connect({ onInputRequests: atClient.handler })
    const result = await client.callTool('delete-file', { path: '/tmp/a.txt' }, { ...CALL, onInputRequests: own.handler })
    expect(textOf(result)).toBe('Deleted /tmp/a.txt')
    expect(own.asked).toEqual([{ round: 1, messages: ['Are you sure you want to delete /tmp/a.txt?'] }])
    expect(atClient.asked).toEqual([])
    expect(client.serverInfo).toMatchObject({ name: 'fastmcp-elicit-test' })
    // The question came on the session's GET stream, not on the tool call's POST stream.
    expect(seen.GET).toContain('"method":"elicitation/create"')
    expect(seen.POST).not.toContain('elicitation/create')
  })

  it('two questions in a row are rounds 1 and 2 of the call', async () => {
    const answers = ['Ada', 'green']
    const own = recorder(() => ({ action: 'accept', content: { value: answers.shift() } }))
    const { client } = connect()
    await expect(client.callTool('two-questions', {}, { ...CALL, onInputRequests: own.handler }).then(textOf)).resolves.toBe('Ada likes green')
    expect(own.asked).toEqual([
      { round: 1, messages: ['Your name?'] },
      { round: 2, messages: ['Your colour?'] },
    ])
  })

  it("through a CallObserver (the call's card), with a client-level handler present: the question shows in the call's state", async () => {
    const atClient = recorder(() => ({ action: 'decline' }))
    const { client } = connect({ onInputRequests: atClient.handler })
    const observer = new CallObserver(client)
    const done = observer.start({ method: 'tools/call', params: { name: 'delete-file', arguments: { path: '/tmp/b.txt' } } })
    const shown = await new Promise<CallState & { status: 'awaiting_input' }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the question never showed')), 8000)
      const check = () => {
        const state = observer.getSnapshot()
        if (state.status === 'awaiting_input') {
          clearTimeout(timer)
          unsubscribe()
          resolve(state)
        }
      }
      const unsubscribe = observer.subscribe(check)
      check()
    })
    expect(shown.inputs.map((input) => input.params.message)).toEqual(['Are you sure you want to delete /tmp/b.txt?'])
    observer.respond(shown.inputs[0]!.key, { action: 'accept', content: { confirmed: true } })
    const final = await done
    expect(final.status).toBe('done')
    expect(final.status === 'done' ? textOf(final.result) : '').toBe('Deleted /tmp/b.txt')
    expect(atClient.asked).toEqual([])
  })
})
