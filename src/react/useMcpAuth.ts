/**
 * The sign-in of the provider's endpoint, for a "Sign in" button, a signed-in
 * badge or a sign-in card of your own: a thin hook over the store's
 * `subscribe` / `getSnapshot`, like `useMcpCall` over its observer.
 */
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { SignInState, SignInStore } from '../auth/browser/sign-in-store.js'
import { authViewOf, type McpAuthView } from './auth-view.js'
import { endpointOf } from './endpoint.js'
import { useMcpClient, useSignInStore } from './McpProvider.js'

export interface McpAuthActions {
  /**
   * Opens the sign-in window of this endpoint (`store.open(endpoint)`).
   * Call it straight from the click handler, never after an `await`:
   * browsers block windows opened outside the person's click. With nothing
   * pending yet it opens a blank window that the next sign-in of this
   * endpoint fills (never another server's). After `windowClosed`, opens
   * the sign-in again.
   */
  signIn(): void
  /** When the window was blocked: this tab goes to this endpoint's authorization page and comes back (`store.redirect(endpoint)`). */
  redirect(): void
  /** Gives up this endpoint's pending sign-in (`store.cancel(endpoint)`); the call waiting on it fails as cancelled. */
  cancel(): void
  /** Forgets this endpoint's tokens; its next request asks to sign in again. */
  signOut(): Promise<void>
}

export type McpAuthResult = McpAuthView &
  McpAuthActions & {
    /** The endpoint this is about: the client's URL without query. */
    endpoint: string
  }

const IDLE_STATE: SignInState = Object.freeze({ status: 'idle' })
const noSubscribe = () => () => {}
const idleSnapshot = () => IDLE_STATE

/**
 * The store's view of `endpoint` (shared with `useMcpCall`). Without a store:
 * signed out, never pending. `isSignedIn` is part of the snapshot, so a
 * change of tokens alone re-renders once anything renders.
 */
export function useAuthView(store: SignInStore | undefined, endpoint: string): McpAuthView {
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(listener) : noSubscribe()), [store])
  // The same object for the same inputs: useSyncExternalStore compares snapshots by identity.
  const cache = useRef<{ state: SignInState; endpoint: string; signedIn: boolean; view: McpAuthView } | undefined>(undefined)
  const getSnapshot = useCallback(() => {
    const state = store ? store.getSnapshot() : idleSnapshot()
    const signedIn = store ? store.isSignedIn(endpoint) : false
    const last = cache.current
    if (last && last.state === state && last.endpoint === endpoint && last.signedIn === signedIn) return last.view
    const view = authViewOf(state, endpoint, signedIn)
    cache.current = { state, endpoint, signedIn, view }
    return view
  }, [store, endpoint])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}

/**
 * The sign-in of the provider's client endpoint. Needs `<McpProvider
 * signIn={store}>`; throws without one (a sign-in button that does
 * nothing would be worse).
 */
export function useMcpAuth(): McpAuthResult {
  const client = useMcpClient()
  const store = useSignInStore()
  if (!store) throw new Error('mcp-elicit: useMcpAuth needs a sign-in store: <McpProvider client={client} signIn={browserSignIn(…)}>')
  const endpoint = useMemo(() => endpointOf(client.url), [client])
  const view = useAuthView(store, endpoint)
  // signOut may settle without the store's snapshot changing (idle stays idle): re-read isSignedIn then.
  const [, recheck] = useState(0)
  const actions = useMemo<McpAuthActions>(
    () => ({
      signIn: () => store.open(endpoint),
      redirect: () => store.redirect(endpoint),
      cancel: () => store.cancel(endpoint),
      signOut: async () => {
        try {
          await store.signOut(endpoint)
        } finally {
          recheck((n) => n + 1)
        }
      },
    }),
    [store, endpoint],
  )
  return useMemo(() => ({ ...view, ...actions, endpoint }), [view, actions, endpoint])
}
