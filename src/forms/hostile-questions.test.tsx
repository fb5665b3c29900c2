// @vitest-environment jsdom
/**
 * Hostile questions, from a real HTTP server through the public client to
 * the cards: a message, a field title, a description or an option label of
 * 100 KB is clamped to a few lines with a "Show all" toggle (`aria-expanded`,
 * `aria-controls`), the full text still in the document; who asks and the
 * card's buttons come right after it. A native `<option>` is cut with `…`
 * and keeps its full label in `title`. A field of 300,000 options is listed
 * as unsupported rather than drawn.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InputRequests, JsonObject } from '../core/index.js'
import { hostilePerTest, modern, result } from '../../test/hostile/hostile-server.ts'
import { ApprovalCard, ElicitationForm, UrlElicitation } from './index'

afterEach(cleanup)

const hostile = hostilePerTest()
const endpoint = 'https://mcp.bank.example/mcp'
const server = { name: 'bank', version: '1.0' }

/** 100 KB of server text, with a marker to find it by. */
const huge = (marker: string) => `${marker} ${'Please read all of this carefully. '.repeat(3_000)}`.slice(0, 100_000)

/** The params of the one input request the hostile server puts to the client in an `input_required` round. */
async function asked(method: string, params: JsonObject): Promise<JsonObject> {
  modern(hostile.server)
  let round = 0
  hostile.server.rpc('tools/call', (exchange) => {
    round++
    if (round === 1) result(exchange, { resultType: 'input_required', inputRequests: { q: { method, params } } })
    else result(exchange, { content: [], resultType: 'complete' })
  })
  let seen: InputRequests = {}
  const client = hostile.client({ capabilities: { elicitation: { form: {}, url: {} }, sampling: {} } })
  await client.callTool('ask', {}, { onInputRequests: async (requests) => ((seen = requests), { q: { action: 'decline' } }) })
  return seen.q!.params!
}

/** The toggle that lifts the clamp of `element`. */
const toggleOf = (element: HTMLElement) => document.querySelector<HTMLButtonElement>(`button[aria-controls="${element.id}"]`)!

/** A clamped element: the clamp class, the full text, and a toggle that lifts it (aria-expanded) and puts it back. */
async function expectClamped(element: HTMLElement, text: string, long: boolean) {
  expect(element.classList.contains('mcp-elicit-clamp')).toBe(true)
  expect(element.classList.contains('mcp-elicit-clamp-long')).toBe(long)
  expect(element.textContent).toBe(text)
  const toggle = toggleOf(element)
  expect(toggle.textContent).toBe('Show all')
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  // The toggle joins neither a label nor the described element: the names stay the server's text alone.
  expect(toggle.closest('label')).toBeNull()
  expect(element.contains(toggle)).toBe(false)
  await userEvent.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  expect(toggle.textContent).toBe('Show less')
  expect(element.dataset.expanded).toBe('true')
  await userEvent.click(toggle)
  expect(element.dataset.expanded).toBeUndefined()
}

describe('a form question of 100 KB', () => {
  it('its message is clamped; who asks and Accept come right after it', async () => {
    const message = huge('Message')
    const request = await asked('elicitation/create', { mode: 'form', message, requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } })
    render(<ElicitationForm request={request} server={server} url={endpoint} onRespond={() => {}} />)
    const card = screen.getByRole('group', { name: message })
    const shown = card.querySelector<HTMLElement>('.mcp-elicit-message')!
    await expectClamped(shown, message, true)
    // In document order: the message, its toggle, then "Asked by" with the host.
    expect(shown.nextElementSibling).toBe(toggleOf(shown))
    expect(toggleOf(shown).nextElementSibling!.textContent).toBe('Asked by bank 1.0 (mcp.bank.example)')
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy()
  })

  it('a field title, its description and a checkbox title are clamped, outside the input name and description', async () => {
    const [title, description, agree] = [huge('Title'), huge('Description'), huge('Agree')]
    const request = await asked('elicitation/create', {
      mode: 'form',
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', title, description }, ok: { type: 'boolean', title: agree } }, required: ['name'] },
    })
    render(<ElicitationForm request={request} server={server} url={endpoint} onRespond={() => {}} />)
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: title })
    const describedBy = document.getElementById(input.getAttribute('aria-describedby')!)!
    await expectClamped(input.labels![0]!.querySelector('bdi')!, title, false)
    await expectClamped(describedBy, description, true)
    await expectClamped(screen.getByRole<HTMLInputElement>('checkbox', { name: agree }).labels![0]!.querySelector('bdi')!, agree, false)
  })

  it('checkbox-group option labels are clamped one by one; a native <option> is cut with … and keeps the full label in title', async () => {
    const [first, second, pick] = [huge('First'), huge('Second'), huge('Pick')]
    const onRespond = vi.fn()
    const request = await asked('elicitation/create', {
      mode: 'form',
      message: 'Choose',
      requestedSchema: {
        type: 'object',
        properties: {
          many: { type: 'array', title: 'Many', items: { anyOf: [{ const: 'a', title: first }, { const: 'b', title: second }] } },
          one: { type: 'string', title: 'One', oneOf: [{ const: 'x', title: pick }, { const: 'y', title: 'Short' }] },
        },
      },
    })
    render(<ElicitationForm request={request} onRespond={onRespond} />)
    const group = screen.getByRole('group', { name: 'Many' })
    const labels = [...group.querySelectorAll<HTMLElement>('label bdi')]
    await expectClamped(labels[0]!, first, false)
    await expectClamped(labels[1]!, second, false)
    const options = [...screen.getByRole('combobox', { name: 'One' }).querySelectorAll('option')].filter((option) => option.value !== '')
    expect(options[0]!.textContent).toHaveLength(80)
    expect(options[0]!.textContent!.endsWith('…')).toBe(true)
    expect(pick.startsWith(options[0]!.textContent!.slice(0, -1))).toBe(true)
    expect(options[0]!.title).toBe(pick)
    expect(options[1]!.textContent).toBe('Short')
    expect(options[1]!.hasAttribute('title')).toBe(false)
    // The cut label still answers with its own value.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'One' }), options[0]!)
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(onRespond).toHaveBeenCalledWith({ action: 'accept', content: { one: 'x' } })
  })

  it('validation messages and the error summary quote a 100 KB title cut to 80 characters', async () => {
    const title = huge('Title')
    const request = await asked('elicitation/create', { mode: 'form', message: 'Q', requestedSchema: { type: 'object', properties: { name: { type: 'string', title } }, required: ['name'] } })
    render(<ElicitationForm request={request} onRespond={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }))
    const errors = document.querySelector('.mcp-elicit-field-errors')!.textContent!
    const summary = document.querySelector('.mcp-elicit-error-summary-list')!.textContent!
    expect(errors.length).toBeLessThan(200)
    expect(summary.length).toBeLessThan(300)
    expect(errors).toContain(`${title.slice(0, 79)}…`)
  })

  it('text that is short in characters but tall in lines is clamped too; text within the budgets is left alone', async () => {
    const tall = 'line\n'.repeat(100)
    const request = await asked('elicitation/create', {
      mode: 'form',
      message: tall,
      requestedSchema: { type: 'object', properties: { a: { type: 'string', title: 't'.repeat(160), description: 'd'.repeat(600) } } },
    })
    render(<ElicitationForm request={request} onRespond={() => {}} />)
    await expectClamped(document.querySelector<HTMLElement>('.mcp-elicit-message')!, tall, true)
    expect(document.querySelectorAll('.mcp-elicit-clamp')).toHaveLength(1)
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Show all', 'Accept', 'Decline', 'Skip question'])
  })
})

describe('a form question with 300,000 options', () => {
  it('the field is listed as unsupported, not drawn (300,000 options froze the tab), and the question can be declined', async () => {
    const values = Array.from({ length: 300_000 }, (_, i) => `option-${i}`)
    const onRespond = vi.fn()
    const request = await asked('elicitation/create', {
      mode: 'form',
      message: 'Pick one',
      requestedSchema: { type: 'object', properties: { pick: { type: 'string', enum: values }, tags: { type: 'array', items: { anyOf: values.slice(0, 30_000).map((value) => ({ const: value, title: value })) } } }, required: ['pick'] },
    })
    render(<ElicitationForm request={request} server={server} url={endpoint} onRespond={onRespond} />)
    const card = screen.getByRole('group', { name: 'Pick one' })
    expect(card.querySelectorAll('option, input').length).toBe(0)
    expect(within(card).getByRole('note').textContent).toBe(
      'Some parts of this request cannot be shown:' +
        'pick: This field offers 300000 options; a form lists at most 1000. It is required.' +
        'tags: This field offers 30000 options; a form lists at most 1000.' +
        'A required part cannot be shown, so this question can only be declined or skipped.',
    )
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    expect(onRespond).toHaveBeenCalledWith({ action: 'decline' })
  })
})

describe('other cards with 100 KB of server text', () => {
  it('a URL card: its message is clamped; the address and Open stay in view', async () => {
    const message = huge('Consent')
    const request = await asked('elicitation/create', { mode: 'url', message, url: 'https://bank.example/consent', elicitationId: 'e1' })
    render(<UrlElicitation request={request} server={server} url={endpoint} onRespond={() => {}} />)
    await expectClamped(document.querySelector<HTMLElement>('.mcp-elicit-message')!, message, true)
    expect(screen.getByRole('button', { name: 'Open bank.example' })).toBeTruthy()
  })

  it('a sampling request: its system prompt and each text message are clamped; Decline stays in view', async () => {
    const [prompt, said] = [huge('Prompt'), huge('Said')]
    const params = await asked('sampling/createMessage', { systemPrompt: prompt, messages: [{ role: 'user', content: { type: 'text', text: said } }], maxTokens: 10 })
    render(<ApprovalCard input={{ method: 'sampling/createMessage', params, server, url: endpoint }} onRespond={() => {}} />)
    const card = screen.getByRole('group', { name: 'The server asks to use your AI model' })
    await expectClamped(card.querySelector<HTMLElement>('.mcp-elicit-sampling-system bdi')!, prompt, true)
    await expectClamped(card.querySelector<HTMLElement>('.mcp-elicit-sampling-messages .mcp-elicit-content-block')!, said, true)
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeTruthy()
  })
})

it('the stylesheet cuts long texts to 8 lines and lifts a clamp on the expanded element itself', () => {
  // A path string: under jsdom `URL` is jsdom's, which node:fs does not take.
  const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8')
  expect(css).toMatch(/:where\(\.mcp-elicit-clamp-long\) \{\s*max-height: calc\(var\(--mcp-elicit-clamp-long-lines, 8\) \* 1\.5em\);/)
  expect(css).toMatch(/:where\(\.mcp-elicit-clamp\[data-expanded\]\) \{\s*max-height: none;/)
  // After the long rule, so an expanded long text is not cut (equal specificity: the later rule wins).
  expect(css.indexOf(':where(.mcp-elicit-clamp[data-expanded])')).toBeGreaterThan(css.indexOf(':where(.mcp-elicit-clamp-long)'))
})
