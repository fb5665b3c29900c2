/**
 * `ui/message` from the frame goes through the message card: the person
 * reads the app's words and the host's `onMessage` runs only when they
 * click Send. Discard answers the app -32000 "Message sending denied". The
 * bridge lets one message of an app wait at a time and refuses the rest.
 *
 * A host that wants the app to speak without asking says so with
 * `dangerouslySkipMessageConsent`: `onMessage` then runs at once, and the
 * page is warned once. The checks (text only, clipped, one at a time) hold
 * either way.
 *
 * The card loads the first time an app asks to send a message
 * (`LazyMessageCard`). A card that cannot be loaded or drawn discards (the
 * app is refused) and goes away; the error goes to `onError`.
 */
import type { ComponentProps, ErrorInfo, ReactNode } from 'react'
import type { McpClient } from '../../core/index.js'
import { endpointHost } from '../../forms/endpoint-host.js'
import { lazyPart } from '../../forms/lazy-parts.js'
import type { Messages } from '../../forms/messages.js'
import type { McpAppMessage } from '../message.js'
import { useConsentCards } from './consent-cards.js'
import type { MessageCard } from './MessageCard.js'

// Pure: a page that never takes app messages drops the wrapper, and with it the import().
export const LazyMessageCard = /* @__PURE__ */ lazyPart<ComponentProps<typeof MessageCard>>('MessageCard', () => import('./MessageCard.js').then((m) => m.MessageCard))

/** What sends a message the person agreed to: the host's `onMessage`. */
export type SendAppMessage = (message: McpAppMessage) => void | Promise<void>

/** Pages already warned that their apps speak without asking. */
const warned = new WeakSet<object>()

/**
 * The `onMessage` for the bridge: resolves `true` once the person clicked
 * Send and `send` (the host's `onMessage`) finished, `false` on Discard (or
 * when the app cancelled or went away: the card closes unanswered). With
 * `skipConsent`, `send` runs at once.
 */
export function useMessageConsent(
  client: McpClient,
  messages: Partial<Messages> | undefined,
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined,
): { ask: (message: McpAppMessage, signal?: AbortSignal) => Promise<boolean>; cards: ReactNode } {
  const host = endpointHost(client.url)
  const { ask, cards } = useConsentCards<McpAppMessage>((message, settle) => <LazyMessageCard message={message} host={host} messages={messages} onAnswer={settle} />, onError)
  return { ask, cards }
}

/** The bridge's `onMessage`: the card first, unless the host said otherwise (warned once per page). */
export function consentedMessages(
  ask: (message: McpAppMessage, signal?: AbortSignal) => Promise<boolean>,
  send: () => SendAppMessage | undefined,
  skipConsent: boolean,
  page: object,
  warn: (message: string) => void,
): (message: McpAppMessage, context: { signal: AbortSignal }) => Promise<boolean> {
  if (skipConsent && !warned.has(page)) {
    warned.add(page)
    warn('[mcp-elicit/apps] dangerouslySkipMessageConsent: apps put words in the conversation as the person, with nobody asked. Anything the app wants the model to do, it can now ask in the person\u2019s name.')
  }
  return async (message, { signal }) => {
    if (!skipConsent && !(await ask(message, signal))) return false
    if (signal.aborted) return false
    await send()?.(message)
    return true
  }
}
