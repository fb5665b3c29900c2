/**
 * `ui/message`: words an app wants to put in the conversation as the
 * person's own. The app is untrusted code, so what reaches the host is
 * checked here and made into what a person can read in full on a card
 * before agreeing: text only (the one content type the host advertises,
 * `hostCapabilities.message: { text: {} }`), every invisible character
 * removed (`invisible.ts`: what the person reads is all a model will get),
 * at most {@link MAX_MESSAGE_LENGTH} characters.
 *
 * And one at a time: while one message of a view waits for the person,
 * the next is refused at once ({@link MessageGate}), so a view that sends
 * twenty gets one card, not twenty, and nothing queues up behind it.
 *
 * Spec: ext-apps apps.mdx, `ui/message` ("Host MAY request user consent";
 * refused with -32000 "Message sending denied").
 */
import { BridgeRpcError, RpcCode } from './bridge-messages.js'
import { visibleText } from './invisible.js'
import { isObject } from './json-object.js'
import { MESSAGE } from './methods.js'

/** One text block of a message, as the host gets it. */
export interface McpAppTextBlock {
  type: 'text'
  text: string
}

/** A `ui/message` as the host gets it: checked, cleaned, clipped. */
export interface McpAppMessage {
  role: 'user'
  /** The text blocks, cleaned of invisible characters; other keys of a block (annotations, `_meta`) dropped. */
  content: McpAppTextBlock[]
  /** The blocks' text joined with blank lines: what the card shows and what should be sent. */
  text: string
  /** The app sent more than {@link MAX_MESSAGE_LENGTH} characters: the rest was left out. */
  clipped: boolean
}

/** Characters of a message kept (UTF-16 units, after cleaning): a few KB, what a person reads on one card. */
export const MAX_MESSAGE_LENGTH = 4000

function invalid(what: string): BridgeRpcError {
  return new BridgeRpcError(RpcCode.invalidParams, `Invalid message format: ${what}`)
}

/** `text` cut to at most `max` UTF-16 units, never inside a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)
}

/**
 * The message of `ui/message` params, or a -32602 error: `role` must be
 * `"user"`, `content` a non-empty array of `{ type: "text", text: string }`
 * blocks; a block of any other type (an image, a resource) refuses the whole
 * message, as the person would otherwise agree to part of what the app meant.
 */
export function readAppMessage(params: Record<string, unknown>): McpAppMessage {
  const { role, content } = params
  if (role !== 'user') throw invalid('role must be "user"')
  if (!Array.isArray(content) || content.length === 0) throw invalid('content must be a non-empty array')
  const texts = content.map((block, index) => {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') throw invalid(`content[${index}] is not a text block; only text is accepted`)
    return visibleText(block.text)
  })
  const blocks: McpAppTextBlock[] = []
  let room = MAX_MESSAGE_LENGTH
  let clipped = false
  for (const text of texts) {
    // The blank line that joins blocks counts too, so `text` stays within the bound.
    const cost = blocks.length > 0 ? 2 : 0
    if (room - cost <= 0) {
      clipped ||= text !== ''
      continue
    }
    const kept = clip(text, room - cost)
    clipped ||= kept.length < text.length
    room -= cost + kept.length
    blocks.push({ type: 'text', text: kept })
  }
  return { role: 'user', content: blocks, text: blocks.map((block) => block.text).join('\n\n'), clipped }
}

/**
 * One message of a view at a time. `hold()` takes the one slot, or throws
 * the refusal the view gets (-32000) when a message already waits;
 * `warnOnce` is told the first time only, not once per refused message.
 */
export class MessageGate {
  #pending = false
  #warned = false

  hold(warn: (message: string) => void): () => void {
    if (this.#pending) {
      if (!this.#warned) {
        this.#warned = true
        warn(`${MESSAGE} from the app refused: another of its messages is waiting for the person (one at a time; further refusals are not reported)`)
      }
      throw new BridgeRpcError(RpcCode.refused, 'Message sending denied: another message from this app is waiting for the person', undefined, { reported: true })
    }
    this.#pending = true
    let released = false
    return () => {
      if (released) return
      released = true
      this.#pending = false
    }
  }
}
