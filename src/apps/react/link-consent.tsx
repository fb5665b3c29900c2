/**
 * `ui/open-link` from the frame goes through the URL consent card, as a
 * server's URL-mode question does: the person sees the host, and the page
 * opens only on their click (without opener or referrer). Its buttons say
 * what they do: "Open link to example.com" is the consent (the card goes
 * away there, with no "Done" step), "Don't open" the refusal; there is no
 * "Skip question", as nothing is asked of the call.
 *
 * The card (with its URL analysis) loads the first time an app asks to open
 * a link (`LazyUrlElicitation`): a page whose apps never do never downloads
 * it. A card that cannot be loaded or drawn refuses the link (the app gets
 * "Link opening denied") and goes away; the error (a `PartLoadError` for a
 * chunk that cannot be fetched) goes to `onError`.
 */
import type { ErrorInfo, ReactNode } from 'react'
import type { McpClient } from '../../core/index.js'
import { LazyUrlElicitation } from '../../forms/lazy-parts.js'
import type { Messages } from '../../forms/messages.js'
import type { appTexts } from '../../forms/texts/apps.js'
import { useConsentCards } from './consent-cards.js'

/** The `onOpenLink` for the bridge, and the consent cards waiting for the person. */
export function useLinkConsent(
  client: McpClient,
  text: Pick<typeof appTexts, 'appOpensLink' | 'appLinkOpen' | 'appLinkDecline'>,
  messages: Partial<Messages> | undefined,
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined,
): { onOpenLink: (url: URL, signal?: AbortSignal) => Promise<boolean>; cards: ReactNode } {
  const { ask, cards } = useConsentCards<string>(
    (url, settle) => (
      <LazyUrlElicitation
        request={{ mode: 'url', url, message: text.appOpensLink }}
        server={client.serverInfo}
        url={client.url}
        messages={{ ...messages, open: text.appLinkOpen, decline: text.appLinkDecline }}
        skip={false}
        onOpen={() => settle(true)}
        onRespond={(response) => settle(response.action === 'accept')}
      />
    ),
    onError,
  )
  return { onOpenLink: (url: URL, signal?: AbortSignal) => ask(url.href, signal), cards }
}
