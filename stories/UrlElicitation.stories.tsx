import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { UrlElicitation } from '../src/forms/index'
import { endpoint, hostile, longMessage, longUrl, server, urlRequest } from './recorded'

const meta = {
  title: 'Forms/UrlElicitation',
  component: UrlElicitation,
  args: { onRespond: fn(), onRetry: fn(), server, url: endpoint },
  parameters: { rootClass: 'mcp-elicit-url' },
} satisfies Meta<typeof UrlElicitation>

export default meta
type Story = StoryObj<typeof meta>

/** The warnings shown on the card, in order. */
const warningsOf = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('[data-warning]')].map((item) => item.getAttribute('data-warning'))

/** ElicitRequestURLParams/elicit-sensitive-data.json: a plain https name, no warnings. */
export const OfficialExample: Story = {
  name: 'Safe https (official example)',
  args: { request: { mode: 'url', url: 'https://mcp.example.com/ui/set_api_key', message: 'Please provide your API key to continue.' } },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual([])
    await expect(within(canvasElement).getByRole('button', { name: 'Open mcp.example.com' })).toBeEnabled()
  },
}

export const Punycode: Story = {
  name: 'Warning: punycode host',
  // Cyrillic letters only ("аррӏе"): one script, but it imitates a Latin name.
  args: { request: urlRequest('Sign in to continue', 'https://xn--80ak6aa92e.com/signin') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['punycode'])
  },
}

export const MixedScript: Story = {
  name: 'Warning: mixed-script host',
  // "pаypal" with a Cyrillic "а"; the URL parser turns it into punycode, so both warnings show.
  args: { request: urlRequest('Confirm the payment', 'https://p\u0430ypal.com/login') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['punycode', 'mixed-script'])
  },
}

export const PlainHttp: Story = {
  name: 'Warning: plain http',
  args: { request: urlRequest('Pay on our site', 'http://pay.shop.example/checkout') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['insecure-http'])
  },
}

export const Credentials: Story = {
  name: 'Warning: credentials before @',
  args: { request: urlRequest('Sign in with your travel account', 'https://accounts.travel.example@evil.example/login') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['credentials'])
    await expect(canvasElement.querySelector('mark.mcp-elicit-url-host')).toHaveTextContent(/^evil\.example$/)
  },
}

export const RawIpv4: Story = {
  name: 'Warning: raw IPv4 host',
  args: { request: urlRequest('Confirm on the device page', 'https://203.0.113.7/confirm') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['ip-address'])
  },
}

export const Ipv6: Story = {
  name: 'Warning: IPv6 host',
  args: { request: urlRequest('Confirm on the device page', 'https://[2001:db8::1]:8443/confirm') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['ip-address'])
  },
}

export const EveryWarningAtOnce: Story = {
  args: { request: urlRequest('Open the router page', 'http://admin:pw@192.168.0.1/') },
  play: async ({ canvasElement }) => {
    await expect(warningsOf(canvasElement)).toEqual(['insecure-http', 'credentials', 'ip-address'])
  },
}

export const RefusedJavascript: Story = {
  name: 'Refused: javascript: URL',
  args: { request: urlRequest('Click to continue', 'javascript:alert(document.cookie)') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('This address uses "javascript:", which is not a web address. It will not be opened.')
    await expect(canvas.queryByRole('button', { name: /^Open/ })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeEnabled()
  },
}

export const RefusedInvalid: Story = {
  name: 'Refused: not a URL',
  args: { request: urlRequest('Open this', 'www.travel.example/no-scheme') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('This is not a valid web address.')
  },
}

export const AfterOpen: Story = {
  name: 'After Open (pop-up blocked or noopener)',
  args: { request: urlRequest('Pay on our site', 'https://pay.shop.example/checkout?order=8812') },
  // Nothing is opened from a story: `window.open` answers null, as under `noopener` or a pop-up blocker.
  beforeEach: () => {
    const original = window.open
    window.open = (() => null) as typeof window.open
    return () => {
      window.open = original
    }
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Open pay.shop.example' }))
    await expect(canvasElement.querySelector('.mcp-elicit-url')).toHaveAttribute('data-state', 'opened')
    await expect(canvas.getByRole('status')).toHaveTextContent('If no new window opened')
    await expect(canvas.getByRole('button', { name: 'Done, continue' })).toBeEnabled()
    // Done is now the one primary action; Open again steps back.
    await expect(canvas.getByRole('button', { name: 'Done, continue' })).toHaveClass('mcp-elicit-primary')
    await expect(canvas.getByRole('button', { name: 'Open again' })).not.toHaveClass('mcp-elicit-primary')
  },
}

export const LongTexts: Story = {
  args: { request: urlRequest(longMessage, longUrl) },
}

export const HostileText: Story = {
  name: 'Hostile text (rendered as text)',
  tags: ['hostile-text'],
  args: { server: { name: hostile }, request: urlRequest(hostile, 'https://shop.example/<script>alert(1)</script>?q=<img src=x onerror=alert(1)>') },
  play: async ({ canvasElement }) => {
    // The message, and the server name in the "Asked by" line.
    await expect(within(canvasElement).getAllByText(hostile)).toHaveLength(2)
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { request: urlRequest('Sign in with your travel account', 'http://ada@accounts.travel.example/login') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-url')).not.toBeNull()
  },
}
