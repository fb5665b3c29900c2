/**
 * What the app page and the callback page agree on: the message the callback
 * sends, the channel and storage keys it uses. Kept free of imports so the
 * callback page (`completeSignIn`) bundles nothing else.
 */

/** `type` of the message the callback page sends the app: `{ type, url }` with the callback URL. */
export const SIGN_IN_MESSAGE = 'mcp-elicit:sign-in'
export const DEFAULT_CHANNEL_NAME = 'mcp-elicit-sign-in'
/** The `localStorage` key the callback page writes and removes at once (a `storage` event in the app's tabs, nothing kept). */
export const DEFAULT_STORAGE_KEY = 'mcp-elicit-sign-in'
/** Prefix of this tab's `sessionStorage` entries: pending authorizations, redirect markers, the callback URL after a redirect. */
export const DEFAULT_SESSION_PREFIX = 'mcp-elicit-sign-in:'

/** Set by `redirect()` for one `state`: tells the callback page it was reached by a full-page redirect, and where to go back. */
export const redirectMarkerKey = (prefix: string, state: string) => `${prefix}redirect ${state}`
/** Where the callback page leaves the callback URL for the app page (`resumeRedirect()`). */
export const callbackKey = (prefix: string) => `${prefix}callback`

/** Options both pages must agree on (pass the same to `browserSignIn` and `completeSignIn` when changing them). */
export interface SignInChannelOptions {
  /** @defaultValue `'mcp-elicit-sign-in'` */
  channelName?: string | undefined
  /** @defaultValue `'mcp-elicit-sign-in'` */
  storageKey?: string | undefined
  /** @defaultValue `'mcp-elicit-sign-in:'` */
  sessionPrefix?: string | undefined
}

/** The callback URL of a sign-in message, or undefined for anything else. */
export function signInMessageUrl(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, url } = data as { type?: unknown; url?: unknown }
  return type === SIGN_IN_MESSAGE && typeof url === 'string' ? url : undefined
}
