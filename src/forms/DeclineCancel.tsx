/**
 * The two ways to say no that every elicitation card offers: Decline (an
 * explicit no) and Skip question (dismissed, `{action:'cancel'}`: this one
 * question is not answered, the call goes on), neither carrying content.
 * Both are secondary actions; each card has one primary action of its own.
 */
import type { ElicitResult } from '../core/index.js'
import type { Messages } from './messages.js'

export interface DeclineCancelProps {
  disabled: boolean
  onRespond: (result: ElicitResult) => void
  text: Pick<Messages, 'decline' | 'skipQuestion'>
  /** Offer Skip question too. @defaultValue true */
  skip?: boolean | undefined
}

export function DeclineCancel({ disabled, onRespond, text, skip = true }: DeclineCancelProps) {
  return (
    <>
      <button type="button" className="mcp-elicit-decline" data-action="decline" disabled={disabled} onClick={() => onRespond({ action: 'decline' })}>
        {text.decline}
      </button>
      {skip && (
        <button type="button" className="mcp-elicit-cancel mcp-elicit-skip" data-action="cancel" disabled={disabled} onClick={() => onRespond({ action: 'cancel' })}>
          {text.skipQuestion}
        </button>
      )}
    </>
  )
}
