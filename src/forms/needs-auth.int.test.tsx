// @vitest-environment jsdom
/** The sign-in card where calls show it: McpToolCall, and InputRequestPanel spread from the hook. */
import type { ReactNode } from 'react'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { fakeSignInStore, pendingSignIn, waitingSignIn, type FakeSignInStore } from '../../stories/fake-sign-in-store'
import { McpAuthAccessDeniedError } from '../auth/errors'
import { createClient, endpointKey, type AuthProvider } from '../core/index'
import { McpProvider, useMcpTool } from '../react/index'
import { InputRequestPanel } from './InputRequestPanel'
import { McpToolCall } from './McpToolCall'
import { SignInCard } from './SignInCard'

let server: ModernServer
// Every call here runs this long so that it is still running when its sign-in card is clicked, on a
// loaded machine too: with 300 ms, the call sometimes ended first and took the card away before Cancel.
const SLOW_MS = 2500

beforeAll(async () => {
  server = await startModernServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(cleanup)

function Provided({ store, children }: { store: FakeSignInStore; children: ReactNode }) {
  return (
    <McpProvider client={createClient(server.url)} signIn={store}>
      {children}
    </McpProvider>
  )
}

describe('McpToolCall with a sign-in store', () => {
  it('shows the sign-in card while the call needs auth, and hides it once the store is idle again', async () => {
    const user = userEvent.setup()
    const store = fakeSignInStore()
    const { container } = render(
      <Provided store={store}>
        {/* Long enough that the call is still running when the card is clicked, on a loaded machine too. */}
        <McpToolCall name="slow" arguments={{ ms: SLOW_MS }} validator={validator} />
      </Provided>,
    )
    const section = container.querySelector<HTMLElement>('section.mcp-elicit-call')!
    await user.click(screen.getByRole('button', { name: 'Run slow' }))
    expect(section.dataset.state).toBe('running')

    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint: endpointKey(server.url) }))))
    // The sign-in kit loads on demand from the first render (call-auth.ts): here the store changes at
    // once, where a server would answer 401 first, so under load the kit may land a moment later.
    await waitFor(() => expect(section.dataset.state).toBe('needs_auth'))
    // The sign-in card is a chunk of its own (lazy-parts.tsx), loaded when first shown.
    const card = await within(section).findByRole('group', { name: 'Sign in to continue' })
    const signIn = within(card).getByRole('button', { name: 'Sign in' })
    // The card takes focus in an effect, which may run just after the lazily loaded card is found.
    await waitFor(() => expect(document.activeElement).toBe(signIn))
    // The card's Cancel is the way out; no second Stop button next to it.
    expect(within(section).queryByRole('button', { name: 'Stop' })).toBeNull()
    await user.click(signIn)
    expect(store.calls).toEqual(['signIn'])
    expect(within(card).getByRole('status').textContent).toMatch(/^Finish signing in/)

    act(() => store.set({ status: 'idle' }))
    expect(within(section).queryByRole('group', { name: 'Sign in to continue' })).toBeNull()
    expect(section.dataset.state).toBe('running')
    await waitFor(() => expect(section.dataset.state).toBe('done'), { timeout: SLOW_MS + 2000 })
    expect(within(section).getByText(`waited ${SLOW_MS}ms`)).toBeTruthy()
  })
})

/**
 * A client whose tools/call is refused (401) until a sign-in "completes",
 * with the fake store standing in for the browser sign-in: the core asks
 * the provider, the provider files the sign-in in the store and waits.
 */
function signingInClient(store: FakeSignInStore) {
  const endpoint = endpointKey(server.url)
  let token: string | undefined
  let waiting: { resolve: (ok: boolean) => void; reject: (error: unknown) => void } | undefined
  const request = pendingSignIn({ endpoint })
  const auth: AuthProvider = {
    authorization: async () => (token ? `Bearer ${token}` : undefined),
    challenged: () =>
      new Promise<boolean>((resolve, reject) => {
        waiting = { resolve, reject }
        store.set(waitingSignIn(request))
      }),
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const refused = !new Headers(init?.headers).has('authorization') && String(init?.body ?? '').includes('"tools/call"')
    return refused ? new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer scope="openid"' } }) : globalThis.fetch(input, init)
  }
  // As browserSignIn() does on cancel: the store shows the failure, the waiting request fails with it.
  store.cancel = () => {
    store.calls.push('cancel')
    const error = new McpAuthAccessDeniedError('The sign-in was cancelled')
    store.set({ status: 'error', pending: request, error, cancelled: true })
    waiting?.reject(error)
  }
  const complete = () => {
    token = 'secret-token'
    store.setSignedIn(endpoint, true)
    store.set({ status: 'idle' })
    waiting?.resolve(true)
  }
  return { client: createClient(server.url, { auth, fetch }), complete }
}

describe('McpToolCall: a sign-in that fails, then works', () => {
  it('cancelled: the card says so; Try again opens the window in the click and retries; the call then completes', async () => {
    const user = userEvent.setup()
    const store = fakeSignInStore()
    const { client, complete } = signingInClient(store)
    const { container } = render(
      <McpProvider client={client} signIn={store}>
        <McpToolCall name="echo" arguments={{ text: 'after sign-in' }} validator={validator} />
      </McpProvider>,
    )
    const section = container.querySelector<HTMLElement>('section.mcp-elicit-call')!
    await user.click(screen.getByRole('button', { name: 'Run echo' }))
    const card = await within(section).findByRole('group', { name: 'Sign in to continue' })
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(section.dataset.state).toBe('error'))
    const failed = within(section).getByRole('group', { name: 'Sign in to continue' })
    expect(failed.dataset.state).toBe('cancelled')
    expect(within(failed).getByRole('status').textContent).toBe('Sign-in cancelled.')
    // One Try again (the card's), and Start over.
    expect(within(section).getAllByRole('button', { name: 'Try again' })).toHaveLength(1)
    expect(within(section).getByRole('button', { name: 'Start over' })).toBeTruthy()

    const signIn = vi.spyOn(store, 'signIn')
    await user.click(within(failed).getByRole('button', { name: 'Try again' }))
    expect(store.calls).toEqual(['cancel', 'signIn'])
    // Nothing pending yet: a blank window that only this endpoint's sign-in fills.
    expect(signIn).toHaveBeenCalledWith(endpointKey(server.url))
    await waitFor(() => expect(section.dataset.state).toBe('needs_auth'))
    act(() => complete())
    await waitFor(() => expect(section.dataset.state).toBe('done'))
    expect(within(section).getByText('after sign-in')).toBeTruthy()
    expect(section.textContent).not.toContain('secret-token')
  })
})

describe('McpToolCall when the sign-in window closed', () => {
  it('says it may still complete, and offers to open it again (for this endpoint) or cancel', async () => {
    const user = userEvent.setup()
    const store = fakeSignInStore()
    const signIn = vi.spyOn(store, 'signIn')
    const { container } = render(
      <Provided store={store}>
        {/* Long enough that the call is still running when the card is clicked, on a loaded machine too. */}
        <McpToolCall name="slow" arguments={{ ms: SLOW_MS }} validator={validator} />
      </Provided>,
    )
    const section = container.querySelector<HTMLElement>('section.mcp-elicit-call')!
    await user.click(screen.getByRole('button', { name: 'Run slow' }))
    const request = pendingSignIn({ endpoint: endpointKey(server.url) })
    act(() => store.set(waitingSignIn(request, { windowClosed: true })))
    await waitFor(() => expect(section.dataset.state).toBe('needs_auth'))
    const card = await within(section).findByRole('group', { name: 'Sign in to continue' })
    expect(card.dataset.state).toBe('window_closed')
    expect(within(card).getByRole('status').textContent).toMatch(/^The sign-in window closed\. If you finished signing in there, this page continues by itself/)
    await user.click(within(card).getByRole('button', { name: 'Open sign-in again' }))
    expect(signIn).toHaveBeenCalledWith(endpointKey(server.url))
    expect(card.dataset.state).toBe('window_open')
    act(() => store.set({ status: 'idle' }))
    await waitFor(() => expect(section.dataset.state).toBe('done'), { timeout: SLOW_MS + 2000 })
  })
})

describe('InputRequestPanel spread from the hook', () => {
  function Chat() {
    const tool = useMcpTool('slow')
    return (
      <>
        <button onClick={() => void tool.call({ ms: SLOW_MS })}>Run</button>
        <InputRequestPanel {...tool} validator={validator} />
      </>
    )
  }

  it('renders the sign-in card under needs_auth, wired to the store', async () => {
    const user = userEvent.setup()
    const store = fakeSignInStore()
    store.blockPopups = true
    render(
      <Provided store={store}>
        <Chat />
      </Provided>,
    )
    await user.click(screen.getByRole('button', { name: 'Run' }))
    expect(document.querySelector('.mcp-elicit-panel')).toBeNull()
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint: endpointKey(server.url), stepUp: true }))))
    const card = screen.getByRole('group', { name: 'More access needed' })
    expect(card.closest('.mcp-elicit-panel')!.getAttribute('data-state')).toBe('needs_auth')
    await user.click(within(card).getByRole('button', { name: 'Sign in' }))
    // Blocked: the fallback appears and takes focus.
    const fallback = await within(card).findByRole('button', { name: 'Continue in this tab' })
    expect(document.activeElement).toBe(fallback)
    await user.click(fallback)
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(store.calls).toEqual(['signIn', 'redirect', 'cancel'])
    // Cancelled in the store: nothing pending, the panel steps aside (the call's own status again).
    expect(screen.queryByRole('group', { name: 'More access needed' })).toBeNull()
  })
})

describe('SignInCard spread from a call’s auth', () => {
  function Chat() {
    const tool = useMcpTool('slow')
    return (
      <>
        <button onClick={() => void tool.call({ ms: SLOW_MS })}>Run</button>
        {tool.status === 'needs_auth' && <SignInCard {...tool.auth} server={tool.server} />}
      </>
    )
  }

  it('needs no renaming: <SignInCard {...tool.auth} /> shows the sign-in and drives the store for the call’s endpoint', async () => {
    const user = userEvent.setup()
    const store = fakeSignInStore()
    const signIn = vi.spyOn(store, 'signIn')
    render(
      <Provided store={store}>
        <Chat />
      </Provided>,
    )
    await user.click(screen.getByRole('button', { name: 'Run' }))
    act(() => store.set(waitingSignIn(pendingSignIn({ endpoint: endpointKey(server.url), dpopUnsupported: true }), { windowClosed: true })))
    const card = screen.getByRole('group', { name: 'Sign in to continue' })
    expect(card.dataset.state).toBe('window_closed')
    expect(card.querySelector('.mcp-elicit-sign-in-dpop')).not.toBeNull()
    await user.click(within(card).getByRole('button', { name: 'Open sign-in again' }))
    expect(signIn).toHaveBeenCalledWith(endpointKey(server.url))
    expect(card.dataset.state).toBe('window_open')
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(store.calls).toEqual(['signIn', 'cancel'])
  })
})
