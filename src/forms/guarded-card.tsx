/**
 * An elicitation card (form or URL) behind its own error boundary: the card
 * answers at most once, and if it throws while rendering, the fallback still
 * lets the person decline or cancel, with the same once-only answer.
 */
import { forwardRef, type ErrorInfo, type ForwardedRef, type ForwardRefExoticComponent, type RefAttributes } from 'react'
import type { ElicitResult } from '../core/index.js'
import { CardBoundary } from './CardBoundary.js'
import { CardFallback } from './CardFallback.js'
import type { Messages } from './messages.js'
import { useRespondOnce } from './respond-once.js'

interface GuardedProps {
  request: unknown
  onRespond: (result: ElicitResult) => void
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  messages?: Partial<Messages> | undefined
  className?: string | undefined
}

export function guardedCard<P extends GuardedProps>(Card: ForwardRefExoticComponent<P & RefAttributes<HTMLDivElement>>): ForwardRefExoticComponent<P & RefAttributes<HTMLDivElement>> {
  // forwardRef's own typing cannot follow a generic P; the props pass through unchanged.
  const Guarded = forwardRef(function Guarded(props: GuardedProps, ref: ForwardedRef<HTMLDivElement>) {
    const { respond, sent } = useRespondOnce(props.onRespond)
    return (
      <CardBoundary
        onError={props.onError}
        resetKey={props.request}
        fallback={() => (
          <CardFallback answered={sent.current} onDecline={() => respond({ action: 'decline' })} onCancel={() => respond({ action: 'cancel' })} messages={props.messages} className={props.className} />
        )}
      >
        <Card {...(props as P)} onRespond={respond} ref={ref} />
      </CardBoundary>
    )
  })
  return Guarded as unknown as ForwardRefExoticComponent<P & RefAttributes<HTMLDivElement>>
}
