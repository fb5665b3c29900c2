/**
 * The assistant-ui side of the cap on tool output per turn
 * (chat/conversation-cap.ts): the thread keeps every tool result, and the
 * model adapter sends the thread on every turn. assistant-ui has no seam
 * where the adapter could cut it by itself, so the host's `ChatModelAdapter`
 * (or its backend) calls `capToolOutputs(messages)` on what it sends: every
 * tool result within one budget, the newest kept first, each one left out
 * replaced by a line telling the model so. The thread itself (what the page
 * shows and stores) is never changed.
 */
import { capOutputs, outputLength, type ToolOutputCapOptions } from '../chat/conversation-cap.js'
import { isObject } from '../chat/json.js'

export type { ToolOutputCapOptions } from '../chat/conversation-cap.js'

/** A thread message (only `content` is read; a string content holds no tool call). */
interface MessageLike {
  content: string | readonly unknown[]
}

function isSettledCall(part: unknown): part is { type: 'tool-call'; result: unknown } {
  return isObject(part) && part.type === 'tool-call' && part.result !== undefined
}

/**
 * `messages` with the tool calls' results cut to `maxLength` characters in
 * all (200,000 by default), the newest kept first: a new array, in which
 * the messages that lost nothing are the same objects.
 * @example
 * ```ts
 * const adapter: ChatModelAdapter = { run: ({ messages, ...rest }) => myModel.run({ messages: capToolOutputs(messages), ...rest }) }
 * ```
 */
export function capToolOutputs<TMessage extends MessageLike>(messages: readonly TMessage[], options: ToolOutputCapOptions = {}): TMessage[] {
  return capOutputs(
    messages,
    {
      parts: (message) => (typeof message.content === 'string' ? [] : message.content),
      size: (part) => (isSettledCall(part) ? outputLength(part.result) : undefined),
      replace: (part, line) => ({ ...(part as object), result: { content: [{ type: 'text', text: line }] } }),
      withParts: (message, content) => ({ ...message, content }),
    },
    options,
  )
}
