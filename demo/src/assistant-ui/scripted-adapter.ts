/**
 * assistant-ui's `ChatModelAdapter` around the scripted stand-in model
 * (servers/scripted-model.ts): the only stand-in of the page. It sees the
 * tools the thread offers (`context.tools`, which `<McpAssistantTools />`
 * filled) and the last thing said: the person's message, or the result of
 * the tool call it made. A tool call ends the step with `requires-action`,
 * so the local runtime waits for the call's result (the MCP tool UI adds
 * it) and then asks the model again. What a real adapter sends its model
 * is the thread with its tool outputs capped (`capToolOutputs`): the script
 * reads the same.
 */
import type { ChatModelAdapter, ChatModelRunOptions, ThreadMessage, Tool } from '@assistant-ui/react'
import { capToolOutputs } from 'mcp-elicit/assistant-ui'
import { scriptedStep, type ScriptedLastMessage, type ScriptedTool } from '../../../servers/scripted-model.ts'

export const scriptedModel: ChatModelAdapter = {
  async run(options) {
    const step = scriptedStep(lastMessage(options), scriptedTools(options.context.tools))
    if (step.type === 'text') return { content: [{ type: 'text', text: step.text }], status: { type: 'complete', reason: 'stop' } }
    return {
      content: [{ type: 'tool-call', toolCallId: `call-${crypto.randomUUID()}`, toolName: step.toolName, args: step.input as never, argsText: JSON.stringify(step.input) }],
      status: { type: 'requires-action', reason: 'tool-calls' },
    }
  },
}

/** The tools the thread offers, as the script reads them. */
export function scriptedTools(tools: Record<string, Tool> | undefined): ScriptedTool[] {
  return Object.entries(tools ?? {}).map(([name, tool]) => ({ name, description: tool.description, inputSchema: tool.parameters as ScriptedTool['inputSchema'] }))
}

/** The tool result the current reply holds (after its tool call settled), else the person's last message. */
function lastMessage(options: ChatModelRunOptions): ScriptedLastMessage {
  const reply = options.unstable_getMessage()
  const settled = [...reply.content].reverse().find((part) => part.type === 'tool-call' && part.result !== undefined)
  if (settled?.type === 'tool-call') {
    const isError = settled.isError === true || (typeof settled.result === 'object' && settled.result !== null && (settled.result as { isError?: unknown }).isError === true)
    return { role: 'tool', toolName: settled.toolName, output: settled.result, isError }
  }
  const last = capToolOutputs(options.messages).at(-1)
  return last?.role === 'user' ? { role: 'user', text: textOf(last) } : { role: 'other' }
}

function textOf(message: ThreadMessage): string {
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ')
}
