/**
 * The state of a browser sign-in as a UI sees it: an external store
 * (`subscribe` / `getSnapshot`, like the core's CallObserver) that a sign-in
 * card renders and drives. `browserSignIn()` implements it; the React layer
 * and the forms only know this interface (types only), so they never bundle
 * the OAuth code.
 *
 * Its actions have the names the whole sign-in UI uses (`useMcpAuth()`, a
 * call's `auth`, `SignInCard`'s props): `signIn`, `redirect`, `cancel`,
 * `signOut`, each naming the endpoint. Its snapshot is the page's one
 * sign-in, whichever endpoint asked last; the React layer derives each
 * endpoint's view from it (`signed_out | signing_in | signed_in | error`,
 * where `signing_in` is this snapshot's `needs_sign_in` and `signing_in`,
 * told apart by `opened`).
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
  | { status: 'idle' }
  /**
   * Waiting for the person: show the card. `popupBlocked` once `signIn()`
   * could not open a window; `windowClosed` once the sign-in window closed
   * (or was cut off by the authorization server's COOP) without an answer:
   * the sign-in still completes if the person finished there, else they can
   * open it again or cancel.
   */
  | { status: 'needs_sign_in'; request: PendingSignIn; popupBlocked: boolean; windowClosed?: boolean | undefined }
  /** The window is open (or the page is leaving for the redirect). */
  | { status: 'signing_in'; request: PendingSignIn }
  /** The last sign-in failed or was cancelled (`error.code`, e.g. AUTH_ACCESS_DENIED). */
  | { status: 'error'; request: PendingSignIn | undefined; error: McpAuthError; cancelled: boolean }

export interface SignInStore {
  subscribe(listener: () => void): () => void
  getSnapshot(): SignInState
  /**
   * Opens the sign-in window. Must be called synchronously inside the
   * person's click (Safari and iOS block a window opened after an `await`).
   * With no sign-in pending yet, opens a blank window that the next sign-in
   * of `endpoint` fills (of any endpoint when none is named). With several
   * pending, `endpoint` says whose; the first otherwise.
   */
  signIn(endpoint?: string): void
  /** @deprecated Renamed {@link SignInStore.signIn} (one name for the action everywhere); this alias goes in the next release. */
  open?(endpoint?: string): void
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
  /** True when tokens for `endpoint` are held. */
  isSignedIn(endpoint: string): boolean
}
