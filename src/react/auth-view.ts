/**
 * What one endpoint's sign-in looks like to a UI, derived from the store's
 * snapshot (which describes at most one sign-in, for whichever endpoint
 * asked last) and `isSignedIn(endpoint)`. Pure, so the mapping is in one
 * place and testable without React.
 *
 * The mapping:
 * - a sign-in pending for this endpoint (`needs_sign_in` or `signing_in`)
 *   → `signing_in`: the person has something to do, whether or not the
 *   window is open yet (`opened` tells which; `windowClosed` when it was
 *   open and went: the callback may still complete it). A step-up is
 *   `signing_in` too, although tokens are held: the request waits on the
 *   person.
 * - `error` for this endpoint, or for no known sign-in (the store could not
 *   tell whose: showing it beats hiding a failure) → `error`, until the
 *   store moves on.
 * - otherwise `signed_in` when tokens are held, else `signed_out`. A sign-in
 *   pending for another endpoint changes nothing here.
 */
import type { PendingSignIn, SignInState } from '../auth/browser/sign-in-store.js'
import type { McpAuthError } from '../auth/errors.js'
import { sameEndpoint } from './endpoint.js'

export type McpAuthStatus = 'signed_out' | 'signing_in' | 'signed_in' | 'error'

export interface McpAuthView {
  status: McpAuthStatus
  /** The sign-in asked for (while `signing_in`; while `error` when the failure had one). */
  pending: PendingSignIn | undefined
  /** Why the last sign-in failed (`error.code`), while `error`. */
  error: McpAuthError | undefined
  /** `open()` could not open a window: offer `redirect()`. */
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

const SIGNED_OUT: McpAuthView = Object.freeze({
  status: 'signed_out',
  pending: undefined,
  error: undefined,
  popupBlocked: false,
  opened: false,
  windowClosed: false,
  dpopUnsupported: false,
  cancelled: false,
})
const SIGNED_IN: McpAuthView = Object.freeze({ ...SIGNED_OUT, status: 'signed_in' })

/** The view of `endpoint`'s sign-in. Idle results are shared objects, so an unchanged state compares equal. */
export function authViewOf(state: SignInState, endpoint: string, signedIn: boolean): McpAuthView {
  const idle = signedIn ? SIGNED_IN : SIGNED_OUT
  switch (state.status) {
    case 'needs_sign_in':
    case 'signing_in': {
      if (!sameEndpoint(state.request.endpoint, endpoint)) return idle
      const waiting = state.status === 'needs_sign_in'
      return {
        status: 'signing_in',
        pending: state.request,
        error: undefined,
        popupBlocked: waiting && state.popupBlocked,
        opened: !waiting,
        windowClosed: waiting && state.windowClosed === true,
        dpopUnsupported: state.request.dpopUnsupported === true,
        cancelled: false,
      }
    }
    case 'error': {
      if (state.request && !sameEndpoint(state.request.endpoint, endpoint)) return idle
      return {
        status: 'error',
        pending: state.request,
        error: state.error,
        popupBlocked: false,
        opened: false,
        windowClosed: false,
        dpopUnsupported: state.request?.dpopUnsupported === true,
        cancelled: state.cancelled,
      }
    }
    default:
      return idle
  }
}
