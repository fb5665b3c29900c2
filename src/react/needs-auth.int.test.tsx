// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { fakeSignInStore, pendingSignIn, waitingSignIn, type FakeSignInStore } from '../../stories/fake-sign-in-store'
import { createClient, endpointKey, type CallState } from '../core/index'
import { McpProvider, useMcpTool } from './index'
import { loadSignInKit } from './call-auth'
import { withAuth } from './needs-auth'
import type { McpAuthResult } from './auth-view'

let server: ModernServer

beforeAll(async () => {
  server = await startModernServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(cleanup)

function renderTool(store: FakeSignInStore | undefined) {
  const client = createClient(server.url)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <McpProvider client={client} signIn={store}>
      {children}
    </McpProvider>
  )
  return renderHook(() => useMcpTool<{ ms: number }>('slow'), { wrapper })
}

describe('useMcpTool under a sign-in store', () => {
  it('is needs_auth while a sign-in is pending for its endpoint, and goes back to its own status after', async () => {
    const store = fakeSignInStore()
    const { result } = renderTool(store)
    const endpoint = endpointKey(server.url)
    // The sign-in kit loads on demand (call-auth.ts); here the store changes at once, where a server would answer 401 first.
    await act(() => loadSignInKit())
    let done!: Promise<CallState>
    act(() => {
      done = result.current.call({ ms: 300 })
    })
    expect(result.current.status).toBe('running')

    // Another endpoint's sign-in is not this call's.
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint: 'https://other.example/mcp' }))))
    expect(result.current.status).toBe('running')

    const request = pendingSignIn({ endpoint, scopes: ['tools:slow'] })
    act(() => store.set(waitingSignIn(request, { popupBlocked: true })))
    expect(result.current).toMatchObject({ status: 'needs_auth', callStatus: 'running', isActive: true, isAwaitingAuth: true, isAwaitingInput: false })
    expect(result.current.auth).toMatchObject({ status: 'signing_in', pending: request, popupBlocked: true, opened: false, endpoint })
    // The call's own state is untouched underneath.
    expect(result.current.state.status).toBe('running')

    act(() => result.current.auth.redirect())
    expect(result.current.auth).toMatchObject({ opened: true, popupBlocked: false, windowClosed: false })
    expect(result.current.status).toBe('needs_auth')
    expect(store.calls).toEqual(['redirect'])

    // The window closed (or COOP cut it off): still waiting on the sign-in, which may yet complete.
    act(() => store.set(waitingSignIn(request, { windowClosed: true })))
    expect(result.current).toMatchObject({ status: 'needs_auth', isActive: true })
    expect(result.current.auth).toMatchObject({ opened: false, windowClosed: true })

    act(() => store.set({ status: 'idle' }))
    expect(result.current.status).toBe('running')
    expect(result.current.isAwaitingAuth).toBe(false)
    expect((await done).status).toBe('done')
    await waitFor(() => expect(result.current.status).toBe('done'))

    // A pending sign-in does not touch a call that is not in flight.
    act(() => store.set(waitingSignIn(request)))
    expect(result.current.status).toBe('done')
  })

  it('auth.signIn, auth.redirect and auth.cancel reach the store naming the call’s endpoint; without a store they do nothing and there is no needs_auth', () => {
    const endpoint = endpointKey(server.url)
    const store = fakeSignInStore(waitingSignIn(pendingSignIn({ endpoint })))
    const signIn = vi.spyOn(store, 'signIn')
    const redirect = vi.spyOn(store, 'redirect')
    const cancel = vi.spyOn(store, 'cancel')
    const { result } = renderTool(store)
    result.current.auth.signIn()
    result.current.auth.redirect()
    result.current.auth.cancel()
    expect(store.calls).toEqual(['signIn', 'redirect', 'cancel'])
    expect(signIn).toHaveBeenCalledWith(endpoint)
    expect(redirect).toHaveBeenCalledWith(endpoint)
    expect(cancel).toHaveBeenCalledWith(endpoint)

    const bare = renderTool(undefined)
    expect(bare.result.current.auth).toMatchObject({ status: 'signed_out', pending: undefined, endpoint })
    expect(() => {
      bare.result.current.auth.signIn()
      bare.result.current.auth.cancel()
    }).not.toThrow()
  })

  it('a call’s auth is what useMcpAuth() returns, by the same names, in every status', () => {
    const endpoint = endpointKey(server.url)
    const store = fakeSignInStore()
    store.setSignedIn(endpoint, true)
    const { result } = renderTool(store)
    expect(result.current.status).toBe('idle')
    expect(result.current.auth).toMatchObject({ status: 'signed_in', pending: undefined, error: undefined, popupBlocked: false, opened: false, windowClosed: false, dpopUnsupported: false, cancelled: false, endpoint })
    expect(Object.keys(result.current.auth).sort()).toEqual(
      ['status', 'pending', 'error', 'popupBlocked', 'opened', 'windowClosed', 'dpopUnsupported', 'cancelled', 'signIn', 'redirect', 'cancel', 'signOut', 'endpoint'].sort(),
    )
  })
})

describe('before the sign-in kit has loaded (call-auth.ts)', () => {
  it('auth is the store’s signed-in status with its actions; a sign-in pending meanwhile is laid over the call, and told, once the kit lands', async () => {
    // Fresh modules: the kit an earlier test loaded is not there yet (react itself is not reloaded).
    vi.resetModules()
    const fresh = await import('./index')
    const core = await import('../core/index')
    const endpoint = core.endpointKey(server.url)
    const store = fakeSignInStore()
    store.setSignedIn(endpoint, true)
    const client = core.createClient(server.url)
    const told: string[] = []
    const wrapper = ({ children }: { children: ReactNode }) => (
      <fresh.McpProvider client={client} signIn={store}>
        {children}
      </fresh.McpProvider>
    )
    const { result } = renderHook(() => fresh.useMcpTool<{ ms: number }>('slow', { onStatusChange: (status) => void told.push(status) }), { wrapper })
    expect(result.current.auth).toMatchObject({ status: 'signed_in', pending: undefined, endpoint })
    act(() => result.current.auth.signIn())
    expect(store.calls).toEqual(['signIn'])
    let done!: Promise<CallState>
    act(() => {
      done = result.current.call({ ms: 300 })
    })
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint }))))
    // The kit is still on its way: the call's own status, never a sign-in it cannot read yet.
    expect(result.current.status).toBe('running')
    await waitFor(() => expect(result.current).toMatchObject({ status: 'needs_auth', callStatus: 'running', auth: { status: 'signing_in' } }))
    expect(told).toEqual(['running', 'needs_auth'])
    act(() => store.set({ status: 'idle' }))
    expect((await done).status).toBe('done')
    await waitFor(() => expect(told).toEqual(['running', 'needs_auth', 'running', 'done']))
  })
})

describe('one vocabulary: the sign-in lives on auth', () => {
  it('a call waiting for a sign-in has its state and actions on auth alone, and they reach the store', async () => {
    const endpoint = endpointKey(server.url)
    const store = fakeSignInStore()
    const { result } = renderTool(store)
    // The sign-in kit loads on demand (call-auth.ts); here the store changes at once, where a server would answer 401 first.
    await act(() => loadSignInKit())
    let done!: Promise<CallState>
    act(() => {
      done = result.current.call({ ms: 200 })
    })
    const request = pendingSignIn({ endpoint, scopes: ['tools:slow'], stepUp: true })
    act(() => store.set(waitingSignIn(request, { popupBlocked: true })))
    const tool = result.current
    if (tool.status !== 'needs_auth') throw new Error(`needs_auth expected, got ${tool.status}`)
    expect(tool.auth).toMatchObject({ status: 'signing_in', pending: request, popupBlocked: true, opened: false, windowClosed: false })
    for (const old of ['signIn', 'redirectSignIn', 'cancelSignIn', 'popupBlocked', 'authOpened', 'windowClosed']) expect(tool).not.toHaveProperty(old)
    for (const old of ['issuer', 'resource', 'scopes', 'stepUp']) expect(tool.auth).not.toHaveProperty(old)
    act(() => tool.auth.signIn())
    act(() => result.current.auth.redirect())
    expect(result.current.auth).toMatchObject({ status: 'signing_in', opened: true })
    expect(store.calls).toEqual(['signIn', 'redirect'])
    act(() => store.set({ status: 'idle' }))
    expect((await done).status).toBe('done')
  })
})

describe('withAuth', () => {
  it('keeps the task of a call waiting for a sign-in, so its status line stays', () => {
    const task = { taskId: 't-1', status: 'working' as const, statusMessage: 'Step 2 of 5' }
    const running: CallState = { status: 'running', request: { method: 'tools/call', params: { name: 'long' } }, round: 0, progress: undefined, task }
    const auth = { status: 'signing_in', pending: pendingSignIn(), popupBlocked: false, opened: false, windowClosed: false } as McpAuthResult
    const view = withAuth(running, auth, undefined)
    expect(view).toMatchObject({ status: 'needs_auth', callStatus: 'running', task })
    // The same sign-in gives the same `auth` object: a re-render that changed nothing hands out nothing new.
    const again = withAuth(running, auth, undefined)
    if (view.status !== 'needs_auth' || again.status !== 'needs_auth') throw new Error('needs_auth expected')
    expect(again.auth).toBe(view.auth)
  })
})
