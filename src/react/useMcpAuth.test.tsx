// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authError, fakeSignInStore, pendingSignIn, type FakeSignInStore } from '../../stories/fake-sign-in-store'
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
    act(() => store.set({ status: 'needs_sign_in', request, popupBlocked: false }))
    expect(result.current).toMatchObject({ status: 'signing_in', pending: request, popupBlocked: false, opened: false })

    act(() => store.set({ status: 'needs_sign_in', request, popupBlocked: true }))
    expect(result.current).toMatchObject({ status: 'signing_in', popupBlocked: true, opened: false })

    act(() => store.set({ status: 'signing_in', request }))
    expect(result.current).toMatchObject({ status: 'signing_in', pending: request, popupBlocked: false, opened: true })

    store.setSignedIn(endpoint, true)
    act(() => store.set({ status: 'idle' }))
    expect(result.current).toMatchObject({ status: 'signed_in', pending: undefined })

    // A step-up is a sign-in again, although tokens are held.
    act(() => store.set({ status: 'needs_sign_in', request: { ...request, stepUp: true }, popupBlocked: false }))
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
    act(() => store.set({ status: 'needs_sign_in', request: pendingSignIn({ endpoint: other }), popupBlocked: false }))
    expect(result.current).toMatchObject({ status: 'signed_in', pending: undefined })
    act(() => store.set({ status: 'error', request: pendingSignIn({ endpoint: other }), error: authError('AUTH_TOKEN_FAILED'), cancelled: false }))
    expect(result.current.status).toBe('signed_in')
    // A failure the store cannot place is shown, not hidden.
    act(() => store.set({ status: 'error', request: undefined, error: authError('AUTH_BLOCKED'), cancelled: false }))
    expect(result.current).toMatchObject({ status: 'error', pending: undefined })
  })

  it('keys the sign-in by the client URL without query', () => {
    const store = fakeSignInStore({ status: 'needs_sign_in', request: pendingSignIn({ endpoint }), popupBlocked: false })
    const { result } = renderAuth(store, createClient(`${endpoint}?tenant=7#top`))
    expect(result.current.endpoint).toBe(endpoint)
    expect(result.current.status).toBe('signing_in')
  })

  it('signIn() opens synchronously; redirect and cancel reach the store', () => {
    const store = fakeSignInStore({ status: 'needs_sign_in', request: pendingSignIn({ endpoint }), popupBlocked: false })
    const { result } = renderAuth(store)
    const open = vi.spyOn(store, 'open')
    result.current.signIn()
    expect(open).toHaveBeenCalledTimes(1)
    result.current.redirect()
    result.current.cancel()
    expect(store.calls).toEqual(['open', 'redirect', 'cancel'])
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
