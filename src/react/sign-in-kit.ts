/**
 * What a call hook needs to show a sign-in, loaded on demand by
 * call-auth.ts once a sign-in store is given (a page without one never
 * downloads it): the endpoint's sign-in (sign-in-source.ts, with the view of
 * auth-view.ts) and the `needs_auth` overlay of a call (needs-auth.ts).
 */
export { signInSource } from './sign-in-source.js'
export { withAuth } from './needs-auth.js'
