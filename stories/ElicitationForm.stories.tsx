import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ElicitationForm, noEvalValidator } from '../src/forms/index'
import { formReady } from './form-ready'
import { bookingRequest, contactRequest, endpoint, fields, formRequest, hostile, hugeName, longMessage, longTitle, server, spoofedTitle } from './recorded'

const meta = {
  title: 'Forms/ElicitationForm',
  component: ElicitationForm,
  args: { onRespond: fn(), server, url: endpoint },
  parameters: { rootClass: 'mcp-elicit-form' },
  // For the stories without a play function of their own: the whole form, as it loads.
  play: ({ canvasElement }) => formReady(canvasElement),
} satisfies Meta<typeof ElicitationForm>

export default meta
type Story = StoryObj<typeof meta>

// ——— one story per field kind ———

export const StringWithLength: Story = {
  args: { request: formRequest('What name should the ticket carry?', { name: fields.name }, ['name']) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const input = within(canvasElement).getByRole('textbox', { name: /^Full name/ }) as HTMLInputElement
    await expect([input.type, input.minLength, input.maxLength, input.required]).toEqual(['text', 2, 40, true])
  },
}

export const Email: Story = {
  args: { request: formRequest('Where should we send the tickets?', { email: fields.email }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const input = within(canvasElement).getByRole('textbox', { name: 'Display Name' }) as HTMLInputElement
    await expect([input.type, input.value, input.minLength, input.maxLength]).toEqual(['email', 'user@example.com', 3, 50])
  },
}

export const Uri: Story = {
  args: { request: formRequest('Tell travellers where to find you', { site: fields.uri }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect((within(canvasElement).getByRole('textbox', { name: 'Website' }) as HTMLInputElement).type).toBe('url')
  },
}

export const DateField: Story = {
  args: { request: formRequest('When were you born?', { birthday: fields.date }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect((within(canvasElement).getByLabelText('Birthday') as HTMLInputElement).type).toBe('date')
  },
}

export const DateTime: Story = {
  name: 'Date-time (keeps the chosen offset)',
  args: { request: formRequest('When do you want to leave?', { departure: fields.dateTime }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect((within(canvasElement).getByLabelText(/^Departure/) as HTMLInputElement).type).toBe('datetime-local')
  },
}

export const NumberWithBounds: Story = {
  args: { request: formRequest('How sure are you?', { confidence: fields.number }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Display Name' }) as HTMLInputElement
    await expect([input.min, input.max, input.value]).toEqual(['0', '100', '50'])
  },
}

export const IntegerWithBounds: Story = {
  args: { request: formRequest('How many passengers?', { passengers: fields.integer }, ['passengers']) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const input = within(canvasElement).getByRole('spinbutton', { name: /^Passengers/ }) as HTMLInputElement
    await expect([input.min, input.max, input.step]).toEqual(['1', '9', '1'])
  },
}

export const BooleanField: Story = {
  args: { request: formRequest('Keep me posted?', { subscribe: fields.boolean }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Display Name' })).not.toBeChecked()
  },
}

export const EnumSelect: Story = {
  name: 'Single select: enum',
  args: { request: formRequest('Pick a colour', { color: fields.enum }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const select = within(canvasElement).getByRole('combobox', { name: 'Color Selection' }) as HTMLSelectElement
    await expect([...select.options].map((option) => option.text)).toEqual(['', 'Red', 'Green', 'Blue'])
  },
}

export const OneOfTitled: Story = {
  name: 'Single select: oneOf with titles',
  args: { request: formRequest('Pick a colour', { color: fields.oneOf }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const select = within(canvasElement).getByRole('combobox', { name: 'Color Selection' }) as HTMLSelectElement
    await expect(select.selectedOptions[0]?.text).toBe('Red')
  },
}

export const LegacyEnumNames: Story = {
  name: 'Single select: legacy enum + enumNames',
  args: { request: formRequest('Which meal?', { meal: fields.enumNames }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const select = within(canvasElement).getByRole('combobox', { name: 'Meal' }) as HTMLSelectElement
    await expect([...select.options].map((option) => option.text)).toEqual(['', 'Vegetarian', 'Standard', 'No meal'])
  },
}

export const MultiSelectEnum: Story = {
  name: 'Multi-select: items.enum',
  args: { request: formRequest('Pick up to two colours', { colors: fields.multiEnum }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const group = within(canvasElement).getByRole('group', { name: /^Color Selection/ })
    await expect(within(group).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, false])
  },
}

export const MultiSelectAnyOfTitled: Story = {
  name: 'Multi-select: items.anyOf with titles, min/maxItems',
  args: { request: formRequest('Pick up to two colours', { colors: fields.multiAnyOf }, ['colors']) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const group = within(canvasElement).getByRole('group', { name: /^Color Selection/ })
    await expect(within(group).getByRole('checkbox', { name: 'Blue' })).not.toBeChecked()
    await expect(within(group).getByRole('checkbox', { name: 'Red' })).toBeChecked()
  },
}

export const Required: Story = {
  args: {
    request: formRequest(
      'We need these to issue the ticket',
      { name: fields.name, birthday: fields.date, passengers: fields.integer, remark: { type: 'string', title: 'Remark (optional)' } },
      ['name', 'birthday', 'passengers'],
    ),
  },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('textbox', { name: /^Full name/ })).toBeRequired()
    await expect(within(canvasElement).getByRole('textbox', { name: 'Remark (optional)' })).not.toBeRequired()
  },
}

export const Defaults: Story = {
  name: 'Defaults pre-filled',
  args: {
    request: formRequest('Check the suggested answers', {
      email: fields.email,
      confidence: fields.number,
      subscribe: fields.boolean,
      color: fields.enum,
      accent: { ...fields.oneOf, title: 'Accent colour' },
      palette: { ...fields.multiAnyOf, title: 'Palette' },
    }),
  },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'Display Name' })).toHaveValue('user@example.com')
    await expect(canvas.getByRole('spinbutton', { name: 'Display Name' })).toHaveValue(50)
    await expect((canvas.getByRole('combobox', { name: 'Accent colour' }) as HTMLSelectElement).selectedOptions[0]?.text).toBe('Red')
    await expect(within(canvas.getByRole('group', { name: /^Palette/ })).getByRole('checkbox', { name: 'Green' })).toBeChecked()
  },
}

export const EveryKind: Story = {
  args: { request: bookingRequest },
}

export const OfficialContactExample: Story = {
  name: 'Official example: contact information',
  args: { request: contactRequest },
}

// ——— special schemas ———

export const EmptySchemaConfirm: Story = {
  name: 'Empty schema (confirm)',
  args: { request: formRequest('Cancel the booking for 3 March? This cannot be undone.', {}) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(canvasElement.querySelector('.mcp-elicit-form')).toHaveAttribute('data-kind', 'confirm')
  },
}

export const UnsupportedOptionalField: Story = {
  name: 'Unsupported: optional nested object',
  args: {
    request: formRequest('Your address', { city: { type: 'string', title: 'City' }, geo: { type: 'object', properties: { lat: { type: 'number' } } } }, ['city']),
  },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('note')).toHaveTextContent('geo: This field is a nested object')
    await expect(within(canvasElement).getByRole('button', { name: 'Accept' })).toBeEnabled()
  },
}

export const UnsupportedRequiredField: Story = {
  name: 'Unsupported: required $ref (Accept disabled)',
  args: { request: formRequest('Your passport', { passport: { $ref: '#/$defs/passport' }, remark: { type: 'string', title: 'Remark' } }, ['passport']) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('button', { name: 'Accept' })).toBeDisabled()
    await expect(within(canvasElement).getByRole('button', { name: 'Decline' })).toBeEnabled()
  },
}

export const UnsupportedSchema: Story = {
  name: 'Unsupported: not an object schema',
  args: { request: { mode: 'form', message: 'List your trips', requestedSchema: { type: 'array', items: { type: 'string' } } } },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getByRole('note')).toHaveTextContent('only an object of fields can be shown')
    await expect(within(canvasElement).getByRole('button', { name: 'Accept' })).toBeDisabled()
  },
}

// ——— CSP fallback and errors ———

export const CspFallbackNoEval: Story = {
  name: "CSP fallback: a page without 'unsafe-eval' (no-eval validator)",
  args: { request: bookingRequest, validator: noEvalValidator },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('.mcp-elicit-form')).toHaveAttribute('data-validator', 'no-eval')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'not-an-email')
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('3 answers need attention before sending.')
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
  },
}

export const ErrorsAfterFailedAccept: Story = {
  name: 'Errors after a failed Accept',
  args: { request: bookingRequest },
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'not-an-email')
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('3 answers need attention before sending.')
    const name = canvas.getByRole('textbox', { name: /^Full name/ })
    await waitFor(() => expect(name).toHaveFocus())
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(canvasElement.querySelector('.mcp-elicit-form')).toHaveAttribute('data-state', 'invalid')
    // Plain words naming the field, and a summary whose links focus their field.
    await expect(canvas.getByText('Enter an email address', { selector: '.mcp-elicit-field-errors li' })).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Email: Enter an email address' }))
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus()
    await expect(args.onRespond).not.toHaveBeenCalled()
  },
}

export const AfterAccept: Story = {
  name: 'Answered (after Accept)',
  args: { request: formRequest('Keep me posted?', { subscribe: fields.boolean }) },
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Display Name' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(args.onRespond).toHaveBeenCalledWith({ action: 'accept', content: { subscribe: true } }))
    await expect(canvas.getByRole('status')).toHaveTextContent('Answer sent.')
  },
}

// ——— long and hostile texts, dark theme ———

export const LongTexts: Story = {
  args: {
    server: { name: 'travel-booking-and-loyalty-programme-integration-server-eu-west-1', version: '2026.11.30-rc.17+build.4711' },
    request: formRequest(
      longMessage,
      {
        name: { type: 'string', title: longTitle, description: longMessage.slice(0, 600), maxLength: 200 },
        fare: {
          type: 'string',
          title: `${longTitle} (fare class)`,
          oneOf: [
            { const: 'flex', title: 'Fully flexible fare with free changes up to two hours before departure, refundable to the original payment method' },
            { const: 'saver', title: 'Saver' },
          ],
        },
        unbroken: { type: 'string', title: 'X'.repeat(160) },
      },
      ['name'],
    ),
  },
}

export const HostileText: Story = {
  name: 'Hostile text (rendered as text)',
  tags: ['hostile-text'],
  args: {
    server: { name: hostile, version: '<b>1</b>' },
    request: formRequest(
      hostile,
      {
        name: { type: 'string', title: hostile, description: `[Click me](javascript:alert(1)) ${hostile}` },
        pick: { type: 'string', title: 'Pick', oneOf: [{ const: 'a', title: hostile }, { const: 'b', title: '<iframe src="https://evil.example">' }] },
        legacy: { type: 'string', title: 'Legacy', enum: ['x'], enumNames: [hostile] },
        many: { type: 'array', title: 'Many', items: { anyOf: [{ const: 'm', title: hostile }] } },
      },
      ['name'],
    ),
  },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(within(canvasElement).getAllByText(hostile).length).toBeGreaterThan(1)
  },
}

export const SpoofedServerTitle: Story = {
  name: 'Hostile: bidi override in serverInfo.title (isolated)',
  tags: ['hostile-text'],
  args: { server: { name: 'bank', title: spoofedTitle, version: '1.0' }, request: formRequest('Confirm the transfer?', {}) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const line = canvasElement.querySelector('.mcp-elicit-server')!
    // The server's title is in its own bdi, without the override; the host in its own, after it.
    await expect(line.querySelector('bdi.mcp-elicit-server-text[dir="auto"]')).toHaveTextContent('My Bank elpmaxe.knab-ym.pcm(')
    await expect(line.querySelector('bdi.mcp-elicit-server-host[dir="ltr"]')).toHaveTextContent('mcp.travel.example:8443')
    await expect(line.textContent).not.toMatch(/\u202E/)
  },
}

export const HugeServerName: Story = {
  name: 'Hostile: 100 KB server name (clamped)',
  tags: ['hostile-text'],
  args: { server: { name: hugeName, version: '1.0' }, request: formRequest('How many guests?', { guests: fields.integer }) },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    const name = canvasElement.querySelector<HTMLElement>('.mcp-elicit-server .mcp-elicit-clamp')!
    await expect(name.title).toHaveLength(100_000)
    await userEvent.click(canvas.getByRole('button', { name: 'Show all' }))
    await expect(canvas.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByRole('spinbutton', { name: 'Passengers' })).toBeInTheDocument()
  },
}

export const HugeQuestion: Story = {
  name: 'Hostile: 100 KB message, title, description and option labels (clamped)',
  tags: ['hostile-text'],
  args: {
    server,
    url: endpoint,
    request: formRequest(
      hugeName,
      {
        name: { type: 'string', title: hugeName, description: hugeName },
        fare: { type: 'string', title: 'Fare', oneOf: [{ const: 'flex', title: hugeName }, { const: 'saver', title: 'Saver' }] },
        extras: { type: 'array', title: 'Extras', items: { anyOf: [{ const: 'bag', title: hugeName }, { const: 'seat', title: 'Seat' }] } },
      },
      ['name'],
    ),
  },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    // Message, title, description and one checkbox label: each cut, each with its own toggle.
    await expect(canvasElement.querySelectorAll('.mcp-elicit-clamp')).toHaveLength(4)
    await expect(canvas.getAllByRole('button', { name: 'Show all' })).toHaveLength(4)
    await expect(canvas.getByRole('option', { name: /^Travel Booking Server .*…$/ })).toHaveAttribute('title', hugeName)
    await userEvent.click(canvas.getAllByRole('button', { name: 'Show all' })[0]!)
    await expect(canvasElement.querySelector('.mcp-elicit-message')).toHaveAttribute('data-expanded', 'true')
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeInTheDocument()
  },
}

export const OddFieldNames: Story = {
  name: 'Field names with ".", "[", "/", "__proto__" (errors on the right field)',
  args: {
    request: {
      message: 'Settings',
      // As from the wire: "__proto__" is an own key only in parsed JSON.
      requestedSchema: JSON.parse(
        '{"type":"object","properties":{"proxy.host":{"type":"string"},"ports[0]":{"type":"integer","title":"First port"},"path/to":{"type":"string"},"__proto__":{"type":"string","title":"Prototype"}},"required":["proxy.host","ports[0]","path/to","__proto__"]}',
      ),
    },
  },
  play: async ({ canvasElement, args }) => {
    await formReady(canvasElement)
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('4 answers need attention')
    for (const name of [/^proxy\.host/, /^First port/, /^path\/to/, /^Prototype/]) {
      await expect(canvas.getAllByLabelText(name)[0]).toHaveAttribute('aria-invalid', 'true')
    }
    await expect(args.onRespond).not.toHaveBeenCalled()
  },
}

export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: { request: bookingRequest },
  play: async ({ canvasElement }) => {
    await formReady(canvasElement)
    await expect(canvasElement.querySelector('[data-theme="dark"] .mcp-elicit-form')).not.toBeNull()
  },
}
