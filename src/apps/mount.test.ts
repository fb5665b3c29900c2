// @vitest-environment jsdom
/**
 * mountMcpApp in a page (jsdom): the frame it makes, the one gate messages
 * pass (source AND origin), the proxy handshake, size following, failure,
 * teardown. jsdom neither loads the sandbox page nor fills in `source` /
 * `origin` on postMessage, so the proxy's side is played here: messages are
 * dispatched as the browser would deliver them and what the host posts to
 * the frame is recorded. The real thing (Chromium, two origins, ext-apps'
 * App in the frame) is the end-to-end test.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createClient, type JsonObject, type Tool } from '../core/index.js'
import type { McpAppError } from './errors.js'
import { mountMcpApp, type McpAppOptions } from './mount.js'
import type { McpAppResource } from './resource.js'

const SANDBOX_ORIGIN = 'http://127.0.0.1:4999'
const SANDBOX = `${SANDBOX_ORIGIN}/sandbox.html`
const tool: Tool = { name: 'seat_map', title: 'Seat map', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://flights/seat-map' } } }
const resource: McpAppResource = {
  uri: 'ui://flights/seat-map',
  html: '<!doctype html><p>Seats</p>',
  csp: { connectDomains: ['https://api.example.com'] },
  permissions: { camera: {}, geolocation: {} },
}

afterEach(() => {
  document.body.innerHTML = ''
})

function mount(options: Partial<McpAppOptions> = {}) {
  const page = document.defaultView!
  const element = document.createElement('div')
  document.body.appendChild(element)
  const errors: McpAppError[] = []
  const warnings: string[] = []
  const handle = mountMcpApp(element, {
    client: createClient('http://127.0.0.1:9/mcp'), // never reached: the resource is given
    sandbox: SANDBOX,
    tool,
    resource,
    onError: (error) => errors.push(error),
    onWarning: (message) => warnings.push(message),
    ...options,
  })
  const toFrame: Array<{ data: JsonObject; origin: string }> = []
  const view = handle.frame.contentWindow
  if (view) view.postMessage = ((data: JsonObject, origin: string) => void toFrame.push({ data, origin })) as typeof view.postMessage
  const fromFrame = (data: unknown, from: { origin?: string; source?: Window | null } = {}) =>
    page.dispatchEvent(new page.MessageEvent('message', { data, origin: from.origin ?? SANDBOX_ORIGIN, source: from.source === undefined ? view : from.source }))
  const handshake = (appCapabilities: JsonObject = {}) => {
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromFrame({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'view', version: '1' }, appCapabilities, protocolVersion: '2026-01-26' } })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
  }
  const sent = () => toFrame.map((entry) => entry.data)
  return { element, handle, errors, warnings, toFrame, fromFrame, handshake, sent }
}

describe('mountMcpApp frame', () => {
  it('appends a sandboxed frame on the sandbox origin, told the page origin, with only the permissions both sides name', () => {
    const { element, handle } = mount({ permissions: { camera: {}, microphone: {} } })
    const frame = handle.frame
    expect(frame.parentElement).toBe(element)
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms')
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(frame.getAttribute('allow')).toBe('camera')
    expect(frame.title).toBe('Seat map')
    expect(frame.src).toBe(`${SANDBOX}?host=${encodeURIComponent(document.defaultView!.location.origin)}`)
  })

  it('refuses a sandbox on the page origin, or not http(s), without loading anything', async () => {
    for (const [sandbox, code] of [
      ['/sandbox.html', 'APP_SANDBOX_SAME_ORIGIN'],
      [`${document.defaultView!.location.origin}/x/sandbox.html`, 'APP_SANDBOX_SAME_ORIGIN'],
      ['javascript:alert(1)', 'APP_SANDBOX_INVALID'],
      ['http://[bad', 'APP_SANDBOX_INVALID'],
    ] as const) {
      const { handle, errors, element } = mount({ sandbox })
      await expect(handle.ready).rejects.toMatchObject({ code })
      expect(errors.map((error) => error.code)).toEqual([code])
      expect(handle.frame.getAttribute('src')).toBeNull()
      await handle.teardown()
      expect(element.contains(handle.frame)).toBe(false)
    }
  })
})

describe('mountMcpApp messages', () => {
  it('answers the proxy once with the resource, the granted permissions and the CSP, to the sandbox origin only', () => {
    const { fromFrame, toFrame, warnings } = mount({ permissions: { geolocation: {} }, innerSandbox: 'allow-scripts' })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    expect(toFrame).toEqual([
      {
        data: {
          jsonrpc: '2.0',
          method: 'ui/notifications/sandbox-resource-ready',
          params: { html: resource.html, csp: resource.csp, permissions: { geolocation: {} }, sandbox: 'allow-scripts' },
        },
        origin: SANDBOX_ORIGIN,
      },
    ])
    expect(warnings).toEqual([])
  })

  it('ignores messages from another origin or another window', () => {
    const { fromFrame, toFrame } = mount()
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, { origin: 'http://127.0.0.1:5000' })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, { source: document.defaultView })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, { source: null })
    expect(toFrame).toEqual([])
  })

  it('runs the handshake: the page context in the result, then the tool input and result, then ready', async () => {
    const { handle, handshake, sent } = mount({ toolInput: { flight: 'BA117' }, hostContext: { locale: 'de-DE' }, maxHeight: 500 })
    let ready = false
    void handle.ready.then(() => (ready = true))
    handle.setToolResult({ content: [{ type: 'text', text: '4A free' }] })
    handshake()
    await handle.ready
    expect(ready).toBe(true)
    const [resourceReady, answer, ...notifications] = sent()
    expect(resourceReady!.method).toBe('ui/notifications/sandbox-resource-ready')
    const context = (answer!.result as JsonObject).hostContext as JsonObject
    expect(context).toMatchObject({ toolInfo: { tool }, platform: 'web', displayMode: 'inline', availableDisplayModes: ['inline'], containerDimensions: { maxHeight: 500 }, locale: 'de-DE', theme: 'light' })
    expect(notifications.map((message) => message.method)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result'])
  })

  it('follows size-changed heights within [0, maxHeight]', () => {
    const sizes: unknown[] = []
    const { handle, fromFrame } = mount({ maxHeight: 300, onSizeChange: (size) => sizes.push(size) })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 400, height: 120 } })
    expect(handle.frame.style.height).toBe('120px')
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 5000 } })
    expect(handle.frame.style.height).toBe('300px')
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: -20 } })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: Number.NaN } })
    expect(handle.frame.style.height).toBe('300px')
    expect(sizes).toEqual([{ width: 400, height: 120 }, { height: 5000 }])
  })
})

describe("mountMcpApp: the view follows the page's look", () => {
  /** A `prefers-color-scheme` the test can flip, as the system going dark would. */
  function colorScheme(dark: boolean) {
    const listeners = new Set<() => void>()
    const query = { get matches() { return dark }, addEventListener: (_: string, listener: () => void) => listeners.add(listener), removeEventListener: (_: string, listener: () => void) => listeners.delete(listener) }
    const page = document.defaultView!
    page.matchMedia = ((text: string) => (text.includes('prefers-color-scheme') ? query : { matches: false })) as never
    return { listeners, set: (next: boolean) => ((dark = next), [...listeners].forEach((listener) => listener())) }
  }
  afterEach(() => {
    delete (document.defaultView as { matchMedia?: unknown }).matchMedia
    delete document.documentElement.dataset.theme
  })
  const changes = (sent: () => JsonObject[]) => sent().filter((message) => message.method === 'ui/notifications/host-context-changed').map((message) => message.params)

  it('sends host-context-changed with the new theme when prefers-color-scheme or the page\'s data-theme changes, and stops at teardown', async () => {
    const scheme = colorScheme(false)
    const { handle, handshake, sent, fromFrame } = mount()
    handshake()
    await handle.ready
    scheme.set(true)
    expect(changes(sent)).toEqual([{ theme: 'dark' }])
    scheme.set(true)
    document.documentElement.dataset.theme = 'light'
    await new Promise((resolve) => setTimeout(resolve, 0)) // a MutationObserver reports after the change
    expect(changes(sent)).toEqual([{ theme: 'dark' }, { theme: 'light' }])
    const closing = handle.teardown()
    fromFrame({ jsonrpc: '2.0', id: sent().at(-1)!.id, result: {} })
    await closing
    expect(scheme.listeners.size).toBe(0)
  })

  it('keeps a theme the host set (hostContext, setHostContext) until it is released with undefined', async () => {
    const scheme = colorScheme(false)
    const { handle, handshake, sent } = mount({ hostContext: { theme: 'light' } })
    handshake()
    await handle.ready
    scheme.set(true)
    expect(changes(sent)).toEqual([])
    handle.setHostContext({ theme: 'dark' })
    scheme.set(false)
    expect(changes(sent)).toEqual([{ theme: 'dark' }])
    // Released: back to the page's (light, now), and following it again.
    handle.setHostContext({ theme: undefined })
    scheme.set(true)
    expect(changes(sent)).toEqual([{ theme: 'dark' }, { theme: 'light' }, { theme: 'dark' }])
  })
})

describe('mountMcpApp failure and teardown', () => {
  it('fails with APP_INIT_TIMEOUT when the view never initializes, and removes the frame', async () => {
    const { handle, errors, element } = mount({ initTimeoutMs: 30 })
    await expect(handle.ready).rejects.toMatchObject({ code: 'APP_INIT_TIMEOUT' })
    expect(errors.map((error) => error.code)).toEqual(['APP_INIT_TIMEOUT'])
    await handle.teardown()
    expect(element.contains(handle.frame)).toBe(false)
  })

  it('fails with APP_RESOURCE_INVALID when there is no resource to show', async () => {
    const { handle } = mount({ resource: undefined, tool: { name: 'plain', inputSchema: {} } })
    await expect(handle.ready).rejects.toMatchObject({ code: 'APP_RESOURCE_INVALID' })
  })

  it('sends ui/resource-teardown, waits for the answer, then removes the frame; idempotent', async () => {
    const { handle, handshake, fromFrame, sent, element } = mount()
    handshake()
    await handle.ready
    const first = handle.teardown()
    expect(handle.teardown()).toBe(first)
    const request = sent().at(-1)!
    expect(request.method).toBe('ui/resource-teardown')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(element.contains(handle.frame)).toBe(true)
    fromFrame({ jsonrpc: '2.0', id: request.id, result: {} })
    await first
    expect(element.contains(handle.frame)).toBe(false)
  })

  it('does not wait for a frame whose container already left the page', async () => {
    const { handle, handshake, element } = mount({ teardownTimeoutMs: 5000 })
    handshake()
    await handle.ready
    element.remove()
    const started = Date.now()
    await handle.teardown()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('tears down when the signal aborts, and fails ready and questions with APP_TORN_DOWN before initialization', async () => {
    const controller = new AbortController()
    const { handle, element, errors } = mount({ signal: controller.signal, elicitation: true })
    const question = handle.elicit({ message: 'Seat?', requestedSchema: { type: 'object', properties: {} } })
    controller.abort()
    await expect(handle.ready).rejects.toMatchObject({ code: 'APP_TORN_DOWN' })
    await expect(question).rejects.toMatchObject({ code: 'APP_TORN_DOWN' })
    await handle.teardown()
    expect(element.contains(handle.frame)).toBe(false)
    expect(errors).toEqual([])
  })

  it('forwards a question to a view that declared elicitation and returns its checked answer', async () => {
    const { handle, handshake, fromFrame, sent } = mount({ elicitation: true })
    handshake({ elicitation: {} })
    const answer = handle.elicit({ mode: 'form', message: 'Seat?', requestedSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] } })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const request = sent().at(-1)!
    expect(request.method).toBe('elicitation/create')
    fromFrame({ jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { seat: '4A' } } })
    await expect(answer).resolves.toEqual({ action: 'accept', content: { seat: '4A' } })
  })
})

describe('mountMcpApp: one sandbox host per server', () => {
  // A host of its own: the tests above leave apps of their server live on SANDBOX's host.
  const SHARED_ORIGIN = 'http://127.0.0.2:4998'
  const SHARED = `${SHARED_ORIGIN}/sandbox.html`
  const X = 'https://x.example/mcp'
  const Y = 'https://y.example/mcp'

  it("refuses an app of a second server on an origin where an app of another is live, so it can never be posted as by the first's frame", async () => {
    const a = mount({ client: createClient(X), sandbox: SHARED })
    const b = mount({ client: createClient(Y), sandbox: SHARED })
    await expect(b.handle.ready).rejects.toMatchObject({ code: 'APP_SANDBOX_SHARED', message: expect.stringContaining('sandbox: (server) => url') })
    expect(b.errors.map((error) => error.code)).toEqual(['APP_SANDBOX_SHARED'])
    expect(b.handle.frame.getAttribute('src')).toBeNull()
    expect(b.warnings).toEqual([expect.stringContaining('Pass sandbox as a function')])
    // A's frame is the only one on that origin: whatever it posts reaches A's bridge alone.
    a.fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, { origin: SHARED_ORIGIN })
    expect(a.sent()).toHaveLength(1)
    // Told once per page; another app of A's server is welcome.
    const again = mount({ client: createClient(Y), sandbox: SHARED })
    await expect(again.handle.ready).rejects.toMatchObject({ code: 'APP_SANDBOX_SHARED' })
    expect(again.warnings).toEqual([])
    const sibling = mount({ client: createClient(X), sandbox: SHARED })
    expect(sibling.errors).toEqual([])
    expect(sibling.handle.frame.getAttribute('src')).not.toBeNull()
    // Once the origin holds no app of X, Y may use it.
    await Promise.all([a.handle.teardown(), sibling.handle.teardown()])
    const later = mount({ client: createClient(Y), sandbox: SHARED })
    expect(later.errors).toEqual([])
    expect(later.handle.frame.getAttribute('src')).not.toBeNull()
    await later.handle.teardown()
  })

  it('mounts apps of two servers side by side when the sandbox gives each its own host, each frame heard only from its own', () => {
    const perServer = (server: { url: string }) => (server.url === X ? 'http://127.0.0.3:4997/sandbox.html' : 'http://127.0.0.4:4996/sandbox.html')
    const a = mount({ client: createClient(X), sandbox: perServer })
    const b = mount({ client: createClient(Y), sandbox: perServer })
    expect([a.errors, b.errors]).toEqual([[], []])
    expect(new URL(a.handle.frame.src).origin).toBe('http://127.0.0.3:4997')
    expect(new URL(b.handle.frame.src).origin).toBe('http://127.0.0.4:4996')
    // A message through B's frame but from A's origin is not B's.
    b.fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, { origin: 'http://127.0.0.3:4997' })
    expect(b.sent()).toEqual([])
    b.fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, { origin: 'http://127.0.0.4:4996' })
    expect(b.sent()).toHaveLength(1)
  })
})
