/**
 * A URL-mode `elicitation/create`: the server asks the person to open a page
 * (sign in, pay, consent) outside this app.
 *
 * Spec (client/elicitation, URL mode): show the full URL and highlight its
 * host, warn on lookalikes, never prefetch, open only after explicit consent
 * and so the page cannot be inspected. So: the URL is text (no `<a href>`,
 * no prefetch hint, no favicon), and Open calls `window.open` with
 * `noopener,noreferrer` from the click. With `noopener` browsers return
 * `null` even when the window did open, so a null return cannot tell a
 * blocked pop-up from an opened one: the card then offers the address to
 * copy, worded for both cases.
 */
import { forwardRef, useEffect, useId, useMemo, useRef, useState, type ErrorInfo, type ForwardedRef, type KeyboardEvent } from 'react'
import type { ElicitResult } from '../core/index.js'
import { AskedBy } from './AskedBy.js'
import { CLAMP_LONG, ClampedText } from './ClampedText.js'
import { DeclineCancel } from './DeclineCancel.js'
import { guardedCard } from './guarded-card.js'
import type { AskingServer, Messages } from './messages.js'
import { cardTexts } from './texts/card.js'
import { resolvePart } from './texts/resolve.js'
import { urlTexts } from './texts/url.js'
import { MarkedUrl, SiteEntry, UrlWarnings } from './url-display.js'
import { analyzeUrl } from './url-safety.js'

/** The params of a URL-mode `elicitation/create`. */
export interface UrlElicitationRequest {
  /** Why the server asks; shown as plain text. */
  message?: unknown
  /** The page to open. */
  url?: unknown
  /** The server's id for this elicitation (legacy `notifications/elicitation/complete`). */
  elicitationId?: unknown
  [key: string]: unknown
}

export interface UrlElicitationProps {
  request: UrlElicitationRequest
  /** Who asks (`serverInfo`). */
  server?: AskingServer | undefined
  /** The MCP endpoint that asks (not the page to open); its host is shown. */
  url?: string | undefined
  /** Called once with the answer; `accept` carries no content. */
  onRespond: (result: ElicitResult) => void
  /** Called when the person clicked Open (the page was handed to the browser); a host that needs no "Done" step, such as an app's link, can finish there. */
  onOpen?: (() => void) | undefined
  /** Called after "Done, continue" sent `accept`, to retry the original request when the host does not do it itself. */
  onRetry?: (() => void) | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Offer Skip question beside Decline: false where nothing is asked of the call (an app's link), so the one way to say no is Decline. @defaultValue true */
  skip?: boolean | undefined
  /** Told when the card failed to render; it then shows only Decline and Skip question. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  className?: string | undefined
}

type UrlStatus = 'open' | 'opened' | 'answered'

/**
 * The consent card for a URL-mode elicitation: Open the page (the primary
 * action), then Done to send `accept`; Decline and Skip question answer
 * without opening. Behind its own error boundary (Decline and Skip question
 * survive a failure).
 */

const UrlCard = /* @__PURE__ */ forwardRef(function UrlCard(props: UrlElicitationProps, ref: ForwardedRef<HTMLDivElement>) {
  const { request, server, url, onRespond, onRetry, className } = props
  const text = resolvePart(props.messages, cardTexts, urlTexts)
  const analysis = useMemo(() => analyzeUrl(request.url), [request.url])
  const [status, setStatus] = useState<UrlStatus>('open')
  const [noHandle, setNoHandle] = useState(false)
  const [copied, setCopied] = useState(false)
  const sent = useRef(false)
  const done = useRef<HTMLButtonElement | null>(null)
  const messageId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-message`
  const answered = status === 'answered'
  const refused = analysis.refused

  const respond = (result: ElicitResult) => {
    if (sent.current) return false
    sent.current = true
    setStatus('answered')
    onRespond(result)
    return true
  }

  const open = () => {
    if (refused || answered) return
    let handle: Window | null = null
    try {
      handle = window.open(analysis.href, '_blank', 'noopener,noreferrer')
    } catch {
      handle = null
    }
    setNoHandle(handle === null)
    setStatus('opened')
    props.onOpen?.()
  }

  // Open gives way to Done: keep the keyboard on the card's primary action.
  useEffect(() => {
    if (status !== 'opened' || !done.current) return
    const active = done.current.ownerDocument.activeElement
    if (!active || active === done.current.ownerDocument.body) done.current.focus()
  }, [status])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(analysis.href)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || answered) return
    event.preventDefault()
    respond({ action: 'cancel' })
  }

  return (
    <div
      role="group"
      ref={ref}
      className={['mcp-elicit-url', className].filter(Boolean).join(' ')}
      data-state={status}
      data-refused={refused ?? undefined}
      aria-labelledby={messageId}
      onKeyDown={onKeyDown}
    >
      {/* A message of any length stays a few lines until asked for: the address and Open stay in view. */}
      <ClampedText id={messageId} className="mcp-elicit-message" dir="auto" text={typeof request.message === 'string' ? request.message : ''} budget={CLAMP_LONG} labels={text} />
      <AskedBy server={server} url={url} text={text} />
      <dl className="mcp-elicit-url-address">
        {analysis.host && <SiteEntry host={analysis.host} text={text} />}
        <dt>{text.urlLabel}</dt>
        <dd>
          <code className="mcp-elicit-url-full">
            <MarkedUrl analysis={analysis} />
          </code>
        </dd>
      </dl>
      {refused && (
        <p role="alert" className="mcp-elicit-url-refused">
          {text.urlRefused(refused, analysis)}
        </p>
      )}
      <UrlWarnings analysis={analysis} text={text} />
      {status === 'opened' && noHandle && (
        <div role="status" className="mcp-elicit-url-fallback">
          <p>{text.popupMaybeBlocked}</p>
          <input type="text" readOnly value={analysis.href} aria-label={text.urlLabel} className="mcp-elicit-input" onFocus={(event) => event.currentTarget.select()} />
          {typeof navigator !== 'undefined' && navigator.clipboard && (
            <button type="button" className="mcp-elicit-copy" onClick={() => void copy()}>
              {text.copy}
            </button>
          )}
          {copied && <span className="mcp-elicit-copied">{text.copied}</span>}
        </div>
      )}
      <div className="mcp-elicit-actions">
        {/* One primary action: Open until the page was opened, then Done (Open again steps back). */}
        {!refused && status !== 'opened' && (
          <button type="button" className="mcp-elicit-open mcp-elicit-primary" data-action="open" disabled={answered} onClick={open}>
            {text.open(analysis.host)}
          </button>
        )}
        {!refused && status === 'opened' && (
          <>
            <button type="button" ref={done} className="mcp-elicit-accept mcp-elicit-primary" data-action="done" onClick={() => respond({ action: 'accept' }) && onRetry?.()}>
              {text.doneContinue}
            </button>
            <button type="button" className="mcp-elicit-open" data-action="open" onClick={open}>
              {text.openAgain}
            </button>
          </>
        )}
        <DeclineCancel disabled={answered} onRespond={respond} text={text} skip={props.skip !== false} />
      </div>
      {answered && (
        <p role="status" className="mcp-elicit-answered">
          {text.answered}
        </p>
      )}
    </div>
  )
})

export const UrlElicitation = /* @__PURE__ */ guardedCard<UrlElicitationProps>(UrlCard)
