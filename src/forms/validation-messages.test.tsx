// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import ajvValidator from '@rjsf/validator-ajv8'
import type { ValidatorType } from '@rjsf/utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ElicitationForm } from './ElicitationForm'
import { defaultMessages } from './texts/all'
import { noEvalValidator } from './no-eval-validator'
import { readableName } from './validation-messages'

afterEach(cleanup)

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name' },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'] },
    email: { type: 'string', title: 'Email', format: 'email' },
    site: { type: 'string', title: 'Website', format: 'uri' },
    day: { type: 'string', title: 'Day', format: 'date' },
    code: { type: 'string', title: 'Code', minLength: 4 },
    nick: { type: 'string', title: 'Nick', maxLength: 3 },
    count: { type: 'integer', title: 'Count', minimum: 1 },
    size: { type: 'number', title: 'Size', maximum: 3 },
    colour: { type: 'string', title: 'Colour', enum: ['red', 'blue'] },
    few: { type: 'array', title: 'Few', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2 },
    one: { type: 'array', title: 'One', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 1 },
    home_town: { type: 'string' },
    firstName: { type: 'string' },
    ok: { type: 'boolean' },
  },
  required: ['name', 'plan', 'home_town', 'firstName'],
}
const invalid = {
  email: 'not-an-email',
  site: 'not a web address',
  day: 'someday',
  code: 'ab',
  nick: 'abcdef',
  count: 0,
  size: 9,
  colour: 'purple',
  few: ['a'],
  one: ['a', 'b'],
}
const expected: Record<string, string> = {
  name: 'Enter Full name',
  plan: 'Choose Plan',
  email: 'Enter an email address',
  site: 'Enter a web address (https://…)',
  day: 'Enter a date',
  code: 'At least 4 characters',
  nick: 'At most 3 characters',
  count: '1 or more',
  size: '3 or less',
  colour: 'Choose one of the options',
  few: 'Choose at least 2',
  one: 'Choose at most 1',
  home_town: 'Enter Home town',
  firstName: 'Enter First name',
}

/** The texts of each field's error list, by the field's label. */
function fieldErrors(root: HTMLElement): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const field of root.querySelectorAll<HTMLElement>('.mcp-elicit-field[data-invalid]')) {
    const label = field.querySelector('.mcp-elicit-label')?.textContent?.replace(/\*$/, '') ?? ''
    result[label] = [...field.querySelectorAll('.mcp-elicit-field-errors li')].map((li) => li.textContent ?? '')
  }
  return result
}

describe.each([
  ['ajv8', ajvValidator as ValidatorType],
  ['no-eval', noEvalValidator as ValidatorType],
])('validation messages in plain words (%s)', (_, validator) => {
  async function renderInvalid(messages?: Parameters<typeof ElicitationForm>[0]['messages']) {
    const onRespond = vi.fn()
    render(<ElicitationForm request={{ message: 'Check', requestedSchema: schema }} initialData={invalid} validator={validator} onRespond={onRespond} messages={messages} />)
    const root = screen.getByRole('group', { name: 'Check' })
    await userEvent.click(within(root).getByRole('button', { name: 'Accept' }))
    await within(root).findByRole('alert')
    expect(onRespond).not.toHaveBeenCalled()
    return root
  }

  it('names each field by its title (or a label made from its name), keyword by keyword', async () => {
    const root = await renderInvalid()
    const labels: Record<string, string> = { home_town: 'Home town', firstName: 'First name' }
    const titleOf = (key: string) => labels[key] ?? (schema.properties as Record<string, { title?: string }>)[key]!.title!
    const byLabel = fieldErrors(root)
    for (const [key, message] of Object.entries(expected)) expect(byLabel[titleOf(key)], key).toEqual([message])
    expect(Object.keys(byLabel)).toHaveLength(Object.keys(expected).length)
    // No ajv wording left anywhere.
    expect(root.textContent).not.toMatch(/must (have|match|be|NOT)/)
    // Untitled fields are labelled from their names.
    expect(screen.getByRole('textbox', { name: /^Home town/ })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /^First name/ })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Ok' })).toBeTruthy()
  })

  it('the summary lists each field once and its links focus the field', async () => {
    const root = await renderInvalid()
    const summary = root.querySelector<HTMLElement>('.mcp-elicit-error-summary')!
    expect(within(summary).getByRole('alert').textContent).toBe(`${Object.keys(expected).length} answers need attention before sending.`)
    const links = within(summary).getAllByRole('link')
    const labels: Record<string, string> = { home_town: 'Home town', firstName: 'First name' }
    const titleOf = (key: string) => labels[key] ?? (schema.properties as Record<string, { title?: string }>)[key]!.title!
    expect(links.map((link) => link.textContent)).toEqual(Object.entries(expected).map(([key, message]) => `${titleOf(key)}: ${message}`))
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^#mcp-elicit-\w+_f\d+$/)

    await userEvent.click(within(summary).getByRole('link', { name: 'Size: 3 or less' }))
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Size' }))
    await userEvent.click(within(summary).getByRole('link', { name: 'Email: Enter an email address' }))
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }))
    // A group (multi-select): its first box.
    await userEvent.click(within(summary).getByRole('link', { name: 'Few: Choose at least 2' }))
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'Few' })).getAllByRole('checkbox')[0])
    await userEvent.click(within(summary).getByRole('link', { name: 'Plan: Choose Plan' }))
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^Plan/ }))
  })

  it('takes the app’s own validation texts', async () => {
    const validation = vi.fn((keyword: string, _params: Readonly<Record<string, unknown>>, label: string) => `${label} ✗ ${keyword}`)
    const root = await renderInvalid({ validation, errorSummaryItem: (label, message) => `→ ${message}` })
    expect(fieldErrors(root)['Size']).toEqual(['Size ✗ maximum'])
    expect(within(root).getByRole('link', { name: '→ Plan ✗ required' })).toBeTruthy()
    expect(validation).toHaveBeenCalledWith('maximum', expect.objectContaining({ limit: 3 }), 'Size', { kind: 'number', format: undefined })
    expect(validation).toHaveBeenCalledWith('required', expect.anything(), 'Plan', { kind: 'choice' })
  })

  it('clears a field’s message once it is answered and sent again', async () => {
    const onRespond = vi.fn()
    const small = { type: 'object', properties: { code: { type: 'string', title: 'Code', minLength: 2 } }, required: ['code'] }
    render(<ElicitationForm request={{ message: 'Code?', requestedSchema: small }} validator={validator} onRespond={onRespond} />)
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect((await screen.findAllByText('Enter Code')).length).toBeGreaterThan(0)
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(screen.getAllByText('At least 2 characters').length).toBeGreaterThan(0))
    expect(screen.queryByText('Enter Code')).toBeNull()
  })
})

describe('the default validation texts', () => {
  const text = (keyword: string, params: Record<string, unknown> = {}, kind: 'text' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices' = 'text') =>
    defaultMessages.validation(keyword, params, 'Field', { kind })
  it('cover the keywords the form can break', () => {
    expect(text('required')).toBe('Enter Field')
    expect(text('required', {}, 'choices')).toBe('Choose Field')
    expect(text('format', { format: 'email' })).toBe('Enter an email address')
    expect(text('format', { format: 'uri' })).toBe('Enter a web address (https://…)')
    expect(text('format', { format: 'date' })).toBe('Enter a date')
    expect(text('format', { format: 'date-time' })).toBe('Enter a date and time')
    expect(text('minLength', { limit: 1 })).toBe('At least 1 character')
    expect(text('maxLength', { limit: 40 })).toBe('At most 40 characters')
    expect(text('minimum', { limit: 0.5 })).toBe('0.5 or more')
    expect(text('maximum', { limit: 150 })).toBe('150 or less')
    expect(text('enum')).toBe('Choose one of the options')
    expect(text('oneOf')).toBe('Choose one of the options')
    expect(text('minItems', { limit: 2 })).toBe('Choose at least 2')
    expect(text('maxItems', { limit: 2 })).toBe('Choose at most 2')
    expect(text('pattern', { pattern: '^x$' })).toBe('Use the expected format')
    expect(text('type', { type: 'integer' }, 'integer')).toBe('Enter a whole number')
    expect(text('somethingNew')).toBe('Check Field')
  })
})

describe('readableName', () => {
  it('turns identifier-like names into labels and leaves any other name as it is', () => {
    expect(readableName('full_name')).toBe('Full name')
    expect(readableName('ok')).toBe('Ok')
    expect(readableName('firstName')).toBe('First name')
    expect(readableName('userID')).toBe('User ID')
    expect(readableName('URL')).toBe('URL')
    expect(readableName('home-town')).toBe('Home town')
    for (const odd of ['a.b', '__proto__', 'list[0]', 'x/y~z', 'Full name', '']) expect(readableName(odd)).toBe(odd)
  })
})
