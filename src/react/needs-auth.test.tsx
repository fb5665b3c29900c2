// @vitest-environment jsdom
import type { ReactNode } from 'react'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../test/servers/modern-server'
import { fakeSignInStore, pendingSignIn, type FakeSignInStore } from '../../stories/fake-sign-in-store'
import { createClient, type CallState } from '../core/index'
import { McpProvider, useMcpTool } from './index'
import { endpointOf } from './endpoint'
import { withAuth } from './needs-auth'
import type { McpAuthView } from './auth-view'

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
    const endpoint = endpointOf(server.url)
    let done!: Promise<CallState>
    act(() => {
      done = result.current.call({ ms: 300 })
    })
    expect(result.current.status).toBe('running')

    // Another endpoint's sign-in is not this call's.
    act(() => store.set({ status: 'needs_sign_in', request: pendingSignIn({ endpoint: 'https://other.example/mcp' }), popupBlocked: false }))
    expect(result.current.status).toBe('running')

    const request = pendingSignIn({ endpoint, scopes: ['tools:slow'] })
    act(() => store.set({ status: 'needs_sign_in', request, popupBlocked: true }))
    expect(result.current).toMatchObject({ status: 'needs_auth', callStatus: 'running', auth: request, popupBlocked: true, authOpened: false, isActive: true, isAwaitingAuth: true, isAwaitingInput: false })
    // The call's own state is untouched underneath.
    expect(result.current.state.status).toBe('running')

    act(() => result.current.redirectSignIn())
    expect(result.current).toMatchObject({ status: 'needs_auth', authOpened: true, popupBlocked: false, windowClosed: false })
    expect(store.calls).toEqual(['redirect'])

    // The window closed (or COOP cut it off): still waiting on the sign-in, which may yet complete.
    act(() => store.set({ status: 'needs_sign_in', request, popupBlocked: false, windowClosed: true }))
    expect(result.current).toMatchObject({ status: 'needs_auth', authOpened: false, windowClosed: true, isActive: true })

    act(() => store.set({ status: 'idle' }))
    expect(result.current.status).toBe('running')
    expect(result.current.isAwaitingAuth).toBe(false)
    expect((await done).status).toBe('done')
    await waitFor(() => expect(result.current.status).toBe('done'))

    // A pending sign-in does not touch a call that is not in flight.
    act(() => store.set({ status: 'needs_sign_in', request, popupBlocked: false }))
    expect(result.current.status).toBe('done')
  })

  it('signIn, redirectSignIn and cancelSignIn reach the store naming the call’s endpoint; without a store they do nothing and there is no needs_auth', () => {
    const endpoint = endpointOf(server.url)
    const store = fakeSignInStore({ status: 'needs_sign_in', request: pendingSignIn({ endpoint }), popupBlocked: false })
    const open = vi.spyOn(store, 'open')
    const redirect = vi.spyOn(store, 'redirect')
    const cancel = vi.spyOn(store, 'cancel')
    const { result } = renderTool(store)
    result.current.signIn()
    result.current.redirectSignIn()
    result.current.cancelSignIn()
    expect(store.calls).toEqual(['open', 'redirect', 'cancel'])
    expect(open).toHaveBeenCalledWith(endpoint)
    expect(redirect).toHaveBeenCalledWith(endpoint)
    expect(cancel).toHaveBeenCalledWith(endpoint)

    const bare = renderTool(undefined)
    expect(() => {
      bare.result.current.signIn()
      bare.result.current.cancelSignIn()
    }).not.toThrow()
  })
})

describe('withAuth', () => {
  it('keeps the task of a call waiting for a sign-in, so its status line stays', () => {
    const task = { taskId: 't-1', status: 'working' as const, statusMessage: 'Step 2 of 5' }
    const running: CallState = { status: 'running', request: { method: 'tools/call', params: { name: 'long' } }, round: 0, progress: undefined, task }
    const view = withAuth(running, { status: 'signing_in', pending: pendingSignIn(), popupBlocked: false, opened: false, windowClosed: false } as McpAuthView, undefined)
    expect(view).toMatchObject({ status: 'needs_auth', callStatus: 'running', task })
  })
})
