/**
 * A call hook's sign-in, paid for only by a page that signs in. Without a
 * sign-in store a call's `auth` is signed out, its actions do nothing, and
 * there is no `needs_auth`: nothing more is needed. With a store, the sign-in
 * kit (sign-in-kit.ts: the endpoint's sign-in view and the `needs_auth`
 * overlay) loads on demand from the first render of a call hook under it.
 * Until it has landed, `auth` is the endpoint's signed-in status from the
 * store (`isSignedIn`) with the store's own actions; a sign-in pending or
 * failed meanwhile shows as soon as it has (a sign-in is asked for only
 * after a request went to the server and back, by when the kit is there).
 */
import { useMemo, useSyncExternalStore } from 'react'
import type { SignInStore } from '../auth/browser/sign-in-store.js'
import { loadOnce, type CallState, type Implementation } from '../core/index.js'
import type { McpAuthResult } from './auth-view.js'
import { SIGNED_IN, SIGNED_OUT } from './idle-views.js'
import type { McpCallView } from './needs-auth.js'

type SignInKit = typeof import('./sign-in-kit.js')

/** The kit once loaded (one for the page). */
let kit: SignInKit | undefined
const arrivals = new Set<() => void>()

const loadKit = loadOnce(() =>
  import('./sign-in-kit.js').then((loaded) => {
    kit = loaded
    for (const listener of [...arrivals]) listener()
  }),
)

/** Loads the kit (once for the page); resolves when it is there, or failed to load. */
export function loadSignInKit(): Promise<void> {
  // A chunk that failed to load (offline, a new deploy): the next render under a store tries again.
  return loadKit().catch(() => {})
}

/** Calls `listener` once the kit has landed; returns its removal. */
export function onSignInKit(listener: () => void): () => void {
  arrivals.add(listener)
  return () => void arrivals.delete(listener)
}
const getKit = () => kit

const noSubscribe = () => () => {}

/** Signed in or out as the store says, with the store's actions (or none): `auth` without the kit. */
function withoutKit(store: SignInStore | undefined, endpoint: string) {
  const auth: McpAuthResult = {
    ...(store?.isSignedIn(endpoint) ? SIGNED_IN : SIGNED_OUT),
    signIn: () => store?.signIn(endpoint),
    redirect: () => store?.redirect(endpoint),
    cancel: () => store?.cancel(endpoint),
    signOut: async () => store?.signOut(endpoint),
    endpoint,
  }
  return { subscribe: noSubscribe, getSnapshot: () => auth }
}

/** `endpoint`'s sign-in in `store` with its actions, the call hook's `auth`: one object while nothing changes. */
export function useCallAuth(store: SignInStore | undefined, endpoint: string): McpAuthResult {
  const loaded = useSyncExternalStore(onSignInKit, getKit, getKit)
  // Started from the render, not an effect: the earlier the kit comes, the sooner a pending sign-in shows.
  if (store && !loaded) void loadSignInKit()
  const source = useMemo(() => (store && loaded ? loaded.signInSource(store, endpoint) : withoutKit(store, endpoint)), [store, endpoint, loaded])
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot)
}

/** The call as a hook reports it: `state`, with the sign-in it waits for laid over it (`needs_auth`) once the kit is there. */
export function callView(state: CallState, auth: McpAuthResult, server: Implementation | undefined): McpCallView {
  return kit ? kit.withAuth(state, auth, server) : state
}

/** {@link callView} as it stands now, read from the store rather than a render (for the call events). */
export function currentCallView(state: CallState, store: SignInStore | undefined, endpoint: string, server: Implementation | undefined): McpCallView {
  return store && kit ? kit.withAuth(state, kit.signInSource(store, endpoint).getSnapshot(), server) : state
}
