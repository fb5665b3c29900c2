/**
 * What an app asks the person to allow (open a link, save files), one card
 * per request, answered by the person: the request's promise settles with
 * their yes or no, and its card goes away. Each card has its own error
 * boundary: a card that cannot be loaded or drawn answers no (the app is
 * refused, never left waiting) and goes away; the error goes to `onError`.
 * `link-consent.tsx` and `download-consent.tsx` say what each card shows.
 */
import { useCallback, useRef, useState, type ErrorInfo, type ReactNode } from 'react'
import { CardBoundary } from '../../forms/CardBoundary.js'

interface Pending<T> {
  id: number
  request: T
  settle: (allowed: boolean) => void
}

/** `ask(request)` resolves with the person's answer; `cards` are the cards still waiting for one. */
export function useConsentCards<T>(
  card: (request: T, settle: (allowed: boolean) => void) => ReactNode,
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined,
): { ask: (request: T) => Promise<boolean>; cards: ReactNode } {
  const [pending, setPending] = useState<readonly Pending<T>[]>([])
  const next = useRef(0)
  const ask = useCallback(
    (request: T) =>
      new Promise<boolean>((resolve) => {
        const entry: Pending<T> = {
          id: ++next.current,
          request,
          settle: (allowed) => {
            setPending((list) => list.filter((other) => other !== entry))
            resolve(allowed)
          },
        }
        setPending((list) => [...list, entry])
      }),
    [],
  )
  const cards = pending.map((entry) => (
    <CardBoundary
      key={entry.id}
      onError={(error, info) => {
        entry.settle(false)
        onError?.(error, info)
      }}
      fallback={() => null}
    >
      {card(entry.request, entry.settle)}
    </CardBoundary>
  ))
  return { ask, cards }
}
