// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { chooseValidator } from './csp'
import { fromDateTimeInput } from './date-time'
import { ElicitationForm, type ElicitationFormProps } from './ElicitationForm'
import { loadDateTimeWidget } from './lazy-date-time'

// The date-time widget loads with the first form that has a date-time field (on-demand.test.tsx): here it is there already, so the fields show at once.
beforeAll(() => loadDateTimeWidget())
afterEach(cleanup)

const server = { name: 'travel', version: '3.0.1' }
const endpoint = 'https://mcp.travel.example:8443/mcp'

const everyKind = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'As on your passport', minLength: 2, maxLength: 40 },
    email: { type: 'string', title: 'Email', format: 'email' },
    site: { type: 'string', title: 'Website', format: 'uri' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    departure: { type: 'string', title: 'Departure', format: 'date-time' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    budget: { type: 'number', title: 'Budget', minimum: 0, default: 1500.5 },
    insurance: { type: 'boolean', title: 'Insurance', description: 'Covers cancellation', default: true },
    seat: { type: 'string', title: 'Seat', enum: ['window', 'aisle'] },
    cabin: { type: 'string', title: 'Cabin', oneOf: [{ const: 'eco', title: 'Economy' }, { const: 'biz', title: 'Business' }], default: 'eco' },
    meal: { type: 'string', title: 'Meal', enum: ['veg', 'std'], enumNames: ['Vegetarian', 'Standard'] },
    extras: { type: 'array', title: 'Extras', items: { type: 'string', enum: ['wifi', 'bag', 'lounge'] }, minItems: 1, maxItems: 2 },
    languages: { type: 'array', title: 'Languages', items: { anyOf: [{ const: 'en', title: 'English' }, { const: 'fr', title: 'French' }] }, default: ['en'] },
  },
  required: ['name', 'extras'],
}

function renderForm(props: Partial<ElicitationFormProps> = {}) {
  const onRespond = vi.fn()
  const view = render(
    <ElicitationForm request={{ mode: 'form', message: 'Book your flight', requestedSchema: everyKind }} server={server} url={endpoint} validator={validator} onRespond={onRespond} {...props} />,
  )
  const root = screen.getByRole('group', { name: (props.request?.message as string | undefined) ?? 'Book your flight' })
  return { ...view, onRespond, root }
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement

describe('ElicitationForm: fields', () => {
  it('shows the message and who asks (name, version, host)', () => {
    const { root } = renderForm()
    expect(within(root).getByText('Book your flight')).toBeTruthy()
    expect(root.querySelector('.mcp-elicit-server')!.textContent).toBe('Asked by travel 3.0.1 (mcp.travel.example:8443)')
    expect(root.dataset.state).toBe('open')
  })

  it('renders every kind as a labelled native control, defaults pre-filled', () => {
    renderForm()
    const name = screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement
    expect([name.type, name.minLength, name.maxLength, name.required]).toEqual(['text', 2, 40, true])
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByText('As on your passport').id)
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).type).toBe('email')
    expect((screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement).type).toBe('url')
    expect(field('Birthday').type).toBe('date')
    expect(field('Departure').type).toBe('datetime-local')
    const age = screen.getByRole('spinbutton', { name: 'Age' }) as HTMLInputElement
    expect([age.min, age.max, age.step]).toEqual(['0', '150', '1'])
    expect(screen.getByRole('spinbutton', { name: 'Budget' })).toHaveProperty('value', '1500.5')
    const insurance = screen.getByRole('checkbox', { name: 'Insurance' }) as HTMLInputElement
    expect(insurance.checked).toBe(true)
    expect(insurance.getAttribute('aria-describedby')).toBe(screen.getByText('Covers cancellation').id)
    expect(within(screen.getByRole('combobox', { name: 'Seat' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['', 'window', 'aisle'])
  })

  it('shows oneOf and enumNames titles as labels (values are sent)', () => {
    renderForm()
    const cabin = screen.getByRole('combobox', { name: 'Cabin' }) as HTMLSelectElement
    expect(within(cabin).getAllByRole('option').map((o) => o.textContent)).toEqual(['', 'Economy', 'Business'])
    expect(cabin.selectedOptions[0]!.textContent).toBe('Economy')
    expect(within(screen.getByRole('combobox', { name: 'Meal' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['', 'Vegetarian', 'Standard'])
  })

  it('renders multi-selects as checkbox groups named by their title, defaults checked', () => {
    renderForm()
    const extras = screen.getByRole('group', { name: /^Extras/ })
    expect(within(extras).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels![0]!.textContent)).toEqual(['wifi', 'bag', 'lounge'])
    const languages = screen.getByRole('group', { name: 'Languages' })
    expect(within(languages).getByRole('checkbox', { name: 'English' })).toHaveProperty('checked', true)
    expect(within(languages).getByRole('checkbox', { name: 'French' })).toHaveProperty('checked', false)
  })
})

describe('ElicitationForm: answers', () => {
  it('Accept sends exactly the schema fields with their types', async () => {
    const { onRespond, root } = renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace')
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com')
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '36')
    fireEvent.change(field('Birthday'), { target: { value: '1815-12-10' } })
    fireEvent.change(field('Departure'), { target: { value: '2026-03-01T09:30' } })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Insurance' }))
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Seat' }), 'aisle')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cabin' }), 'Business')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Meal' }), 'Vegetarian')
    await userEvent.click(screen.getByRole('checkbox', { name: 'bag' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'wifi' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'French' }))
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    expect(onRespond.mock.calls[0]![0]).toStrictEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        birthday: '1815-12-10',
        departure: fromDateTimeInput('2026-03-01T09:30'),
        age: 36,
        budget: 1500.5,
        insurance: false,
        seat: 'aisle',
        cabin: 'biz',
        meal: 'veg',
        extras: ['wifi', 'bag'],
        languages: ['en', 'fr'],
      },
    })
    expect(onRespond.mock.calls[0]![0].content.departure).toMatch(/^2026-03-01T09:30:00[+-]\d{2}:\d{2}$/)
    expect(root.dataset.state).toBe('answered')
    expect(within(root).getByRole('status').textContent).toBe('Answer sent.')
  })

  it('Decline and Skip question are distinct buttons that send no content', async () => {
    for (const [name, action] of [['Decline', 'decline'], ['Skip question', 'cancel']] as const) {
      const { onRespond } = renderForm()
      await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'typed but not sent')
      await userEvent.click(screen.getByRole('button', { name }))
      expect(onRespond.mock.calls).toStrictEqual([[{ action }]])
      cleanup()
    }
  })

  it('Escape cancels from any field', async () => {
    const { onRespond } = renderForm()
    await userEvent.click(screen.getByRole('spinbutton', { name: 'Age' }))
    await userEvent.keyboard('{Escape}')
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]])
  })

  it('a failed Accept sends nothing, announces the errors, marks fields invalid and focuses the first', async () => {
    const { onRespond, root } = renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    const alert = await within(root).findByRole('alert')
    expect(alert.textContent).toMatch(/answers need attention/)
    expect(onRespond).not.toHaveBeenCalled()
    expect(root.dataset.state).toBe('invalid')
    const name = screen.getByRole('textbox', { name: /^Name/ })
    await waitFor(() => expect(document.activeElement).toBe(name))
    expect(name.getAttribute('aria-invalid')).toBe('true')
    const described = name.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent)
    expect(described).toHaveLength(2)
    expect(described[1]).toBe('As on your passport')
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true')
    for (const box of within(screen.getByRole('group', { name: /^Extras/ })).getAllByRole('checkbox')) expect(box.getAttribute('aria-invalid')).toBe('true')
    // Fix and send: the same form submits.
    await userEvent.type(name, 'Ada')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'lounge' }))
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    expect(onRespond.mock.calls[0]![0]).toStrictEqual({ action: 'accept', content: { name: 'Ada', budget: 1500.5, insurance: true, cabin: 'eco', extras: ['lounge'], languages: ['en'] } })
  })

  it('focus goes to the first invalid field in screen order', async () => {
    renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ada')
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Age' }), '200')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Age' })))
  })

  it('enforces maxItems of a checkbox group', async () => {
    const { onRespond } = renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ada')
    for (const name of ['wifi', 'bag', 'lounge']) await userEvent.click(screen.getByRole('checkbox', { name }))
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'wifi' })))
    expect(onRespond).not.toHaveBeenCalled()
  })

  it('starts from initialData over the defaults (answers survive a retry)', async () => {
    const { onRespond } = renderForm({ initialData: { name: 'Grace', cabin: 'biz', extras: ['bag'] } })
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Grace')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    expect(onRespond.mock.calls[0]![0].content).toStrictEqual({ name: 'Grace', budget: 1500.5, insurance: true, cabin: 'biz', extras: ['bag'], languages: ['en'] })
  })

  it('works by keyboard alone: type, Tab, Space, Enter', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string', title: 'City' }, news: { type: 'boolean', title: 'News' } }, required: ['city'] }
    const { onRespond } = renderForm({ request: { message: 'Where?', requestedSchema: schema }, autoFocus: true })
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^City/ }))
    await userEvent.keyboard('Paris')
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'News' }))
    await userEvent.keyboard(' ')
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    expect(onRespond.mock.calls[0]![0]).toStrictEqual({ action: 'accept', content: { city: 'Paris', news: true } })
  })

  it('an empty schema is a confirm dialog: Accept sends empty content', async () => {
    const { onRespond, root } = renderForm({ request: { message: 'Proceed with the payment?', requestedSchema: { type: 'object', properties: {} } } })
    expect(root.dataset.kind).toBe('confirm')
    expect(within(root).queryByRole('textbox')).toBeNull()
    expect(within(root).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Decline', 'Skip question'])
    // One primary action.
    expect([...root.querySelectorAll('.mcp-elicit-primary')].map((b) => b.textContent)).toEqual(['Accept'])
    await userEvent.click(within(root).getByRole('button', { name: 'Accept' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]])
  })

  it('lists what it cannot show and disables Accept when a required field is among it', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name' }, address: { type: 'object', properties: {} }, color: { type: 'string', format: 'color' } },
      required: ['address'],
    }
    const { onRespond, root } = renderForm({ request: { message: 'Shipping', requestedSchema: schema } })
    const note = within(root).getByRole('note')
    expect(within(note).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^address: .*nested object.*required/), expect.stringMatching(/^color: .*format/)])
    expect(within(note).getByText(/can only be declined or skipped/)).toBeTruthy()
    expect(within(root).getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy()
    await userEvent.click(within(root).getByRole('button', { name: 'Decline' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]])
  })

  it('keeps Accept when only optional parts cannot be shown', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string', title: 'Name' }, photo: { type: 'string', format: 'binary' } } }
    const { onRespond } = renderForm({ request: { message: 'Profile', requestedSchema: schema } })
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { name: 'Ada' } }]]))
  })

  it('a schema that is not an object does not crash: only Decline and Skip question work', async () => {
    const { onRespond, root } = renderForm({ request: { message: 'Broken', requestedSchema: 'nope' } })
    expect(within(root).getByRole('note').textContent).toMatch(/not an object/)
    expect(within(root).getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true)
    await userEvent.click(within(root).getByRole('button', { name: 'Skip question' }))
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]])
  })
})

describe('ElicitationForm: server text is text', () => {
  const payload = '<img src=x onerror=alert(1)><script>alert(1)</script>'
  it('never creates elements from message, titles, descriptions, option titles or server name', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', title: payload, description: `**bold** [link](https://evil.example) ${payload}` },
        b: { type: 'string', title: 'B', oneOf: [{ const: 'x', title: payload }] },
        c: { type: 'array', title: 'C', items: { anyOf: [{ const: 'y', title: payload }] } },
        d: { type: 'boolean', title: payload, description: payload },
      },
    }
    const { container } = renderForm({ request: { message: `${payload} https://evil.example`, requestedSchema: schema }, server: { name: payload, version: '<b>1</b>' } })
    expect(container.querySelector('img, script, a, b, strong:not(.mcp-elicit-url-site)')).toBeNull()
    expect(screen.getByText(`${payload} https://evil.example`)).toBeTruthy()
    expect(screen.getByText(`**bold** [link](https://evil.example) ${payload}`)).toBeTruthy()
    expect(screen.getByRole('textbox', { name: payload })).toBeTruthy()
    expect(screen.getByRole('option', { name: payload })).toBeTruthy()
    expect(screen.getAllByRole('checkbox', { name: payload })).toHaveLength(2)
  })
})

describe('ElicitationForm: i18n', () => {
  it('takes replacement texts for buttons and messages', async () => {
    renderForm({
      messages: { accept: 'Senden', decline: 'Ablehnen', skipQuestion: 'Frage überspringen', askedBy: (s) => `Frage von ${s?.name}`, errorSummary: (n) => `${n} Fehler` },
    })
    // A translation that embeds the name as given gets it isolated too.
    expect(document.querySelector('.mcp-elicit-server')!.textContent).toBe('Frage von travel')
    expect(document.querySelector('.mcp-elicit-server bdi[dir="auto"]')!.textContent).toBe('travel')
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }))
    expect((await screen.findByRole('alert')).textContent).toBe('2 Fehler')
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Frage überspringen' })).toBeTruthy()
  })
})

describe('ElicitationForm: validators', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  const schema = { type: 'object', properties: { code: { type: 'string', title: 'Code', minLength: 4 }, count: { type: 'integer', title: 'Count', maximum: 3 } }, required: ['code'] }

  async function fillAndSend(onRespond: ReturnType<typeof vi.fn>) {
    // Without a validator prop the fields show once the default validator has loaded.
    await userEvent.type(await screen.findByRole('textbox', { name: /^Code/ }), 'ab')
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Count' }), '9')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/^2 answers need attention/)
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Code/ }))
    expect(onRespond).not.toHaveBeenCalled()
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'cd')
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Count' }))
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Count' }), '2')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { code: 'abcd', count: 2 } }]]))
  }

  it('without a validator prop, validates with the default, the no-eval validator, and never tries to generate code', async () => {
    const refuse = vi.fn(() => {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source")
    })
    vi.stubGlobal('Function', new Proxy(Function, { construct: refuse, apply: refuse }))
    const onRespond = vi.fn()
    render(<ElicitationForm request={{ message: 'Code?', requestedSchema: schema }} onRespond={onRespond} />)
    await fillAndSend(onRespond)
    expect(screen.getByRole('group', { name: 'Code?' }).dataset.validator).toBe('no-eval')
    expect(refuse).not.toHaveBeenCalled()
  })

  it('with the ajv8 validator the host chose for a page that allows code generation', async () => {
    const onRespond = vi.fn()
    render(<ElicitationForm request={{ message: 'Code?', requestedSchema: schema }} validator={chooseValidator({ unsafeEval: true })} onRespond={onRespond} />)
    await fillAndSend(onRespond)
  })
})

describe('ElicitationForm: field names a server chose', () => {
  const errorsOf = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)

  it('names with ".", "[", "/" and quotes: a required one left empty is marked invalid with its own error', async () => {
    const schema = {
      type: 'object',
      properties: {
        'a.b': { type: 'string' },
        'list[0]': { type: 'string', title: 'First item' },
        'x/y~z': { type: 'string' },
        'q"]': { type: 'string' },
        a: { type: 'string', title: 'Plain a' },
      },
      required: ['a.b', 'list[0]', 'x/y~z', 'q"]'],
    }
    const { onRespond, root } = renderForm({ request: { message: 'Odd names', requestedSchema: schema } })
    await userEvent.type(screen.getByRole('textbox', { name: 'Plain a' }), 'given')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await within(root).findByRole('alert')).textContent).toBe('4 answers need attention before sending.')
    for (const [label, title] of [['a.b', 'a.b'], ['First item', 'First item'], ['x/y~z', 'x/y~z'], ['q"]', 'q"]']] as const) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[.[\]/"~]/g, '\\$&')}`) })
      expect(input.getAttribute('aria-invalid'), label).toBe('true')
      expect(errorsOf(input), label).toEqual([`Enter ${title}`])
    }
    expect(screen.getByRole('textbox', { name: 'Plain a' }).getAttribute('aria-invalid')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^a\.b/ })))
    expect(onRespond).not.toHaveBeenCalled()

    await userEvent.type(screen.getByRole('textbox', { name: /^a\.b/ }), '1')
    await userEvent.type(screen.getByRole('textbox', { name: /^First item/ }), '2')
    await userEvent.type(screen.getByRole('textbox', { name: /^x\/y~z/ }), '3')
    await userEvent.type(screen.getByRole('textbox', { name: /^q"\]/ }), '4')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    expect(onRespond.mock.calls[0]![0]).toStrictEqual({ action: 'accept', content: { 'a.b': '1', 'list[0]': '2', 'x/y~z': '3', 'q"]': '4', a: 'given' } })
  })

  it('an error of a rule (not "required") lands on its field too', async () => {
    const schema = { type: 'object', properties: { 'size.max': { type: 'integer', maximum: 3 }, 'size': { type: 'integer', title: 'Size' } } }
    renderForm({ request: { message: 'Sizes', requestedSchema: schema } })
    await userEvent.type(screen.getByRole('spinbutton', { name: 'size.max' }), '9')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await screen.findByRole('alert')
    expect(screen.getByRole('spinbutton', { name: 'size.max' }).getAttribute('aria-invalid')).toBe('true')
    expect(errorsOf(screen.getByRole('spinbutton', { name: 'size.max' }))).toEqual(['3 or less'])
    expect(screen.getByRole('spinbutton', { name: 'Size' }).getAttribute('aria-invalid')).toBeNull()
  })

  it('"__proto__" and "constructor" are plain fields: required is enforced, nothing is polluted, content holds them as own data', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort()
    // JSON.parse, as from the wire: "__proto__" is an own key here (an object literal would set the prototype).
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","title":"Proto","default":"p"},"constructor":{"type":"string"},"toString":{"type":"string"},"polluted":{"type":"string"}},"required":["__proto__","constructor"]}',
    )
    const { onRespond } = renderForm({ request: { message: 'Prototype names', requestedSchema: schema } })
    expect(screen.getByRole('textbox', { name: /^Proto/ })).toHaveProperty('value', 'p')
    // `constructor` is inherited by every object: a form that read it through the prototype would call it answered.
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await screen.findByRole('alert')
    expect(screen.getByRole('textbox', { name: /^Constructor/ }).getAttribute('aria-invalid')).toBe('true')
    await userEvent.type(screen.getByRole('textbox', { name: /^Constructor/ }), 'c')
    await userEvent.type(screen.getByRole('textbox', { name: 'To string' }), 't')
    await userEvent.type(screen.getByRole('textbox', { name: 'Polluted' }), 'yes')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    const { content } = onRespond.mock.calls[0]![0] as { content: Record<string, unknown> }
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype)
    expect(Object.keys(content)).toEqual(['__proto__', 'constructor', 'toString', 'polluted'])
    expect(Object.getOwnPropertyDescriptor(content, '__proto__')).toEqual({ value: 'p', enumerable: true, writable: true, configurable: true })
    expect(JSON.stringify(content)).toBe('{"__proto__":"p","constructor":"c","toString":"t","polluted":"yes"}')
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers to start from may carry "__proto__" as data (e.g. a draft read back from storage)', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","title":"Proto"}}}')
    renderForm({ request: { message: 'From a draft', requestedSchema: schema }, initialData: JSON.parse('{"__proto__":"kept"}') })
    expect(screen.getByRole('textbox', { name: 'Proto' })).toHaveProperty('value', 'kept')
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  })
})

describe('ElicitationForm: drafts', () => {
  it('reports the unsent content by property name on change, not on mount, and not after sending', async () => {
    const onDraft = vi.fn()
    const schema = { type: 'object', properties: { 'city.name': { type: 'string', title: 'City' }, nights: { type: 'integer', title: 'Nights', default: 2 } } }
    const { onRespond } = renderForm({ request: { message: 'Stay', requestedSchema: schema }, onDraft })
    expect(onDraft).not.toHaveBeenCalled()
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Rom')
    expect(onDraft).toHaveBeenCalledTimes(3)
    expect(onDraft).toHaveBeenLastCalledWith({ 'city.name': 'Rom', nights: 2 })
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(onRespond).toHaveBeenCalledOnce())
    expect(onDraft).toHaveBeenCalledTimes(3)
  })

  it('a draft value that does not fit its field is left out, not rendered (fast-check found { toString: [] } in a text field)', () => {
    const schema = { type: 'object', properties: { 'a.b': { type: 'string', title: 'Name' }, n: { type: 'number', title: 'Count' } } }
    const onError = vi.fn()
    renderForm({ request: { message: 'Stay', requestedSchema: schema }, initialData: { 'a.b': { toString: [] }, n: 3 }, onError })
    expect(onError).not.toHaveBeenCalled()
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', '')
    expect(screen.getByRole('spinbutton', { name: 'Count' })).toHaveProperty('value', '3')
  })

  it('starts from a draft given as initialData', () => {
    const schema = { type: 'object', properties: { 'city.name': { type: 'string', title: 'City' } } }
    renderForm({ request: { message: 'Stay', requestedSchema: schema }, initialData: { 'city.name': 'Roma' } })
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveProperty('value', 'Roma')
  })
})
