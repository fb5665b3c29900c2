/**
 * The card a person sees when an app asks to send words as their own
 * message (`ui/message`): the app's server host, the words, and Send /
 * Discard. Nothing reaches the conversation before Send: an app's message
 * becomes the person's turn, which a model then acts on.
 *
 * The words arrive checked by the bridge (`message.ts`): text only, no
 * invisible or reordering characters left, at most 4,000 characters. They
 * are shown as text, never as HTML, in an element of their own with
 * `dir="auto"` (so a right-to-left message cannot reorder the line around
 * it), line breaks kept, long ones clamped with "Show all": the person can
 * read all of what they would send.
 *
 * Loaded on demand, the first time an app asks (`message-consent.tsx`).
 */
import { useId, useState } from 'react'
import { CLAMP_LONG, ClampedText } from '../../forms/ClampedText.js'
import type { Messages } from '../../forms/messages.js'
import { appCardTexts } from '../../forms/texts/app-cards.js'
import { cardTexts } from '../../forms/texts/card.js'
import { resolvePart } from '../../forms/texts/resolve.js'
import type { McpAppMessage } from '../message.js'

export interface MessageCardProps {
  message: McpAppMessage
  /** The host of the app's server, when known. */
  host: string | undefined
  /** The person chose: `true` for Send. */
  onAnswer: (send: boolean) => void
  messages?: Partial<Messages> | undefined
}

export function MessageCard({ message, host, onAnswer, messages }: MessageCardProps) {
  const text = resolvePart(messages, appCardTexts, cardTexts)
  const [answered, setAnswered] = useState(false)
  const titleId = useId()
  const answer = (send: boolean) => {
    if (answered) return
    setAnswered(true)
    onAnswer(send)
  }
  return (
    <section role="group" aria-labelledby={titleId} className="mcp-elicit-approval mcp-elicit-app-message">
      <p id={titleId} className="mcp-elicit-message">
        {text.appMessageAsks(host)}
      </p>
      <blockquote className="mcp-elicit-app-message-text">
        <ClampedText text={message.text} as="div" dir="auto" budget={CLAMP_LONG} labels={text} />
      </blockquote>
      {message.clipped && <p className="mcp-elicit-hint">{text.appMessageClipped}</p>}
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-accept mcp-elicit-primary" data-action="send" disabled={answered} onClick={() => answer(true)}>
          {text.appMessageSend}
        </button>
        <button type="button" className="mcp-elicit-decline" data-action="discard" disabled={answered} onClick={() => answer(false)}>
          {text.appMessageDiscard}
        </button>
      </div>
    </section>
  )
}
