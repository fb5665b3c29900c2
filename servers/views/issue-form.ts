/**
 * The issue-form view (ui://demo/issue-form.html): SEP-3118's app-rendered
 * elicitation, on ext-apps' own `App`. It declares `elicitation: {}` in its
 * appCapabilities (ext-apps 2.0.4's types lack it; it goes on the wire all
 * the same), registers a handler for the host's `elicitation/create`
 * request (App extends the SDK's Protocol: `setRequestHandler` with the
 * spec method name validates the request with the SDK's own schema), draws
 * its own form from the `requestedSchema` and answers with a standard
 * ElicitResult.
 *
 * With `<html data-broken>` (the `?broken=1` resource) it throws before
 * connecting, so the host's fallback to its native form can be tested.
 *
 * Lines a test waits for: #status (data-state: waiting|asked|sent|failed),
 * the form `#issue-form[data-app-rendered]` with inputs named after the
 * schema's properties (`title`, `severity` radios, `details`) and the
 * buttons "File issue", "Not now" (decline) and "Cancel".
 */
import { App } from '@modelcontextprotocol/ext-apps'
import type { McpUiAppCapabilities } from '@modelcontextprotocol/ext-apps'

import { connect, followHost, h, setLine } from './kit.ts'

type Answer = { action: 'accept'; content: Record<string, string | number | boolean> } | { action: 'decline' | 'cancel' }
interface Property {
  type?: string
  title?: string
  description?: string
  default?: unknown
  maxLength?: number
  enum?: unknown[]
  oneOf?: Array<{ const?: unknown; title?: string }>
}

if (document.documentElement.hasAttribute('data-broken')) {
  setLine('status', 'Broken on purpose: this view throws before it connects.', 'failed')
  throw new Error('issue-form: broken on purpose (before connect)')
}

// SEP-3118: the app says it can answer a forwarded elicitation/create.
const capabilities = { elicitation: {} } as McpUiAppCapabilities
const app = new App({ name: 'mcp-elicit-demo-issue-form', version: '1.0.0' }, capabilities, { autoResize: true })
const host = followHost(app)
const main = document.querySelector('main') ?? document.body.appendChild(h('main'))
main.append(h('h1', {}, 'File an issue'))
setLine('status', "Waiting for the server's question…", 'waiting')

app.setRequestHandler('elicitation/create', async (request) => {
  const params = request.params
  if (params.mode === 'url' || !('requestedSchema' in params)) {
    setLine('status', 'This view only renders form questions.', 'failed')
    return { action: 'decline' }
  }
  setLine('status', params.message, 'asked')
  const answer = await ask(params.requestedSchema as { properties: Record<string, Property>; required?: string[] })
  setLine('status', `Sent: ${answer.action}`, 'sent')
  return answer
})

/** Draws the form and resolves with the person's answer. */
function ask(schema: { properties: Record<string, Property>; required?: string[] }): Promise<Answer> {
  const required = new Set(schema.required ?? [])
  const form = h('form', { id: 'issue-form', 'data-app-rendered': 'true', novalidate: true })
  for (const [name, property] of Object.entries(schema.properties)) form.append(field(name, property, required.has(name)))
  const problem = h('p', { id: 'problem', role: 'alert' })
  const done = h('div', { class: 'actions' })
  form.append(problem, done)
  document.getElementById('issue-form')?.remove()
  main.append(form)
  form.querySelector<HTMLElement>('input, textarea')?.focus()

  return new Promise((resolve) => {
    const finish = (answer: Answer) => {
      for (const control of form.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLTextAreaElement>('input, button, textarea')) control.disabled = true
      resolve(answer)
    }
    done.append(
      h('button', { type: 'submit', class: 'primary' }, 'File issue'),
      h('button', { type: 'button', onclick: () => finish({ action: 'decline' }) }, 'Not now'),
      h('button', { type: 'button', onclick: () => finish({ action: 'cancel' }) }, 'Cancel'),
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const content = collect(form, schema.properties)
      const missing = [...required].filter((name) => content[name] === undefined || content[name] === '')
      if (missing.length > 0) {
        problem.textContent = `Please fill in: ${missing.map((name) => schema.properties[name]?.title ?? name).join(', ')}`
        return
      }
      finish({ action: 'accept', content })
    })
  })
}

function field(name: string, property: Property, required: boolean): HTMLElement {
  const label = `${property.title ?? name}${required ? ' (required)' : ''}`
  const options = property.oneOf?.map((option) => ({ value: String(option.const), title: option.title ?? String(option.const) })) ??
    property.enum?.map((value) => ({ value: String(value), title: String(value) }))
  if (options) {
    // Severity as a segmented choice: visibly this app's own form, not the host's.
    return h(
      'fieldset',
      { class: `choice choice-${name}` },
      h('legend', {}, label),
      ...options.map((option) =>
        h('label', { class: 'segment', 'data-value': option.value }, h('input', { type: 'radio', name, value: option.value, checked: property.default === option.value }), option.title),
      ),
    )
  }
  if (property.type === 'boolean') {
    return h('label', { class: 'check' }, h('input', { type: 'checkbox', name, checked: property.default === true }), label)
  }
  const id = `field-${name}`
  const long = (property.maxLength ?? 0) > 200
  const control = long
    ? h('textarea', { id, name, rows: 4, maxlength: property.maxLength })
    : h('input', { id, name, type: property.type === 'number' || property.type === 'integer' ? 'number' : 'text', required, maxlength: property.maxLength })
  if (typeof property.default === 'string' || typeof property.default === 'number') control.value = String(property.default)
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, property.description ? h('small', {}, property.description) : undefined)
}

function collect(form: HTMLFormElement, properties: Record<string, Property>): Record<string, string | number | boolean> {
  const content: Record<string, string | number | boolean> = {}
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'boolean') {
      content[name] = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked === true
      continue
    }
    const checked = form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)
    const control = checked ?? form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]:not([type="radio"])`)
    const value = control?.value.trim() ?? ''
    if (value === '') continue
    content[name] = property.type === 'number' || property.type === 'integer' ? Number(value) : value
  }
  return content
}

connect(app, host.now, (message) => setLine('status', message, 'failed'))
