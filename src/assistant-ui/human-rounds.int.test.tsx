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
import { useMemo, useRef, useState } from 'react'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import {
  AssistantRuntimeProvider,
  ComposerPrimitive,
  MessagePrimitive,
  ThreadPrimitive,
  useExternalStoreRuntime,
  type AssistantRuntime,
  type ThreadMessageLike,
  type ToolExecutionStatus,
} from '@assistant-ui/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { scriptedStep, type ScriptedLastMessage, type ScriptedTool } from '../../servers/scripted-model.ts'
import { startDualEraServer, type DualEraServer } from '../../servers/dual-era-server.ts'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { TASKS_EXTENSION, createClient, type McpClient } from '../core/index'
import { McpProvider } from '../react/index'
import { McpAssistantTools } from './McpAssistantTools'
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

type ToolCall = Extract<Exclude<ThreadMessageLike['content'], string>[number], { type: 'tool-call' }>

/** A store of our own: messages in React state, the model run on each new message and each tool result. */
function ExternalChat({ mcpClient = client, onTools }: { mcpClient?: McpClient; onTools?: (mapping: McpToolMapping) => void }) {
  const [messages, setMessages] = useState<ThreadMessageLike[]>([])
  const [statuses, setStatuses] = useState<Record<string, ToolExecutionStatus>>({})
  const runtime = useRef<AssistantRuntime | null>(null)

  const step = (last: ScriptedLastMessage) => {
    const tools = Object.entries(runtime.current?.thread.getModelContext().tools ?? {}).map(([name, tool]) => ({ name, inputSchema: tool.parameters as ScriptedTool['inputSchema'] }))
    return scriptedStep(last, tools)
  }

  // The interrupts the runtime reports go onto the parts, as a host's converter does.
  const shown = useMemo(
    () =>
      messages.map((message) =>
        typeof message.content === 'string'
          ? message
          : {
              ...message,
              content: message.content.map((part) => {
                const status = part.type === 'tool-call' ? statuses[part.toolCallId!] : undefined
                return status?.type === 'interrupt' ? { ...part, interrupt: status.payload } : part
              }),
            },
      ),
    [messages, statuses],
  )

  const assistantRuntime = useExternalStoreRuntime<ThreadMessageLike>({
    messages: shown,
    convertMessage: (message) => message,
    unstable_enableToolInvocations: true,
    setToolStatuses: setStatuses,
    onNew: async (message) => {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
      const next = step({ role: 'user', text })
      const reply: ThreadMessageLike =
        next.type === 'tool-call'
          ? { id: `a-${messages.length}`, role: 'assistant', content: [{ type: 'tool-call', toolCallId: `call-${messages.length}`, toolName: next.toolName, args: next.input as never, argsText: JSON.stringify(next.input) }], status: { type: 'requires-action', reason: 'tool-calls' } }
          : { id: `a-${messages.length}`, role: 'assistant', content: next.text }
      setMessages((list) => [...list, { id: `u-${list.length}`, role: 'user', content: text }, reply])
    },
    onAddToolResult: ({ toolCallId, result, isError }) => {
      setMessages((list) =>
        list.map((message) => {
          if (typeof message.content === 'string') return message
          const call = message.content.find((part): part is ToolCall => part.type === 'tool-call' && part.toolCallId === toolCallId)
          if (!call) return message
          const follow = step({ role: 'tool', toolName: call.toolName, output: result, isError: isError === true })
          const text = follow.type === 'text' ? follow.text : ''
          return {
            ...message,
            status: { type: 'complete', reason: 'stop' },
            content: [...message.content.map((part) => (part === call ? { ...call, result: result as never } : part)), { type: 'text', text }],
          }
        }),
      )
    },
  })
  runtime.current = assistantRuntime

  return (
    <McpProvider client={mcpClient}>
      <AssistantRuntimeProvider runtime={assistantRuntime}>
        <McpAssistantTools validator={validator} runCalls="execute" onTools={onTools} />
        <ThreadPrimitive.Root>
          <ThreadPrimitive.Messages components={{ UserMessage: Message, AssistantMessage: Message }} />
          <ComposerPrimitive.Root>
            <ComposerPrimitive.Input aria-label="Message" />
            <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
          </ComposerPrimitive.Root>
        </ThreadPrimitive.Root>
      </AssistantRuntimeProvider>
    </McpProvider>
  )
}

function Message() {
  return (
    <MessagePrimitive.Root>
      <article>
        <MessagePrimitive.Parts />
      </article>
    </MessagePrimitive.Root>
  )
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
  await vi.waitFor(() => expect(mcp.requests.some((r) => r.rpcMethod === 'tools/list')).toBe(true))
}

/** The mapping the registration reports, to wait until a tool is offered. */
function registered() {
  let mapping: McpToolMapping | undefined
  return {
    onTools: (next: McpToolMapping) => void (mapping = next),
    ready: (name: string) => vi.waitFor(() => expect(mapping?.tools.some((entry) => entry.name === name)).toBe(true)),
  }
}

async function send(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), text)
  await userEvent.click(screen.getByRole('button', { name: 'Send' }))
}

function partOf(tool: string): Promise<HTMLElement> {
  return inside(document.body, `.mcp-elicit-assistant-tool[data-tool="${tool}"]`)
}

/** The first element matching `selector` in `root`, once there is one. */
function inside(root: HTMLElement, selector: string): Promise<HTMLElement> {
  return vi.waitFor(
    () => {
      const element = root.querySelector<HTMLElement>(selector)
      if (!element) throw new Error(`nothing matches ${selector}`)
      return element
    },
    { timeout: 5000 },
  )
}
