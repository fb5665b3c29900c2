/**
 * `ui/open-link` from the frame goes through the URL consent card, exactly
 * as a server's URL-mode question does: the person sees the host, and the
 * page opens only on their click (without opener or referrer). Open is the
 * consent: the card goes away there, with no "Done" step.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react'
import type { McpClient } from '../../core/index.js'
import { UrlElicitation, type Messages } from '../../forms/index.js'

interface LinkRequest {
  id: number
  url: string
  settle: (opened: boolean) => void
}

/** The `onOpenLink` for the bridge, and the consent cards waiting for the person. */
export function useLinkConsent(client: McpClient, message: string, messages: Partial<Messages> | undefined): { onOpenLink: (url: URL) => Promise<boolean>; cards: ReactNode } {
  const [links, setLinks] = useState<readonly LinkRequest[]>([])
  const next = useRef(0)
  const onOpenLink = useCallback(
    (url: URL) =>
      new Promise<boolean>((resolve) => {
        const link: LinkRequest = {
          id: ++next.current,
          url: url.href,
          settle: (opened) => {
            setLinks((list) => list.filter((entry) => entry !== link))
            resolve(opened)
          },
        }
        setLinks((list) => [...list, link])
      }),
    [],
  )
  const cards = links.map((link) => (
    <UrlElicitation
      key={link.id}
      request={{ mode: 'url', url: link.url, message }}
      server={client.serverInfo}
      url={client.url}
      messages={messages}
      onOpen={() => link.settle(true)}
      onRespond={(response) => link.settle(response.action === 'accept')}
    />
  ))
  return { onOpenLink, cards }
}
