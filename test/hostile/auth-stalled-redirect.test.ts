/**
 * A full-page redirect sign-in comes back to an authorization server that
 * never answers (its metadata or its token endpoint holds the request
 * open), over real HTTP on 127.0.0.1. What the attacker wanted: the page's
 * `await signIn.resumeRedirect()` stuck for good, and every request to the
 * endpoint stuck behind the completion's hold on it, past its own
 * signal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browserOAuth, type BrowserSignIn, type SignInWindow } from '../../src/auth/index.ts'
import { createClient, isMcpTimeoutError, type McpClient } from '../../src/core/index.ts'
import { REDIRECT_URI, startAuthWorld, type AuthWorld } from './hostile-auth.ts'
import type { Exchange } from './hostile-server.ts'
import { until, within } from './hostile-server.ts'

let world: AuthWorld
const clients: McpClient[] = []
beforeEach(async () => {
  world = await startAuthWorld()
})
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(clients.splice(0).map((client) => within(client.close(), 1000)))
  await world.close()
})

/** One browser tab: its sessionStorage survives the page loads, and `location.assign` is where the page went. */
function tab() {
  const items = new Map<string, string>()
  const sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage
  const went: string[] = []
  const win: SignInWindow = {
    open: () => null,
    addEventListener: () => {},
    removeEventListener: () => {},
    sessionStorage,
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 800,
    location: { href: 'http://127.0.0.1:9/app', assign: (url: string | URL) => void went.push(String(url)) },
  }
  return { win, went }
}

/** A page load of the tab: the sign-in store and provider, and a client of the protected server. */
function pageOf(win: SignInWindow): { signIn: BrowserSignIn; client: McpClient } {
  const { auth, signIn } = browserOAuth({ redirectUri: REDIRECT_URI, signIn: { window: win } })
  const client = createClient(world.mcp.url, { auth, onWarning: () => {}, timeoutMs: 5000 })
  clients.push(client)
  return { signIn, client }
}

/** The first page sends the person away to sign in; resolves with the callback URL the authorization server sends them back to. */
async function leftForSignIn(): Promise<{ win: SignInWindow; callback: string }> {
  const { win, went } = tab()
  const first = pageOf(win)
  void first.client.callTool('whoami', {}).catch(() => {})
  await until(() => first.signIn.getSnapshot().status === 'signing_in', 3000, 'the sign-in card')
  first.signIn.redirect()
  const href = await until(() => went[0], 3000, 'the redirect')
  const state = new URL(href).searchParams.get('state') ?? ''
  return { win, callback: `${REDIRECT_URI}?code=the-code&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(world.issuer)}` }
}

/** The authorization server takes the request and never answers it (the connection stays open until the client leaves). */
const stall = (x: Exchange) => x.closed

const stalls = [
  ['metadata', () => world.as.on('GET', stall), '/.well-known/oauth-authorization-server/as'],
  ['token', () => world.as.on('POST', stall), '/as/token'],
] as const

describe.each(stalls)('an authorization server that never answers its %s request after a redirect sign-in', (_name, stallIt, path) => {
  it.each([
    ['their own signal', () => ({ signal: AbortSignal.timeout(300) })],
    ['their timeoutMs (the result cache reading the credentials for its key included)', () => ({ timeoutMs: 300 })],
  ])("does not hold the endpoint's requests past %s", async (_what, bound) => {
    const { win, callback } = await leftForSignIn()
    stallIt()
    const back = pageOf(win)
    const resumed = back.signIn.resumeRedirect(callback)
    resumed.catch(() => {})
    await world.as.waitForHit((hit) => hit.path === path)
    // The client's own timeoutMs is 5 s: only the caller's bound can end it sooner.
    const listing = await within(back.client.listTools(bound()), 3000)
    expect(listing.state).toBe('rejected')
    expect(isMcpTimeoutError(listing.state === 'rejected' && listing.error)).toBe(true)
  })

  it("resumeRedirect(url, signal) ends with the signal's reason when it aborts, and the endpoint is free again", async () => {
    const { win, callback } = await leftForSignIn()
    stallIt()
    const back = pageOf(win)
    const leave = new AbortController()
    const resumed = back.signIn.resumeRedirect(callback, leave.signal)
    resumed.catch(() => {})
    await world.as.waitForHit((hit) => hit.path === path)
    const reason = new Error('the app gave up')
    leave.abort(reason)
    expect(await within(resumed, 5000)).toEqual({ state: 'rejected', error: reason })
    // Nothing holds the endpoint: the next request goes out.
    void back.client.callTool('whoami', {}).catch(() => {})
    const before = world.mcp.hits.length
    await until(() => world.mcp.hits.length > before, 3000, 'a request to the endpoint')
  })
})

// Last in the file: a fake clock, even one faking only setTimeout, leaves Node's fetch timers behind it in a state later tests of the same file would meet.
describe('without a signal of the caller', () => {
  it.each(stalls)('%s: resumeRedirect() ends with a typed timeout after 30 s when no signal is given', async (_name, stallIt, path) => {
    const { win, callback } = await leftForSignIn()
    stallIt()
    const back = pageOf(win)
    // Only the timers the bound is made of, so the clock is the test's and not the loaded machine's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let outcome: unknown = 'pending'
    void back.signIn.resumeRedirect(callback).then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    )
    await world.as.waitForHit((hit) => hit.path === path)
    await vi.advanceTimersByTimeAsync(29_000)
    expect(outcome).toBe('pending')
    await vi.advanceTimersByTimeAsync(1_000)
    vi.useRealTimers()
    await until(() => outcome !== 'pending', 5000, 'the completion to end')
    expect(isMcpTimeoutError(outcome)).toBe(true)
  })
})
