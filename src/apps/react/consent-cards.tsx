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

/**
 * `ask(request, signal)` resolves with the person's answer; `cards` are the
 * cards still waiting for one. When `signal` aborts (the app cancelled the
 * request, or went away) the card closes unanswered and `ask` resolves
 * `false`: nobody waits for that answer any more, and a card left open
 * would ask the person about something no longer asked.
 */
export function useConsentCards<T>(
  card: (request: T, settle: (allowed: boolean) => void) => ReactNode,
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined,
): { ask: (request: T, signal?: AbortSignal) => Promise<boolean>; cards: ReactNode } {
  const [pending, setPending] = useState<readonly Pending<T>[]>([])
  const next = useRef(0)
  const ask = useCallback(
    (request: T, signal?: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        if (signal?.aborted) return resolve(false)
        const onAbort = () => entry.settle(false)
        const entry: Pending<T> = {
          id: ++next.current,
          request,
          settle: (allowed) => {
            signal?.removeEventListener('abort', onAbort)
            setPending((list) => list.filter((other) => other !== entry))
            resolve(allowed)
          },
        }
        signal?.addEventListener('abort', onAbort, { once: true })
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
