/**
 * The browser sign-in against a scripted authorization server (a fetch
 * fixture, as in oauth.test.ts) and a fake popup whose `closed` the test
 * controls. The callback page is `completeSignIn()` run with a window of its
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
import { browserOAuth, completeSignIn, isMcpAuthAccessDeniedError, type AuthEvent, type BrowserSignIn, type CallbackWindow, type OAuthProvider, type SignInWindow } from '../index.js'

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

interface FakePopup {
  closed: boolean
  location: { href: string }
  close(): void
  focus(): void
}
const fakePopup = (href = ''): FakePopup => ({ closed: false, location: { href }, close() { this.closed = true }, focus() {} })

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
  await until(() => signIn.getSnapshot().status === 'needs_sign_in')
  cleanups.push(() => abort.abort())
  return { app, auth, signIn, call, abort }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  window.sessionStorage.clear()
  window.localStorage.clear()
})

const authUrl = (signIn: BrowserSignIn) => {
  const state = signIn.getSnapshot()
  if (state.status === 'idle' || !state.request) throw new Error(`no request (${state.status})`)
  return state.request.url
}

describe('browserSignIn()', () => {
  it('completes through postMessage from the popup, in a centered window', async () => {
    const w = world('message')
    const popup = fakePopup()
    const { app, auth, signIn, call } = await waitingFor(w, (url) => ((popup.location.href = url), popup))
    const snapshots: string[] = []
    signIn.subscribe(() => snapshots.push(signIn.getSnapshot().status))
    signIn.open()
    expect(app.opened).toHaveLength(1)
    expect(app.opened[0]!.url).toBe(popup.location.href)
    expect(app.opened[0]!.features).toBe('popup=yes,width=500,height=650,left=500,top=200')
    expect(signIn.getSnapshot().status).toBe('signing_in')

    const opener = openerFrom(APP)
    const callback = callbackWindow(w.approve(popup.location.href), opener, {} as Storage)
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

  it('completes through the BroadcastChannel when COOP cut the opener', async () => {
    const w = world('channel')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, (url) => ((popup.location.href = url), popup))
    signIn.open()
    // No opener, and a localStorage that tells no one: only the channel carries it.
    const callback = callbackWindow(w.approve(popup.location.href), null, { setItem() {}, removeItem() {} } as unknown as Storage)
    expect(completeSignIn({ window: callback.win })).toBe('popup')
    expect(await call).toBe(200)
  })

  it('completes through a storage event, the key written and removed at once', async () => {
    const w = world('storage')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, (url) => ((popup.location.href = url), popup))
    signIn.open()
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
    const callback = callbackWindow(w.approve(popup.location.href), null, otherDocument)
    completeSignIn({ window: callback.win, channelName: 'unused' })
    expect(written.map(([key, value]) => [key, value === null])).toEqual([['mcp-elicit-sign-in', false], ['mcp-elicit-sign-in', true]])
    expect(await call).toBe(200)
  })

  it('ignores a message from a foreign origin and a callback of another state', async () => {
    const w = world('foreign')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, (url) => ((popup.location.href = url), popup))
    signIn.open()
    let settled = false
    void call.finally(() => (settled = true))
    const good = w.approve(popup.location.href)
    window.dispatchEvent(new window.MessageEvent('message', { data: { type: 'mcp-elicit:sign-in', url: good }, origin: 'https://evil.example' }))
    const wrongState = callbackWindow(w.approve(popup.location.href, 'another-state'), openerFrom(APP), {} as Storage)
    completeSignIn({ window: wrongState.win })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    expect(signIn.getSnapshot().status).toBe('signing_in')
    expect(w.log.filter((line) => line.startsWith('token'))).toEqual([])

    completeSignIn({ window: callbackWindow(good, openerFrom(APP), {} as Storage).win })
    expect(await call).toBe(200)
  })

  it('settles as cancelled within a second of the window closing', async () => {
    const w = world('closed')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, (url) => ((popup.location.href = url), popup))
    // A fake clock: "within a second" is the store's own timing, not the test machine's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    let settled = false
    const outcome = call.catch((e: unknown) => e).finally(() => (settled = true))
    try {
      signIn.open()
      await vi.advanceTimersByTimeAsync(250)
      popup.closed = true
      await vi.advanceTimersByTimeAsync(999)
      expect(settled).toBe(true)
    } finally {
      vi.useRealTimers()
    }
    const error = await outcome
    expect(isMcpAuthAccessDeniedError(error)).toBe(true)
    expect((error as { cancelled: boolean }).cancelled).toBe(true)
    const state = signIn.getSnapshot()
    expect(state.status).toBe('error')
    expect(state.status === 'error' && state.cancelled && state.error.code).toBe('AUTH_ACCESS_DENIED')
    expect(pendingKeys()).toEqual([])
  })

  it('cancel() fails the waiting call as cancelled and closes its window', async () => {
    const w = world('cancel')
    const popup = fakePopup()
    const { signIn, call } = await waitingFor(w, () => popup)
    signIn.open()
    signIn.cancel()
    const error = await call.catch((e: unknown) => e)
    expect((error as { cancelled: boolean }).cancelled).toBe(true)
    expect(popup.closed).toBe(true)
    signIn.cancel()
    expect(signIn.getSnapshot()).toEqual({ status: 'idle' })
  })

  it('a blocked popup sets popupBlocked, and the card can still redirect', async () => {
    const w = world('blocked')
    const { app, signIn } = await waitingFor(w, () => null)
    const before = signIn.getSnapshot()
    signIn.open()
    const after = signIn.getSnapshot()
    expect(after).not.toBe(before)
    expect(after).toMatchObject({ status: 'needs_sign_in', popupBlocked: true })
    signIn.redirect()
    expect(app.assign).toHaveBeenCalledWith(authUrl(signIn))
  })

  it('a blank window opened in the click before the request is sent to the authorization page when it comes', async () => {
    const w = world('blank')
    const popup = fakePopup()
    const app = appWindow(() => popup)
    const { auth, signIn } = browserOAuth({ redirectUri: REDIRECT_URI, fetch: w.fetch, signIn: { window: app.win } })
    signIn.open()
    expect(app.opened.map((entry) => entry.url)).toEqual([''])
    expect(signIn.getSnapshot().status).toBe('idle')
    const call = request(auth, w)
    await until(() => popup.location.href !== '')
    expect(popup.location.href).toMatch(/^http:\/\/127\.0\.0\.1:7101\/blank\/authorize\?/)
    expect(signIn.getSnapshot().status).toBe('signing_in')
    expect(app.opened).toHaveLength(1)
    completeSignIn({ window: callbackWindow(w.approve(popup.location.href), openerFrom(APP), {} as Storage).win })
    expect(await call).toBe(200)
  })

  it('finishes a full-page redirect on the next page load: redirect, callback page, resumeRedirect', async () => {
    const w = world('redirect')
    const events: AuthEvent[] = []
    const first = await waitingFor(w, () => null, (event) => events.push(event))
    const url = authUrl(first.signIn)
    const state = new URL(url).searchParams.get('state')!
    // Saved before the person was asked.
    expect(pendingKeys()).toEqual([`mcp-elicit-sign-in:pending ${state}`])
    const { verifier } = JSON.parse(window.sessionStorage.getItem(pendingKeys()[0]!)!) as { verifier: string }
    first.signIn.redirect()
    expect(first.app.assign).toHaveBeenCalledWith(url)
    expect(first.signIn.getSnapshot().status).toBe('signing_in')

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

    expect(events.map((event) => event.step)).toEqual(['metadata', 'registration', 'authorization', 'metadata', 'token', 'signed-in'])
    const timeline = JSON.stringify(events)
    for (const secret of [code, verifier, 'redirect-access-1']) expect(timeline).not.toContain(secret)
  })

  it('shows a refusal that comes back through a redirect as the error state', async () => {
    const w = world('denied')
    const first = await waitingFor(w, () => null)
    const url = authUrl(first.signIn)
    first.signIn.redirect()
    const state = new URL(url).searchParams.get('state')!
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
