/**
 * A `SignInStore` with no OAuth behind it, for stories and tests: its state
 * is set from outside (`set`), and its actions record what they were asked
 * and move the state as `browserSignIn()` would (signIn → signing_in and
 * opened, or popup blocked; cancel → cancelled error). No window is ever
 * opened.
 */
import type { PendingSignIn, SignInState, SignInStore } from '../src/auth/browser/sign-in-store'
import type { McpAuthError } from '../src/auth/errors'

export interface FakeSignInStore extends SignInStore {
  /** Replaces the state and tells the subscribers. */
  set(state: SignInState): void
  /** Marks `endpoint` as holding tokens (or not); tells nobody, as real tokens changing do not. */
  setSignedIn(endpoint: string, signedIn: boolean): void
  /** Every action called, in order: `signIn`, `redirect`, `cancel`, `signOut <endpoint>`. */
  readonly calls: string[]
  /** When true, `signIn()` reports the window blocked instead of opening it. */
  blockPopups: boolean
  /** @deprecated `signIn`, as `browserSignIn()`'s alias. */
  open(endpoint?: string): void
  readonly listenerCount: number
}

export const pendingSignIn = (overrides: Partial<PendingSignIn> = {}): PendingSignIn => ({
  endpoint: 'https://mcp.travel.example:8443/mcp',
  issuer: 'https://accounts.travel.example',
  resource: 'https://mcp.travel.example:8443/mcp',
  scopes: ['openid', 'bookings:read'],
  stepUp: false,
  dpopUnsupported: false,
  ...overrides,
})

/** An `McpAuthError`-shaped value (the stories and tests do not load the auth code). */
export function authError(code: McpAuthError['code'], extra: Record<string, unknown> = {}): McpAuthError {
  const error = Object.assign(new Error(`${code} (developer text)`), { name: 'McpAuthError', code, endpoint: undefined, issuer: undefined, oauthError: undefined, description: undefined, ...extra })
  return error as unknown as McpAuthError
}

/**
 * A sign-in waiting for the person (`opened` false), as `browserSignIn()`
 * shows one the server just asked for; `flags` for a blocked popup or a
 * closed window.
 */
export const waitingSignIn = (pending: PendingSignIn, flags: { popupBlocked?: boolean; windowClosed?: boolean } = {}): SignInState => ({
  status: 'signing_in',
  pending,
  opened: false,
  popupBlocked: flags.popupBlocked ?? false,
  windowClosed: flags.windowClosed ?? false,
})

/** A sign-in whose window is open (or whose page is leaving for the redirect). */
export const openedSignIn = (pending: PendingSignIn): SignInState => ({ status: 'signing_in', pending, opened: true, popupBlocked: false, windowClosed: false })

export function fakeSignInStore(initial: SignInState = { status: 'idle' }): FakeSignInStore {
  let state = initial
  const listeners = new Set<() => void>()
  const signedIn = new Set<string>()
  const emit = () => listeners.forEach((listener) => listener())
  const store: FakeSignInStore = {
    calls: [],
    blockPopups: false,
    get listenerCount() {
      return listeners.size
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => state,
    set(next) {
      state = next
      emit()
    },
    setSignedIn(endpoint, value) {
      if (value) signedIn.add(endpoint)
      else signedIn.delete(endpoint)
    },
    signIn() {
      store.calls.push('signIn')
      if (state.status !== 'signing_in' || state.opened) return
      store.set(store.blockPopups ? { ...state, popupBlocked: true, windowClosed: false } : openedSignIn(state.pending))
    },
    open(endpoint) {
      store.signIn(endpoint)
    },
    redirect() {
      store.calls.push('redirect')
      if (state.status === 'signing_in' && !state.opened) store.set(openedSignIn(state.pending))
    },
    cancel() {
      store.calls.push('cancel')
      const pending = state.status === 'signing_in' ? state.pending : undefined
      store.set({ status: 'error', pending, error: authError('AUTH_ACCESS_DENIED'), cancelled: true })
    },
    async signOut(endpoint) {
      store.calls.push(`signOut ${endpoint}`)
      signedIn.delete(endpoint)
    },
    isSignedIn: (endpoint) => signedIn.has(endpoint),
  }
  return store
}
