/**
 * What a person sees where a card failed to render: a short message and the
 * card's own ways to say no, so the round is never stuck on a question that
 * cannot be shown. Nothing from the server is shown here (it may be what
 * failed).
 */
import { forwardRef, useId, useState, type ForwardedRef } from 'react'
import type { Messages } from './messages.js'
import { cardTexts } from './texts/card.js'
import { resolvePart } from './texts/resolve.js'

export interface CardFallbackProps {
  /** Answers as the card's Decline would. */
  onDecline: () => void
  /** Answers as the card's Skip question would (`cancel`); without it only Decline is offered. */
  onCancel?: (() => void) | undefined
  /** Start answered (the card had already sent its answer before it failed). */
  answered?: boolean | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  className?: string | undefined
}

export const CardFallback = /* @__PURE__ */ forwardRef(function CardFallback(props: CardFallbackProps, ref: ForwardedRef<HTMLDivElement>) {
  const { onDecline, onCancel, className } = props
  const text = resolvePart(props.messages, cardTexts)
  const [answered, setAnswered] = useState(Boolean(props.answered))
  const messageId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-message`
  const answer = (respond: () => void) => {
    if (answered) return
    setAnswered(true)
    respond()
  }
  return (
    <div role="group" ref={ref} className={['mcp-elicit-fallback', className].filter(Boolean).join(' ')} data-state={answered ? 'answered' : 'failed'} aria-labelledby={messageId}>
      <p id={messageId} className="mcp-elicit-message">
        {text.cardFailed}
      </p>
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-decline" data-action="decline" disabled={answered} onClick={() => answer(onDecline)}>
          {text.decline}
        </button>
        {onCancel && (
          <button type="button" className="mcp-elicit-cancel mcp-elicit-skip" data-action="cancel" disabled={answered} onClick={() => answer(onCancel)}>
            {text.skipQuestion}
          </button>
        )}
      </div>
      {answered && (
        <p role="status" className="mcp-elicit-answered">
          {text.answered}
        </p>
      )}
    </div>
  )
})
