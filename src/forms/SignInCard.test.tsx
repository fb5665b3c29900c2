// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authError, fakeSignInStore, pendingSignIn, waitingSignIn } from '../../stories/fake-sign-in-store'
import { createClient } from '../core/index'
import { McpProvider, useMcpAuth } from '../react/index'
import { SignInCard, type SignInCardProps } from './SignInCard'

afterEach(cleanup)

function renderCard(props: Partial<SignInCardProps> = {}) {
  const actions = { signIn: vi.fn(), redirect: vi.fn(), cancel: vi.fn(), onRetry: vi.fn() }
  const view = render(<SignInCard pending={pendingSignIn()} {...actions} {...props} />)
  const card = view.container.querySelector<HTMLElement>('.mcp-elicit-sign-in')!
  return { ...view, card, ...actions, ...props }
}

describe('SignInCard', () => {
  it('names who asks and where the person signs in, and the scopes in words; focus lands on Sign in', () => {
    const { card } = renderCard({ server: { name: 'travel', version: '3.0.1' } })
    expect(screen.getByRole('group', { name: 'Sign in to continue' })).toBe(card)
    expect(card.dataset.state).toBe('needs_sign_in')
    expect(card.querySelector('.mcp-elicit-server')!.textContent).toBe('Asked by travel 3.0.1')
    const hosts = Object.fromEntries([...card.querySelectorAll<HTMLElement>('mark.mcp-elicit-sign-in-host')].map((mark) => [mark.dataset.party, mark.textContent]))
    expect(hosts).toEqual({ server: 'mcp.travel.example:8443', issuer: 'accounts.travel.example' })
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Confirm who you are', 'bookings:read'])
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Sign in' }))
    // Nothing of the authorization URL (state, PKCE challenge) is on the card.
    expect(card.textContent).not.toContain('code_challenge')
  })

  it('calls signIn() inside the click, before the click handler returned', () => {
    const signIn = vi.fn()
    let callsWhenTheClickEnded = -1
    const { card } = renderCard({ signIn })
    const button = within(card).getByRole('button', { name: 'Sign in' })
    // Registered after React's root listener, so it runs once React's handler returned, still in the same dispatch.
    const atEnd = () => (callsWhenTheClickEnded = signIn.mock.calls.length)
    window.addEventListener('click', atEnd)
    try {
      button.click()
      expect(signIn).toHaveBeenCalledTimes(1)
      expect(callsWhenTheClickEnded).toBe(1)
    } finally {
      window.removeEventListener('click', atEnd)
    }
  })

  it('Cancel and Escape give the sign-in up', async () => {
    const user = userEvent.setup()
    const { card, cancel } = renderCard()
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(cancel).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(cancel).toHaveBeenCalledTimes(2)
  })

  it('when the window was blocked, offers to continue in this tab (redirect) and focuses it', async () => {
    const user = userEvent.setup()
    const { card, redirect, signIn } = renderCard({ popupBlocked: true })
    expect(card.dataset.state).toBe('popup_blocked')
    expect(card.textContent).toContain('The browser blocked the sign-in window.')
    const fallback = within(card).getByRole('button', { name: 'Continue in this tab' })
    expect(document.activeElement).toBe(fallback)
    await user.click(fallback)
    expect(redirect).toHaveBeenCalledTimes(1)
    expect(signIn).not.toHaveBeenCalled()
    // Sign in stays, for a person who allows the pop-up now.
    expect(within(card).getByRole('button', { name: 'Sign in' })).toBeTruthy()
  })

  it('announces the open window and keeps a way to reopen it', () => {
    const { card } = renderCard({ opened: true })
    expect(card.dataset.state).toBe('window_open')
    expect(within(card).getByRole('status').textContent).toMatch(/^Finish signing in in the window that opened/)
    expect(within(card).getByRole('button', { name: 'Open sign-in again' })).toBeTruthy()
  })

  it('tells the store whose sign-in it is: Sign in, Continue in this tab and Cancel pass the pending endpoint', async () => {
    const user = userEvent.setup()
    const endpoint = 'https://mcp.travel.example:8443/mcp'
    const { card, signIn, redirect, cancel } = renderCard({ popupBlocked: true })
    await user.click(within(card).getByRole('button', { name: 'Sign in' }))
    await user.click(within(card).getByRole('button', { name: 'Continue in this tab' }))
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(signIn).toHaveBeenCalledWith(endpoint)
    expect(redirect).toHaveBeenCalledWith(endpoint)
    expect(cancel).toHaveBeenCalledWith(endpoint)
  })

  it('when the window closed: says it completes on its own if the person finished there, offers to open it again or cancel', async () => {
    const user = userEvent.setup()
    const { card, signIn, cancel } = renderCard({ windowClosed: true })
    expect(card.dataset.state).toBe('window_closed')
    expect(within(card).getByRole('status').textContent).toBe(
      'The sign-in window closed. If you finished signing in there, this page continues by itself; otherwise open it again or cancel.',
    )
    // Not a failure: nothing alarming, the access asked is still shown.
    expect(within(card).queryByRole('alert')).toBeNull()
    expect(within(card).getAllByRole('listitem')).toHaveLength(2)
    const again = within(card).getByRole('button', { name: 'Open sign-in again' })
    expect(document.activeElement).toBe(again)
    await user.click(again)
    expect(signIn).toHaveBeenCalledTimes(1)
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(cancel).toHaveBeenCalledTimes(1)
  })

  it('windowClosed texts are translatable', () => {
    const { card } = renderCard({ windowClosed: true, messages: { signInWindowClosed: 'Fenster zu', signInReopen: 'Nochmals öffnen' } })
    expect(within(card).getByRole('status').textContent).toBe('Fenster zu')
    expect(within(card).getByRole('button', { name: 'Nochmals öffnen' })).toBeTruthy()
  })

  it('says when the server cannot bind the sign-in to this browser (DPoP): its tokens are bearer tokens', () => {
    const { card, unmount } = renderCard({ pending: pendingSignIn({ dpopUnsupported: true }) })
    const line = card.querySelector('.mcp-elicit-sign-in-dpop')!
    expect(line.textContent).toBe('This server cannot bind the sign-in to this browser (DPoP), so its tokens are ordinary bearer tokens.')
    unmount()
    // Not said when the server binds them, nor on a failure; the prop (what useMcpAuth() spreads) says it too.
    expect(renderCard().card.querySelector('.mcp-elicit-sign-in-dpop')).toBeNull()
    cleanup()
    expect(renderCard({ error: authError('AUTH_TOKEN_FAILED'), pending: pendingSignIn({ dpopUnsupported: true }) }).card.querySelector('.mcp-elicit-sign-in-dpop')).toBeNull()
    cleanup()
    const translated = renderCard({ dpopUnsupported: true, messages: { signInDpopUnsupported: 'Kein DPoP' } })
    expect(translated.card.querySelector('.mcp-elicit-sign-in-dpop')!.textContent).toBe('Kein DPoP')
  })

  it('says when more access is asked (step-up), and when no scope is named', () => {
    const { card, unmount } = renderCard({ pending: pendingSignIn({ stepUp: true, scopes: ['files:write'] }) })
    expect(screen.getByRole('group', { name: 'More access needed' })).toBe(card)
    expect(card.dataset.stepUp).toBe('true')
    expect(card.textContent).toContain('You are signed in, but the server now asks for more access.')
    unmount()
    const none = renderCard({ pending: pendingSignIn({ scopes: [] }) })
    expect(none.card.textContent).toContain('It names no particular access')
    expect(within(none.card).queryByRole('list')).toBeNull()
  })

  it('a CORS block names the endpoint and the header the server must send', () => {
    const error = authError('AUTH_BLOCKED', { endpoint: 'https://accounts.travel.example/token', header: 'Access-Control-Allow-Origin: https://chat.example' })
    const { card } = renderCard({ error, pending: undefined })
    expect(card.dataset.state).toBe('failed')
    expect(within(card).getByRole('alert').textContent).toBe(
      'Signing in was blocked: https://accounts.travel.example/token does not allow this page to read its answers. That server must send Access-Control-Allow-Origin: https://chat.example.',
    )
    // The developer message is not the person's.
    expect(card.textContent).not.toContain('developer text')
  })

  it('cancelled: says so, and Try again opens the window in the click, then retries', async () => {
    const user = userEvent.setup()
    const order: string[] = []
    const { card } = renderCard({ error: authError('AUTH_ACCESS_DENIED'), cancelled: true, signIn: () => order.push('signIn'), onRetry: () => order.push('retry') })
    expect(card.dataset.state).toBe('cancelled')
    expect(within(card).getByRole('status').textContent).toBe('Sign-in cancelled.')
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull()
    const again = within(card).getByRole('button', { name: 'Try again' })
    expect(document.activeElement).toBe(again)
    await user.click(again)
    expect(order).toEqual(['signIn', 'retry'])
  })

  it('other failures in words by code, translatable, with the server’s description as text', () => {
    const error = authError('AUTH_TOKEN_FAILED', { description: 'invalid_grant <b>expired</b>' })
    const signIn = vi.fn()
    const onRetry = vi.fn()
    const { card } = renderCard({ error, pending: undefined, signIn, onRetry, messages: { signInFailed: (code) => `Fehler ${code}` } })
    const alert = within(card).getByRole('alert')
    expect(alert.querySelector('p')!.textContent).toBe('Fehler AUTH_TOKEN_FAILED')
    expect(alert.textContent).toContain('The sign-in service said: invalid_grant <b>expired</b>')
    expect(alert.querySelector('b')).toBeNull()
    // No sign-in had been asked yet: Try again only retries (no empty window).
    within(card).getByRole('button', { name: 'Try again' }).click()
    expect(signIn).not.toHaveBeenCalled()
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('isolates a hostile server name and scope; the hosts stay our own text', () => {
    const spoof = 'My Bank \u202Eelpmaxe.knab-ym\u202C'
    const { card } = renderCard({ server: { name: spoof }, pending: pendingSignIn({ scopes: ['read\u202Eetirw', '<img src=x>'] }) })
    const name = card.querySelector('.mcp-elicit-server bdi')!
    expect(name.getAttribute('dir')).toBe('auto')
    expect(name.textContent).not.toMatch(/[\u202A-\u202E]/)
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['readetirw', '<img src=x>'])
    expect(card.querySelector('img')).toBeNull()
  })

  it('takes what useMcpAuth() returns as is: <SignInCard {...auth} />, window closed and DPoP included', async () => {
    const user = userEvent.setup()
    const endpoint = 'https://mcp.travel.example:8443/mcp'
    const request = pendingSignIn({ endpoint, dpopUnsupported: true })
    const store = fakeSignInStore(waitingSignIn(request, { windowClosed: true }))
    const signIn = vi.spyOn(store, 'signIn')
    const cancel = vi.spyOn(store, 'cancel')
    function Auth() {
      const auth = useMcpAuth()
      return <SignInCard {...auth} />
    }
    const { container } = render(
      <McpProvider client={createClient(`${endpoint}?session=1`)} signIn={store}>
        <Auth />
      </McpProvider>,
    )
    const card = container.querySelector<HTMLElement>('.mcp-elicit-sign-in')!
    expect(card.dataset.state).toBe('window_closed')
    expect(card.querySelector('.mcp-elicit-sign-in-dpop')).not.toBeNull()
    await user.click(within(card).getByRole('button', { name: 'Open sign-in again' }))
    expect(signIn).toHaveBeenCalledWith(endpoint)
    expect(card.dataset.state).toBe('window_open')
    act(() => store.set(waitingSignIn(request, { windowClosed: true })))
    await user.click(within(card).getByRole('button', { name: 'Cancel' }))
    expect(cancel).toHaveBeenCalledWith(endpoint)
    expect(card.dataset.state).toBe('cancelled')
  })
})
