/**
 * The scripted stand-in model (scripted-model.ts) as an AI SDK language
 * model (`LanguageModelV4`), for the AI SDK chat route: it streams one
 * step, either a tool call of the tools the route offered or a text, in
 * the stream parts a provider sends. Nothing else in the chat is a
 * stand-in: `streamText`, the UI message stream and `useChat` are the
 * SDK's own.
 */
import type { LanguageModel } from 'ai'
import { scriptedStep, type ScriptedLastMessage, type ScriptedTool } from './scripted-model.ts'

type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>
type CallOptions = Parameters<LanguageModelV4['doStream']>[0]
type StreamPart = Awaited<ReturnType<LanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer T> ? T : never
type PromptMessage = CallOptions['prompt'][number]

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** A tool result as the script reads it: its value, and whether it is an error. */
function toolOutput(output: unknown): { output: unknown; isError: boolean } {
  if (!isObject(output)) return { output, isError: false }
  const { type, value } = output as { type?: unknown; value?: unknown }
  if (type === 'error-text' || type === 'error-json') return { output: value, isError: true }
  if (type === 'execution-denied') return { output: (output as { reason?: unknown }).reason ?? 'denied', isError: true }
  if (type === 'content' && Array.isArray(value)) return { output: { content: value.map((part) => (isObject(part) && part.type === 'text' ? part : { type: 'other' })) }, isError: false }
  return { output: value, isError: false }
}

/** The last message of the prompt, reduced to what the script reads. */
export function lastMessage(prompt: readonly PromptMessage[]): ScriptedLastMessage {
  const last = prompt.at(-1)
  if (last?.role === 'user') return { role: 'user', text: last.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') }
  if (last?.role === 'tool') {
    const result = [...last.content].reverse().find((part) => part.type === 'tool-result')
    if (result && result.type === 'tool-result') return { role: 'tool', toolName: result.toolName, ...toolOutput(result.output) }
  }
  return { role: 'other' }
}

function offered(options: CallOptions): ScriptedTool[] {
  return (options.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [{ name: tool.name, description: tool.description, inputSchema: tool.inputSchema as ScriptedTool['inputSchema'] }] : []))
}

const USAGE = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } }

/** The step as a provider streams it: the text in a few deltas, or one tool call. */
function streamParts(options: CallOptions, callId: string): StreamPart[] {
  const step = scriptedStep(lastMessage(options.prompt), offered(options))
  // What the route's system prompt says (for a set of servers: why a server's tools are not offered), told with the help text.
  const system = options.prompt.flatMap((message) => (message.role === 'system' ? [message.content] : [])).join(' ')
  if (step.type === 'text' && lastMessage(options.prompt).role === 'user' && system !== '') step.text = `${step.text} ${system}`
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }]
  if (step.type === 'tool-call') {
    parts.push({ type: 'tool-call', toolCallId: callId, toolName: step.toolName, input: JSON.stringify(step.input) })
    parts.push({ type: 'finish', usage: USAGE, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } })
    return parts
  }
  parts.push({ type: 'text-start', id: 'text' })
  for (const word of step.text.match(/\S+\s*/g) ?? []) parts.push({ type: 'text-delta', id: 'text', delta: word })
  parts.push({ type: 'text-end', id: 'text' }, { type: 'finish', usage: USAGE, finishReason: { unified: 'stop', raw: 'stop' } })
  return parts
}

/** A new scripted model; `nextId` names its tool calls (unique per call: they key the rounds kept across a reload). */
export function scriptedLanguageModel(nextId: () => string = () => `call_${crypto.randomUUID()}`): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'mcp-elicit-scripted',
    modelId: 'scripted-1',
    supportedUrls: {},
    async doGenerate() {
      throw new Error('The scripted model only streams (streamText).')
    },
    async doStream(options) {
      const parts = streamParts(options, nextId())
      return {
        stream: new ReadableStream<StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  }
}
