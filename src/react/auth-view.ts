/**
 * What one endpoint's sign-in looks like to a UI: the store's snapshot
 * (what is pending on the page, one endpoint's sign-in at a time) read for
 * this endpoint, plus `isSignedIn(endpoint)`. Pure, so the mapping is in
 * one place and testable without React.
 *
 * One vocabulary for the sign-in, wherever it shows: the store's snapshot,
 * `useMcpAuth()`, a call's `auth` (`useMcpTool(…).auth`) and `SignInCard`'s
 * props have the same statuses (`signing_in`, `error`), fields (`pending`,
 * `error`, `popupBlocked`, `opened`, `windowClosed`, `cancelled`) and
 * actions (`signIn`, `redirect`, `cancel`, `signOut`), so
 * `<SignInCard {...useMcpAuth()} />` and `<SignInCard {...tool.auth} />`
 * need no renaming. The view adds only what is per endpoint:
 * - the store's `signing_in` or `error` is this endpoint's when its
 *   `pending` is this endpoint's (an `error` without `pending`, when the
 *   store cannot tell whose it is, shows for every endpoint: showing it
 *   beats hiding a failure). A step-up is `signing_in` too, although tokens are held: the
 *   request waits on the person.
 * - otherwise (`idle`, or another endpoint's sign-in) `signed_in` when
 *   tokens are held, else `signed_out`.
 * - every field is always there (false or undefined when it does not
 *   apply), and `dpopUnsupported` is lifted from `pending`.
 */
import type { PendingSignIn, SignInState } from '../auth/browser/sign-in-store.js'
import type { McpAuthError } from '../auth/errors.js'
import { sameEndpoint } from '../core/index.js'
import { SIGNED_IN, SIGNED_OUT } from './idle-views.js'

export type McpAuthStatus = 'signed_out' | 'signing_in' | 'signed_in' | 'error'

export interface McpAuthView {
  status: McpAuthStatus
  /** The sign-in asked for (while `signing_in`; while `error` when the failure had one). */
  pending: PendingSignIn | undefined
  /** Why the last sign-in failed (`error.code`), while `error`. */
  error: McpAuthError | undefined
  /** `signIn()` could not open a window: offer `redirect()`. */
  popupBlocked: boolean
  /** The window is open (or the page is leaving for the redirect): the person is at the authorization server. */
  opened: boolean
  /**
   * The sign-in window closed (or the authorization server's
   * `Cross-Origin-Opener-Policy` cut it off) before the sign-in came back:
   * if the person finished there it still completes on its own; else offer
   * to open it again, or cancel.
   */
  windowClosed: boolean
  /** This authorization server cannot bind the sign-in to this browser (DPoP): its tokens are plain bearer tokens (`pending.dpopUnsupported`). */
  dpopUnsupported: boolean
  /** The failure was the person giving up (`cancel()`). */
  cancelled: boolean
}

export interface McpAuthActions {
  /**
   * Opens the sign-in window of this endpoint (`store.signIn(endpoint)`).
   * Call it straight from the click handler, never after an `await`:
   * browsers block windows opened outside the person's click. With nothing
   * pending yet it opens a blank window that the next sign-in of this
   * endpoint fills (never another server's). After `windowClosed`, opens
   * the sign-in again. Does nothing without a sign-in store.
   */
  signIn(): void
  /** When the window was blocked: this tab goes to this endpoint's authorization page and comes back (`store.redirect(endpoint)`). */
  redirect(): void
  /** Gives up this endpoint's pending sign-in (`store.cancel(endpoint)`); the call waiting on it fails as cancelled. */
  cancel(): void
  /** Forgets this endpoint's tokens; its next request asks to sign in again. */
  signOut(): Promise<void>
}

/** One endpoint's sign-in with its actions: what `useMcpAuth()` returns, and a call's `auth`. */
export type McpAuthResult = McpAuthView &
  McpAuthActions & {
    /** The endpoint this is about: the client's URL without query (`endpointKey(client.url)`). */
    endpoint: string
  }

/** The view of `endpoint`'s sign-in. Idle results are shared objects, so an unchanged state compares equal. */
export function authViewOf(state: SignInState, endpoint: string, signedIn: boolean): McpAuthView {
  const idle = signedIn ? SIGNED_IN : SIGNED_OUT
  switch (state.status) {
    case 'signing_in': {
      const { pending } = state
      if (!sameEndpoint(pending.endpoint, endpoint)) return idle
      return { ...SIGNED_OUT, status: 'signing_in', pending, popupBlocked: state.popupBlocked, opened: state.opened, windowClosed: state.windowClosed, dpopUnsupported: pending.dpopUnsupported === true }
    }
    case 'error': {
      const { pending } = state
      if (pending && !sameEndpoint(pending.endpoint, endpoint)) return idle
      return { ...SIGNED_OUT, status: 'error', pending, error: state.error, dpopUnsupported: pending?.dpopUnsupported === true, cancelled: state.cancelled }
    }
    default:
      // `idle`: nothing pending, so the tokens say.
      return idle
  }
}
