/**
 * The callback page's one call: hand the authorization server's answer (the
 * page's own URL) back to the app page that is waiting for it. Plain module
 * code, no inline script or eval, so it runs under a strict CSP; it imports
 * only the shared constants.
 */
import {
  callbackKey,
  DEFAULT_CHANNEL_NAME,
  DEFAULT_SESSION_PREFIX,
  DEFAULT_STORAGE_KEY,
  redirectMarkerKey,
  SIGN_IN_MESSAGE,
  type SignInChannelOptions,
} from './protocol.js'

/** The parts of `window` the callback page uses (tests pass their own). */
export type CallbackWindow = Pick<Window, 'opener' | 'close' | 'sessionStorage' | 'localStorage'> & { location: Pick<Location, 'href' | 'origin' | 'replace'> }

export interface CompleteSignInOptions extends SignInChannelOptions {
  /** @defaultValue `globalThis.window` */
  window?: CallbackWindow | undefined
}

/** A return URL of this origin only: the marker is ours, but the callback page must never become an open redirect. */
function sameOrigin(target: unknown, origin: string): string {
  if (typeof target !== 'string') return `${origin}/`
  try {
    const url = new URL(target, origin)
    return url.origin === origin ? url.href : `${origin}/`
  } catch {
    return `${origin}/`
  }
}

/**
 * Call on the page at the redirect URI.
 *
 * - After a full-page redirect (`redirect()` left a marker for this `state`
 *   in this tab): keeps the callback URL in `sessionStorage` and goes back to
 *   the page the person left (`location.replace`), where `resumeRedirect()`
 *   finishes the sign-in. Returns `'redirect'`.
 * - In a popup: posts the URL to the opener (this origin only), on the
 *   `BroadcastChannel` and through a `localStorage` write removed at once, so
 *   it arrives even when `Cross-Origin-Opener-Policy` cut the opener, then
 *   closes the window. Returns `'popup'` (if the window is still there, the
 *   page may say it can be closed).
 * - A URL without `state` is no callback: returns `'none'`.
 */
export function completeSignIn(options: CompleteSignInOptions = {}): 'popup' | 'redirect' | 'none' {
  const win = options.window ?? globalThis.window
  const prefix = options.sessionPrefix ?? DEFAULT_SESSION_PREFIX
  const href = win.location.href
  const state = new URL(href).searchParams.get('state')
  if (!state) return 'none'

  // The marker first: a tab that was itself opened by another page has an opener, yet came here by redirect.
  let marker: string | null = null
  try {
    marker = win.sessionStorage.getItem(redirectMarkerKey(prefix, state))
  } catch {
    // No sessionStorage (blocked): only the popup way remains.
  }
  if (marker !== null) {
    let returnTo: unknown
    try {
      returnTo = (JSON.parse(marker) as { returnTo?: unknown }).returnTo
    } catch {
      returnTo = undefined
    }
    win.sessionStorage.removeItem(redirectMarkerKey(prefix, state))
    win.sessionStorage.setItem(callbackKey(prefix), href)
    win.location.replace(sameOrigin(returnTo, win.location.origin))
    return 'redirect'
  }

  const message = { type: SIGN_IN_MESSAGE, url: href }
  // Each way on its own: one that throws (a cut opener, no BroadcastChannel, storage blocked) must not stop the others.
  try {
    const opener = win.opener as Window | null
    if (opener && !opener.closed) opener.postMessage(message, win.location.origin)
  } catch {
    // See above.
  }
  try {
    if (typeof BroadcastChannel === 'function') {
      const channel = new BroadcastChannel(options.channelName ?? DEFAULT_CHANNEL_NAME)
      // Delivery is queued for every listener when posting, so closing right away loses nothing.
      channel.postMessage(message)
      channel.close()
    }
  } catch {
    // See above.
  }
  try {
    const key = options.storageKey ?? DEFAULT_STORAGE_KEY
    win.localStorage.setItem(key, JSON.stringify(message))
    // Removed at once: the other tabs got their `storage` event, and the code does not stay on disk.
    win.localStorage.removeItem(key)
  } catch {
    // See above.
  }
  win.close()
  return 'popup'
}
