/**
 * The state of a browser sign-in as a UI sees it: an external store
 * (`subscribe` / `getSnapshot`, like the core's CallObserver) that a sign-in
 * card renders and drives. `browserSignIn()` implements it; the React layer
 * and the forms only know this interface (types only), so they never bundle
 * the OAuth code.
 *
 * It speaks the vocabulary of the whole sign-in UI (`useMcpAuth()`, a call's
 * `auth`, `SignInCard`'s props). Actions: `signIn`, `redirect`, `cancel`,
 * `signOut`, each naming the endpoint. Snapshot: `status` (`signing_in`,
 * `error`) and the fields `pending`, `opened`, `popupBlocked`,
 * `windowClosed`, `error`, `cancelled`, with the same meaning there.
 *
 * The snapshot describes what is pending on the page, not one endpoint's
 * status: the sign-in the page shows (with several pending, one at a
 * time), or `idle` (nothing pending, nothing to show). Whether an endpoint is
 * signed in (`signed_in` / `signed_out` in the UI) comes from
 * `isSignedIn(endpoint)`; the React layer combines the two into each
 * endpoint's view (`McpAuthView`, whose `signing_in` and `error` are this
 * snapshot's when it is that endpoint's).
 */
import type { McpAuthError } from '../errors.js'

/** A sign-in the server asked for and the person has not completed yet. */
export interface PendingSignIn {
  /** The MCP endpoint that asked (its URL without query). */
  endpoint: string
  /** The authorization server's issuer: who the person signs in with. */
  issuer: string
  /** The resource the access is for. */
  resource: string
  /** The scopes asked for (may be empty). */
  scopes: readonly string[]
  /** True when the server asks for more than the person already granted (403 insufficient_scope). */
  stepUp: boolean
  /**
   * True when the app asked for DPoP and this authorization server cannot
   * bind tokens: they will be plain Bearer tokens. Say so on the card.
   */
  dpopUnsupported: boolean
}

export type SignInState =
  /**
   * Nothing pending: no sign-in card to show. Not "signed out": whether an
   * endpoint holds tokens is `isSignedIn(endpoint)`.
   */
  | { status: 'idle' }
  /**
   * A sign-in is pending and the person has something to do: show the card.
   * `opened` false: waiting for the person to act (`signIn()` or
   * `redirect()`); `popupBlocked` once `signIn()` could not open a window
   * (offer `redirect()`); `windowClosed` once the sign-in window closed (or
   * was cut off by the authorization server's COOP) without an answer: the
   * sign-in still completes if the person finished there, else they can
   * open it again or cancel. `opened` true: the window is open (or the page
   * is leaving for the redirect), and `popupBlocked` and `windowClosed` are
   * false.
   */
  | {
      status: 'signing_in'
      pending: PendingSignIn
      opened: boolean
      popupBlocked: boolean
      windowClosed: boolean
    }
  /**
   * The last sign-in failed or was cancelled (`error.code`, e.g.
   * AUTH_ACCESS_DENIED; `cancelled` when the person gave up). `pending` is
   * the sign-in that failed, undefined when the store cannot tell whose
   * (a redirect's callback that failed on the next page load).
   */
  | {
      status: 'error'
      pending: PendingSignIn | undefined
      error: McpAuthError
      cancelled: boolean
    }

export interface SignInStore {
  subscribe(listener: () => void): () => void
  /**
   * What is pending on the page ({@link SignInState}): `idle` when nothing
   * is. A new object whenever it changes, or when sign-in status may have
   * (then `isSignedIn` is worth reading again).
   */
  getSnapshot(): SignInState
  /**
   * Opens the sign-in window. Must be called synchronously inside the
   * person's click (Safari and iOS block a window opened after an `await`).
   * With no sign-in pending yet, opens a blank window that the next sign-in
   * of `endpoint` fills (of any endpoint when none is named). With several
   * pending, `endpoint` says whose; the first otherwise.
   */
  signIn(endpoint?: string): void
  /** The fallback when the window was blocked: this tab goes to the authorization page and comes back. */
  redirect(endpoint?: string): void
  /**
   * Gives up the pending sign-in (of `endpoint` when named, else the one
   * shown); the call waiting on it fails as cancelled. With nothing
   * pending, closes a blank window `signIn()` left and dismisses an error.
   */
  cancel(endpoint?: string): void
  /** Forgets the tokens of `endpoint`; the next request asks to sign in again. */
  signOut(endpoint: string): Promise<void>
  /** True when tokens for `endpoint` are held: the `signed_in` (else `signed_out`) of its view while nothing of it is pending. */
  isSignedIn(endpoint: string): boolean
}
