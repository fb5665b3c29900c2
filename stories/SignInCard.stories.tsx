import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { createClient } from '../src/core/index'
import { SignInCard, type SignInCardProps } from '../src/forms/index'
import { McpProvider, useMcpAuth } from '../src/react/index'
import { authError, fakeSignInStore, pendingSignIn, waitingSignIn } from './fake-sign-in-store'
import { endpoint, hostile, hugeName, server, spoofedTitle } from './recorded'

/**
 * The card driven by a fake store through `useMcpAuth()`, spread in as is:
 * Sign in moves it to "window open" (or "blocked" with `blockPopups`),
 * Cancel to "cancelled". The args' actions record the clicks too.
 */
function Live({ blockPopups, ...props }: SignInCardProps & { blockPopups?: boolean }) {
  const [{ store, client }] = useState(() => {
    const pending = props.pending ?? pendingSignIn()
    const made = fakeSignInStore(waitingSignIn(pending))
    made.blockPopups = blockPopups ?? false
    return { store: made, client: createClient(pending.endpoint) }
  })
  return (
    <McpProvider client={client} signIn={store}>
      <LiveCard {...props} />
    </McpProvider>
  )
}

function LiveCard(props: SignInCardProps) {
  const auth = useMcpAuth()
  return (
    <SignInCard
      {...props}
      {...auth}
      signIn={() => {
        props.signIn()
        auth.signIn()
      }}
      redirect={() => {
        props.redirect?.()
        auth.redirect()
      }}
      cancel={() => {
        props.cancel?.()
        auth.cancel()
      }}
    />
  )
}

const meta = {
  title: 'Forms/SignInCard',
  component: SignInCard,
  args: { pending: pendingSignIn(), server, url: endpoint, signIn: fn(), redirect: fn(), cancel: fn(), onRetry: fn() },
  parameters: { rootClass: 'mcp-elicit-sign-in' },
} satisfies Meta<typeof SignInCard>

export default meta
type Story = StoryObj<typeof meta>

const card = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.mcp-elicit-sign-in')!

export const NeedsSignIn: Story = {
  name: 'Needs sign-in',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'needs_sign_in')
    await expect(canvas.getByRole('group', { name: 'Sign in to continue' })).toBeInTheDocument()
    await expect(canvas.getByText('accounts.travel.example')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }))
    await expect(args.signIn).toHaveBeenCalledTimes(1)
  },
}

export const StepUp: Story = {
  name: 'Step-up: more access asked',
  args: { pending: pendingSignIn({ stepUp: true, scopes: ['bookings:write', 'payments:charge'] }) },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute('data-step-up', 'true')
    await expect(within(canvasElement).getByRole('group', { name: 'More access needed' })).toBeInTheDocument()
    await expect(canvasElement).toHaveTextContent('You are signed in, but the server now asks for more access.')
  },
}

export const NoScopes: Story = {
  name: 'No scope named',
  args: { pending: pendingSignIn({ scopes: [] }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('It names no particular access')
  },
}

export const PopupBlocked: Story = {
  name: 'Pop-up blocked: continue in this tab',
  args: { popupBlocked: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'popup_blocked')
    await userEvent.click(canvas.getByRole('button', { name: 'Continue in this tab' }))
    await expect(args.redirect).toHaveBeenCalledTimes(1)
  },
}

export const SigningIn: Story = {
  name: 'Signing in (window open)',
  args: { opened: true },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'window_open')
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Finish signing in in the window that opened.')
  },
}

export const WindowClosed: Story = {
  name: 'Window closed: it may still complete; open again or cancel',
  args: { windowClosed: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'window_closed')
    await expect(canvas.getByRole('status')).toHaveTextContent('If you finished signing in there, this page continues by itself')
    await userEvent.click(canvas.getByRole('button', { name: 'Open sign-in again' }))
    await expect(args.signIn).toHaveBeenCalledTimes(1)
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(args.cancel).toHaveBeenCalledTimes(1)
  },
}

export const DpopUnsupported: Story = {
  name: 'No DPoP at this server: bearer tokens',
  args: { pending: pendingSignIn({ dpopUnsupported: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('cannot bind the sign-in to this browser (DPoP)')
  },
}

export const LiveBlocked: Story = {
  name: 'Live: Sign in, the browser blocks the window',
  render: (args) => <Live {...args} blockPopups />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }))
    await expect(args.signIn).toHaveBeenCalledTimes(1)
    await expect(await canvas.findByRole('button', { name: 'Continue in this tab' })).toHaveFocus()
    await userEvent.click(canvas.getByRole('button', { name: 'Continue in this tab' }))
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'window_open')
  },
}

export const Cancelled: Story = {
  name: 'Cancelled: try again',
  args: { error: authError('AUTH_ACCESS_DENIED'), cancelled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'cancelled')
    await expect(canvas.getByRole('status')).toHaveTextContent('Sign-in cancelled.')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.signIn).toHaveBeenCalledTimes(1)
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const LiveCancel: Story = {
  name: 'Live: Cancel',
  render: (args) => <Live {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }))
    await expect(card(canvasElement)).toHaveAttribute('data-state', 'cancelled')
  },
}

export const BlockedByCors: Story = {
  name: 'Error: blocked by CORS',
  args: {
    pending: undefined,
    error: authError('AUTH_BLOCKED', { endpoint: 'https://accounts.travel.example/.well-known/oauth-authorization-server', header: 'Access-Control-Allow-Origin: https://chat.example' }),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert')
    await expect(alert).toHaveTextContent('https://accounts.travel.example/.well-known/oauth-authorization-server does not allow this page to read its answers')
    await expect(alert).toHaveTextContent('That server must send Access-Control-Allow-Origin: https://chat.example.')
  },
}

export const OtherError: Story = {
  name: 'Error: token refused, with the server’s description',
  args: { error: authError('AUTH_TOKEN_FAILED', { description: 'The authorization code has expired.' }) },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert')
    await expect(alert).toHaveTextContent('The sign-in service did not complete the sign-in.')
    await expect(alert).toHaveTextContent('The sign-in service said: The authorization code has expired.')
  },
}

export const LongNames: Story = {
  name: 'Long server name, multi-tenant issuer, many scopes',
  args: {
    server: { name: hugeName, version: '3.0.1' },
    pending: pendingSignIn({
      issuer: `https://login.identity-provider-for-very-large-enterprises.example/tenants/${'a1b2c3d4'.repeat(12)}/v2.0`,
      scopes: Array.from({ length: 40 }, (_, index) => `api://bookings.travel.example/scope-${index}.ReadWrite.All`),
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('and 28 more')
    await expect(within(canvasElement).getByRole('button', { name: 'Show all' })).toBeInTheDocument()
  },
}

export const HostileText: Story = {
  name: 'Hostile: server name, scopes and description as text; lookalike issuer warned',
  tags: ['hostile-text'],
  args: {
    server: { name: hostile, title: spoofedTitle },
    // A punycode issuer host ("аррӏе" in Cyrillic) is highlighted as it is and warned about.
    pending: pendingSignIn({ issuer: 'https://xn--80ak6aa92e.com', scopes: [hostile, 'read\u202Eetirw\u202C', ''] }),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-warning="punycode"]')).not.toBeNull()
    await expect(canvasElement.querySelector('[data-party="issuer"]')).toHaveTextContent('xn--80ak6aa92e.com')
    await expect(within(canvasElement).getAllByText(hostile).length).toBeGreaterThan(0)
  },
}

export const HostileError: Story = {
  name: 'Hostile: error description and blocked endpoint as text',
  tags: ['hostile-text'],
  args: { pending: undefined, error: authError('AUTH_BLOCKED', { endpoint: hostile, header: `${hostile}\u202E` }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Signing in was blocked')
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { popupBlocked: true, pending: pendingSignIn({ stepUp: true }) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-sign-in')).not.toBeNull()
  },
}
