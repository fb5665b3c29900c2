// @vitest-environment jsdom
/**
 * McpToolPart against a real MCP server (the SDK's, servers/modern-server.ts):
 * a tool part in `input-available` runs its call in the part, with its
 * rounds, and hands the result back exactly once; an error, a Stop and a
 * tool the listing has not got go back as error outputs; a part answered
 * before the page loaded shows its output and calls nothing. A call of a
 * destructive tool waits for the person's Run (`askBeforeRunning`), asked by
 * the route (the AI SDK's tool approval) or by the page on its own: nothing
 * reaches the server before the click. The hints are the server's: one that
 * claims read-only and destructive at once is asked, one that claims
 * read-only is believed only under a policy that says so.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../../servers/modern-server.ts'
import { createClient, type McpClient, type Tool } from '../../core/index.js'
import { McpProvider } from '../../react/index.js'
import { isMcpAiSdkError } from '../errors.js'
import { addToolOutputOf, DECLINED_TEXT, STOPPED_TEXT } from './part-output.js'
import { McpToolPart, type McpToolPartProps } from './McpToolPart.js'
import type { ToolPartLike } from '../tool-part.js'

let mcp: ModernServer
let client: McpClient
let listing: Tool[]

beforeAll(async () => {
  mcp = await startModernServer()
  client = createClient(mcp.url, { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } })
  listing = await client.listTools()
})
afterAll(async () => mcp.close())
afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const calls = (name: string) => mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === name).length
/** A tool part as the route's tools make it: the MCP name in its `toolMetadata` (mcpToolsForModel). */
const part = (toolName: string, input: unknown, extra: Partial<ToolPartLike> = {}): ToolPartLike => ({ type: 'dynamic-tool', toolName, toolCallId: `call-${toolName}-${Math.random()}`, state: 'input-available', input, toolMetadata: { mcp: { name: toolName } }, ...extra })

const echoCalls = () => calls('echo')
/** The server's echo, listed with the annotations a (possibly lying) server gives it. */
const listed = (annotations: Record<string, boolean>): Tool[] => [{ name: 'echo', title: 'Echo it back', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations }]
const echoPart = (extra: Partial<ToolPartLike> = {}): ToolPartLike => ({ type: 'dynamic-tool', toolName: 'echo', toolCallId: `call-${Math.random()}`, state: 'input-available', input: { text: 'wipe it' }, toolMetadata: { mcp: { name: 'echo' } }, ...extra })

function renderPart(props: Omit<McpToolPartProps, 'validator'>) {
  const view = render(
    <McpProvider client={client}>
      <McpToolPart validator={validator} {...props} />
    </McpProvider>,
  )
  return { ...view, rerender: (next: Omit<McpToolPartProps, 'validator'>) => view.rerender(<McpProvider client={client}><McpToolPart validator={validator} {...next} /></McpProvider>) }
}

describe('McpToolPart', () => {
  it('runs the call with its rounds in the part and hands the result back once', async () => {
    const addToolOutput = vi.fn()
    const wizard = part('wizard', {})
    const { container, rerender } = renderPart({ part: wizard, chat: { addToolOutput }, tools: listing })
    const first = await screen.findByRole('group', { name: 'Pick a colour' })
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: /^Colour/ }), 'green')
    await userEvent.click(within(first).getByRole('button', { name: 'Accept' }))
    const second = await screen.findByRole('group', { name: 'Colour green. Now pick a size' })
    await userEvent.click(within(second).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    const [output] = addToolOutput.mock.calls[0]!
    expect(output).toMatchObject({ tool: 'wizard', toolCallId: wizard.toolCallId, state: 'output-available', output: { content: [{ type: 'text' }] } })
    // The chat puts the output in the part: the call stays on screen with its result, and nothing is handed back again.
    rerender({ part: { ...wizard, state: 'output-available', output: output.output }, chat: { addToolOutput }, tools: listing })
    expect(container.querySelector('[data-tool="wizard"]')?.getAttribute('data-part-state')).toBe('output-available')
    expect(container.querySelector('section.mcp-elicit-call')?.getAttribute('data-state')).toBe('done')
    expect(addToolOutput).toHaveBeenCalledTimes(1)
  })

  it('hands back a Stop as an error output the model can read', async () => {
    const addToolOutput = vi.fn()
    renderPart({ part: part('slow', { ms: 20_000 }), chat: { addToolOutput }, tools: listing })
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'slow', state: 'output-error', errorText: STOPPED_TEXT })
  })

  it('refuses a tool the listing has not got, without calling anything', async () => {
    const addToolOutput = vi.fn()
    const before = mcp.requests.filter((r) => r.rpcMethod === 'tools/call').length
    renderPart({ part: part('made_up', {}), chat: { addToolOutput }, tools: listing })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'made_up', state: 'output-error', errorText: 'There is no tool named "made_up" on this server.' })
    expect(mcp.requests.filter((r) => r.rpcMethod === 'tools/call').length).toBe(before)
  })

  it('calls the MCP name the route put in the metadata when no listing is given (a renamed tool)', async () => {
    const addToolOutput = vi.fn()
    renderPart({ part: part('echo_renamed', { text: 'hi' }, { toolMetadata: { mcp: { name: 'echo' } } }), chat: { addToolOutput } })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'echo_renamed', state: 'output-available', output: { content: [{ type: 'text', text: 'hi' }] } })
  })

  // The app's own client-side tool, or another server's, may share a name with this server's tool: it must not become a call here.
  it('leaves alone a part the route did not mark as an MCP tool, with or without a listing', async () => {
    const addToolOutput = vi.fn()
    const before = calls('echo')
    const own = { type: 'tool-echo', toolCallId: 'call-own-echo', state: 'input-available', input: { text: 'secret' } }
    const other = { type: 'dynamic-tool', toolName: 'echo', toolCallId: 'call-other-echo', state: 'input-available', input: { text: 'secret' }, toolMetadata: { server: 'another' } }
    const { container } = render(
      <McpProvider client={client}>
        <McpToolPart validator={validator} part={own} chat={{ addToolOutput }} tools={listing} />
        <McpToolPart validator={validator} part={other} chat={{ addToolOutput }} />
      </McpProvider>,
    )
    // A part that is the route's runs: it shows that the others were rendered and left alone by then.
    renderPart({ part: part('echo', { text: 'mine' }), chat: { addToolOutput }, tools: listing })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'echo', state: 'output-available', output: { content: [{ type: 'text', text: 'mine' }] } })
    expect(container.innerHTML).toBe('')
    expect(calls('echo')).toBe(before + 1)
  })

  it("calls the tool the route named, not one the browser's listing would name so (the route read it with other limits)", async () => {
    const addToolOutput = vi.fn()
    // The route offered the server's `echo` as `notes_search`; in the browser's listing another tool may take that model name.
    const shadow = [...listing, { name: 'notes_search', inputSchema: { type: 'object' } } as Tool]
    renderPart({ part: part('notes_search', { text: 'routed' }, { toolMetadata: { mcp: { name: 'echo' } } }), chat: { addToolOutput }, tools: shadow })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'notes_search', state: 'output-available', output: { content: [{ type: 'text', text: 'routed' }] } })
  })

  it('shows a part answered before the page loaded from its output, and calls nothing', async () => {
    const addToolOutput = vi.fn()
    const before = calls('echo')
    const done = part('echo', { text: 'x' }, { state: 'output-available', output: { content: [{ type: 'text', text: 'from history' }] } })
    const stopped = part('echo', { text: 'x' }, { state: 'output-error', errorText: STOPPED_TEXT })
    const failed = part('echo', { text: 'x' }, { state: 'output-error', errorText: 'boom <img src=x onerror=alert(1)>' })
    const { container } = renderPart({ part: done, chat: { addToolOutput }, tools: listing })
    expect(await screen.findByText('from history')).toBeTruthy()
    render(<McpProvider client={client}><McpToolPart part={stopped} chat={{ addToolOutput }} /><McpToolPart part={failed} chat={{ addToolOutput }} /></McpProvider>)
    expect(screen.getByRole('status').textContent).toBe('Cancelled.')
    expect(screen.getByRole('alert').textContent).toContain('boom <img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
    expect(container.querySelector('section.mcp-elicit-call')?.getAttribute('data-state')).toBe('done')
    expect(calls('echo')).toBe(before)
    expect(addToolOutput).not.toHaveBeenCalled()
  })

  it('with autoRun false (a conversation loaded from storage) waits for Run unless a round was kept', async () => {
    const addToolOutput = vi.fn()
    const before = calls('echo')
    renderPart({ part: part('echo', { text: 'again?' }), chat: { addToolOutput }, tools: listing, autoRun: false })
    await userEvent.click(await screen.findByRole('button', { name: 'Run echo' }))
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(calls('echo')).toBe(before + 1)
  })

  it('names the API and the version to install when useChat has no addToolOutput', () => {
    let caught: unknown
    try {
      addToolOutputOf({ addToolResult: () => {} })
    } catch (error) {
      caught = error
    }
    expect(isMcpAiSdkError(caught) && caught.code).toBe('AI_SDK_MISSING_API')
    expect((caught as Error).message).toBe(
      "mcp-elicit/ai-sdk needs `addToolOutput` from useChat()'s helpers (@ai-sdk/react), and the installed version has none. It is written for @ai-sdk/react 4: run `npm install @ai-sdk/react@4`.",
    )
  })
})

describe('McpToolPart before a destructive call', () => {
  it('answers the route’s approval request with the Run click, and runs the call only once the approval is in the part', async () => {
    const addToolOutput = vi.fn()
    const addToolApprovalResponse = vi.fn()
    const asked = echoPart({ state: 'approval-requested', approval: { id: 'approval-1' }, toolMetadata: { mcp: { name: 'echo', destructive: true } } })
    const before = echoCalls()
    const { rerender } = renderPart({ part: asked, chat: { addToolOutput, addToolApprovalResponse }, tools: listed({ destructiveHint: true }) })
    const card = await screen.findByRole('group', { name: `Run Echo it back on ${new URL(mcp.url).host}?` })
    expect(card.textContent).toContain('"text": "wipe it"')
    expect(echoCalls()).toBe(before)
    await userEvent.click(screen.getByRole('button', { name: 'Run' }))
    expect(addToolApprovalResponse).toHaveBeenCalledWith({ id: 'approval-1', approved: true })
    // Still asked in the conversation: nothing goes out until useChat puts the approval in the part.
    expect(echoCalls()).toBe(before)
    rerender({ part: { ...asked, state: 'approval-responded', approval: { id: 'approval-1', approved: true } }, chat: { addToolOutput, addToolApprovalResponse }, tools: listed({ destructiveHint: true }) })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'echo', state: 'output-available', output: { content: [{ type: 'text', text: 'wipe it' }] } })
    expect(echoCalls()).toBe(before + 1)
  })

  it('asks on its own when the route let a destructive call through; Don’t run tells the model and calls nothing', async () => {
    const addToolOutput = vi.fn()
    const before = echoCalls()
    renderPart({ part: echoPart(), chat: { addToolOutput }, tools: listed({ destructiveHint: true }) })
    await userEvent.click(await screen.findByRole('button', { name: "Don't run" }))
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(addToolOutput.mock.calls[0]![0]).toMatchObject({ tool: 'echo', state: 'output-error', errorText: DECLINED_TEXT })
    expect(screen.getByRole('status').textContent).toBe('Not run.')
    expect(echoCalls()).toBe(before)
  })

  it('runs on the Run click even in a conversation loaded with autoRun off, and reads the hints the route wrote when no listing is given', async () => {
    const addToolOutput = vi.fn()
    const before = echoCalls()
    renderPart({ part: echoPart({ toolMetadata: { mcp: { name: 'echo', destructive: true } } }), chat: { addToolOutput }, autoRun: false })
    await userEvent.click(await screen.findByRole('button', { name: 'Run' }))
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(echoCalls()).toBe(before + 1)
  })

  it('asks a server that claims read-only and destructive at once; believes read-only only under unless-read-only; asks every call under always', async () => {
    const before = echoCalls()
    const addToolOutput = vi.fn()
    renderPart({ part: echoPart(), chat: { addToolOutput }, tools: listed({ readOnlyHint: true, destructiveHint: true }) })
    expect(await screen.findByRole('button', { name: "Don't run" })).toBeTruthy()
    cleanup()
    renderPart({ part: echoPart(), chat: { addToolOutput }, tools: listed({ readOnlyHint: false }), askBeforeRunning: 'unless-read-only' })
    expect(await screen.findByRole('button', { name: "Don't run" })).toBeTruthy()
    cleanup()
    renderPart({ part: echoPart(), chat: { addToolOutput }, tools: listed({ readOnlyHint: true }), askBeforeRunning: 'always' })
    expect(await screen.findByRole('button', { name: "Don't run" })).toBeTruthy()
    expect(echoCalls()).toBe(before)
    cleanup()
    // The host chose to believe read-only claims: the claim is all it takes.
    renderPart({ part: echoPart(), chat: { addToolOutput }, tools: listed({ readOnlyHint: true }), askBeforeRunning: 'unless-read-only' })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(echoCalls()).toBe(before + 1)
  })

  it('runs a destructive call unasked when the host turned asking off', async () => {
    const addToolOutput = vi.fn()
    const before = echoCalls()
    renderPart({ part: echoPart(), chat: { addToolOutput }, tools: listed({ destructiveHint: true }), askBeforeRunning: 'never' })
    await waitFor(() => expect(addToolOutput).toHaveBeenCalledTimes(1))
    expect(echoCalls()).toBe(before + 1)
    expect(screen.queryByRole('button', { name: "Don't run" })).toBeNull()
  })
})
