/**
 * The AI SDK side of the cap on tool output per turn (chat/conversation-cap.ts):
 * `useChat` sends every message on every request, and the route hands every
 * tool output in them to the model again. `capToolOutputs(messages)` is the
 * copy to send: the outputs of the MCP tool parts (those the route marked,
 * `toolMetadata.mcp`) within one budget, the newest kept first, each one
 * left out replaced by a line telling the model so. Other tools' outputs
 * are the app's own, in shapes only their `toModelOutput` knows: left as
 * they are. Use it on both sides: in the page's transport (the request stays
 * small) and in the route (the model's input stays small whatever a page
 * sends).
 */
import { capOutputs, outputLength, type ToolOutputCapOptions } from '../chat/conversation-cap.js'
import { isObject } from '../chat/json.js'
import { isMcpToolPart, type ToolPartLike } from './tool-part.js'

export type { ToolOutputCapOptions } from '../chat/conversation-cap.js'

/** A message as `useChat` keeps it (only `parts` is read). */
interface MessageLike {
  parts: readonly unknown[]
}

function outputPart(part: unknown): ToolPartLike | undefined {
  if (!isObject(part) || typeof part.type !== 'string' || !isMcpToolPart(part as { type: string })) return undefined
  return part.state === 'output-available' || part.state === 'output-error' ? (part as unknown as ToolPartLike) : undefined
}

/**
 * `messages` with the MCP tools' outputs cut to `maxLength` characters in
 * all (200,000 by default), the newest kept first: a new array, in which
 * the messages that lost nothing are the same objects. Never changes
 * `messages` itself.
 * @example
 * ```ts
 * prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({ body: { ...body, id, messages: capToolOutputs(messages), trigger, messageId } })
 * ```
 */
export function capToolOutputs<TMessage extends MessageLike>(messages: readonly TMessage[], options: ToolOutputCapOptions = {}): TMessage[] {
  return capOutputs(
    messages,
    {
      parts: (message) => message.parts,
      size(part) {
        const tool = outputPart(part)
        if (!tool) return undefined
        return outputLength(tool.state === 'output-error' ? (tool.errorText ?? '') : tool.output)
      },
      replace: (part, line) => ((part as ToolPartLike).state === 'output-error' ? { ...(part as object), errorText: line } : { ...(part as object), output: { content: [{ type: 'text', text: line }] } }),
      withParts: (message, parts) => ({ ...message, parts }),
    },
    options,
  )
}
