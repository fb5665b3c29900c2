/**
 * The other kind of assistant-ui runtime: one that runs frontend tools
 * itself (here the external-store runtime with `unstable_enableToolInvocations`,
 * the mechanism the AI SDK runtime and assistant-transport use). It calls
 * each MCP tool's `execute`, whose rounds come to the tool part through
 * `human()` as the part's `interrupt` and go back with `resume`. The store
 * is this page's own: the messages in React state and sessionStorage, the
 * scripted model asked on each new message and on each tool result.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useExternalStoreRuntime, type AppendMessage, type AssistantRuntime, type ThreadMessageLike, type ToolExecutionStatus } from '@assistant-ui/react'
import { scriptedStep, type ScriptedLastMessage } from '../../../servers/scripted-model.ts'
import { scriptedTools } from './scripted-adapter'

type Part = Exclude<ThreadMessageLike['content'], string>[number]
type ToolCallPart = Extract<Part, { type: 'tool-call' }>

export function useToolRunningRuntime(storageKey: string): AssistantRuntime {
  const [messages, setMessages] = useState<ThreadMessageLike[]>(() => load(storageKey))
  const [statuses, setStatuses] = useState<Record<string, ToolExecutionStatus>>({})
  const runtime = useRef<AssistantRuntime | null>(null)
  useEffect(() => sessionStorage.setItem(storageKey, JSON.stringify(messages)), [storageKey, messages])

  const step = (last: ScriptedLastMessage) => scriptedStep(last, scriptedTools(runtime.current?.thread.getModelContext().tools))
  // The runtime reports a parked human() as a status; putting it on the part is the host's part (a converter's, usually).
  const shown = useMemo(() => messages.map((message) => withInterrupts(message, statuses)), [messages, statuses])

  runtime.current = useExternalStoreRuntime<ThreadMessageLike>({
    messages: shown,
    convertMessage: (message) => message,
    unstable_enableToolInvocations: true,
    setToolStatuses: setStatuses,
    onNew: async (message: AppendMessage) => {
      const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
      const next = step({ role: 'user', text })
      const id = crypto.randomUUID()
      const reply: ThreadMessageLike =
        next.type === 'tool-call'
          ? {
              id: `a-${id}`,
              role: 'assistant',
              content: [{ type: 'tool-call', toolCallId: `call-${id}`, toolName: next.toolName, args: next.input as never, argsText: JSON.stringify(next.input) }],
              status: { type: 'requires-action', reason: 'tool-calls' },
            }
          : { id: `a-${id}`, role: 'assistant', content: [{ type: 'text', text: next.text }], status: { type: 'complete', reason: 'stop' } }
      setMessages((list) => [...list, { id: `u-${id}`, role: 'user', content: [{ type: 'text', text }] }, reply])
    },
    // A call's result (from execute, or from the tool UI after a reload): the model answers in the same reply.
    onAddToolResult: ({ toolCallId, result, isError }) => {
      setMessages((list) =>
        list.map((message) => {
          const call = typeof message.content === 'string' ? undefined : message.content.find((part): part is ToolCallPart => part.type === 'tool-call' && part.toolCallId === toolCallId)
          if (!call || typeof message.content === 'string' || call.result !== undefined) return message
          const failed = isError === true || (typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true)
          const follow = step({ role: 'tool', toolName: call.toolName, output: result, isError: failed })
          const content = message.content.map((part) => (part === call ? { ...call, result: result as never, isError: isError === true } : part))
          return { ...message, status: { type: 'complete', reason: 'stop' }, content: [...content, { type: 'text', text: follow.type === 'text' ? follow.text : '' }] }
        }),
      )
    },
    // Stop: the runtime aborts the running execute (its abortSignal), which cancels the MCP call.
    onCancel: async () => {},
  })
  return runtime.current
}

function withInterrupts(message: ThreadMessageLike, statuses: Record<string, ToolExecutionStatus>): ThreadMessageLike {
  if (typeof message.content === 'string') return message
  return {
    ...message,
    content: message.content.map((part) => {
      const status = part.type === 'tool-call' && part.toolCallId ? statuses[part.toolCallId] : undefined
      return status?.type === 'interrupt' ? { ...part, interrupt: status.payload } : part
    }),
  }
}

function load(key: string): ThreadMessageLike[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown
    return Array.isArray(stored) ? (stored as ThreadMessageLike[]) : []
  } catch {
    return []
  }
}
