// @vitest-environment jsdom
/**
 * The elements in jsdom against a real MCP server (the kit's modern server):
 * defining, properties and attributes, events, a call removed mid-way, and
 * attribute values a model could have written.
 */
import { waitFor, within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import validator from '@rjsf/validator-ajv8'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { createClient, type McpClient } from '../core/index'
import { define, MAX_ARGUMENTS_LENGTH, McpToolCallElement, type McpCallStatusDetail, type McpErrorDetail, type McpResultDetail } from './index'

let mcp: ModernServer
let client: McpClient

beforeAll(async () => {
  mcp = await startModernServer()
  client = createClient(mcp.url, { capabilities: { elicitation: { form: {} } } })
  define()
})
afterAll(async () => {
  await mcp.close()
})
afterEach(() => {
  document.body.replaceChildren()
})

/** The `tools/call` params the server got for `tool`. */
const callsOf = (tool: string) =>
  mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === tool).map((r) => (r.body as { params: { arguments: unknown } }).params)

/** A tool-call element in the page, with what its events told. */
function toolCall(attributes: Record<string, string>, parent: HTMLElement = document.body) {
  const element = document.createElement('mcp-elicit-tool-call')
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  const events = { status: [] as string[], results: [] as McpResultDetail[], errors: [] as McpErrorDetail[] }
  element.addEventListener('status', (event) => events.status.push((event.detail as McpCallStatusDetail).status))
  element.addEventListener('result', (event) => events.results.push(event.detail))
  element.addEventListener('error', (event) => events.errors.push(event.detail))
  element.validator = validator
  element.client = client
  parent.append(element)
  return { element, events }
}

async function answerColour(element: HTMLElement, colour: string) {
  const round = await within(element).findByRole('group', { name: 'Pick a colour' })
  await userEvent.selectOptions(within(round).getByRole('combobox', { name: /^Colour/ }), colour)
  await userEvent.click(within(round).getByRole('button', { name: 'Accept' }))
  return within(element).findByRole('group', { name: `Colour ${colour}. Now pick a size` })
}

describe('define', () => {
  it('defines the three elements under the default prefix; again, it does nothing', () => {
    const names = define()
    expect(names).toEqual({ toolCall: 'mcp-elicit-tool-call', app: 'mcp-elicit-app', signIn: 'mcp-elicit-sign-in' })
    const before = customElements.get('mcp-elicit-tool-call')
    expect(define()).toEqual(names)
    expect(customElements.get('mcp-elicit-tool-call')).toBe(before)
    expect(document.createElement('mcp-elicit-tool-call')).toBeInstanceOf(McpToolCallElement)
  })

  it('a second copy under another prefix lives beside the first', () => {
    const names = define({ prefix: 'second-copy' })
    expect(names.app).toBe('second-copy-app')
    expect(customElements.get('second-copy-tool-call')).not.toBe(customElements.get('mcp-elicit-tool-call'))
    expect(document.createElement('second-copy-sign-in').constructor).toBe(customElements.get('second-copy-sign-in'))
  })

  it('a name another class holds: a clear error, and nothing of that prefix defined', () => {
    customElements.define('taken-app', class extends HTMLElement {})
    expect(() => define({ prefix: 'taken' })).toThrow(/<taken-app> is already defined by another script.*define\(\{ prefix: 'my-chat' \}\)/)
    expect(customElements.get('taken-tool-call')).toBeUndefined()
    expect(customElements.get('taken-sign-in')).toBeUndefined()
  })

  it('refuses a prefix that cannot start an element name, and a second setting for the same prefix', () => {
    for (const prefix of ['', 'Mcp', '1mcp', 'mcp-', 'mcp elicit', '<x>']) expect(() => define({ prefix }), prefix).toThrow(TypeError)
    expect(() => define({ styles: false })).toThrow(/already defined with styles: true/)
  })
})

describe('<mcp-elicit-tool-call>', () => {
  it('takes over properties set before the element was defined', async () => {
    const element = document.createElement('late-tool-call') as McpToolCallElement
    Object.assign(element, { client, validator })
    element.setAttribute('name', 'echo')
    element.setAttribute('arguments', '{"text":"early"}')
    document.body.append(element)
    define({ prefix: 'late' })
    await userEvent.click(await within(element).findByRole('button', { name: 'Run echo' }))
    expect(await within(element).findByText('early')).toBeTruthy()
  })

  it('runs both rounds of the wizard and tells the page through events that do not bubble', async () => {
    const parent = document.createElement('div')
    document.body.append(parent)
    const heard = { bubbling: 0, captured: 0 }
    parent.addEventListener('result', () => heard.bubbling++)
    parent.addEventListener('result', () => heard.captured++, { capture: true })
    const { element, events } = toolCall({ name: 'wizard', 'auto-run': '' }, parent)
    const second = await answerColour(element, 'green')
    await userEvent.click(within(second).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(events.results).toHaveLength(1))
    expect(events.results[0]!.result.content).toEqual([{ type: 'text', text: '{"color":"green","size":5}' }])
    expect(events.status).toEqual(['running', 'awaiting_input', 'retrying', 'awaiting_input', 'retrying', 'done'])
    expect(element.status).toBe('done')
    expect(heard).toEqual({ bubbling: 0, captured: 1 })
  })

  it('a call in flight keeps the name and arguments it started with; the change applies to the next run', async () => {
    const echoes = callsOf('echo').length
    const { element, events } = toolCall({ name: 'wizard', 'auto-run': '' })
    const round = await within(element).findByRole('group', { name: 'Pick a colour' })
    element.setAttribute('name', 'echo')
    element.arguments = { text: 'changed' }
    await Promise.resolve()
    // The question of the call the person started stays, and their answer goes to it.
    expect(within(element).getByRole('group', { name: 'Pick a colour' })).toBe(round)
    const second = await answerColour(element, 'red')
    await userEvent.click(within(second).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(events.results).toHaveLength(1))
    expect(callsOf('echo')).toHaveLength(echoes)
    expect(events.results[0]!.result.content).toEqual([{ type: 'text', text: '{"color":"red","size":5}' }])
    // Ended: the next run is the new one.
    await userEvent.click(await within(element).findByRole('button', { name: 'Run echo' }))
    await waitFor(() => expect(events.results).toHaveLength(2))
    expect(callsOf('echo').at(-1)).toMatchObject({ name: 'echo', arguments: { text: 'changed' } })
  })

  it('the arguments written last win: an attribute after an object, an object after an attribute', async () => {
    const { element, events } = toolCall({ name: 'echo' })
    element.arguments = { text: 'object' }
    element.setAttribute('arguments', '{"text":"attribute"}')
    expect(element.arguments).toBe('{"text":"attribute"}')
    await userEvent.click(await within(element).findByRole('button', { name: 'Run echo' }))
    await waitFor(() => expect(events.results).toHaveLength(1))
    expect(callsOf('echo').at(-1)).toMatchObject({ arguments: { text: 'attribute' } })
    element.arguments = { text: 'object again' }
    expect(element.arguments).toEqual({ text: 'object again' })
  })

  it('removed from the page mid-call: the call is stopped and the server sees it aborted', async () => {
    const { element, events } = toolCall({ name: 'slow', arguments: '{"ms":15000}', 'auto-run': '' })
    await waitFor(() => expect(events.status).toEqual(['running']))
    await waitFor(() => expect(callsOf('slow')).toHaveLength(1))
    element.remove()
    const report = await mcp.waitForReceived('slow', 10_000)
    expect(report.data).toMatchObject({ ms: 15000, aborted: true })
  })

  it('moved within the page (a list reordered): the call goes on', async () => {
    const list = document.createElement('div')
    document.body.append(list)
    const { element, events } = toolCall({ name: 'slow', arguments: '{"ms":300}', 'auto-run': '' }, list)
    await waitFor(() => expect(events.status).toEqual(['running']))
    list.prepend(document.createElement('p'))
    list.append(element)
    await waitFor(() => expect(events.results).toHaveLength(1))
    expect(events.results[0]!.result.content).toEqual([{ type: 'text', text: 'waited 300ms' }])
    expect(events.status).toEqual(['running', 'done'])
  })

  it('renders in a shadow root of its own with `shadow`, and mirrors the page theme there', async () => {
    document.documentElement.setAttribute('data-theme', 'dark')
    try {
      const { element } = toolCall({ name: 'echo', arguments: '{"text":"in the shadow"}', shadow: '' })
      const wrapper = element.shadowRoot!.firstElementChild as HTMLElement
      expect(await within(wrapper).findByRole('button', { name: 'Run echo' })).toBeTruthy()
      expect(element.children).toHaveLength(0)
      expect(wrapper.dataset.theme).toBe('dark')
      document.documentElement.setAttribute('data-theme', 'light')
      await waitFor(() => expect(wrapper.dataset.theme).toBe('light'))
    } finally {
      document.documentElement.removeAttribute('data-theme')
    }
  })

  describe('attribute values a model could have written', () => {
    const refused = async (attributes: Record<string, string>, message: RegExp) => {
      const before = mcp.requests.length
      const { element, events } = toolCall({ ...attributes, 'auto-run': '' })
      await waitFor(() => expect(events.errors).toHaveLength(1))
      expect(events.errors[0]).toMatchObject({ source: 'arguments', error: { name: 'McpArgumentError', code: 'INVALID_ARGUMENT' } })
      expect(events.errors[0]!.error).toHaveProperty('message', expect.stringMatching(message))
      expect((await within(element).findByRole('alert')).textContent).toMatch(message)
      expect(within(element).queryByRole('button')).toBeNull()
      expect(mcp.requests.length).toBe(before)
      return element
    }

    it('arguments that are not a JSON object run nothing and say why', async () => {
      for (const text of ['[1,2]', '"text"', '42', 'null', '{"text":', '<script>alert(1)</script>']) {
        await refused({ name: 'echo', arguments: text }, /not (JSON|a JSON object)/)
        document.body.replaceChildren()
      }
    })

    it('huge values are refused before they reach the page or the server', async () => {
      const element = await refused({ name: 'x'.repeat(100_000) }, /100000 characters long; at most 1024/)
      expect(element.textContent!.length).toBeLessThan(200)
      document.body.replaceChildren()
      await refused({ name: 'echo', arguments: `{"text":"${'y'.repeat(MAX_ARGUMENTS_LENGTH)}"}` }, /at most 1048576 are taken/)
    })

    it('prototype keys stay data: nothing is polluted, and the server gets them as written', async () => {
      const { element, events } = toolCall({ name: 'echo', arguments: '{"text":"kept","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', 'auto-run': '' })
      await waitFor(() => expect(events.results).toHaveLength(1))
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.prototype).not.toHaveProperty('polluted')
      const sent = callsOf('echo').at(-1)!.arguments as Record<string, unknown>
      expect(Object.getPrototypeOf(sent)).toBe(Object.prototype)
      expect(Object.hasOwn(sent, '__proto__')).toBe(true)
      expect(within(element).getByText('kept')).toBeTruthy()
    })

    it('markup in a name is shown as text', async () => {
      const name = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'
      const { element } = toolCall({ name })
      const run = await within(element).findByRole('button', { name: `Run ${name}` })
      expect(run.textContent).toBe(`Run ${name}`)
      expect(element.querySelector('img, script')).toBeNull()
      expect((window as { pwned?: unknown }).pwned).toBeUndefined()
    })
  })
})

describe('<mcp-elicit-app>', () => {
  it('a tool name or arguments that cannot be used: nothing is asked of the server, error says why, once per value', async () => {
    const before = mcp.requests.length
    const element = document.createElement('mcp-elicit-app')
    const errors: McpErrorDetail[] = []
    element.addEventListener('error', (event) => errors.push(event.detail))
    element.setAttribute('tool', '<b>x</b>'.repeat(300))
    element.client = client
    document.body.append(element)
    await waitFor(() => expect(errors).toHaveLength(1))
    expect(errors[0]).toMatchObject({ source: 'arguments', error: { name: 'McpArgumentError' } })
    expect(within(element).getByRole('alert').textContent).toMatch(/2400 characters long; at most 1024/)
    expect(element.querySelector('b')).toBeNull()
    // Another render with the same bad value tells nothing new.
    element.serverTools = true
    await Promise.resolve()
    expect(errors).toHaveLength(1)
    element.setAttribute('tool', 'show_app')
    element.setAttribute('arguments', '{"__proto__":')
    await waitFor(() => expect(errors).toHaveLength(2))
    expect(errors[1]!.error).toHaveProperty('message', "The element's arguments are not JSON")
    expect(mcp.requests.length).toBe(before)
  })

  it('the capability switches reflect their attributes, and objects set as properties stay per element', () => {
    const first = document.createElement('mcp-elicit-app')
    const second = document.createElement('mcp-elicit-app')
    first.openLinks = true
    expect(first.getAttribute('open-links')).toBe('')
    second.setAttribute('app-messages', '')
    expect(second.appMessages).toBe(true)
    expect(second.openLinks).toBe(false)
    first.client = client
    expect(first.client).toBe(client)
    expect(second.client).toBeUndefined()
  })
})
