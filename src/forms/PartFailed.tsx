/**
 * In place of a part whose code could not be loaded (a form's fields, a
 * call's round panel): a line that says so and Try again, with the
 * question's own answers beside it where it has them (Decline, Skip). The
 * file input, which stands in a field, has its own (`lazy-file-widget.tsx`).
 */
import type { ReactNode } from 'react'

export interface PartFailedProps {
  className: string
  /** What could not be shown. */
  line: string
  retryLabel: string
  /** `data-action` of Try again, for tests and styles. */
  action: string
  /** Failed attempts after the first: from the second on, focus stays on Try again. */
  attempt: number
  onRetry: () => void
  disabled?: boolean | undefined
  /** Buttons after Try again. */
  children?: ReactNode
}

export function PartFailed({ className, line, retryLabel, action, attempt, onRetry, disabled, children }: PartFailedProps) {
  return (
    <div className={className}>
      {/* A new element per failed attempt, so a second failure is announced too. */}
      <p key={attempt} role="alert" className="mcp-elicit-error">
        {line}
      </p>
      <div className="mcp-elicit-actions">
        {/* After a failed Try again, focus stays on the button rather than falling back to the page. */}
        <button type="button" className="mcp-elicit-retry" data-action={action} autoFocus={attempt > 0} disabled={disabled} onClick={onRetry}>
          {retryLabel}
        </button>
        {children}
      </div>
    </div>
  )
}
