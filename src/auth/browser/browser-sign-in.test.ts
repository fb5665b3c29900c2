/**
 * The browser sign-in against a scripted authorization server (a fetch
 * fixture, as in oauth.test.ts) and a fake popup whose `closed` the test
 * controls and which records its opener being cut and each navigation (the
 * URL is made only once the person acts, so tests read it from there or
 * from `location.assign`). The callback page is `completeSignIn()` run with a window of its
 * own; its messages reach the app window as a browser would deliver them
 * (jsdom's postMessage sets no `origin`, so the opener dispatches the
 * MessageEvent itself; BroadcastChannel is Node's real one).
 *
 * The window is a JSDOM of its own rather than the jsdom test environment:
 * that environment swaps the global ArrayBuffer for jsdom's, and
 * oauth4webapi's PKCE (`instanceof ArrayBuffer` on WebCrypto's digest) then
 * fails, which no browser does.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  browserOAuth,
  browserSignIn,
  completeSignIn,
  isMcpAuthAccessDeniedError,
  McpAuthInsecureEndpointError,
  McpAuthRegistrationError,
  type AuthEvent,
  type AuthorizationRequest,
  type BrowserSignIn,
  type CallbackWindow,
  type OAuthProvider,
  type SignInWindow,
} from '../index.js'

const APP = 'http://localhost:3000'
// jsdom ships no types; only its constructor and window are used.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis } }
const window = new JSDOM('', { url: `${APP}/chat?thread=7` }).window
const REDIRECT_URI = `${APP}/callback`

/** One authorization server and one MCP resource, as a fetch; the token endpoint checks PKCE, code, redirect URI and resource. */
function world(name: string) {
  const as = `http://127.0.0.1:7101/${name}`
  const mcp = `http://127.0.0.1:7102/${name}/mcp`
  const log: string[] = []
  /** code → what its authorization asked for. */
  const codes = new Map<string, { challenge: string; resource: string }>()
  const valid = new Set<string>()
  let issued = 0
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const path = url.pathname
    if (url.href === mcp) {
      const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '')
      if (token && valid.has(token)) return json({ ok: true })
      return json({ error: 'invalid_token' }, 401, { 'www-authenticate': `Bearer resource_metadata="http://127.0.0.1:7102/.well-known/oauth-protected-resource/${name}/mcp"` })
    }
    if (path === `/.well-known/oauth-protected-resource/${name}/mcp`) return json({ resource: mcp, authorization_servers: [as], scopes_supported: ['read'] })
    if (path === `/.well-known/oauth-authorization-server/${name}`) {
      log.push('metadata')
      return json({
        issuer: as,
        authorization_endpoint: `${as}/authorize`,
        token_endpoint: `${as}/token`,
        registration_endpoint: `${as}/register`,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true,
      })
    }
    if (path === `/${name}/register`) {
      log.push('register')
      return json({ client_id: `${name}-client`, token_endpoint_auth_method: 'none' }, 201)
    }
    if (path === `/${name}/token`) {
      const body = new URLSearchParams(String(init?.body))
      const grant = codes.get(body.get('code') ?? '')
      const verifier = body.get('code_verifier') ?? ''
      const ok = grant && createHash('sha256').update(verifier).digest('base64url') === grant.challenge && body.get('redirect_uri') === REDIRECT_URI && body.get('resource') === grant.resource && body.get('client_id') === `${name}-client`
      log.push(`token ${ok ? 'ok' : 'refused'}`)
      if (!ok) return json({ error: 'invalid_grant' }, 400)
      codes.delete(body.get('code')!)
      const access = `${name}-access-${++issued}`
      valid.add(access)
      return json({ access_token: access, token_type: 'bearer', expires_in: 3600, scope: 'read' })
    }
    return new Response('not found', { status: 404 })
  }
  /** The person approves at the authorization page: the URL the server sends them back to. */
  const approve = (authorizationUrl: string, state?: string) => {
    const url = new URL(authorizationUrl)
    const code = `code-${codes.size + 1}-${name}`
    codes.set(code, { challenge: url.searchParams.get('code_challenge')!, resource: url.searchParams.get('resource')! })
    return `${REDIRECT_URI}?code=${code}&state=${state ?? url.searchParams.get('state')}&iss=${encodeURIComponent(as)}`
  }
  return { as, mcp, fetch, log, approve }
}

/** What the core does with a provider: ask, send, and on a challenge ask the provider and send again. */
async function request(provider: OAuthProvider, w: ReturnType<typeof world>, signal = new AbortController().signal): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const authorization = await provider.authorization({ url: w.mcp, signal })
    const response = await w.fetch(w.mcp, { headers: authorization ? { authorization } : {} })
    if (response.status !== 401) return response.status
    if (!(await provider.challenged({ url: w.mcp, status: 401, wwwAuthenticate: response.headers.get('www-authenticate'), signal }))) return response.status
  }
  throw new Error('too many challenges')
}

/**
 * A window as `open()` returns it: `about:blank` at first, with the app as
 * its opener (as a browser sets it); `log` records, in order, its opener
 * being set and each navigation, so a test sees which came first.
 */
interface FakePopup {
  closed: boolean
  opener: unknown
  location: { href: string }
  readonly log: string[]
  close(): void
  focus(): void
}
function fakePopup(options: { crossOriginOnceNavigated?: boolean } = {}): FakePopup {
  const log: string[] = []
  let href = 'about:blank'
  let opener: unknown = window
  return {
    closed: false,
    log,
    get opener() {
      return opener
    },
    set opener(value: unknown) {
      log.push(value === null ? 'opener null' : 'opener set')
      opener = value
    },
    location: {
      get href() {
        // As a browser does once the window is at another origin (the authorization server).
        if (options.crossOriginOnceNavigated && href !== 'about:blank') throw new window.DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError')
        return href
      },
      set href(value: string) {
        log.push(`navigate ${value}`)
        href = value
      },
    },
    close() {
      log.push('close')
      this.closed = true
    },
    focus() {},
  }
}
/** Resolves once the store sent `popup` to the authorization page (the URL is made after the click, registration first). */
const navigated = async (popup: FakePopup) => {
  await until(() => popup.log.some((line) => line.startsWith('navigate ')))
  return popup.log.find((line) => line.startsWith('navigate '))!.slice('navigate '.length)
}

/** The app page's window: jsdom's events and sessionStorage, a scripted `open` and `location`. */
function appWindow(open: (url: string) => FakePopup | null) {
  const opened: Array<{ url: string; name: string; features: string }> = []
  const assign = vi.fn<(url: string) => void>()
  const win: SignInWindow = {
    open: ((url: string, name: string, features: string) => {
      opened.push({ url, name, features })
      return open(url)
    }) as unknown as Window['open'],
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    sessionStorage: window.sessionStorage,
    screenX: 100,
    screenY: 50,
    outerWidth: 1300,
    outerHeight: 950,
    location: { href: `${APP}/chat?thread=7`, assign },
  }
  return { win, opened, assign }
}

/** The callback page's window, in the popup or in this tab after a redirect. */
function callbackWindow(href: string, opener: unknown, localStorage: Storage = window.localStorage) {
  const replace = vi.fn<(url: string) => void>()
  const close = vi.fn()
  const win: CallbackWindow = {
    opener,
    close,
    sessionStorage: window.sessionStorage,
    localStorage,
    location: { href, origin: new URL(href).origin, replace },
  }
  return { win, replace, close }
}

/** An opener as a browser delivers to it: a `message` event from the callback page's origin. */
const openerFrom = (origin: string) => ({
  closed: false,
  targets: [] as string[],
  postMessage(data: unknown, targetOrigin: string) {
    this.targets.push(targetOrigin)
    setTimeout(() => window.dispatchEvent(new window.MessageEvent('message', { data, origin })), 0)
  },
})

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
const pendingKeys = () => Object.keys(window.sessionStorage).filter((key) => key.startsWith('mcp-elicit-sign-in:pending '))

/** A store and provider whose sign-in is waiting for the person. */
async function waitingFor(w: ReturnType<typeof world>, open: (url: string) => FakePopup | null, onEvent?: (event: AuthEvent) => void) {
  const app = appWindow(open)
  const { auth, signIn } = browserOAuth({ redirectUri: REDIRECT_URI, fetch: w.fetch, signIn: { window: app.win }, onEvent })
  const abort = new AbortController()
  const call = request(auth, w, abort.signal)
  call.catch(() => {})
  await until(() => waitingForPerson(signIn))
  cleanups.push(() => abort.abort())
  return { app, auth, signIn, call, abort }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  window.sessionStorage.clear()
  window.localStorage.clear()
})

/** Lets the store's promise chains (and a scripted fetch) run. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `store.redirect()` made the URL and sent this tab there: the URL it was sent to. */
const assigned = async (app: ReturnType<typeof appWindow>) => {
  await until(() => app.assign.mock.calls.length > 0)
  return app.assign.mock.calls[0]![0]
}

/** The callback arrives on the BroadcastChannel only: the callback page's opener was cut, and its localStorage tells no one. */
const callbackOnChannel = (href: string) => completeSignIn({ window: callbackWindow(href, null, { setItem() {}, removeItem() {} } as unknown as Storage).win })

/**
 * A request as `oauth()` hands it to the store, made by hand: its
 * `authorizationUrl` resolves to whatever the test says, past every check
 * `oauth()` makes itself, so only the store's own check stands.
 */
function handMade(endpoint: string, url: string | (() => Promise<URL>), signal = new AbortController().signal) {
  const authorizationUrl = vi.fn(typeof url === 'string' ? async () => new URL(url) : url)
  const request: AuthorizationRequest = { authorizationUrl, issuer: 'https://as.example', endpoint, resource: endpoint, scopes: [], stepUp: false, dpopUnsupported: false, signal }
  return { request, authorizationUrl }
}

const snapshotOf = (signIn: BrowserSignIn) => signIn.getSnapshot()
/** A sign-in pending, its window not opened yet: the card asks the person to act. */
const waitingForPerson = (signIn: BrowserSignIn) => {
  const state = signIn.getSnapshot()
  return state.status === 'signing_in' && !state.opened
}
const windowClosed = (signIn: BrowserSignIn) => {
  const state = signIn.getSnapshot()
  return state.status === 'signing_in' && state.windowClosed
}
/** The window is open (or the page is leaving): the person is at the authorization server. */
const OPENED = { status: 'signing_in', opened: true, popupBlocked: false, windowClosed: false }

describe('browserSignIn()', () => {
  it('opens a blank window in the click, cuts its opener, and only then sends it to the authorization page; registers only then', async () => {
    const w = world('blank-first')
    const popup = fakePopup()
    const { app, signIn, call } = await waitingFor(w, () => popup)
    // Asked, not acted on yet: no client registered at the server, no pending entry.
    expect(w.log).toEqual(['metadata'])
    expect(pendingKeys()).toEqual([])

    signIn.signIn()
    expect(app.opened).toEqual([{ url: 'about:blank', name: expect.stringMatching(/^mcp-elicit-sign-in-[0-9a-z]+$/), features: 'popup=yes,width=500,height=650,left=500,top=200' }])
    // The window's name is a digest: the page it opens can read window.name, and learns no URL from it.
    expect(app.opened[0]!.name).not.toContain('127.0.0.1')
    expect(popup.opener).toBeNull()
    expect(signIn.getSnapshot()).toMatchObject(OPENED)

    const href = await navigated(popup)
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:7101\/blank-first\/authorize\?/)
    // The opener was cut before the window went anywhere: the authorization page never had one.
    expect(popup.log).toEqual(['opener null', `navigate ${href}`])
    expect(w.log).toEqual(['metadata', 'register'])
    expect(pendingKeys()).toEqual([`mcp-elicit-sign-in:pending ${new URL(href).searchParams.get('state')}`])

    callbackOnChannel(w.approve(href))
    expect(await call).toBe(200)
    expect(pendingKeys()).toEqual([])
  })

  it('completes through postMessage too (a browser that kept the opener), in a centered window', async () => {
    const w = world('message')
    const popup = fakePopup()
    const { app, auth, signIn, call } = await waitingFor(w, () => popup)
    const snapshots: string[] = []
    signIn.subscribe(() => snapshots.push(signIn.getSnapshot().status))
    signIn.signIn()
    expect(app.opened).toHaveLength(1)
    expect(app.opened[0]!.features).toBe('popup=yes,width=500,height=650,left=500,top=200')
    expect(signIn.getSnapshot()).toMatchObject(OPENED)
    const href = await navigated(popup)

    const opener = openerFrom(APP)
    const callback = callbackWindow(w.approve(href), opener, {} as Storage)
    expect(completeSignIn({ window: callback.win, channelName: 'unused' })).toBe('popup')
    expect(opener.targets).toEqual([APP])
    expect(callback.close).toHaveBeenCalled()

    expect(await call).toBe(200)
    expect(auth.isSignedIn(w.mcp)).toBe(true)
    expect(signIn.isSignedIn(w.mcp)).toBe(true)
    expect(signIn.getSnapshot()).toEqual({ status: 'idle' })
    expect(snapshots).toContain('idle')
    // The popup entry waited in sessionStorage only while the sign-in ran.
    expect(pendingKeys()).toEqual([])
  })

  it('completes through the BroadcastChannel when the opener is cut', async () => {
    const w = world('channel')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, () => popup)
    signIn.signIn()
    // No opener, and a localStorage that tells no one: only the channel carries it.
    expect(callbackOnChannel(w.approve(await navigated(popup)))).toBe('popup')
    expect(await call).toBe(200)
  })

  it('completes through a storage event, the key written and removed at once', async () => {
    const w = world('storage')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, () => popup)
    signIn.signIn()
    const href = await navigated(popup)
    const written: Array<[string, string | null]> = []
    // Another document's localStorage: each change reaches the app window as a StorageEvent.
    const otherDocument = {
      setItem(key: string, value: string) {
        written.push([key, value])
        window.dispatchEvent(new window.StorageEvent('storage', { key, newValue: value }))
      },
      removeItem(key: string) {
        written.push([key, null])
        window.dispatchEvent(new window.StorageEvent('storage', { key, newValue: null }))
      },
    } as unknown as Storage
    const callback = callbackWindow(w.approve(href), null, otherDocument)
    completeSignIn({ window: callback.win, channelName: 'unused' })
    expect(written.map(([key, value]) => [key, value === null])).toEqual([['mcp-elicit-sign-in', false], ['mcp-elicit-sign-in', true]])
    expect(await call).toBe(200)
  })

  it('ignores a message from a foreign origin and a callback of another state', async () => {
    const w = world('foreign')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, () => popup)
    signIn.signIn()
    const href = await navigated(popup)
    let settled = false
    void call.finally(() => (settled = true))
    const good = w.approve(href)
    window.dispatchEvent(new window.MessageEvent('message', { data: { type: 'mcp-elicit:sign-in', url: good }, origin: 'https://evil.example' }))
    const wrongState = callbackWindow(w.approve(href, 'another-state'), openerFrom(APP), {} as Storage)
    completeSignIn({ window: wrongState.win })
    await sleep(50)
    expect(settled).toBe(false)
    expect(signIn.getSnapshot()).toMatchObject(OPENED)
    expect(w.log.filter((line) => line.startsWith('token'))).toEqual([])

    completeSignIn({ window: callbackWindow(good, openerFrom(APP), {} as Storage).win })
    expect(await call).toBe(200)
  })

  describe('a window that reads closed (a person closed it, or COOP cut it off)', () => {
    /** Opens the window, lets it reach the authorization page, then has it read closed: what COOP does the moment it gets there. */
    async function closedWindow(name: string, popups: FakePopup[] = [fakePopup()]) {
      const w = world(name)
      const queue = [...popups]
      const waiting = await waitingFor(w, () => queue.shift() ?? null)
      let settled = false
      void waiting.call.then(
        () => (settled = true),
        () => (settled = true),
      )
      // The store's poll on a fake clock: "never cancels" is checked over minutes, not the test machine's.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      cleanups.push(() => vi.useRealTimers())
      waiting.signIn.signIn()
      const href = await navigated(popups[0]!)
      popups[0]!.closed = true
      vi.advanceTimersByTime(200)
      return { ...waiting, w, href, settled: () => settled }
    }

    it('is not a cancel: windowClosed, nothing settles, and the callback that comes after still completes', async () => {
      const { w, signIn, call, href, settled } = await closedWindow('coop')
      expect(signIn.getSnapshot()).toEqual({ status: 'signing_in', pending: expect.objectContaining({ endpoint: w.mcp }), opened: false, popupBlocked: false, windowClosed: true })
      vi.advanceTimersByTime(5 * 60_000)
      await sleep(20)
      expect(settled()).toBe(false)
      expect(pendingKeys()).toHaveLength(1)

      // The person finished signing in in that window: its callback page, opener cut, tells the app on the channel.
      callbackOnChannel(w.approve(href))
      expect(await call).toBe(200)
      expect(signIn.getSnapshot()).toEqual({ status: 'idle' })
      expect(pendingKeys()).toEqual([])
    })

    it('"Open sign-in again" opens a new blank window, opener cut, at the same authorization page', async () => {
      const second = fakePopup()
      const { w, app, signIn, call, href } = await closedWindow('reopen', [fakePopup(), second])
      expect(windowClosed(signIn)).toBe(true)
      signIn.signIn()
      expect(app.opened.map((entry) => entry.url)).toEqual(['about:blank', 'about:blank'])
      expect(app.opened[1]!.name).toBe(app.opened[0]!.name)
      expect(signIn.getSnapshot()).toMatchObject(OPENED)
      expect(await navigated(second)).toBe(href)
      expect(second.log).toEqual(['opener null', `navigate ${href}`])
      // One registration, one pending entry: the URL is made once.
      expect(w.log.filter((line) => line === 'register')).toHaveLength(1)
      callbackOnChannel(w.approve(href))
      expect(await call).toBe(200)
    })

    it('Cancel then ends it as cancelled, and a callback arriving later finds nothing to answer', async () => {
      const { w, signIn, call, href } = await closedWindow('closed-cancel')
      expect(windowClosed(signIn)).toBe(true)
      signIn.cancel()
      const error = await call.catch((e: unknown) => e)
      expect(isMcpAuthAccessDeniedError(error)).toBe(true)
      expect((error as { cancelled: boolean }).cancelled).toBe(true)
      const state = snapshotOf(signIn)
      expect(state.status === 'error' && state.cancelled && state.error.code).toBe('AUTH_ACCESS_DENIED')
      expect(pendingKeys()).toEqual([])
      callbackOnChannel(w.approve(href))
      await sleep(50)
      expect(w.log.filter((line) => line.startsWith('token'))).toEqual([])
    })
  })

  it('cancel() fails the waiting call as cancelled and closes its window', async () => {
    const w = world('cancel')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, () => popup)
    signIn.signIn()
    signIn.cancel()
    const error = await call.catch((e: unknown) => e)
    expect((error as { cancelled: boolean }).cancelled).toBe(true)
    expect(popup.closed).toBe(true)
    // Cancelled before its URL was made: the window was never sent anywhere, and no pending entry stays.
    await sleep(20)
    expect(popup.location.href).toBe('about:blank')
    expect(pendingKeys()).toEqual([])
    signIn.cancel()
    expect(signIn.getSnapshot()).toEqual({ status: 'idle' })
  })

  it('cancel() while the window is at the authorization server (another origin): the sign-in ends, the window is left to the person', async () => {
    const w = world('cancel-cross-origin')
    // Its opener cut, the window at another origin is not the app's to close: the browser would refuse (and log an error).
    const popup = fakePopup({ crossOriginOnceNavigated: true })
    const { signIn, call } = await waitingFor(w, () => popup)
    signIn.signIn()
    await navigated(popup)
    signIn.cancel()
    expect((await call.catch((e: unknown) => e)) as { cancelled: boolean }).toMatchObject({ cancelled: true })
    expect(popup.log).not.toContain('close')
    expect(signIn.getSnapshot()).toMatchObject({ status: 'error', cancelled: true })
  })

  it('a blocked popup sets popupBlocked, and the card can still redirect', async () => {
    const w = world('blocked')
    const { app, signIn } = await waitingFor(w, () => null)
    const before = signIn.getSnapshot()
    signIn.signIn()
    const after = signIn.getSnapshot()
    expect(after).not.toBe(before)
    expect(after).toMatchObject({ status: 'signing_in', opened: false, popupBlocked: true, windowClosed: false })
    signIn.redirect()
    const url = await assigned(app)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:7101\/blocked\/authorize\?/)
    const state = new URL(url).searchParams.get('state')
    expect(JSON.parse(window.sessionStorage.getItem(`mcp-elicit-sign-in:redirect ${state}`)!)).toEqual({ returnTo: `${APP}/chat?thread=7` })
  })

  it('a blank window opened in the click before the request is sent to the authorization page when it comes', async () => {
    const w = world('blank')
    const popup = fakePopup()
    const app = appWindow(() => popup)
    const { auth, signIn } = browserOAuth({ redirectUri: REDIRECT_URI, fetch: w.fetch, signIn: { window: app.win } })
    signIn.signIn()
    expect(app.opened).toEqual([expect.objectContaining({ url: 'about:blank', name: 'mcp-elicit-sign-in' })])
    expect(popup.opener).toBeNull()
    expect(signIn.getSnapshot().status).toBe('idle')
    const call = request(auth, w)
    const href = await navigated(popup)
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:7101\/blank\/authorize\?/)
    expect(signIn.getSnapshot()).toMatchObject(OPENED)
    expect(app.opened).toHaveLength(1)
    completeSignIn({ window: callbackWindow(w.approve(href), openerFrom(APP), {} as Storage).win })
    expect(await call).toBe(200)
  })

  describe('a blank window opened for one endpoint', () => {
    const H = 'https://h.example/mcp'
    const K = 'https://k.example/mcp'
    const callbackFor = (state: string) => `${REDIRECT_URI}?code=c-${state}&state=${state}`
    const arrive = (state: string) => window.dispatchEvent(new window.MessageEvent('message', { data: { type: 'mcp-elicit:sign-in', url: callbackFor(state) }, origin: APP }))

    it('is never filled by another endpoint’s sign-in, and is by its own', async () => {
      const popup = fakePopup()
      const other = fakePopup()
      const popups = [popup, other]
      const app = appWindow(() => popups.shift() ?? null)
      const signIn = browserSignIn({ redirectUri: REDIRECT_URI, window: app.win })
      // The person clicked Sign in on H's card before H's request reached the store.
      signIn.signIn('https://H.example:443/mcp?session=1')
      expect(app.opened).toHaveLength(1)
      expect(app.opened[0]!.name).toMatch(/^mcp-elicit-sign-in-[0-9a-z]+$/)

      const k = handMade(K, 'https://as.k.example/authorize?state=k')
      const kCall = signIn.redirectToAuthorization(k.request)
      kCall.catch(() => {})
      // K's card asks; H's window is not K's to fill.
      expect(signIn.getSnapshot()).toEqual({ status: 'signing_in', pending: expect.objectContaining({ endpoint: K }), opened: false, popupBlocked: false, windowClosed: false })
      await sleep(20)
      expect(k.authorizationUrl).not.toHaveBeenCalled()
      expect(popup.location.href).toBe('about:blank')
      expect(popup.log).toEqual(['opener null'])

      const h = handMade(H, 'https://as.h.example/authorize?state=h')
      const hCall = signIn.redirectToAuthorization(h.request)
      expect(await navigated(popup)).toBe('https://as.h.example/authorize?state=h')
      expect(app.opened).toHaveLength(1)
      expect(k.authorizationUrl).not.toHaveBeenCalled()
      arrive('h')
      expect(await hCall).toBe(callbackFor('h'))
      // K still waits for its person, and gets its own window when asked.
      expect(signIn.getSnapshot()).toMatchObject({ status: 'signing_in', opened: false, pending: { endpoint: K } })
      signIn.signIn(K)
      expect(await navigated(other)).toBe('https://as.k.example/authorize?state=k')
      // One window per endpoint: K's has a name of its own.
      expect(app.opened.map((entry) => entry.url)).toEqual(['about:blank', 'about:blank'])
      expect(app.opened[1]!.name).not.toBe(app.opened[0]!.name)
      arrive('k')
      expect(await kCall).toBe(callbackFor('k'))
    })

    it('is named by a digest of the endpoint, however the endpoint was spelled', () => {
      const app = appWindow(() => fakePopup())
      const signIn = browserSignIn({ redirectUri: REDIRECT_URI, window: app.win })
      signIn.signIn('https://H.example:443/mcp?session=1#x')
      signIn.cancel()
      signIn.signIn(H)
      signIn.cancel()
      signIn.signIn(K)
      signIn.cancel()
      const [spelled, normal, k] = app.opened.map((entry) => entry.name)
      expect(spelled).toBe(normal)
      expect(k).not.toBe(normal)
    })

    it('Cancel on the sign-in shown cancels that one, not another endpoint’s waiting before it', async () => {
      const popup = fakePopup()
      const app = appWindow(() => popup)
      const signIn = browserSignIn({ redirectUri: REDIRECT_URI, window: app.win })
      signIn.signIn(H)
      const k = handMade(K, 'https://as.k.example/authorize?state=k')
      const kCall = signIn.redirectToAuthorization(k.request)
      let kSettled = false
      void kCall.then(
        () => (kSettled = true),
        () => (kSettled = true),
      )
      const h = handMade(H, 'https://as.h.example/authorize?state=h')
      const hCall = signIn.redirectToAuthorization(h.request).catch((e: unknown) => e)
      await navigated(popup)
      expect(signIn.getSnapshot()).toMatchObject({ ...OPENED, pending: { endpoint: H } })
      // H's card is the one on screen: its Cancel gives up H.
      signIn.cancel()
      expect((await hCall) as { cancelled: boolean }).toMatchObject({ cancelled: true, endpoint: H })
      await sleep(10)
      expect(kSettled).toBe(false)
      expect(signIn.getSnapshot()).toMatchObject({ status: 'signing_in', opened: false, pending: { endpoint: K } })
      // Named, it cancels that endpoint's.
      signIn.cancel(K)
      expect(await kCall.catch((e: unknown) => e)).toMatchObject({ cancelled: true, endpoint: K })
    })
  })

  describe('an authorization URL that is not https (http only on loopback) is never opened', () => {
    const bad = ['javascript:alert(1)//', 'data:text/html,<script>alert(1)</script>', 'http://evil.example/authorize?state=x', 'file:///etc/passwd']

    it.each(bad)('not in the popup: %s', async (url) => {
      const popup = fakePopup()
      const app = appWindow(() => popup)
      const signIn = browserSignIn({ redirectUri: REDIRECT_URI, window: app.win })
      const outcome = signIn.redirectToAuthorization(handMade('https://h.example/mcp', async () => new URL(url)).request).catch((e: unknown) => e)
      signIn.signIn()
      const error = await outcome
      expect(error).toBeInstanceOf(McpAuthInsecureEndpointError)
      expect((error as McpAuthInsecureEndpointError).code).toBe('AUTH_INSECURE_ENDPOINT')
      // Opened blank in the click, never sent anywhere, and closed.
      expect(popup.log).toEqual(['opener null', 'close'])
      expect(popup.location.href).toBe('about:blank')
      expect(popup.closed).toBe(true)
      // A failure, shown as one: not "cancelled".
      expect(signIn.getSnapshot()).toMatchObject({ status: 'error', cancelled: false, error: { code: 'AUTH_INSECURE_ENDPOINT' } })
    })

    it.each(bad)('not in this tab: %s', async (url) => {
      const app = appWindow(() => null)
      const signIn = browserSignIn({ redirectUri: REDIRECT_URI, window: app.win })
      const outcome = signIn.redirectToAuthorization(handMade('https://h.example/mcp', async () => new URL(url)).request).catch((e: unknown) => e)
      signIn.redirect()
      const error = await outcome
      expect((error as McpAuthInsecureEndpointError).code).toBe('AUTH_INSECURE_ENDPOINT')
      await sleep(10)
      expect(app.assign).not.toHaveBeenCalled()
      expect(Object.keys(window.sessionStorage).filter((key) => key.includes('redirect'))).toEqual([])
      expect(signIn.getSnapshot()).toMatchObject({ status: 'error', cancelled: false })
    })
  })

  it('a registration the server refuses ends the sign-in with that error, its window closed', async () => {
    const popup = fakePopup()
    const app = appWindow(() => popup)
    const signIn = browserSignIn({ redirectUri: REDIRECT_URI, window: app.win })
    const refused = new McpAuthRegistrationError('registration refused', { issuer: 'https://as.example' })
    const outcome = signIn.redirectToAuthorization(handMade('https://h.example/mcp', () => Promise.reject(refused)).request).catch((e: unknown) => e)
    signIn.signIn()
    expect(await outcome).toBe(refused)
    expect(popup.closed).toBe(true)
    expect(popup.location.href).toBe('about:blank')
    expect(signIn.getSnapshot()).toEqual({ status: 'error', pending: expect.objectContaining({ endpoint: 'https://h.example/mcp' }), error: refused, cancelled: false })
  })

  it('finishes a full-page redirect on the next page load: redirect, callback page, resumeRedirect', async () => {
    const w = world('redirect')
    const events: AuthEvent[] = []
    const first = await waitingFor(w, () => null, (event) => events.push(event))
    // Nothing saved, nobody registered, until the person chose to sign in.
    expect(pendingKeys()).toEqual([])
    first.signIn.redirect()
    expect(first.signIn.getSnapshot()).toMatchObject(OPENED)
    const url = await assigned(first.app)
    const state = new URL(url).searchParams.get('state')!
    // Saved before the page left.
    expect(pendingKeys()).toEqual([`mcp-elicit-sign-in:pending ${state}`])
    const { verifier } = JSON.parse(window.sessionStorage.getItem(pendingKeys()[0]!)!) as { verifier: string }

    // The authorization server sends the tab to the callback page, which sends it back.
    const callbackUrl = w.approve(url)
    const code = new URL(callbackUrl).searchParams.get('code')!
    const callback = callbackWindow(callbackUrl, null)
    expect(completeSignIn({ window: callback.win })).toBe('redirect')
    expect(callback.replace).toHaveBeenCalledWith(`${APP}/chat?thread=7`)
    expect(callback.close).not.toHaveBeenCalled()

    // The reloaded page: a new provider and store, the same sessionStorage, tokens in memory.
    const app = appWindow(() => null)
    const second = browserOAuth({ redirectUri: REDIRECT_URI, fetch: w.fetch, signIn: { window: app.win }, onEvent: (event) => events.push(event) })
    const snapshot = second.signIn.getSnapshot()
    expect(await second.signIn.resumeRedirect()).toBe(true)
    expect(second.signIn.getSnapshot()).not.toBe(snapshot)
    expect(pendingKeys()).toEqual([])
    expect(second.signIn.isSignedIn(w.mcp)).toBe(true)
    expect(w.log.filter((line) => line.startsWith('token'))).toEqual(['token ok'])
    // The saved call, sent again, finds the tokens: nobody is asked again.
    expect(await request(second.auth, w)).toBe(200)
    expect(second.signIn.getSnapshot()).toEqual({ status: 'idle' })
    expect(await second.signIn.resumeRedirect()).toBe(false)

    expect(events.map((event) => event.step)).toEqual(['metadata', 'authorization', 'registration', 'metadata', 'token', 'signed-in'])
    const timeline = JSON.stringify(events)
    for (const secret of [code, verifier, 'redirect-access-1']) expect(timeline).not.toContain(secret)
  })

  it('shows a refusal that comes back through a redirect as the error state', async () => {
    const w = world('denied')
    const first = await waitingFor(w, () => null)
    first.signIn.redirect()
    const state = new URL(await assigned(first.app)).searchParams.get('state')!
    completeSignIn({ window: callbackWindow(`${REDIRECT_URI}?error=access_denied&state=${state}&iss=${encodeURIComponent(w.as)}`, null).win })
    const second = browserOAuth({ redirectUri: REDIRECT_URI, fetch: w.fetch, signIn: { window: appWindow(() => null).win } })
    const error = await second.signIn.resumeRedirect().catch((e: unknown) => e)
    expect(isMcpAuthAccessDeniedError(error)).toBe(true)
    expect(second.signIn.getSnapshot()).toMatchObject({ status: 'error', cancelled: false })
    expect(pendingKeys()).toEqual([])
  })

  it('completeRedirect() returns false for a page load that answers no pending sign-in', async () => {
    const w = world('none')
    const { auth } = browserOAuth({ redirectUri: REDIRECT_URI, fetch: w.fetch, signIn: { window: appWindow(() => null).win } })
    expect(await auth.completeRedirect(`${APP}/chat`)).toBe(false)
    expect(await auth.completeRedirect(`${REDIRECT_URI}?code=x&state=nobody-sent-this`)).toBe(false)
    expect(w.log).toEqual([])
    expect(completeSignIn({ window: callbackWindow(`${APP}/chat`, null).win })).toBe('none')
  })
})
