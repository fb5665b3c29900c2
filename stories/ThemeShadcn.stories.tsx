/**
 * The same elicitations through a published rjsf theme, @rjsf/shadcn, via the
 * `theme` prop, next to the default markup. The theme ships its stylesheet
 * prebuilt (Tailwind output in `@rjsf/shadcn/dist/*.css`), so no CSS build
 * step is needed; its rules sit in cascade layers, so the unlayered
 * `styles.css` of the cards still wins where both apply.
 *
 * The Chromium run (e2e/stories.spec.ts) checks these with axe like every
 * story; e2e/theme.spec.ts fills the themed form under a CSP without
 * 'unsafe-eval' with the no-eval validator.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Theme } from '@rjsf/shadcn'
import '@rjsf/shadcn/dist/default.css'
import { ElicitationForm, noEvalValidator, type ElicitationFormTheme } from '../src/forms/index'
import { formReady } from './form-ready'
import { endpoint, fields, formRequest, server } from './recorded'

/** The theme object as @rjsf/shadcn exports it: its templates and widgets. */
const shadcn: ElicitationFormTheme = Theme

/** Text, email, number, enum and boolean in one form (e2e/theme-page asks the same). */
const multiFieldRequest = formRequest(
  'Who is travelling?',
  {
    name: fields.name,
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'number', title: 'Age', minimum: 18, maximum: 120 },
    seat: { type: 'string', title: 'Seat', enum: ['window', 'aisle'], default: 'aisle' },
    newsletter: { type: 'boolean', title: 'Newsletter', description: 'Fare alerts by email', default: false },
  },
  ['name', 'email'],
)

const meta = {
  title: 'Themes/shadcn',
  component: ElicitationForm,
  args: { onRespond: fn(), server, url: endpoint },
  parameters: { rootClass: 'mcp-elicit-form' },
  beforeEach: () => {
    // The theme's checkbox (Radix) measures itself with ResizeObserver, which
    // jsdom lacks (stories.test.tsx); browsers have it, so this is a no-op there.
    if (typeof globalThis.ResizeObserver !== 'undefined') return
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    return () => {
      delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver
    }
  },
} satisfies Meta<typeof ElicitationForm>

export default meta
type Story = StoryObj<typeof meta>

const themed: Story['render'] = (args) => <ElicitationForm {...args} theme={shadcn} />

async function seesMultiField(canvasElement: HTMLElement) {
  await formReady(canvasElement)
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('textbox', { name: /^Full name/ })).toBeRequired()
  await expect(canvas.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('type', 'email')
  await expect(canvas.getByRole('spinbutton', { name: 'Age' })).toHaveAttribute('min', '18')
  await expect(canvas.getByRole('checkbox', { name: 'Newsletter' })).not.toBeChecked()
}

/** Accept with the required fields empty: the summary and an error on each field. */
async function failsRequired(canvasElement: HTMLElement, onRespond: unknown) {
  await formReady(canvasElement)
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'not-an-email')
  await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
  await expect(await canvas.findByRole('alert')).toHaveTextContent('2 answers need attention before sending.')
  await expect(canvasElement.querySelector('.mcp-elicit-form')).toHaveAttribute('data-state', 'invalid')
  // The field's own error, next to it (the summary lists it too, as "Full name: …").
  await expect(canvas.getByText('Enter Full name', { exact: true })).toBeVisible()
  await expect(canvas.getByText('Enter an email address', { exact: true })).toBeVisible()
  await waitFor(() => expect(canvas.getByRole('textbox', { name: /^Full name/ })).toHaveFocus())
  await expect(onRespond).not.toHaveBeenCalled()
}

// ——— a multi-field form ———

export const MultiFieldDefault: Story = {
  args: { request: multiFieldRequest },
  name: 'Multi-field: default markup',
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await seesMultiField(canvasElement)
    await expect((within(canvasElement).getByRole('combobox', { name: 'Seat' }) as HTMLSelectElement).selectedOptions[0]?.text).toBe('aisle')
  },
}

export const MultiFieldShadcn: Story = {
  args: { request: multiFieldRequest },
  name: 'Multi-field: @rjsf/shadcn',
  render: themed,
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await seesMultiField(canvasElement)
    // The theme's select is a button that opens a listbox (cmdk), not a <select>.
    await expect(within(canvasElement).getByRole('button', { name: 'aisle' })).toHaveAttribute('aria-haspopup', 'listbox')
  },
}

export const SideBySide: Story = {
  args: { request: multiFieldRequest },
  name: 'Side by side: default | @rjsf/shadcn',
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))', gap: '1.5rem', alignItems: 'start' }}>
      <section aria-label="Default markup">
        <ElicitationForm {...args} />
      </section>
      <section aria-label="@rjsf/shadcn">
        <ElicitationForm {...args} theme={shadcn} />
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await seesMultiField(canvas.getByRole('region', { name: 'Default markup' }))
    await seesMultiField(canvas.getByRole('region', { name: '@rjsf/shadcn' }))
  },
}

// ——— a required-field error state ———

export const RequiredErrorDefault: Story = {
  args: { request: multiFieldRequest },
  name: 'Required fields missing: default markup',
  play: async ({ canvasElement, args }) => failsRequired(canvasElement, args.onRespond),
}

export const RequiredErrorShadcn: Story = {
  args: { request: multiFieldRequest },
  name: 'Required fields missing: @rjsf/shadcn',
  render: themed,
  play: async ({ canvasElement, args }) => failsRequired(canvasElement, args.onRespond),
}

// ——— the no-eval validator (a page whose CSP forbids 'unsafe-eval') ———

export const NoEvalShadcn: Story = {
  name: '@rjsf/shadcn + no-eval validator: error, fix, Accept',
  args: { request: multiFieldRequest, validator: noEvalValidator },
  render: themed,
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('.mcp-elicit-form')).toHaveAttribute('data-validator', 'no-eval')
    await failsRequired(canvasElement, args.onRespond)
    await userEvent.type(canvas.getByRole('textbox', { name: /^Full name/ }), 'Ada Lovelace')
    const email = canvas.getByRole('textbox', { name: /^Email/ })
    await userEvent.clear(email)
    await userEvent.type(email, 'ada@example.com')
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Age' }), '36')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Newsletter' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await waitFor(() =>
      expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, seat: 'aisle', newsletter: true } }),
    )
    await expect(canvas.getByRole('status')).toHaveTextContent('Answer sent.')
  },
}

// ——— dark ———

export const DarkTheme: Story = {
  name: 'Dark: @rjsf/shadcn (its `.dark` variables) on the dark card',
  globals: { theme: 'dark' },
  args: { request: multiFieldRequest },
  render: (args) => (
    <div className="dark">
      <ElicitationForm {...args} theme={shadcn} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(canvasElement.querySelector('[data-theme="dark"] .dark .mcp-elicit-form')).not.toBeNull()
    await seesMultiField(canvasElement)
  },
}
