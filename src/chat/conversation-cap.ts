/**
 * A cap on all the tool output a conversation sends again on each turn, for
 * both adapters. Each result is bounded already (bounded-result.ts, 100,000
 * characters), but a conversation keeps every one, and both frameworks send
 * the whole conversation to the model on every turn: forty calls make every
 * later request megabytes, most of it results the model used long ago.
 *
 * The rule: the newest outputs are kept first, going back in time, each as
 * long as it still fits in what is left of the budget; one that does not is
 * replaced by a line telling the model what was left out and that it can
 * call the tool again. So the result the model is answering about is always
 * there whole (it is at most a bounded result, under the budget), small
 * older outputs stay, and the big old ones go first. The conversation itself
 * (what the page shows and stores) is never changed: only the copy sent.
 */
import { MAX_RESULT_LENGTH } from './bounded-result.js'

/** Characters of tool output (as JSON) one turn sends at most: two whole bounded results. */
export const MAX_CONVERSATION_OUTPUT = 2 * MAX_RESULT_LENGTH

export interface ToolOutputCapOptions {
  /** Characters of tool output (JSON of each output, summed over the conversation) one request carries at most. @defaultValue 200,000 */
  maxLength?: number | undefined
}

/** An output's size as it is sent: its JSON's length (a value that cannot be serialised counts as too large to keep). */
export function outputLength(value: unknown): number {
  if (typeof value === 'string') return value.length
  try {
    return JSON.stringify(value)?.length ?? 0
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * The positions (in `lengths`, oldest first) of the outputs to leave out so
 * the rest fit in `maxLength`: the newest are kept first.
 */
export function outputsToLeaveOut(lengths: readonly number[], maxLength = MAX_CONVERSATION_OUTPUT): Set<number> {
  const out = new Set<number>()
  let left = maxLength
  for (let index = lengths.length - 1; index >= 0; index--) {
    const length = lengths[index]!
    if (length <= left) left -= length
    else out.add(index)
  }
  return out
}

/** The line the model reads in place of an output left out. */
export function leftOutLine(length: number): string {
  const size = Number.isFinite(length) ? `${length.toLocaleString('en-US')} characters` : 'too large to send'
  return `[The output of this earlier tool call (${size}) was left out to keep the conversation within its size limit. Call the tool again if you need it.]`
}

/** How one framework's messages hold their tool outputs. */
export interface OutputSeams<TMessage> {
  /** A message's parts. */
  parts(message: TMessage): readonly unknown[]
  /** The size of a part's output, or undefined when the part has none that counts. */
  size(part: unknown): number | undefined
  /** The part with its output replaced by `line`. */
  replace(part: unknown, line: string): unknown
  /** The message with these parts instead. */
  withParts(message: TMessage, parts: unknown[]): TMessage
}

/**
 * `messages` with their tool outputs within `maxLength` characters in all,
 * the newest kept first ({@link outputsToLeaveOut}), each one left out
 * replaced by {@link leftOutLine}: a new array, in which the messages that
 * lost nothing are the same objects. `messages` itself is never changed.
 */
export function capOutputs<TMessage>(messages: readonly TMessage[], seams: OutputSeams<TMessage>, options: ToolOutputCapOptions = {}): TMessage[] {
  const places: Array<{ message: number; part: number; length: number }> = []
  messages.forEach((message, index) =>
    seams.parts(message).forEach((part, at) => {
      const length = seams.size(part)
      if (length !== undefined) places.push({ message: index, part: at, length })
    }),
  )
  const out = outputsToLeaveOut(
    places.map((place) => place.length),
    options.maxLength,
  )
  const cut = new Map<number, Map<number, number>>()
  for (const index of out) {
    const { message, part, length } = places[index]!
    cut.set(message, (cut.get(message) ?? new Map<number, number>()).set(part, length))
  }
  return messages.map((message, index) => {
    const parts = cut.get(index)
    if (!parts) return message
    return seams.withParts(
      message,
      seams.parts(message).map((part, at) => (parts.has(at) ? seams.replace(part, leftOutLine(parts.get(at)!)) : part)),
    )
  })
}
