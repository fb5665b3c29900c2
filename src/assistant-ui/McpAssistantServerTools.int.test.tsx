// @vitest-environment jsdom
/**
 * `<McpAssistantServerTools servers={set} />` in a real assistant-ui thread
 * (its local runtime, the scripted stand-in model) against two real SDK
 * servers with the same tools and one that cannot be reached: the model is
 * offered each server's tools under `<server>__<tool>`, a call of the shared
 * tool reaches the server it names and no other, its part is headed by the
 * server's name, the server that is down is left out with the line saying
 * why, and a part whose server or tool is gone says so to the model.
 */
import { useMemo } from 'react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { AssistantRuntimeProvider, useLocalRuntime, type ChatModelAdapter } from '@assistant-ui/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { scriptedStep, type ScriptedLastMessage, type ScriptedTool } from '../../servers/scripted-model.ts'
import { send, ThreadView } from '../../test/support/assistant-ui-threads.tsx'
import { createClient, createServerSet, type McpServerSet } from '../core/index'
import { McpAssistantServerTools } from './McpAssistantServerTools'
import { createGonePart } from './gone-part'
import type { McpToolPartProps } from './McpToolPart'
import type { ServerToolMapping } from './server-toolkit'

let north: ModernServer
let south: ModernServer
const capabilities = { elicitation: { form: {}, url: {} } }

beforeAll(async () => {
  ;[north, south] = await Promise.all([startModernServer(), startModernServer()])
})
afterAll(async () => {
  await Promise.all([north.close(), south.close()])
})
afterEach(() => cleanup())

/** What the model got at its last run: the tools and the system prompt. */
let offered: { tools: Record<string, { description?: string }>; system: string | undefined } = { tools: {}, system: undefined }

function Thread({ servers, onTools }: { servers: McpServerSet; onTools: (mapping: ServerToolMapping) => void }) {
  const adapter = useMemo<ChatModelAdapter>(
    () => ({
      async run(options) {
        const tools = (options.context.tools ?? {}) as Record<string, { description?: string; parameters?: unknown }>
        offered = { tools, system: options.context.system }
        const reply = options.unstable_getMessage()
        const settled = [...reply.content].reverse().find((part) => part.type === 'tool-call' && part.result !== undefined)
        const last: ScriptedLastMessage =
          settled?.type === 'tool-call'
            ? { role: 'tool', toolName: settled.toolName, output: settled.result }
            : { role: 'user', text: options.messages.at(-1)?.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') ?? '' }
        const listed: ScriptedTool[] = Object.entries(tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.parameters as ScriptedTool['inputSchema'] }))
        const step = scriptedStep(last, listed, { system: options.context.system })
        if (step.type === 'text') return { content: [{ type: 'text', text: step.text }], status: { type: 'complete', reason: 'stop' } }
        return { content: [{ type: 'tool-call', toolCallId: `call-${Math.random()}`, toolName: step.toolName, args: step.input as never, argsText: JSON.stringify(step.input) }], status: { type: 'requires-action', reason: 'tool-calls' } }
      },
    }),
    [],
  )
  return (
    <AssistantRuntimeProvider runtime={useLocalRuntime(adapter)}>
      <McpAssistantServerTools servers={servers} validator={validator} onTools={onTools} />
      <ThreadView />
    </AssistantRuntimeProvider>
  )
}

describe('McpAssistantServerTools', () => {
  it('offers each server’s tools under its own name; the shared tool named with a server runs there alone; the server that is down is left out with why', async () => {
    const servers = createServerSet(
      [
        { id: 'north', name: 'North', client: createClient(north.url, { capabilities }) },
        { id: 'south', name: 'South', client: createClient(south.url, { capabilities }) },
        // Nothing listens on port 9: its listing fails at once.
        { id: 'gone', name: 'Gone server', client: createClient('http://127.0.0.1:9/mcp', { capabilities }) },
      ],
      { storage: null },
    )
    let mapping: ServerToolMapping | undefined
    render(<Thread servers={servers} onTools={(next) => (mapping = next)} />)
    await vi.waitFor(() => expect(mapping?.tools.some((tool) => tool.name === 'south__ask_name') && mapping.unavailable.length === 1).toBe(true), { timeout: 10_000 })

    await send('run ask_name on the South server')
    expect(offered.tools.north__ask_name?.description).toMatch(/^A tool of the MCP server “North”\./)
    expect(offered.tools.south__ask_name?.description).toMatch(/^A tool of the MCP server “South”\./)
    expect(Object.keys(offered.tools).some((name) => name.startsWith('gone__'))).toBe(false)
    expect(offered.system).toBe('The tools of the MCP server “Gone server” (gone) are not offered now: it could not be reached.')

    const part = await screen.findByRole('group', { name: 'Ask name · South' })
    expect(part.dataset).toMatchObject({ server: 'south', tool: 'ask_name' })
    await userEvent.type(await within(part).findByRole('textbox', { name: /^Name/ }), 'Ada')
    await userEvent.click(within(part).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText(/^The tool south__ask_name answered: /)).toBeTruthy()
    expect((await south.waitForReceived('ask_name', 5000)).data).toMatchObject({ action: 'accept', content: { name: 'Ada' } })
    expect(north.received.filter((entry) => entry.tool === 'ask_name')).toEqual([])
    servers.dispose()
  })
})

describe('a part whose server or tool is gone', () => {
  const props = (addResult: (result: unknown) => void) =>
    ({ type: 'tool-call', toolCallId: 'call-1', toolName: 'x', args: {}, argsText: '{}', status: { type: 'requires-action', reason: 'tool-calls' }, addResult, resume: vi.fn() }) as unknown as McpToolPartProps

  it('says a server that left the set is gone, to the person and to the model, and calls nothing', async () => {
    const servers = createServerSet([{ id: 'north', name: 'North', client: createClient(north.url) }], { storage: null })
    const addResult = vi.fn()
    const Part = createGonePart('tickets__search', servers, {})
    render(<Part {...props(addResult)} />)
    const line = "This call's server (tickets) is no longer part of this chat: nothing was called."
    expect(screen.getByRole('status').textContent).toBe(line)
    await vi.waitFor(() => expect(addResult).toHaveBeenCalledWith({ content: [{ type: 'text', text: line }], isError: true }))
    servers.dispose()
  })

  it('waits for a fresh listing before saying a tool is gone, then says so', async () => {
    const servers = createServerSet([{ id: 'north', name: 'North', client: createClient(north.url) }], { storage: null })
    const addResult = vi.fn()
    const Part = createGonePart('north__dropped_tool', servers, {})
    render(<Part {...props(addResult)} />)
    expect(screen.getByRole('status').textContent).toBe('Waiting for the tool list of North…')
    expect(addResult).not.toHaveBeenCalled()
    await servers.refresh()
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^North no longer has the tool .*Dropped tool.*: nothing was called\.$/))
    expect(addResult).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('group', { name: /Dropped tool.* · North/ }).dataset).toMatchObject({ gone: 'true', server: 'north' })
    servers.dispose()
  })
})
