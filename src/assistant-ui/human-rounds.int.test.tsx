// @vitest-environment jsdom
/**
 * The human-in-the-loop path in a real assistant-ui runtime that runs
 * frontend tools (the external-store runtime with
 * `unstable_enableToolInvocations`, as the AI SDK runtime does): the tool's
 * `execute` asks each MCP round through `human()`, the round shows in the
 * tool part as its `interrupt`, the answers go back with `resume`, and the
 * result reaches the thread through `onAddToolResult`. While the `execute`
 * runs a call, its part shows the call's progress, or its task's status.
 * Against real SDK servers; the model is the scripted stand-in.
 */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDualEraServer, type DualEraServer } from '../../servers/dual-era-server.ts'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { ExecuteThread, inside, partOf, registered, send } from '../../test/support/assistant-ui-threads.tsx'
import { TASKS_EXTENSION, createClient, type McpClient } from '../core/index'
import type { McpToolMapping } from './toolkit'

let mcp: ModernServer
let client: McpClient
/** A server whose `long_task` runs as a task for a client with the tasks extension. */
let tasks: DualEraServer
let taskClient: McpClient

beforeAll(async () => {
  mcp = await startModernServer()
  client = createClient(mcp.url, { capabilities: { elicitation: { form: {} } } })
  tasks = await startDualEraServer()
  taskClient = createClient(tasks.url, { capabilities: { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } } })
})
afterAll(async () => {
  await Promise.all([mcp.close(), tasks.close()])
})
afterEach(() => {
  cleanup()
  // The default call storage keeps each finished call under its toolCallId: a later test reusing an id would find its result.
  sessionStorage.clear()
})

/** The harness's runtime that runs frontend tools, on the test server unless told. */
function ExternalChat({ mcpClient = client, onTools }: { mcpClient?: McpClient; onTools?: (mapping: McpToolMapping) => void }) {
  return <ExecuteThread client={mcpClient} onTools={onTools} />
}

describe('a runtime that runs frontend tools', () => {
  it('asks each round through human(): the round is the tool part’s interrupt, resume answers it, the result reaches the thread', async () => {
    render(<ExternalChat />)
    await screen.findByRole('textbox', { name: 'Message' })
    // The listing arrives before the model is asked.
    await waitForTools()
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'run wizard')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const colour = () => screen.getByRole('group', { name: 'Pick a colour' })
    await screen.findByRole('group', { name: 'Pick a colour' })
    // The part may draw the round again as the runtime settles the interrupt: pick until the pick holds.
    await vi.waitFor(async () => {
      await userEvent.selectOptions(within(colour()).getByRole('combobox', { name: /^Colour/ }), 'blue')
      expect((within(colour()).getByRole('combobox', { name: /^Colour/ }) as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('blue')
    })
    await userEvent.click(within(colour()).getByRole('button', { name: 'Accept' }))
    const part = document.querySelector<HTMLElement>('.mcp-elicit-assistant-tool')!
    expect(part.dataset.tool).toBe('wizard')
    const second = await within(part).findByRole('group', { name: 'Colour blue. Now pick a size' })
    await userEvent.click(within(second).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('The tool wizard answered: “{"color":"blue","size":5}”.')).toBeTruthy()
    // The second round's retry carried the answers resumed from the tool part.
    const retries = mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string; inputResponses?: unknown } }).params.inputResponses !== undefined)
    expect(retries.map((r) => (r.body as { params: { inputResponses: unknown } }).params.inputResponses).slice(-2)).toEqual([
      { color: { action: 'accept', content: { color: 'blue' } } },
      { size: { action: 'accept', content: { size: 5 } } },
    ])
  })

  it('while execute runs the call, its part shows the call’s progress; the result replaces it', async () => {
    const tools = registered()
    render(<ExternalChat onTools={tools.onTools} />)
    await tools.ready('progress')
    await send('run progress count=40 delayMs=60')
    const part = await partOf('progress')
    // The server's progress, as McpToolCall shows it: the working line, a bar, its message.
    expect(within(part).getByRole('status').textContent).toBe('Working…')
    await within(part).findByText(/^step \d+ of 40$/)
    const bar = await vi.waitFor(() => within(part).getByRole('progressbar') as HTMLProgressElement)
    expect(bar.max).toBe(40)
    expect(await screen.findByText('The tool progress answered: “progress done: 40 notifications”.', undefined, { timeout: 10_000 })).toBeTruthy()
    expect(part.querySelector('.mcp-elicit-progress')).toBeNull()
  })

  it('while execute runs a call the server made a task, its part shows the task’s status, above the task’s question too', async () => {
    const tools = registered()
    render(<ExternalChat mcpClient={taskClient} onTools={tools.onTools} />)
    await tools.ready('long_task')
    await send('run long_task steps=6 stepMs=200 askAt=2')
    const part = await partOf('long_task')
    const line = await inside(part, '.mcp-elicit-task')
    expect(within(line).getByRole('status').textContent).toBe('Running in the background')
    // The server's status message, as text.
    await within(part).findByText(/^(Starting|Step \d of 6)$/)
    // The task asks: the question is the part's interrupt, under the task's compact line.
    const question = await within(part).findByRole('group', { name: 'Halfway there: continue with the remaining steps?' }, { timeout: 5000 })
    expect(part.querySelector('.mcp-elicit-task[data-compact]')).not.toBeNull()
    await userEvent.click(within(question).getByRole('button', { name: 'Accept' }))
    // The task goes on: its whole line again, with the bar of its progress.
    const running = await inside(part, '.mcp-elicit-task:not([data-compact])')
    expect(within(running).getByRole('progressbar')).toBeTruthy()
    expect(await screen.findByText('The tool long_task answered: “long_task: 6 steps done; confirm: accept {"proceed":true}”.', undefined, { timeout: 10_000 })).toBeTruthy()
    expect(part.querySelector('.mcp-elicit-task')).toBeNull()
  })
})

async function waitForTools() {
  // The file's first listing: on a loaded machine it has taken over a second.
  await vi.waitFor(() => expect(mcp.requests.some((r) => r.rpcMethod === 'tools/list')).toBe(true), { timeout: 10_000 })
}
