/**
 * The sign-in of the provider's endpoint, for a "Sign in" button, a signed-in
 * badge or a sign-in card of your own: a thin hook over the store's
 * `subscribe` / `getSnapshot`, like `useMcpCall` over its observer.
 */
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { SignInState, SignInStore } from '../auth/browser/sign-in-store.js'
import { endpointKey } from '../core/index.js'
import { authViewOf, type McpAuthActions, type McpAuthResult, type McpAuthView } from './auth-view.js'
import { useMcpClient, useSignInStore } from './McpProvider.js'


const IDLE_STATE: SignInState = Object.freeze({ status: 'idle' })
const noSubscribe = () => () => {}
const idleSnapshot = () => IDLE_STATE

/**
 * The store's view of `endpoint`. Without a store: signed out, never
 * pending. `isSignedIn` is part of the snapshot, so a change of tokens alone
 * re-renders once anything renders.
 */
function useAuthView(store: SignInStore | undefined, endpoint: string): McpAuthView {
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
 * `endpoint`'s sign-in in `store` with its actions (shared with
 * `useMcpCall`, whose `auth` it is). Without a store the actions do nothing.
 * One object while nothing changes.
 */
export function useEndpointSignIn(store: SignInStore | undefined, endpoint: string): McpAuthResult {
  const view = useAuthView(store, endpoint)
  // signOut may settle without the store's snapshot changing (idle stays idle): re-read isSignedIn then.
  const [, recheck] = useState(0)
  const actions = useMemo<McpAuthActions>(
    () => ({
      // This endpoint's sign-in: a window opened here is filled by no other server's.
      signIn: () => store?.signIn(endpoint),
      redirect: () => store?.redirect(endpoint),
      cancel: () => store?.cancel(endpoint),
      signOut: async () => {
        if (!store) return
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

/**
 * The sign-in of the provider's client endpoint. Needs `<McpProvider
 * signIn={store}>`; throws without one (a sign-in button that does
 * nothing would be worse).
 */
export function useMcpAuth(): McpAuthResult {
  const client = useMcpClient()
  const store = useSignInStore()
  if (!store) throw new Error('mcp-elicit: useMcpAuth needs a sign-in store: <McpProvider client={client} signIn={browserSignIn(…)}>')
  const endpoint = useMemo(() => endpointKey(client.url), [client])
  return useEndpointSignIn(store, endpoint)
}
