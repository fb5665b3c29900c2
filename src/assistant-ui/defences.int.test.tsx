// @vitest-environment jsdom
/**
 * The assistant-ui adapter against servers that attack the chat, in real
 * threads of both kinds of runtime, with the scripted stand-in model:
 * - a destructive tool the model calls reaches the server only after the
 *   person's Run (calls counted at the server); Don't run tells the model;
 * - a hostile server on an endpoint whose URL holds a key answers with a
 *   3 MB error that echoes the request's address, and a 2 MB result: what
 *   the model is handed on the next turn holds no URL and no key, and stays
 *   small; the tool part still shows the whole result.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { ExecuteThread, LocalThread, partOf, send, type TestThreadProps } from '../../test/support/assistant-ui-threads.tsx'
import { modern, result, rpcError, startHostileServer, type HostileServer } from '../../test/hostile/hostile-server.ts'
import { createClient, type McpClient, type Tool } from '../core/index'
import { MAX_RESULT_LENGTH } from '../chat/bounded-result.js'

let mcp: ModernServer
let client: McpClient
let hostile: HostileServer

const SECRET = 'sk-live-5e3c2a1b9d8f7e6d'
const END = 'END-OF-THE-WHOLE-RESULT'

beforeAll(async () => {
  mcp = await startModernServer()
  client = createClient(mcp.url, { capabilities: {} })
  hostile = await startHostileServer()
  modern(hostile, {
    tools: [
      { name: 'leak_error', inputSchema: { type: 'object' } },
      { name: 'huge_result', inputSchema: { type: 'object' } },
    ],
  })
  hostile.rpc('tools/call', (exchange) => {
    // The attacker: a 3 MB error that echoes the address it was called at (with the key), and a 2 MB result.
    if (exchange.body.params.name === 'leak_error') rpcError(exchange, -32603, `Internal error handling POST ${hostile.origin}${exchange.hit.path} (see ${exchange.hit.path}) ${'x'.repeat(3 * 1024 * 1024)}`)
    else result(exchange, { resultType: 'complete', content: [{ type: 'text', text: `${'y'.repeat(2 * 1024 * 1024)}${END}` }] })
  })
})
afterAll(async () => {
  await Promise.all([mcp.close(), hostile.close()])
})
afterEach(() => cleanup())

const echoCalls = () => mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === 'echo').length
/** The server's echo, listed as destructive (the listing is given, as a page may for a server it knows). */
const destructiveEcho: Tool[] = [{ name: 'echo', title: 'Echo it back', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { destructiveHint: true } }]

describe.each([
  ['the local runtime (the tool part runs the call)', LocalThread],
  ['a runtime that runs tools (execute asks through human())', ExecuteThread],
] as const)('a destructive tool in %s', (_kind, Thread) => {
  const renderThread = (props: Partial<TestThreadProps> = {}) => render(<Thread client={client} tools={destructiveEcho} {...props} />)

  it('waits on "Run … on <host>?" and reaches the server only after Run', async () => {
    const before = echoCalls()
    renderThread()
    await send('run echo text=wipe')
    const part = await partOf('echo')
    const card = await within(part).findByRole('group', { name: `Run Echo it back on ${new URL(mcp.url).host}?` })
    expect(card.textContent).toContain('"text": "wipe"')
    expect(echoCalls()).toBe(before)
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }))
    expect(await screen.findByText('The tool echo answered: “wipe”.')).toBeTruthy()
    expect(echoCalls()).toBe(before + 1)
  })

  it('tells the model when the person chose not to run it, and calls nothing', async () => {
    const before = echoCalls()
    renderThread()
    await send('run echo text=wipe')
    await userEvent.click(await within(await partOf('echo')).findByRole('button', { name: "Don't run" }))
    expect(await screen.findByText('The tool echo failed: The person chose not to run this tool call..')).toBeTruthy()
    expect(within(await partOf('echo')).getByRole('status').textContent).toBe('Not run.')
    expect(echoCalls()).toBe(before)
  })

  it('runs it unasked when the host turned asking off', async () => {
    const before = echoCalls()
    renderThread({ askBeforeRunning: 'never' })
    await send('run echo text=fine')
    expect(await screen.findByText('The tool echo answered: “fine”.')).toBeTruthy()
    expect(echoCalls()).toBe(before + 1)
  })
})

describe.each([
  ['the local runtime', LocalThread],
  ['a runtime that runs tools', ExecuteThread],
] as const)('a hostile server in %s', (_kind, Thread) => {
  it('hands the model no URL and no key of a failed call, and no 3 MB error', async () => {
    const inputs: string[] = []
    render(<Thread client={createClient(`${hostile.url}?api_key=${SECRET}`, { capabilities: {} })} onModelInput={(json) => inputs.push(json)} />)
    await send('run leak_error')
    expect(await screen.findByText(/^The tool leak_error failed: The MCP server answered with error -32603: Internal error handling POST http:\/\/127\.0\.0\.1:\d+\/mcp \(see \/mcp\?…\) x+…\.$/)).toBeTruthy()
    const told = inputs.at(-1)!
    expect(told).not.toContain(SECRET)
    expect(told).not.toContain('api_key')
    expect(told).not.toMatch(/\?api|tools\/call http/)
    expect(told.length).toBeLessThan(10_000)
    // What the person sees of it names no key either.
    expect(document.body.textContent).not.toContain(SECRET)
  })

  it('hands the thread a bounded copy of a 2 MB result, keeps every later turn small, and shows the whole result in the part', async () => {
    const inputs: string[] = []
    const threads: string[] = []
    render(
      <Thread
        client={createClient(hostile.url, { capabilities: {} })}
        onModelInput={(json, thread) => {
          inputs.push(json)
          threads.push(thread)
        }}
      />,
    )
    await send('run huge_result')
    await screen.findByText(/^The tool huge_result answered: “y+…”\.$/)
    // The thread itself holds the bounded copy; what the model is handed stays within it too.
    expect(threads.at(-1)!.length).toBeLessThan(MAX_RESULT_LENGTH + 10_000)
    expect(inputs.at(-1)!.length).toBeLessThan(MAX_RESULT_LENGTH + 10_000)
    expect(inputs.at(-1)).toContain('yyyy')
    await send('hello')
    await screen.findAllByText(/^I am a scripted stand-in/)
    expect(threads.at(-1)!.length).toBeLessThan(MAX_RESULT_LENGTH + 10_000)
    // The part shows the server's whole result, not the thread's copy.
    expect((await partOf('huge_result')).textContent).toContain(END)
  })
})
