/**
 * Test harness: real assistant-ui threads around `<McpAssistantTools />`,
 * driven by the scripted stand-in model (the only stand-in), in both kinds
 * of runtime: the local runtime (the tool part runs the call and adds the
 * result) and an external store that runs frontend tools (`execute`, rounds
 * through `human()`). Each reports what the model was handed on each turn,
 * as the host's model adapter would send it (`capToolOutputs`).
 */
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import {
  AssistantRuntimeProvider,
  ComposerPrimitive,
  MessagePrimitive,
  ThreadPrimitive,
  useExternalStoreRuntime,
  useLocalRuntime,
  type AssistantRuntime,
  type ChatModelAdapter,
  type ThreadMessageLike,
  type ToolExecutionStatus,
} from '@assistant-ui/react'
import { expect, vi } from 'vitest'
import { scriptedStep, type ScriptedLastMessage, type ScriptedTool } from '../../servers/scripted-model.ts'
import type { McpClient, Tool } from '../../src/core/index'
import { McpProvider } from '../../src/react/index'
import { McpAssistantTools } from '../../src/assistant-ui/McpAssistantTools'
import type { McpAssistantToolOptions } from '../../src/assistant-ui/settings'
import type { McpToolMapping } from '../../src/assistant-ui/toolkit'
import { capToolOutputs } from '../../src/assistant-ui/tool-outputs'

type ToolCall = Extract<Exclude<ThreadMessageLike['content'], string>[number], { type: 'tool-call' }>

export interface TestThreadProps extends Pick<McpAssistantToolOptions, 'askBeforeRunning' | 'storage' | 'reserved'> {
  client: McpClient
  tools?: readonly Tool[] | undefined
  onTools?: ((mapping: McpToolMapping) => void) | undefined
  /** What the model was handed on a turn (the thread, capped as the docs' adapter does), and the thread itself, as JSON. */
  onModelInput?: ((json: string, thread: string) => void) | undefined
  /** The tools the model was offered on a turn (the runtime's model context). */
  onOffered?: ((tools: Record<string, { description?: string; parameters?: unknown }>) => void) | undefined
  children?: ReactNode
}

const scriptedTools = (tools: Record<string, { parameters?: unknown }> | undefined): ScriptedTool[] =>
  Object.entries(tools ?? {}).map(([name, tool]) => ({ name, inputSchema: tool.parameters as ScriptedTool['inputSchema'] }))

const isFailure = (result: unknown) => typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true

/** The local runtime: it runs no frontend tool, so the tool part runs the call and adds the result. */
export function LocalThread(props: TestThreadProps) {
  const adapter = useMemo<ChatModelAdapter>(
    () => ({
      async run(options) {
        props.onOffered?.((options.context.tools ?? {}) as Record<string, { description?: string; parameters?: unknown }>)
        const reply = options.unstable_getMessage()
        props.onModelInput?.(JSON.stringify(capToolOutputs([...options.messages, reply])), JSON.stringify([...options.messages, reply]))
        const settled = [...reply.content].reverse().find((part) => part.type === 'tool-call' && part.result !== undefined)
        const last: ScriptedLastMessage =
          settled?.type === 'tool-call'
            ? { role: 'tool', toolName: settled.toolName, output: settled.result, isError: isFailure(settled.result) }
            : { role: 'user', text: options.messages.at(-1)?.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') ?? '' }
        const step = scriptedStep(last, scriptedTools(options.context.tools))
        if (step.type === 'text') return { content: [{ type: 'text', text: step.text }], status: { type: 'complete', reason: 'stop' } }
        return { content: [{ type: 'tool-call', toolCallId: `call-${Math.random()}`, toolName: step.toolName, args: step.input as never, argsText: JSON.stringify(step.input) }], status: { type: 'requires-action', reason: 'tool-calls' } }
      },
    }),
    [],
  )
  return <Thread runtime={useLocalRuntime(adapter)} props={props} runCalls="tool-ui" />
}

/** A store of our own that runs frontend tools: the model is asked on each new message and each tool result. */
export function ExecuteThread(props: TestThreadProps) {
  const [messages, setMessages] = useState<ThreadMessageLike[]>([])
  const [statuses, setStatuses] = useState<Record<string, ToolExecutionStatus>>({})
  const runtime = useRef<AssistantRuntime | null>(null)
  // Ids unique to this thread, as a model's are: the default call storage keeps a finished call under its id.
  const [thread] = useState(() => Math.random().toString(36).slice(2))
  const step = (last: ScriptedLastMessage, sent: readonly ThreadMessageLike[]) => {
    props.onModelInput?.(JSON.stringify(capToolOutputs(sent)), JSON.stringify(sent))
    return scriptedStep(last, scriptedTools(runtime.current?.thread.getModelContext().tools))
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
  runtime.current = useExternalStoreRuntime<ThreadMessageLike>({
    messages: shown,
    convertMessage: (message) => message,
    unstable_enableToolInvocations: true,
    setToolStatuses: setStatuses,
    onNew: async (message) => {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
      const user: ThreadMessageLike = { id: `u-${messages.length}`, role: 'user', content: text }
      const next = step({ role: 'user', text }, [...messages, user])
      const reply: ThreadMessageLike =
        next.type === 'tool-call'
          ? { id: `a-${messages.length}`, role: 'assistant', content: [{ type: 'tool-call', toolCallId: `call-${thread}-${messages.length}`, toolName: next.toolName, args: next.input as never, argsText: JSON.stringify(next.input) }], status: { type: 'requires-action', reason: 'tool-calls' } }
          : { id: `a-${messages.length}`, role: 'assistant', content: next.text }
      setMessages((list) => [...list, user, reply])
    },
    onAddToolResult: ({ toolCallId, result, isError }) => {
      setMessages((list) =>
        list.map((message) => {
          if (typeof message.content === 'string') return message
          const call = message.content.find((part): part is ToolCall => part.type === 'tool-call' && part.toolCallId === toolCallId)
          if (!call) return message
          const content = message.content.map((part) => (part === call ? { ...call, result: result as never } : part))
          const follow = step({ role: 'tool', toolName: call.toolName, output: result, isError: isError === true || isFailure(result) }, list.map((m) => (m === message ? { ...message, content } : m)))
          return { ...message, status: { type: 'complete', reason: 'stop' }, content: [...content, { type: 'text', text: follow.type === 'text' ? follow.text : '' }] }
        }),
      )
    },
  })
  return <Thread runtime={runtime.current} props={props} runCalls="execute" />
}

function Thread({ runtime, props, runCalls }: { runtime: AssistantRuntime; props: TestThreadProps; runCalls: 'tool-ui' | 'execute' }) {
  return (
    <McpProvider client={props.client}>
      <AssistantRuntimeProvider runtime={runtime}>
        <McpAssistantTools tools={props.tools} validator={validator} runCalls={runCalls} onTools={props.onTools} askBeforeRunning={props.askBeforeRunning} storage={props.storage} reserved={props.reserved} />
        {props.children}
        <ThreadView />
      </AssistantRuntimeProvider>
    </McpProvider>
  )
}

/** The thread and its composer, from assistant-ui's primitives (inside a runtime's provider). */
export function ThreadView() {
  return (
    <ThreadPrimitive.Root>
      <ThreadPrimitive.Messages components={{ UserMessage: Message, AssistantMessage: Message }} />
      <ComposerPrimitive.Root>
        <ComposerPrimitive.Input aria-label="Message" />
        <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
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

/** The mapping the registration reports, to wait until a tool is offered. */
export function registered() {
  let mapping: McpToolMapping | undefined
  return {
    onTools: (next: McpToolMapping) => void (mapping = next),
    // A first listing has taken over a second on a loaded machine.
    ready: (name: string) => vi.waitFor(() => expect(mapping?.tools.some((entry) => entry.name === name)).toBe(true), { timeout: 10_000 }),
  }
}

export async function send(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), text)
  await userEvent.click(screen.getByRole('button', { name: 'Send' }))
}

export function partOf(tool: string): Promise<HTMLElement> {
  return inside(document.body, `.mcp-elicit-assistant-tool[data-tool="${tool}"]`)
}

/** The first element matching `selector` in `root`, once there is one. */
export function inside(root: HTMLElement, selector: string): Promise<HTMLElement> {
  return vi.waitFor(
    () => {
      const element = root.querySelector<HTMLElement>(selector)
      if (!element) throw new Error(`nothing matches ${selector}`)
      return element
    },
    { timeout: 5000 },
  )
}

