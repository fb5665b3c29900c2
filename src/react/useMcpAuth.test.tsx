// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authError, fakeSignInStore, openedSignIn, pendingSignIn, waitingSignIn, type FakeSignInStore } from '../../stories/fake-sign-in-store'
import { browserOAuth, sessionStorageCredentials, type CredentialStorage, type StoredTokens } from '../auth/index'
import { createClient, type McpClient } from '../core/index'
import { McpProvider, useMcpAuth } from './index'

const endpoint = 'https://mcp.travel.example:8443/mcp'
const other = 'https://other.example/mcp'

afterEach(cleanup)

function renderAuth(store: FakeSignInStore | undefined, client: McpClient = createClient(endpoint)) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <McpProvider client={client} signIn={store}>
      {children}
    </McpProvider>
  )
  return renderHook(() => useMcpAuth(), { wrapper })
}

describe('useMcpAuth', () => {
  it('follows the store: signed out, signing in (waiting, blocked, window open), signed in, cancelled, signed out', async () => {
    const store = fakeSignInStore()
    const { result } = renderAuth(store)
    expect(result.current).toMatchObject({ status: 'signed_out', pending: undefined, error: undefined, popupBlocked: false, endpoint })

    const request = pendingSignIn({ endpoint })
    act(() => store.set(waitingSignIn(request)))
    expect(result.current).toMatchObject({ status: 'signing_in', pending: request, popupBlocked: false, opened: false })

    act(() => store.set(waitingSignIn(request, { popupBlocked: true })))
    expect(result.current).toMatchObject({ status: 'signing_in', popupBlocked: true, opened: false })

    act(() => store.set(openedSignIn(request)))
    expect(result.current).toMatchObject({ status: 'signing_in', pending: request, popupBlocked: false, opened: true })

    store.setSignedIn(endpoint, true)
    act(() => store.set({ status: 'idle' }))
    expect(result.current).toMatchObject({ status: 'signed_in', pending: undefined })

    // A step-up is a sign-in again, although tokens are held.
    act(() => store.set(waitingSignIn({ ...request, stepUp: true })))
    expect(result.current.status).toBe('signing_in')
    act(() => result.current.cancel())
    expect(result.current).toMatchObject({ status: 'error', cancelled: true, pending: { stepUp: true } })
    expect(result.current.error?.code).toBe('AUTH_ACCESS_DENIED')

    act(() => store.set({ status: 'idle' }))
    expect(result.current.status).toBe('signed_in')
    // The fake store does not tell anyone when tokens go: the hook re-reads isSignedIn after signOut.
    await act(() => result.current.signOut())
    expect(store.calls).toContain(`signOut ${endpoint}`)
    expect(result.current.status).toBe('signed_out')
  })

  it('ignores a sign-in pending, or failed, for another endpoint', () => {
    const store = fakeSignInStore()
    store.setSignedIn(endpoint, true)
    const { result } = renderAuth(store)
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint: other }))))
    expect(result.current).toMatchObject({ status: 'signed_in', pending: undefined })
    act(() => store.set({ status: 'error', pending: pendingSignIn({ endpoint: other }), error: authError('AUTH_TOKEN_FAILED'), cancelled: false }))
    expect(result.current.status).toBe('signed_in')
    // A failure the store cannot place is shown, not hidden.
    act(() => store.set({ status: 'error', pending: undefined, error: authError('AUTH_BLOCKED'), cancelled: false }))
    expect(result.current).toMatchObject({ status: 'error', pending: undefined })
  })

  it('keys the sign-in by the client URL without query', () => {
    const store = fakeSignInStore(waitingSignIn(pendingSignIn({ endpoint })))
    const { result } = renderAuth(store, createClient(`${endpoint}?tenant=7#top`))
    expect(result.current.endpoint).toBe(endpoint)
    expect(result.current.status).toBe('signing_in')
  })

  it('signIn() opens synchronously; redirect and cancel reach the store; each names this endpoint', () => {
    const store = fakeSignInStore(waitingSignIn(pendingSignIn({ endpoint })))
    const { result } = renderAuth(store, createClient(`${endpoint}?tenant=7`))
    const signIn = vi.spyOn(store, 'signIn')
    const redirect = vi.spyOn(store, 'redirect')
    const cancel = vi.spyOn(store, 'cancel')
    result.current.signIn()
    expect(signIn).toHaveBeenCalledTimes(1)
    result.current.redirect()
    result.current.cancel()
    expect(store.calls).toEqual(['signIn', 'redirect', 'cancel'])
    // The endpoint, so a window opened before the request is filled by this server's sign-in and no other's.
    expect(signIn).toHaveBeenCalledWith(endpoint)
    expect(redirect).toHaveBeenCalledWith(endpoint)
    expect(cancel).toHaveBeenCalledWith(endpoint)
  })

  it('says when the window closed before the sign-in came back, and when the server cannot bind it to this browser (DPoP)', () => {
    const request = pendingSignIn({ endpoint, dpopUnsupported: true })
    const store = fakeSignInStore(openedSignIn(request))
    const { result } = renderAuth(store)
    expect(result.current).toMatchObject({ status: 'signing_in', opened: true, windowClosed: false, dpopUnsupported: true })
    // Closed (or cut off by COOP): still signing in, the window no longer open.
    act(() => store.set(waitingSignIn(request, { windowClosed: true })))
    expect(result.current).toMatchObject({ status: 'signing_in', pending: request, opened: false, popupBlocked: false, windowClosed: true, dpopUnsupported: true })
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint }))))
    expect(result.current).toMatchObject({ windowClosed: false, dpopUnsupported: false })
    // Another endpoint's closed window is not this one's.
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint: other, dpopUnsupported: true }), { windowClosed: true })))
    expect(result.current).toMatchObject({ status: 'signed_out', windowClosed: false, dpopUnsupported: false })
  })

  it('keeps one snapshot while nothing changes, and unsubscribes on unmount', () => {
    const store = fakeSignInStore()
    const { result, rerender, unmount } = renderAuth(store)
    const first = result.current
    rerender()
    expect(result.current).toBe(first)
    expect(store.listenerCount).toBe(1)
    unmount()
    expect(store.listenerCount).toBe(0)
  })

  it('throws an error naming the prop when the provider has no store', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(() => renderAuth(undefined)).toThrow(/signIn=/)
    } finally {
      quiet.mockRestore()
    }
  })
})

describe('useMcpAuth after a reload with stored credentials', () => {
  const issuer = 'https://accounts.travel.example'
  const tokens: StoredTokens = { issuer, accessToken: 'stored-access', tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000, scopes: ['bookings:read'] }
  /** What the provider wrote on the page before the reload (sessionStorageCredentials' keys, its default prefix). */
  function storedByAnEarlierPage() {
    sessionStorage.setItem(`mcp-elicit-auth:endpoint ${endpoint}`, JSON.stringify({ issuer, resource: endpoint }))
    sessionStorage.setItem(`mcp-elicit-auth:tokens ${issuer} ${endpoint}`, JSON.stringify(tokens))
  }
  afterEach(() => sessionStorage.clear())

  /** Every status the component rendered, in order. */
  function renderStatuses(storage: CredentialStorage) {
    const { auth, signIn } = browserOAuth({ redirectUri: 'https://chat.example/callback', storage })
    const statuses: string[] = []
    function Status() {
      const view = useMcpAuth()
      statuses.push(view.status)
      return <p>{view.status}</p>
    }
    const view = render(
      <McpProvider client={createClient(`${endpoint}?session=4`, { auth })} signIn={signIn}>
        <Status />
      </McpProvider>,
    )
    return { ...view, statuses, signIn }
  }

  it('says signed_in from the first render with sessionStorageCredentials()', () => {
    storedByAnEarlierPage()
    const { statuses, container, signIn } = renderStatuses(sessionStorageCredentials())
    expect(statuses[0]).toBe('signed_in')
    expect(new Set(statuses)).toEqual(new Set(['signed_in']))
    expect(container.textContent).toBe('signed_in')
    expect(signIn.isSignedIn(endpoint)).toBe(true)
  })

  it('says signed_out with nothing stored, and signed_in once an asynchronous storage answered', async () => {
    const { statuses } = renderStatuses(sessionStorageCredentials())
    expect(statuses).toEqual(['signed_out'])
    cleanup()

    storedByAnEarlierPage()
    const sync = sessionStorageCredentials()
    // IndexedDB, say: every answer a promise.
    const later: CredentialStorage = { get: async (key) => sync.get(key), set: async (key, value) => sync.set(key, value), delete: async (key) => sync.delete(key) }
    const asynchronous = renderStatuses(later)
    expect(asynchronous.statuses[0]).toBe('signed_out')
    await waitFor(() => expect(asynchronous.container.textContent).toBe('signed_in'))
  })
})
