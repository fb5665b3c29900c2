/**
 * The two ways to say no that every elicitation card offers: Decline (an
 * explicit no) and Cancel (dismissed), neither carrying content.
 */
import type { ElicitResult } from '../core/index.js'
import type { Messages } from './messages.js'

export interface DeclineCancelProps {
  disabled: boolean
  onRespond: (result: ElicitResult) => void
  text: Pick<Messages, 'decline' | 'cancel'>
}

export function DeclineCancel({ disabled, onRespond, text }: DeclineCancelProps) {
  return (
    <>
      <button type="button" className="mcp-elicit-decline" data-action="decline" disabled={disabled} onClick={() => onRespond({ action: 'decline' })}>
        {text.decline}
      </button>
      <button type="button" className="mcp-elicit-cancel" data-action="cancel" disabled={disabled} onClick={() => onRespond({ action: 'cancel' })}>
        {text.cancel}
      </button>
    </>
  )
}
