/**
 * The browser sign-in, without any UI framework: a {@link SignInStore} that a
 * sign-in card renders, and the `redirectToAuthorization` it gives `oauth()`.
 * When the server asks for a sign-in, the request waits in the store until
 * the person acts on the card: `signIn()` (a popup, in their click) or
 * `redirect()` (this tab goes and comes back). Only then is the client
 * registered and the authorization URL made.
 *
 * The popup is opened blank in the click, its `opener` cut, and only then
 * sent to the authorization server: that server's pages cannot reach back
 * into the app (`window.opener`). The answer comes back on a
 * `BroadcastChannel` or a `storage` event, which also work when
 * `Cross-Origin-Opener-Policy` severed the window. Under COOP the window
 * reads as closed the moment it reaches the authorization server, so a
 * closed window does not cancel: the request waits on (`windowClosed`), the
 * callback still completes it, and the person can open it again or cancel.
 * Every URL the window or this tab is sent to is checked once more here:
 * https, or http on loopback, and nothing else.
 *
 * Why one long file: the queue of waiting requests, the windows bound to
 * them, the three callback channels and the snapshot are one state machine;
 * each action (sign in, redirect, cancel, a callback, a closed window) moves
 * all of them at once. The shared constants are in protocol.ts, the
 * snapshot's types in sign-in-store.ts.
 */
import { endpointKey, sameEndpoint } from '../../core/index.js'
import { McpAuthAccessDeniedError, isMcpAuthError, type McpAuthError } from '../errors.js'
import { allowsLocalHttp, checkSecure } from '../secure-url.js'
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
    /** @defaultValue `'mcp-elicit-sign-in'`, followed by a digest of the endpoint: one window per endpoint, reused for it alone */
    name?: string | undefined
    /** @defaultValue 500 */
    width?: number | undefined
    /** @defaultValue 650 */
    height?: number | undefined
  } | undefined
  /** Where `redirect()` comes back to. @defaultValue the current `location.href` */
  returnTo?: (() => string) | undefined
  /** @defaultValue `globalThis.window`, read when first needed (so the store can be created during SSR) */
  window?: SignInWindow | undefined
}

export interface BrowserSignIn extends SignInStore {
  /** Pass to `oauth({ redirectToAuthorization })`: waits in the store until the person signs in or cancels (a closed window does not cancel). */
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
   * Call it before the app's first request, and catch: it rejects when the
   * authorization server refused. Bounded by `signal`, or else by 30 s (an
   * `McpTimeoutError`): a server that never answers does not hold the page.
   */
  resumeRedirect(callbackUrl?: string | URL, signal?: AbortSignal): Promise<boolean>
}

/** One request waiting for the person. */
interface Waiting {
  pending: PendingSignIn
  /** Makes the authorization URL (and registers the client) once the person acts. */
  authorizationUrl(): Promise<URL>
  /** The OAuth `state` of its URL, once made: the one callback that answers it. */
  state: string | undefined
  resolve(url: string): void
  reject(error: McpAuthError): void
  popup?: Window | undefined
  poll?: ReturnType<typeof setInterval> | undefined
  /** Stops listening to the request's signal. */
  release(): void
}

const POLL_MS = 200

/** A short digest of the endpoint for the window name (the opened page can read `window.name`: no URL in it). */
function windowSuffix(endpoint: string | undefined): string {
  if (endpoint === undefined) return ''
  // One name however the endpoint was spelled (`signIn()` gets the app's URL, a request the normalised key).
  const key = endpointKey(endpoint)
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0
  return `-${hash.toString(36)}`
}

/** The URL a window or this tab may be sent to: https, or http on loopback for an endpoint there (checked where it is used, whatever made it). */
function navigable(url: URL | string, pending: PendingSignIn): string {
  return checkSecure(String(url), allowsLocalHttp(pending.endpoint), pending.issuer).href
}

/** The person gave up (Cancel): not a failure to explain. A refused registration or an insecure URL is one. */
const isCancel = (error: McpAuthError) => error instanceof McpAuthAccessDeniedError && error.cancelled

function cancelled(message: string, request: PendingSignIn | undefined, cause?: unknown): McpAuthAccessDeniedError {
  return new McpAuthAccessDeniedError(message, { issuer: request?.issuer, endpoint: request?.endpoint, cancelled: true, cause })
}

/**
 * The snapshot of a pending sign-in: waiting for the person (`opened`
 * false, the default), or at the authorization server (`opened` true: the
 * window is open or the page is leaving, so nothing is blocked or closed).
 */
function signingIn(pending: PendingSignIn, flags: { opened?: boolean; popupBlocked?: boolean; windowClosed?: boolean } = {}): SignInState {
  const opened = flags.opened ?? false
  return { status: 'signing_in', pending, opened, popupBlocked: !opened && flags.popupBlocked === true, windowClosed: !opened && flags.windowClosed === true }
}

/** The store plus what only `browserOAuth` uses: a new snapshot when sign-in status changed outside the store. */
function createBrowserSignIn(options: BrowserSignInOptions): { store: BrowserSignIn; touch(): void } {
  const prefix = options.sessionPrefix ?? DEFAULT_SESSION_PREFIX
  const channelName = options.channelName ?? DEFAULT_CHANNEL_NAME
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  const redirectOrigin = new URL(options.redirectUri).origin
  const env = (): SignInWindow => options.window ?? globalThis.window

  let snapshot: SignInState = { status: 'idle' }
  const listeners = new Set<() => void>()
  const queue: Waiting[] = []
  let provider: SignInProvider | undefined
  /**
   * A window `signIn()` opened before any request, for the endpoint whose
   * button opened it: only a request of that endpoint fills it (undefined:
   * the button named none, and the next request of any endpoint does).
   */
  let blank: { window: Window; endpoint: string | undefined } | undefined
  /** `signIn()` found no window for the next request (of this endpoint): its card offers the redirect at once. */
  let blankBlocked: { endpoint: string | undefined } | undefined
  const bindsTo = (bound: { endpoint: string | undefined } | undefined, endpoint: string) => bound !== undefined && (bound.endpoint === undefined || sameEndpoint(bound.endpoint, endpoint))

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
    waiting.poll = undefined
  }

  /**
   * Polls the window: `closed` is the only sign of it going (no event fires
   * in the opener). Closed is not cancelled: under COOP it reads closed
   * while the person is still signing in there. The card offers to open it
   * again or cancel, and the callback still completes the sign-in.
   */
  function watch(waiting: Waiting) {
    stopWatching(waiting)
    waiting.poll = setInterval(() => {
      if (!waiting.popup?.closed) return
      stopWatching(waiting)
      waiting.popup = undefined
      if (queue[0] === waiting || snapshotFor(waiting)) set(signingIn(waiting.pending, { windowClosed: true }))
    }, POLL_MS)
  }

  /** True when the snapshot shows this request. */
  const snapshotFor = (waiting: Waiting) => snapshot.status !== 'idle' && snapshot.pending === waiting.pending

  /** Ends a request: resolves its promise with the callback, or rejects it, and shows what comes next. */
  function settle(waiting: Waiting, outcome: { url: string } | { error: McpAuthError; show: boolean }) {
    const index = queue.indexOf(waiting)
    if (index < 0) return
    queue.splice(index, 1)
    stopWatching(waiting)
    waiting.release()
    // The callback page closes itself; this is for one that could not, and for a cancel while the window is still blank.
    closeQuietly(waiting.popup)
    if ('url' in outcome) waiting.resolve(outcome.url)
    else waiting.reject(outcome.error)
    const next = queue[0]
    if (next) set(signingIn(next.pending, { opened: next.popup !== undefined }))
    else if ('error' in outcome && outcome.show) set({ status: 'error', pending: waiting.pending, error: outcome.error, cancelled: isCancel(outcome.error) })
    else set({ status: 'idle' })
    if (queue.length === 0) unlisten()
  }

  /**
   * Closes a window of ours: still blank, or back on this origin (the
   * callback page). One at another origin (the authorization server) is
   * not ours to close any more once its opener was cut: the browser refuses
   * (and Chromium logs an "Unsafe attempt to initiate navigation" error),
   * so it is left to the person (or to the callback page, which closes itself).
   */
  function closeQuietly(popup: Window | undefined) {
    if (!popup) return
    try {
      if (popup.closed) return
      // Throws for a window on another origin.
      void popup.location.href
      popup.close()
    } catch {
      // See above.
    }
  }

  function features(): string {
    const width = options.popup?.width ?? 500
    const height = options.popup?.height ?? 650
    const win = env()
    const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2))
    const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2))
    return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
  }

  /**
   * Opens a blank window in the person's click and cuts its opener before
   * it is sent anywhere: the authorization server's page then has no
   * `window.opener` to reach back into the app with.
   */
  function openBlank(endpoint: string | undefined): Window | undefined {
    const popup = env().open('about:blank', `${options.popup?.name ?? 'mcp-elicit-sign-in'}${windowSuffix(endpoint)}`, features()) ?? undefined
    if (!popup) return undefined
    try {
      popup.opener = null
    } catch {
      // A browser that refuses still gets only our blank page until the URL is checked.
    }
    return popup
  }

  /** The window now shows `waiting`'s authorization page, once its URL is made (registration first) and checked. */
  function showIn(waiting: Waiting, popup: Window) {
    waiting.popup = popup
    set(signingIn(waiting.pending, { opened: true }))
    watch(waiting)
    prepare(waiting).then(
      (href) => {
        // Settled meanwhile, or the window was replaced: this window is no longer its.
        if (!queue.includes(waiting) || waiting.popup !== popup) return
        popup.location.href = href
      },
      () => {},
    )
  }

  /**
   * The checked authorization URL of `waiting`, its `state` noted; a
   * failure (registration refused, a URL that is not https) ends the
   * request with that typed error and closes its window.
   */
  async function prepare(waiting: Waiting): Promise<string> {
    try {
      const url = await waiting.authorizationUrl()
      const href = navigable(url, waiting.pending)
      waiting.state = url.searchParams.get('state') ?? ''
      return href
    } catch (error) {
      settle(waiting, { error: isMcpAuthError(error) ? error : cancelled('The sign-in could not start', waiting.pending, error), show: true })
      throw error
    }
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
        dpopUnsupported: request.dpopUnsupported,
      }
      if (request.signal.aborted) return Promise.reject(cancelled('The sign-in was cancelled', pending, request.signal.reason))
      return new Promise<string>((resolve, reject) => {
        const onAbort = () => settle(waiting, { error: cancelled('The sign-in was cancelled', pending, request.signal.reason), show: false })
        const waiting: Waiting = {
          pending,
          authorizationUrl: request.authorizationUrl,
          state: undefined,
          resolve,
          reject,
          release: () => request.signal.removeEventListener('abort', onAbort),
        }
        request.signal.addEventListener('abort', onAbort, { once: true })
        queue.push(waiting)
        listen()
        if (blank && !blank.window.closed && bindsTo(blank, pending.endpoint)) {
          // Opened in the person's click, for this endpoint, before the request existed: a blank window of our own, so it can be sent on.
          const prepared = blank.window
          blank = undefined
          showIn(waiting, prepared)
          return
        }
        if (queue[0] !== waiting) return
        const blocked = bindsTo(blankBlocked, pending.endpoint)
        if (blocked) blankBlocked = undefined
        set(signingIn(pending, { popupBlocked: blocked }))
      })
    },

    signIn(endpoint) {
      const waiting = endpoint === undefined ? queue[0] : queue.find((item) => sameEndpoint(item.pending.endpoint, endpoint))
      if (!waiting) {
        if (blank && !blank.window.closed && blank.endpoint === endpoint) return blank.window.focus()
        // Another endpoint's blank window is not reused: close it, this click is for `endpoint`.
        closeQuietly(blank?.window)
        // Synchronously in the click: the request it is for may only arrive after an await.
        const opened = openBlank(endpoint)
        blank = opened ? { window: opened, endpoint } : undefined
        blankBlocked = opened ? undefined : { endpoint }
        return
      }
      if (waiting.popup && !waiting.popup.closed) return waiting.popup.focus()
      const popup = openBlank(waiting.pending.endpoint)
      if (!popup) {
        set(signingIn(waiting.pending, { popupBlocked: true }))
        return
      }
      showIn(waiting, popup)
    },

    redirect(endpoint) {
      const waiting = endpoint === undefined ? queue[0] : queue.find((item) => sameEndpoint(item.pending.endpoint, endpoint))
      if (!waiting) return
      const win = env()
      // A popup left open must not be noticed closing while the page leaves.
      stopWatching(waiting)
      closeQuietly(waiting.popup)
      waiting.popup = undefined
      set(signingIn(waiting.pending, { opened: true }))
      // The request stays unsettled on purpose: settling it would end the sign-in (and remove its pending entry) while the page leaves.
      prepare(waiting).then(
        (href) => {
          if (!queue.includes(waiting)) return
          win.sessionStorage.setItem(redirectMarkerKey(prefix, waiting.state ?? ''), JSON.stringify({ returnTo: options.returnTo?.() ?? win.location.href }))
          win.location.assign(href)
        },
        () => {},
      )
    },

    cancel(endpoint) {
      // The named endpoint's; else the one the card shows (a blank window filled may show one queued behind another); else the first.
      const waiting = endpoint === undefined ? (queue.find(snapshotFor) ?? queue[0]) : queue.find((item) => sameEndpoint(item.pending.endpoint, endpoint))
      if (waiting) return settle(waiting, { error: cancelled('The sign-in was cancelled', waiting.pending), show: true })
      // Nothing waits (for `endpoint`): closes its blank window, dismisses its shown error.
      const mine = (bound: string | undefined) => endpoint === undefined || bound === undefined || sameEndpoint(bound, endpoint)
      if (blank && mine(blank.endpoint)) {
        closeQuietly(blank.window)
        blank = undefined
      }
      if (blankBlocked && mine(blankBlocked.endpoint)) blankBlocked = undefined
      if (snapshot.status === 'error' && mine(snapshot.pending?.endpoint)) set({ status: 'idle' })
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

    async resumeRedirect(callbackUrl, signal) {
      let url = callbackUrl === undefined ? undefined : String(callbackUrl)
      if (url === undefined) {
        const session = env().sessionStorage
        url = session.getItem(callbackKey(prefix)) ?? undefined
        // Taken once: a failed completion is shown, not retried on every reload.
        session.removeItem(callbackKey(prefix))
      }
      if (url === undefined) return false
      try {
        const done = await requireProvider().completeRedirect(url, signal)
        if (done) touch()
        return done
      } catch (error) {
        if (isMcpAuthError(error)) {
          set({ status: 'error', pending: undefined, error, cancelled: error instanceof McpAuthAccessDeniedError && error.cancelled })
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
 * `await signIn.resumeRedirect().catch(…)` before the first call (it rejects
 * when the sign-in was refused or the authorization server did not answer).
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
