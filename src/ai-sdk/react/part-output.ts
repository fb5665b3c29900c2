/**
 * How a finished MCP call is handed back to the chat: its result as the tool
 * part's output (the conversation then goes on with `sendAutomaticallyWhen`),
 * or an error output when it failed or the person stopped it. One place, so
 * the tool part hands back exactly once and the texts stay the same.
 */
import type { McpResult } from '../../core/index.js'
import type { McpCallView } from '../../react/index.js'
import { boundedResult } from '../../chat/bounded-result.js'
import { mcpErrorForModel } from '../../chat/model-error.js'
import { requireFunction } from '../framework-api.js'

/** The error text of a call the person stopped (the model reads it). */
export const STOPPED_TEXT = 'The person stopped this tool call.'

/** The error text of a call the person chose not to run, on the card it waited on (the model reads it). */
export const DECLINED_TEXT = 'The person chose not to run this tool call.'

/** What `addToolOutput` is given: `{ output }` or `{ state: 'output-error', errorText }`. */
export type PartOutput = { state: 'output-available'; output: McpResult } | { state: 'output-error'; errorText: string }

/** The output of a call in a final state (done, error, cancelled); undefined while it goes on. */
export function partOutputOf(view: McpCallView): PartOutput | undefined {
  switch (view.status) {
    case 'done':
      // Bounded: the output stays in the conversation, which the page sends whole on every request.
      return { state: 'output-available', output: boundedResult(view.result) as McpResult }
    case 'error':
      // Its kind and the server's own words, never the message: that names the endpoint, whose query may hold a key (model-error.ts).
      return { state: 'output-error', errorText: mcpErrorForModel(view.error) }
    case 'cancelled':
      return { state: 'output-error', errorText: STOPPED_TEXT }
    default:
      return undefined
  }
}

/** The part of `useChat`'s helpers the tool part needs. */
export interface ToolOutputSink {
  addToolOutput: (...args: never[]) => unknown
  /** Used for a part the route asked the person about (`askBeforeRunning`): its Run answers the AI SDK's tool approval. */
  addToolApprovalResponse?: ((...args: never[]) => unknown) | undefined
}

type AddToolOutput = (output: { tool: string; toolCallId: string } & ({ state: 'output-available'; output: unknown } | { state: 'output-error'; errorText: string })) => unknown

/** `chat.addToolOutput`, or `AI_SDK_MISSING_API` naming the version to install. */
export function addToolOutputOf(chat: unknown): AddToolOutput {
  return requireFunction<AddToolOutput>(chat, 'addToolOutput', { package: '@ai-sdk/react', from: "useChat()'s helpers" })
}

type AddToolApprovalResponse = (response: { id: string; approved: boolean }) => unknown

/** `chat.addToolApprovalResponse`, or `AI_SDK_MISSING_API` naming the version to install. */
export function addToolApprovalResponseOf(chat: unknown): AddToolApprovalResponse {
  return requireFunction<AddToolApprovalResponse>(chat, 'addToolApprovalResponse', { package: '@ai-sdk/react', from: "useChat()'s helpers" })
}
