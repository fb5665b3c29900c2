/**
 * An MCP App's `ui/message` as a turn of the conversation. The app is the
 * server's code, not the person: its words go to the model marked as its
 * own ("The seat map app says: “…”"), so the model does not read them as the
 * person's request. Text blocks only (what the apps host advertises),
 * cleaned of control and bidi characters and clipped; anything else is
 * named, not passed on. Hand it to the chat only from the apps host's
 * `onMessage`, which is called once the person clicked Send on the host's
 * card for that message.
 */
import { CONTROL, clipText, isObject } from './json.js'

/** Characters of an app's message passed on at most. */
export const MAX_APP_MESSAGE_LENGTH = 4000

/**
 * The line for the conversation: `${from} says: “…”`, `from` being the
 * host's own name for the app ("The seat map app", "An app of
 * tools.example.com"), never one the app chose.
 * @example
 * ```ts
 * onMessage={(message) => void chat.sendMessage({ text: appMessageText(message, 'The seat map app') })}
 * ```
 */
export function appMessageText(message: { content: readonly unknown[] }, from: string): string {
  const blocks = Array.isArray(message.content) ? message.content : []
  const said = blocks
    .map((block) => {
      if (isObject(block) && block.type === 'text' && typeof block.text === 'string') return block.text
      const type = isObject(block) && typeof block.type === 'string' ? block.type.replace(CONTROL, '').slice(0, 40) : 'content'
      return `[${type} not passed on]`
    })
    .join(' ')
    .replace(CONTROL, '')
    .trim()
  return `${from} says: “${clipText(said, MAX_APP_MESSAGE_LENGTH)}”`
}
