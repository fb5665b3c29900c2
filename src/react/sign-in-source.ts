/**
 * One endpoint's sign-in as an external store (`subscribe` / `getSnapshot`)
 * over the page's sign-in store: its view (auth-view.ts) with its actions,
 * what `useMcpAuth()` returns and a call's `auth`. One source per store and
 * endpoint, shared by every hook that shows it, and one result object while
 * nothing changes: useSyncExternalStore compares snapshots by identity.
 */
import type { SignInState, SignInStore } from '../auth/browser/sign-in-store.js'
import { authViewOf, type McpAuthActions, type McpAuthResult, type McpAuthView } from './auth-view.js'

export interface SignInSource {
  subscribe(listener: () => void): () => void
  getSnapshot(): McpAuthResult
}

const sources = new WeakMap<SignInStore, Map<string, SignInSource>>()

/** The source of `endpoint`'s sign-in in `store` (the same one for the same two). */
export function signInSource(store: SignInStore, endpoint: string): SignInSource {
  let ofStore = sources.get(store)
  if (!ofStore) sources.set(store, (ofStore = new Map()))
  let source = ofStore.get(endpoint)
  if (!source) ofStore.set(endpoint, (source = createSource(store, endpoint)))
  return source
}

function createSource(store: SignInStore, endpoint: string): SignInSource {
  const listeners = new Set<() => void>()
  const actions: McpAuthActions = {
    // This endpoint's sign-in: a window opened here is filled by no other server's.
    signIn: () => store.signIn(endpoint),
    redirect: () => store.redirect(endpoint),
    cancel: () => store.cancel(endpoint),
    signOut: async () => {
      try {
        await store.signOut(endpoint)
      } finally {
        // signOut may settle without the store's snapshot changing (idle stays idle): isSignedIn is read again.
        for (const listener of [...listeners]) listener()
      }
    },
  }
  let last: { state: SignInState; signedIn: boolean; view: McpAuthView; result: McpAuthResult } | undefined
  return {
    subscribe: (listener) => {
      listeners.add(listener)
      const stop = store.subscribe(listener)
      return () => {
        listeners.delete(listener)
        stop()
      }
    },
    // `isSignedIn` is part of the snapshot, so a change of tokens alone re-renders once anything renders.
    getSnapshot: () => {
      const state = store.getSnapshot()
      const signedIn = store.isSignedIn(endpoint)
      if (last && last.state === state && last.signedIn === signedIn) return last.result
      const view = authViewOf(state, endpoint, signedIn)
      // Idle views are shared objects: an unchanged view keeps its result.
      const result = last?.view === view ? last.result : { ...view, ...actions, endpoint }
      last = { state, signedIn, view, result }
      return result
    },
  }
}
