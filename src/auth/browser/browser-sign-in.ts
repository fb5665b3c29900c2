/**
 * The browser sign-in, without any UI framework: a {@link SignInStore} that a
 * sign-in card renders, and the `redirectToAuthorization` it gives `oauth()`.
 * When the server asks for a sign-in, the request waits in the store until
 * the person acts on the card: `open()` (a popup, in their click) or
 * `redirect()` (this tab goes and comes back). The popup's answer comes back
 * by any of three ways (`postMessage`, a `BroadcastChannel`, a `storage`
 * event), so it still arrives when `Cross-Origin-Opener-Policy` cut the
 * popup off from its opener; a closed window counts as cancelled.
 */
import { McpAuthAccessDeniedError, isMcpAuthError, type McpAuthError } from '../errors.js'
import { oauth, type OAuthProvider } from '../oauth.js'
import type { AuthEvent, AuthorizationRequest, OAuthOptions } from '../options.js'
import type { CredentialStorage } from '../storage.js'
import {
  callbackKey,
  DEFAULT_CHANNEL_NAME,
  DEFAULT_SESSION_PREFIX,
  DEFAULT_STORAGE_KEY,
  redirectMarkerKey,
  signInMessageUrl,
  type SignInChannelOptions,
} from './protocol.js'
import type { PendingSignIn, SignInState, SignInStore } from './sign-in-store.js'

/** The parts of `window` the sign-in uses (tests pass their own). */
export type SignInWindow = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener' | 'sessionStorage' | 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> & {
  location: Pick<Location, 'href' | 'assign'>
}

/** What the store needs of the provider: `oauth()`'s. */
export type SignInProvider = Pick<OAuthProvider, 'signOut' | 'isSignedIn' | 'completeRedirect'>

export interface BrowserSignInOptions extends SignInChannelOptions {
  /** The redirect URI given to `oauth()`: only messages from its origin, with its callback URLs, are accepted. */
  redirectUri: string
  popup?: {
    /** @defaultValue `'mcp-elicit-sign-in'` (one sign-in window, reused) */
    name?: string | undefined
    /** @defaultValue 500 */
    width?: number | undefined
    /** @defaultValue 650 */
    height?: number | undefined
  } | undefined
  /**
   * After a closed window is noticed, how long to still wait for its
   * message before settling as cancelled: under COOP `closed` reads true as
   * soon as the window reaches the callback page, before its message lands.
   * @defaultValue 500 ms
   */
  closedGraceMs?: number | undefined
  /** Where `redirect()` comes back to. @defaultValue the current `location.href` */
  returnTo?: (() => string) | undefined
  /** @defaultValue `globalThis.window`, read when first needed (so the store can be created during SSR) */
  window?: SignInWindow | undefined
}

export interface BrowserSignIn extends SignInStore {
  /** Pass to `oauth({ redirectToAuthorization })`: waits in the store until the person signs in, cancels, or closes the window. */
  redirectToAuthorization(request: AuthorizationRequest): Promise<string>
  /** Pass to `oauth({ pendingStorage })`: this tab's `sessionStorage`, so a full-page redirect can finish on the next load. */
  readonly pendingStorage: CredentialStorage
  /** Gives the store its provider, for `signOut`, `isSignedIn` and `resumeRedirect` (`browserOAuth` does it). */
  attach(provider: SignInProvider): void
  /**
   * On page load after a full-page redirect: finishes the sign-in the
   * callback page left in `sessionStorage` (or `callbackUrl`, when this page
   * is the redirect URI itself). Resolves true when tokens were stored (the
   * app then sends its saved call again), false when there was nothing to
   * finish; rejects with the sign-in's error (also shown as state `error`).
   * Call it before the app's first request.
   */
  resumeRedirect(callbackUrl?: string | URL): Promise<boolean>
}

/** One request waiting for the person. */
interface Waiting {
  request: PendingSignIn
  /** The OAuth `state` of its URL: the one callback that answers it. */
  state: string
  resolve(url: string): void
  reject(error: McpAuthError): void
  popup?: Window | undefined
  poll?: ReturnType<typeof setInterval> | undefined
  grace?: ReturnType<typeof setTimeout> | undefined
  /** Stops listening to the request's signal. */
  release(): void
}

const POLL_MS = 200

function cancelled(message: string, request: PendingSignIn | undefined, cause?: unknown): McpAuthAccessDeniedError {
  return new McpAuthAccessDeniedError(message, { issuer: request?.issuer, endpoint: request?.url, cancelled: true, cause })
}

/** The store plus what only `browserOAuth` uses: a new snapshot when sign-in status changed outside the store. */
function createBrowserSignIn(options: BrowserSignInOptions): { store: BrowserSignIn; touch(): void } {
  const prefix = options.sessionPrefix ?? DEFAULT_SESSION_PREFIX
  const channelName = options.channelName ?? DEFAULT_CHANNEL_NAME
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  const redirectOrigin = new URL(options.redirectUri).origin
  const graceMs = options.closedGraceMs ?? 500
  const env = (): SignInWindow => options.window ?? globalThis.window

  let snapshot: SignInState = { status: 'idle' }
  const listeners = new Set<() => void>()
  const queue: Waiting[] = []
  let provider: SignInProvider | undefined
  /** A window `open()` opened before any request: the next request fills it. */
  let blank: Window | undefined
  /** `open()` found no window for the next request: its card offers the redirect at once. */
  let blankBlocked = false

  const set = (next: SignInState) => {
    snapshot = next
    for (const listener of [...listeners]) listener()
  }

  // ---- the three ways a callback comes back, listened to while a request waits

  let listening = false
  let channel: BroadcastChannel | undefined
  const onMessage = (event: MessageEvent) => {
    // Only the callback page, on the redirect URI's origin, speaks for the sign-in.
    if (event.origin !== redirectOrigin) return
    const url = signInMessageUrl(event.data)
    if (url) arrived(url)
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey || !event.newValue) return
    try {
      const url = signInMessageUrl(JSON.parse(event.newValue))
      if (url) arrived(url)
    } catch {
      // Not ours.
    }
  }
  const onChannel = (event: MessageEvent) => {
    const url = signInMessageUrl(event.data)
    if (url) arrived(url)
  }
  function listen() {
    if (listening) return
    listening = true
    env().addEventListener('message', onMessage)
    env().addEventListener('storage', onStorage)
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(channelName)
      channel.onmessage = onChannel
    }
  }
  function unlisten() {
    listening = false
    env().removeEventListener('message', onMessage)
    env().removeEventListener('storage', onStorage)
    // Closed when nothing waits: an open channel would also keep a Node test process alive.
    channel?.close()
    channel = undefined
  }

  /** A callback URL came back: it answers the request whose `state` it carries, and no other. */
  function arrived(href: string) {
    let url: URL
    try {
      url = new URL(href)
    } catch {
      return
    }
    if (url.origin !== redirectOrigin) return
    const waiting = queue.find((item) => item.state === url.searchParams.get('state'))
    if (!waiting) return
    settle(waiting, { url: url.href })
  }

  function stopWatching(waiting: Waiting) {
    clearInterval(waiting.poll)
    clearTimeout(waiting.grace)
    waiting.poll = undefined
    waiting.grace = undefined
  }

  /** Polls the window: `closed` is the only sign of a person closing it (no event fires in the opener). */
  function watch(waiting: Waiting) {
    stopWatching(waiting)
    waiting.poll = setInterval(() => {
      if (!waiting.popup?.closed) return
      clearInterval(waiting.poll)
      waiting.poll = undefined
      // Its message may still be on the way (see closedGraceMs).
      waiting.grace = setTimeout(() => settle(waiting, { error: cancelled('The sign-in window was closed', waiting.request), show: true }), graceMs)
    }, POLL_MS)
  }

  /** Ends a request: resolves its promise with the callback, or rejects it, and shows what comes next. */
  function settle(waiting: Waiting, outcome: { url: string } | { error: McpAuthError; show: boolean }) {
    const index = queue.indexOf(waiting)
    if (index < 0) return
    queue.splice(index, 1)
    stopWatching(waiting)
    waiting.release()
    // The callback page closes itself; this is for one that could not, and for a cancel while the window is open.
    try {
      if (waiting.popup && !waiting.popup.closed) waiting.popup.close()
    } catch {
      // A cross-origin window may refuse; it is the person's to close then.
    }
    if ('url' in outcome) waiting.resolve(outcome.url)
    else waiting.reject(outcome.error)
    const next = queue[0]
    if (next) set({ status: 'needs_sign_in', request: next.request, popupBlocked: false })
    else if ('error' in outcome && outcome.show) set({ status: 'error', request: waiting.request, error: outcome.error, cancelled: true })
    else set({ status: 'idle' })
    if (queue.length === 0) unlisten()
  }

  function features(): string {
    const width = options.popup?.width ?? 500
    const height = options.popup?.height ?? 650
    const win = env()
    const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2))
    const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2))
    return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
  }

  /** The window now shows `waiting`'s authorization page. */
  function showIn(waiting: Waiting, popup: Window) {
    waiting.popup = popup
    set({ status: 'signing_in', request: waiting.request })
    watch(waiting)
  }

  function requireProvider(): SignInProvider {
    if (!provider) throw new Error('browserSignIn: call attach(provider) first (browserOAuth does it)')
    return provider
  }

  const pendingStorage: CredentialStorage = {
    // Read at each call, not when the store is made: there is no sessionStorage during SSR.
    get: (key) => env().sessionStorage.getItem(prefix + key) ?? undefined,
    set: (key, value) => env().sessionStorage.setItem(prefix + key, value),
    delete: (key) => env().sessionStorage.removeItem(prefix + key),
  }

  const store: BrowserSignIn = {
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getSnapshot: () => snapshot,

    redirectToAuthorization(request) {
      const pending: PendingSignIn = {
        endpoint: request.endpoint,
        issuer: request.issuer,
        resource: request.resource,
        scopes: [...request.scopes],
        stepUp: request.stepUp,
        url: request.url.href,
      }
      if (request.signal.aborted) return Promise.reject(cancelled('The sign-in was cancelled', pending, request.signal.reason))
      return new Promise<string>((resolve, reject) => {
        const onAbort = () => settle(waiting, { error: cancelled('The sign-in was cancelled', pending, request.signal.reason), show: false })
        const waiting: Waiting = {
          request: pending,
          state: request.url.searchParams.get('state') ?? '',
          resolve,
          reject,
          release: () => request.signal.removeEventListener('abort', onAbort),
        }
        request.signal.addEventListener('abort', onAbort, { once: true })
        queue.push(waiting)
        listen()
        if (queue[0] !== waiting) return
        const prepared = blank
        blank = undefined
        if (prepared && !prepared.closed) {
          // Opened in the person's click before the request existed; a window of our own origin, so it can be sent on.
          prepared.location.href = pending.url
          showIn(waiting, prepared)
        } else {
          set({ status: 'needs_sign_in', request: pending, popupBlocked: blankBlocked })
        }
        blankBlocked = false
      })
    },

    open() {
      const waiting = queue[0]
      const name = options.popup?.name ?? 'mcp-elicit-sign-in'
      if (!waiting) {
        if (blank && !blank.closed) return blank.focus()
        // Synchronously in the click: the request it is for may only arrive after an await.
        blank = env().open('', name, features()) ?? undefined
        blankBlocked = blank === undefined
        return
      }
      if (waiting.popup && !waiting.popup.closed) return waiting.popup.focus()
      const popup = env().open(waiting.request.url, name, features())
      if (!popup) {
        set({ status: 'needs_sign_in', request: waiting.request, popupBlocked: true })
        return
      }
      showIn(waiting, popup)
    },

    redirect() {
      const waiting = queue[0]
      if (!waiting) return
      const win = env()
      win.sessionStorage.setItem(redirectMarkerKey(prefix, waiting.state), JSON.stringify({ returnTo: options.returnTo?.() ?? win.location.href }))
      // A popup left open must not be noticed closing: that would cancel the sign-in and drop its pending entry.
      stopWatching(waiting)
      try {
        waiting.popup?.close()
      } catch {
        // See settle().
      }
      waiting.popup = undefined
      set({ status: 'signing_in', request: waiting.request })
      // The request stays unsettled on purpose: settling it would end the sign-in (and remove its pending entry) while the page leaves.
      win.location.assign(waiting.request.url)
    },

    cancel() {
      const waiting = queue[0]
      if (waiting) return settle(waiting, { error: cancelled('The sign-in was cancelled', waiting.request), show: true })
      try {
        blank?.close()
      } catch {
        // See settle().
      }
      blank = undefined
      blankBlocked = false
      // Nothing waits: dismisses a shown error.
      if (snapshot.status !== 'idle') set({ status: 'idle' })
    },

    async signOut(endpoint) {
      await requireProvider().signOut(endpoint)
      touch()
    },

    isSignedIn: (endpoint) => provider?.isSignedIn(endpoint) ?? false,

    pendingStorage,

    attach(next) {
      provider = next
    },

    async resumeRedirect(callbackUrl) {
      let url = callbackUrl === undefined ? undefined : String(callbackUrl)
      if (url === undefined) {
        const session = env().sessionStorage
        url = session.getItem(callbackKey(prefix)) ?? undefined
        // Taken once: a failed completion is shown, not retried on every reload.
        session.removeItem(callbackKey(prefix))
      }
      if (url === undefined) return false
      try {
        const done = await requireProvider().completeRedirect(url)
        if (done) touch()
        return done
      } catch (error) {
        if (isMcpAuthError(error)) {
          set({ status: 'error', request: undefined, error, cancelled: error instanceof McpAuthAccessDeniedError && error.cancelled })
        }
        throw error
      }
    },
  }

  /** A new snapshot object with the same state: signed-in status changed, and `isSignedIn` should be read again. */
  function touch() {
    set({ ...snapshot })
  }

  return { store, touch }
}

/**
 * The sign-in store for a browser app; give its `redirectToAuthorization`
 * and `pendingStorage` to `oauth()`, then `attach()` the provider. Or use
 * {@link browserOAuth}, which does all three.
 */
export function browserSignIn(options: BrowserSignInOptions): BrowserSignIn {
  return createBrowserSignIn(options).store
}

export interface BrowserOAuthOptions extends Omit<OAuthOptions, 'redirectToAuthorization' | 'pendingStorage'> {
  /** Options of the sign-in store (its `redirectUri` is the one above). */
  signIn?: Omit<BrowserSignInOptions, 'redirectUri'> | undefined
}

/**
 * `oauth()` wired to a browser sign-in store: `auth` goes to
 * `createClient(url, { auth })`, `signIn` to the sign-in card. Pending
 * authorizations wait in this tab's `sessionStorage`, so the redirect
 * fallback works; tokens follow `storage` (memory by default). On page load,
 * `await signIn.resumeRedirect()` before the first call.
 */
export function browserOAuth(options: BrowserOAuthOptions): { auth: OAuthProvider; signIn: BrowserSignIn } {
  const { signIn: signInOptions, ...oauthOptions } = options
  const { store, touch } = createBrowserSignIn({ ...signInOptions, redirectUri: options.redirectUri })
  const auth = oauth({
    ...oauthOptions,
    redirectToAuthorization: store.redirectToAuthorization,
    pendingStorage: store.pendingStorage,
    onEvent: (event: AuthEvent) => {
      // The card may show who is signed in: give it a new snapshot when that changes.
      if (event.step === 'signed-in' || event.step === 'signed-out') touch()
      options.onEvent?.(event)
    },
  })
  store.attach(auth)
  return { auth, signIn: store }
}
