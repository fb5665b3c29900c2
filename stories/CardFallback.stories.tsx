import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { CardFallback } from '../src/forms/index'

/**
 * What a card's error boundary shows when the card cannot be rendered. The
 * fallback itself is rendered here: a story that really throws would have
 * React log the caught error, which the story checks count as a failure.
 * `src/forms/CardBoundary.test.tsx` throws for real.
 */
const meta = {
  title: 'Forms/CardFallback',
  component: CardFallback,
  args: { onDecline: fn(), onCancel: fn() },
  parameters: { rootClass: 'mcp-elicit-fallback' },
} satisfies Meta<typeof CardFallback>

export default meta
type Story = StoryObj<typeof meta>

export const ElicitationFallback: Story = {
  name: 'A form or URL card that failed: Decline and Skip question',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: 'This request could not be shown. You can still say no to it.' })).toHaveAttribute('data-state', 'failed')
    await userEvent.click(canvas.getByRole('button', { name: 'Skip question' }))
    await expect(args.onCancel).toHaveBeenCalledOnce()
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeDisabled()
    await expect(canvas.getByRole('status')).toHaveTextContent('Answer sent.')
  },
}

export const DeclineOnly: Story = {
  name: 'A sampling or roots card that failed: Decline only',
  args: { onCancel: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Decline'])
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }))
    await expect(args.onDecline).toHaveBeenCalledOnce()
  },
}

export const Translated: Story = {
  args: { messages: { cardFailed: 'Diese Anfrage kann nicht angezeigt werden.', decline: 'Ablehnen', skipQuestion: 'Frage überspringen' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Diese Anfrage kann nicht angezeigt werden.' })).toBeInTheDocument()
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-fallback')).not.toBeNull()
  },
}
