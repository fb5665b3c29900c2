/**
 * The views of an endpoint's sign-in with nothing pending: signed out, or
 * signed in (tokens held). Shared objects, so an unchanged view compares
 * equal; apart from auth-view.ts so a call hook without a sign-in store has
 * them without the rest of the sign-in (call-auth.ts).
 */
import type { McpAuthView } from './auth-view.js'

export const SIGNED_OUT: McpAuthView = Object.freeze({
  status: 'signed_out',
  pending: undefined,
  error: undefined,
  popupBlocked: false,
  opened: false,
  windowClosed: false,
  dpopUnsupported: false,
  cancelled: false,
})
export const SIGNED_IN: McpAuthView = Object.freeze({ ...SIGNED_OUT, status: 'signed_in' })
