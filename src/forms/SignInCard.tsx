/**
 * The card of a sign-in an MCP server asked for: who asks (the server's name
 * and its endpoint host), where the person signs in (the authorization
 * server's host), what access is asked, and Sign in / Cancel.
 *
 * Sign in calls `signIn(endpoint)` (the store's `signIn(endpoint)`, with the
 * pending sign-in's endpoint) synchronously in the click handler: browsers
 * block a window opened after an `await`. When the window was blocked all
 * the same, "Continue in this tab" offers the redirect. When the window
 * closed before the sign-in came back (`windowClosed`; the sign-in server's
 * COOP reads as closed too), the card says it may still complete on its own
 * and offers "Open sign-in again" and Cancel.
 *
 * Hosts are our own text (parsed from URLs), highlighted as on the URL card;
 * everything else the servers chose (name, scopes, error description) is
 * text, bidi-isolated, never markup. Nothing secret is shown: no token, and
 * not the authorization URL (it carries the PKCE challenge and state, and
 * the issuer host is what the person needs to check).
 *
 * Takes what `useMcpAuth()` returns, or a call's `auth`, as is:
 * `<SignInCard {...useMcpAuth()} />`, `<SignInCard {...tool.auth} />`.
 */
import { forwardRef, useEffect, useId, useRef, type ErrorInfo, type ForwardedRef, type KeyboardEvent } from 'react'
import type { PendingSignIn } from '../auth/browser/sign-in-store.js'
import type { McpError } from '../core/index.js'
import { AskedBy } from './AskedBy.js'
import { CardBoundary } from './CardBoundary.js'
import { CardFallback } from './CardFallback.js'
import { endpointHost } from './endpoint-host.js'
import { inlineText, isolate, IsolatedLine } from './IsolatedLine.js'
import type { Messages } from './messages.js'
import { callTexts } from './texts/call.js'
import { cardTexts } from './texts/card.js'
import { resolvePart, type PartTexts } from './texts/resolve.js'
import { signInTexts } from './texts/sign-in.js'
import { urlTexts } from './texts/url.js'
import { UrlWarnings } from './url-display.js'
import { analyzeUrl } from './url-safety.js'

/** What the card reads: the question card's texts (who asks, the clamp), the call's Try again, the address warnings' and its own. */
type SignInTexts = PartTexts<[typeof cardTexts, typeof callTexts, typeof urlTexts, typeof signInTexts]>

/**
 * What the card shows and does, by the names `useMcpAuth()` and a call's
 * `auth` use (and the store's actions): either spreads in as is.
 */
export interface SignInCardAuth {
  /** The sign-in asked for; may be undefined while showing a failure that came before one. */
  pending: PendingSignIn | undefined
  /** `signIn()` could not open a window: "Continue in this tab" is offered. */
  popupBlocked?: boolean | undefined
  /** The window is open: Sign in becomes "Open sign-in again". */
  opened?: boolean | undefined
  /**
   * The window closed before the sign-in came back: the card says it still
   * completes if the person finished there, and offers "Open sign-in again"
   * and Cancel.
   */
  windowClosed?: boolean | undefined
  /**
   * The sign-in cannot be bound to this browser (DPoP): a line says its
   * tokens are ordinary bearer tokens. @defaultValue `pending.dpopUnsupported`
   */
  dpopUnsupported?: boolean | undefined
  /** Why the last sign-in failed: an `McpAuthError` (`code` `AUTH_…`). */
  error?: McpError | undefined
  /** The failure was the person giving up. */
  cancelled?: boolean | undefined
  /**
   * Opens the sign-in window (the store's `signIn(endpoint)`); called
   * synchronously inside the click, with the endpoint of the sign-in shown
   * (`pending.endpoint`, else `url`).
   */
  signIn: (endpoint?: string) => void
  /** Signs in in this tab (the store's `redirect(endpoint)`). */
  redirect?: ((endpoint?: string) => void) | undefined
  /** Gives up the sign-in (the store's `cancel(endpoint)`); without it no Cancel is offered. */
  cancel?: ((endpoint?: string) => void) | undefined
}

export interface SignInCardProps extends SignInCardAuth {
  /**
   * "Try again" after a failure, called right after `signIn()` opened the
   * window (when the failure had got as far as asking the person): sends the
   * request again, e.g. the call's `retry`.
   */
  onRetry?: (() => void) | undefined
  /** Who asks (`serverInfo`), when known. */
  server?: unknown
  /** The MCP endpoint that asks. @defaultValue `pending.endpoint` */
  url?: string | undefined
  /** Move focus to the main button when the card appears or its main button changes. @defaultValue true */
  autoFocus?: boolean | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Told when the card failed to render; it then offers only to give up the sign-in. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  className?: string | undefined
}

/**
 * `data-state` of the card: what the person sees, in words of its own (the
 * store's `signing_in` and `error` are statuses of the sign-in, not of a card).
 */
type CardState = 'needs_sign_in' | 'popup_blocked' | 'window_open' | 'window_closed' | 'cancelled' | 'failed'

/** Longer lists are cut (a server may name thousands of scopes); the rest is counted. */
const MAX_SCOPES = 12

/** A sign-in card behind its own error boundary: if it cannot render, the sign-in can still be given up. */
export const SignInCard = /* @__PURE__ */ forwardRef(function SignInCard(props: SignInCardProps, ref: ForwardedRef<HTMLDivElement>) {
  return (
    <CardBoundary
      onError={props.onError}
      resetKey={props.pending}
      fallback={() => <CardFallback onDecline={() => props.cancel?.(shownEndpoint(props))} messages={props.messages} className={props.className} />}
    >
      <Card {...props} ref={ref} />
    </CardBoundary>
  )
})

function stateOf(props: SignInCardProps): CardState {
  if (props.error) return props.cancelled ? 'cancelled' : 'failed'
  if (props.opened) return 'window_open'
  if (props.popupBlocked) return 'popup_blocked'
  return props.windowClosed ? 'window_closed' : 'needs_sign_in'
}

/** The endpoint whose sign-in the card shows: the store's actions are told whose. */
function shownEndpoint(props: SignInCardProps): string | undefined {
  return props.pending?.endpoint ?? props.url
}

const Card = /* @__PURE__ */ forwardRef(function Card(props: SignInCardProps, ref: ForwardedRef<HTMLDivElement>) {
  const { pending, error, onRetry, server, className, autoFocus = true } = props
  const endpoint = shownEndpoint(props)
  const signIn = () => props.signIn(endpoint)
  const redirect = props.redirect && (() => props.redirect?.(endpoint))
  const cancel = props.cancel && (() => props.cancel?.(endpoint))
  const text = resolvePart(props.messages, cardTexts, callTexts, urlTexts, signInTexts)
  const titleId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-sign-in`
  const primary = useRef<HTMLButtonElement | null>(null)
  const state = stateOf(props)
  const failed = state === 'failed' || state === 'cancelled'
  const stepUp = pending?.stepUp === true
  const dpopUnsupported = props.dpopUnsupported ?? pending?.dpopUnsupported === true
  // Open a window up front only when the failed attempt had reached the person; otherwise it would sit empty.
  const canRetry = failed && (pending !== undefined || onRetry !== undefined)
  const primaryAction = failed ? (canRetry ? 'retry' : undefined) : state === 'popup_blocked' && redirect ? 'redirect' : 'sign-in'

  useEffect(() => {
    if (autoFocus && primaryAction) primary.current?.focus()
  }, [primaryAction])

  const retry = () => {
    if (pending !== undefined || !onRetry) signIn()
    onRetry?.()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || failed || !cancel) return
    event.preventDefault()
    cancel()
  }

  const liveText = state === 'window_open' ? text.signInOpened : state === 'window_closed' ? text.signInWindowClosed : state === 'cancelled' ? text.signInCancelled : ''
  return (
    <div
      role="group"
      ref={ref}
      className={['mcp-elicit-sign-in', className].filter(Boolean).join(' ')}
      data-state={state}
      data-step-up={stepUp || undefined}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <p id={titleId} className="mcp-elicit-message">
        {stepUp ? text.signInStepUpTitle : text.signInTitle}
      </p>
      {server !== undefined && server !== null && <AskedBy server={server} url={undefined} text={text} />}
      <Parties url={props.url ?? pending?.endpoint} issuer={pending?.issuer} text={text} />
      {pending && !failed && <Scopes pending={pending} text={text} />}
      {dpopUnsupported && !failed && <p className="mcp-elicit-hint mcp-elicit-sign-in-dpop">{text.signInDpopUnsupported}</p>}

      {/* Present from the start, so each change of its text is announced. */}
      <p role="status" className="mcp-elicit-sign-in-status">
        {liveText}
      </p>
      {state === 'failed' && error && <Failure error={error} text={text} />}

      {state === 'popup_blocked' && redirect && (
        <div className="mcp-elicit-sign-in-fallback">
          <p>{text.signInPopupBlocked}</p>
        </div>
      )}

      <div className="mcp-elicit-actions">
        {primaryAction === 'redirect' && (
          <button type="button" ref={primary} className="mcp-elicit-accept mcp-elicit-sign-in-redirect" data-action="redirect" onClick={() => redirect?.()}>
            {text.signInRedirect}
          </button>
        )}
        {!failed && (
          <button
            type="button"
            ref={primaryAction === 'sign-in' ? primary : undefined}
            className={primaryAction === 'sign-in' ? 'mcp-elicit-accept mcp-elicit-sign-in-button' : 'mcp-elicit-sign-in-button'}
            data-action="sign-in"
            onClick={() => signIn()}
          >
            {state === 'window_open' || state === 'window_closed' ? text.signInReopen : text.signInButton}
          </button>
        )}
        {canRetry && (
          <button type="button" ref={primary} className="mcp-elicit-accept mcp-elicit-sign-in-retry" data-action="retry" onClick={retry}>
            {text.retry}
          </button>
        )}
        {!failed && cancel && (
          <button type="button" className="mcp-elicit-cancel" data-action="cancel" onClick={() => cancel()}>
            {text.cancel}
          </button>
        )}
      </div>
    </div>
  )
})

/** The two hosts the person should check: the MCP server's and the one they type their password into. */
function Parties({ url, issuer, text }: { url: string | undefined; issuer: string | undefined; text: SignInTexts }) {
  const host = endpointHost(url)
  const analysis = issuer === undefined ? undefined : analyzeUrl(issuer)
  const issuerHost = analysis?.host || undefined
  // A multi-tenant issuer differs from another by its path only: show it whole then.
  const issuerPath = analysis?.parts !== undefined && analysis.parts.after !== '' && analysis.parts.after !== '/'
  if (!host && !issuerHost) return null
  return (
    <>
      <dl className="mcp-elicit-sign-in-parties">
        {host && (
          <>
            <dt>{text.signInServerLabel}</dt>
            <dd>
              <mark className="mcp-elicit-sign-in-host" data-party="server">
                <bdi dir="ltr">{host}</bdi>
              </mark>
            </dd>
          </>
        )}
        {issuerHost && (
          <>
            <dt>{text.signInIssuerLabel}</dt>
            <dd>
              <mark className="mcp-elicit-sign-in-host" data-party="issuer">
                <bdi dir="ltr">{issuerHost}</bdi>
              </mark>
              {issuerPath && (
                <>
                  {' '}
                  <code className="mcp-elicit-sign-in-issuer" dir="ltr">
                    {analysis.href}
                  </code>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {analysis && <UrlWarnings analysis={analysis} text={text} />}
    </>
  )
}

function Scopes({ pending, text }: { pending: PendingSignIn; text: SignInTexts }) {
  // The scopes come from the server's WWW-Authenticate: anything JSON-free text can hold.
  const scopes = (Array.isArray(pending.scopes) ? pending.scopes : []).map((scope) => inlineText(scope)).filter(Boolean)
  const shown = scopes.slice(0, MAX_SCOPES)
  return (
    <div className="mcp-elicit-sign-in-scopes">
      {pending.stepUp && <p className="mcp-elicit-sign-in-step-up">{text.signInStepUp}</p>}
      {scopes.length === 0 ? (
        <p className="mcp-elicit-hint">{text.signInNoScopes}</p>
      ) : (
        <>
          <p>{text.signInScopesHeading}</p>
          <ul>
            {shown.map((scope, index) => (
              <li key={index} data-scope={scope} dir="auto">
                {text.scope(scope)}
              </li>
            ))}
            {scopes.length > shown.length && <li className="mcp-elicit-hint">{text.moreScopes(scopes.length - shown.length)}</li>}
          </ul>
        </>
      )}
    </div>
  )
}

/** A failure in words, by code; the error's own message is not shown (it is for developers, in English). */
function Failure({ error, text }: { error: McpError; text: SignInTexts }) {
  const details = error as McpError & { endpoint?: unknown; header?: unknown; description?: unknown }
  const code = inlineText(error.code)
  const description = typeof details.description === 'string' && details.description !== '' ? details.description : undefined
  return (
    <div role="alert" className="mcp-elicit-error mcp-elicit-sign-in-error" data-code={code}>
      {code === 'AUTH_BLOCKED' ? (
        <IsolatedLine
          className="mcp-elicit-sign-in-blocked"
          text={text.signInBlocked(isolate(details.endpoint), typeof details.header === 'string' && details.header !== '' ? isolate(details.header) : undefined)}
          showAll={text.showAll}
          showLess={text.showLess}
        />
      ) : (
        <p>{text.signInFailed(code)}</p>
      )}
      {description && <IsolatedLine className="mcp-elicit-sign-in-detail" text={text.signInErrorDetail(isolate(description))} showAll={text.showAll} showLess={text.showLess} />}
    </div>
  )
}
