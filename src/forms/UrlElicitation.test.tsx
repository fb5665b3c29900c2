// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UrlElicitation } from './UrlElicitation'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const server = { name: 'payments', version: '2.1.0' }
const endpoint = 'https://mcp.example.com/mcp'

function renderCard(url: string, extra: Partial<Parameters<typeof UrlElicitation>[0]> = {}) {
  const onRespond = vi.fn()
  const onRetry = vi.fn()
  const view = render(<UrlElicitation request={{ message: 'Sign in to continue.', url, elicitationId: 'e1' }} server={server} url={endpoint} onRespond={onRespond} onRetry={onRetry} {...extra} />)
  return { onRespond, onRetry, card: screen.getByRole('group', { name: 'Sign in to continue.' }), ...view }
}

describe('UrlElicitation', () => {
  it('shows the message, who asks, the full URL as text with the host highlighted, and fetches nothing', () => {
    const { card, container } = renderCard('https://auth.example.com/start?session=abc#top')
    expect(card).toHaveProperty('dataset.state', 'open')
    expect(card.querySelector('.mcp-elicit-server')!.textContent).toBe('Asked by payments 2.1.0 (mcp.example.com)')
    const full = container.querySelector('.mcp-elicit-url-full')!
    expect(full.textContent).toBe('https://auth.example.com/start?session=abc#top')
    expect(full.querySelector('mark')!.textContent).toBe('auth.example.com')
    // Nothing that makes the browser fetch the URL.
    expect(container.querySelector('a, link, img, iframe, script, [href], [src]')).toBeNull()
    expect(within(card).queryByRole('note')).toBeNull()
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Open auth.example.com', 'Decline', 'Skip question'])
    expect([...card.querySelectorAll('.mcp-elicit-primary')].map((button) => button.textContent)).toEqual(['Open auth.example.com'])
  })

  it.each([
    ['https://p\u0430ypal.com/login', ['punycode', 'mixed-script']],
    ['http://example.com/', ['insecure-http']],
    ['https://user:secret@example.com/', ['credentials']],
    ['https://192.168.1.10/admin', ['ip-address']],
    ['https://[2001:db8::1]/', ['ip-address']],
  ])('warns about %s', (url, kinds) => {
    const { card } = renderCard(url)
    const note = within(card).getByRole('note')
    expect([...note.querySelectorAll('li')].map((li) => li.dataset.warning)).toEqual(kinds)
    expect(within(card).getByRole('button', { name: /^Open / })).toBeTruthy()
  })

  it('names the decoded lookalike host in the punycode warning', () => {
    renderCard('https://p\u0430ypal.com/login')
    expect(screen.getByText(/shown as "p\u0430ypal\.com"/)).toBeTruthy()
  })

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'not a url'])('refuses %s: no Open or Accept, only Decline and Cancel', async (url) => {
    const open = vi.spyOn(window, 'open')
    const { card, onRespond, container } = renderCard(url)
    expect(within(card).getByRole('alert').textContent).toMatch(/will not be opened/)
    expect(within(card).queryByRole('button', { name: /Open|Accept/ })).toBeNull()
    expect(container.querySelector('script, a, [href]')).toBeNull()
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    expect(onRespond).toHaveBeenCalledWith({ action: 'decline' })
    expect(open).not.toHaveBeenCalled()
  })

  it('opens only on click, in a new window with noopener,noreferrer; then "Done, continue" accepts and retries', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window)
    const { card, onRespond, onRetry } = renderCard('https://auth.example.com/start')
    expect(open).not.toHaveBeenCalled()
    await userEvent.click(within(card).getByRole('button', { name: 'Open auth.example.com' }))
    expect(open).toHaveBeenCalledExactlyOnceWith('https://auth.example.com/start', '_blank', 'noopener,noreferrer')
    expect(card.dataset.state).toBe('opened')
    expect(within(card).queryByRole('status')).toBeNull()
    expect(onRespond).not.toHaveBeenCalled()
    // The primary action is now Done; Open again steps back to secondary, and the keyboard lands on Done.
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Done, continue', 'Open again', 'Decline', 'Skip question'])
    expect([...card.querySelectorAll('.mcp-elicit-primary')].map((button) => button.textContent)).toEqual(['Done, continue'])
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Done, continue' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Open again' }))
    expect(open).toHaveBeenCalledTimes(2)
    expect(onRespond).not.toHaveBeenCalled()
    await userEvent.click(within(card).getByRole('button', { name: 'Done, continue' }))
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'accept' })
    expect(onRetry).toHaveBeenCalledOnce()
    expect(card.dataset.state).toBe('answered')
  })

  it('offers the address to copy when window.open gives no window (blocked pop-up)', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const { card } = renderCard('https://auth.example.com/start')
    await userEvent.click(within(card).getByRole('button', { name: 'Open auth.example.com' }))
    const status = within(card).getByRole('status')
    expect(status.textContent).toMatch(/pop-up blocker/)
    expect(within(status).getByRole('textbox', { name: 'Address' })).toHaveProperty('value', 'https://auth.example.com/start')
    expect(within(card).getByRole('button', { name: 'Open again' })).toBeTruthy()
  })

  it('Decline and Skip question send exactly their action, once; nothing accepts before the page was opened', async () => {
    for (const [name, action] of [['Decline', 'decline'], ['Skip question', 'cancel']] as const) {
      const { card, onRespond, onRetry } = renderCard('https://auth.example.com/')
      await userEvent.click(within(card).getByRole('button', { name }))
      await userEvent.click(within(card).getByRole('button', { name }))
      expect(onRespond.mock.calls).toEqual([[{ action }]])
      expect(onRetry).not.toHaveBeenCalled()
      cleanup()
    }
  })

  it('Escape cancels', async () => {
    const { card, onRespond } = renderCard('https://auth.example.com/')
    within(card).getByRole('button', { name: 'Decline' }).focus()
    await userEvent.keyboard('{Escape}')
    expect(onRespond).toHaveBeenCalledExactlyOnceWith({ action: 'cancel' })
  })

  it('renders hostile server text as text', () => {
    const { container } = render(
      <UrlElicitation request={{ message: '<img src=x onerror=alert(1)><script>alert(1)</script>', url: 'https://example.com/<img src=x>' }} server={{ name: '<b>x</b>', version: '<i>1</i>' }} onRespond={() => {}} />,
    )
    expect(container.querySelector('img, script, b, i')).toBeNull()
    expect(screen.getByText('<img src=x onerror=alert(1)><script>alert(1)</script>')).toBeTruthy()
    expect(container.querySelector('.mcp-elicit-server')!.textContent).toBe('Asked by <b>x</b> <i>1</i>')
  })

  it('takes replacement texts', () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window)
    renderCard('https://auth.example.com/', { messages: { open: (host) => `Öffnen: ${host}`, decline: 'Ablehnen', skipQuestion: 'Überspringen', doneContinue: 'Fertig', openAgain: 'Nochmal öffnen' } })
    expect(screen.getByRole('button', { name: 'Überspringen' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Öffnen: auth.example.com' }))
    expect(screen.getByRole('button', { name: 'Fertig' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Nochmal öffnen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeTruthy()
  })
})
