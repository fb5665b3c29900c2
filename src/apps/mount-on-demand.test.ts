// @vitest-environment jsdom
/**
 * The first app of a page: `mountMcpApp` returns its handle and an empty
 * frame at once, and the host behind it (app-host.ts: the resource read,
 * the sandbox checks, the bridge) is a chunk of its own, loaded then. What
 * the caller does meanwhile reaches the view in order; the sandbox checks
 * hold for apps mounted before the host was there; a teardown, an abort or
 * the init timeout before it ends the app without loading anything in the
 * frame; a host that cannot be fetched fails the app with `APP_FRAME_FAILED`
 * and is fetched again by the next mount. Each test starts from fresh
 * modules, the host's load held by a gate (bench/size-check.mjs checks that
 * the host is out of the first load). The proxy's side is played as in
 * mount.test.ts.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { JsonObject, McpClient, Tool } from '../core/index.js'
import type { McpAppError } from './errors.js'
import type { McpAppOptions } from './mount.js'

const SANDBOX_ORIGIN = 'http://127.0.0.1:4999'
const SANDBOX = `${SANDBOX_ORIGIN}/sandbox.html`
const tool: Tool = { name: 'seat_map', title: 'Seat map', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://flights/seat-map' } } }
const HTML = '<!doctype html><p>Seats</p>'

/** The host's load: waits for `gate` when set, fails while `offline`; `loads` counts the fetches. */
let gate: Promise<void> | undefined
let offline = false
let loads = 0
// Transformed once before the tests (each test then evaluates it afresh), so no test's time holds that.
beforeAll(() => import('./app-host.js'))
beforeEach(() => {
  vi.doMock('./app-host', async (importOriginal) => {
    loads++
    await gate
    if (offline) throw new TypeError('Failed to fetch dynamically imported module')
    return importOriginal()
  })
})

afterEach(() => {
  document.body.innerHTML = ''
  gate = undefined
  offline = false
  loads = 0
  vi.doUnmock('./app-host')
  vi.resetModules()
  vi.useRealTimers()
})

/** A gate the test opens. */
function held() {
  let open = () => {}
  gate = new Promise<void>((resolve) => (open = resolve))
  return open
}

/** Fresh modules (a page that has shown no app yet) and a client whose reads are counted. */
async function page() {
  const { createClient } = await import('../core/index.js')
  const { loadAppHost, mountMcpApp } = await import('./mount.js')
  const client = createClient('http://127.0.0.1:9/mcp')
  const reads: string[] = []
  vi.spyOn(client, 'readResource').mockImplementation(async (uri: string) => {
    reads.push(uri)
    // Its own _meta.ui: no resources/list for the fallback.
    return { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: { ui: {} } }] }
  })
  const mount = (options: Partial<McpAppOptions> = {}) => {
    const element = document.body.appendChild(document.createElement('div'))
    const errors: McpAppError[] = []
    const handle = mountMcpApp(element, { client, sandbox: SANDBOX, tool, onError: (error) => errors.push(error), onWarning: () => {}, ...options })
    // The frame's window as it is when the host has loaded it (jsdom makes a new one when src is set).
    const toFrame: JsonObject[] = []
    const view = () => {
      const current = handle.frame.contentWindow!
      current.postMessage = ((data: JsonObject) => void toFrame.push(data)) as typeof current.postMessage
      return current
    }
    const fromFrame = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: SANDBOX_ORIGIN, source: view() }))
    const handshake = (appCapabilities: JsonObject = {}) => {
      fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
      fromFrame({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'view', version: '1' }, appCapabilities, protocolVersion: '2026-01-26' } })
      fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    }
    return { element, handle, errors, toFrame, fromFrame, handshake }
  }
  return { client: client as McpClient, reads, mount, loadAppHost }
}

/** Until the host is loaded and has pointed the frame at the sandbox page (the resource read first: promises, no timer). */
async function loaded(frame: HTMLIFrameElement) {
  const { loadAppHost } = await import('./mount.js')
  await loadAppHost()
  await vi.waitFor(() => expect(frame.getAttribute('src')).not.toBeNull(), { timeout: 10_000 })
}

describe('the first app of a page: the host loads behind the handle', () => {
  it('gives the handle and an empty sandboxed frame at once; the input, result and host context set meanwhile reach the view in order', async () => {
    const open = held()
    const { mount, reads } = await page()
    const { handle, element, toFrame, handshake, errors } = mount({ toolInput: { flight: 'BA117' } })
    expect(handle.frame.parentElement).toBe(element)
    expect(handle.frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms')
    expect(handle.frame.title).toBe('Seat map')
    handle.setToolResult({ content: [{ type: 'text', text: '4A free' }] })
    handle.setHostContext({ locale: 'de-DE' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Nothing loaded in the frame, nothing read, before the host is there.
    expect([handle.frame.getAttribute('src'), reads, loads]).toEqual([null, [], 1])
    open()
    await loaded(handle.frame)
    expect(reads).toEqual(['ui://flights/seat-map'])
    handshake()
    await handle.ready
    const [resourceReady, answer, ...notifications] = toFrame
    expect(resourceReady).toMatchObject({ method: 'ui/notifications/sandbox-resource-ready', params: { html: HTML } })
    expect((answer!.result as JsonObject).hostContext).toMatchObject({ locale: 'de-DE', toolInfo: { tool } })
    expect(notifications.map((message) => [message.method, message.params])).toEqual([
      ['ui/notifications/tool-input', { arguments: { flight: 'BA117' } }],
      ['ui/notifications/tool-result', { content: [{ type: 'text', text: '4A free' }] }],
    ])
    expect(errors).toEqual([])
  })

  it('once the host is loaded, the next mount runs it at once: its frame points at the sandbox page before mountMcpApp returns', async () => {
    const { mount, loadAppHost } = await page()
    await loadAppHost()
    const { handle } = mount({ resource: { uri: 'ui://flights/seat-map', html: HTML, csp: {}, permissions: {} } })
    expect(new URL(handle.frame.src).origin).toBe(SANDBOX_ORIGIN)
    expect(loads).toBe(1)
  })

  it('forwards a question asked before the host is there once the view has declared elicitation', async () => {
    const open = held()
    const { mount } = await page()
    const { handle, toFrame, fromFrame, handshake } = mount({ elicitation: true })
    const answer = handle.elicit({ mode: 'form', message: 'Seat?', requestedSchema: { type: 'object', properties: { seat: { type: 'string' } } } })
    open()
    await loaded(handle.frame)
    handshake({ elicitation: {} })
    await vi.waitFor(() => expect(toFrame.at(-1)?.method).toBe('elicitation/create'), { timeout: 10_000 })
    fromFrame({ jsonrpc: '2.0', id: toFrame.at(-1)!.id, result: { action: 'accept', content: { seat: '4A' } } })
    await expect(answer).resolves.toEqual({ action: 'accept', content: { seat: '4A' } })
  })

  it('apps of two servers mounted on one sandbox host before the host loaded: the second is still refused', async () => {
    const open = held()
    const { createClient } = await import('../core/index.js')
    const { mount } = await page()
    const a = mount({ client: createClient('https://x.example/mcp'), resource: { uri: 'ui://flights/seat-map', html: HTML, csp: {}, permissions: {} } })
    const b = mount({ client: createClient('https://y.example/mcp'), resource: { uri: 'ui://flights/seat-map', html: HTML, csp: {}, permissions: {} } })
    open()
    await expect(b.handle.ready).rejects.toMatchObject({ code: 'APP_SANDBOX_SHARED' })
    expect(b.handle.frame.getAttribute('src')).toBeNull()
    expect(b.errors.map((error) => error.code)).toEqual(['APP_SANDBOX_SHARED'])
    await loaded(a.handle.frame)
    expect(a.errors).toEqual([])
  })
})

describe('the first app of a page, ended before the host is there', () => {
  it('a teardown removes the frame, fails ready and a waiting question with APP_TORN_DOWN, and nothing is read or loaded when the host comes', async () => {
    const open = held()
    const { mount, reads, loadAppHost } = await page()
    const { handle, element, errors } = mount({ elicitation: true })
    const question = handle.elicit({ message: 'Seat?', requestedSchema: { type: 'object', properties: {} } })
    await handle.teardown()
    expect(element.contains(handle.frame)).toBe(false)
    await expect(handle.ready).rejects.toMatchObject({ code: 'APP_TORN_DOWN' })
    await expect(question).rejects.toMatchObject({ code: 'APP_TORN_DOWN' })
    await expect(handle.elicit({ message: 'Again?', requestedSchema: { type: 'object', properties: {} } })).rejects.toMatchObject({ code: 'APP_TORN_DOWN' })
    open()
    await loadAppHost()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect([handle.frame.getAttribute('src'), reads, errors]).toEqual([null, [], []])
  })

  it('an abort does the same, before the mount or after it', async () => {
    const open = held()
    const { mount, reads, loadAppHost } = await page()
    const controller = new AbortController()
    const live = mount({ signal: controller.signal })
    const aborted = mount({ signal: AbortSignal.abort() })
    controller.abort()
    for (const { handle, element, errors } of [live, aborted]) {
      await expect(handle.ready).rejects.toMatchObject({ code: 'APP_TORN_DOWN' })
      expect([element.contains(handle.frame), errors]).toEqual([false, []])
    }
    open()
    await loadAppHost()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect([live.handle.frame.getAttribute('src'), aborted.handle.frame.getAttribute('src'), reads]).toEqual([null, null, []])
  })

  it('the init timeout runs from the mount: a host that does not come in time ends the app with APP_INIT_TIMEOUT; one that comes gets what is left', async () => {
    vi.useFakeTimers()
    const open = held()
    const { mount, loadAppHost } = await page()
    const late = mount({ initTimeoutMs: 1000 })
    await vi.advanceTimersByTimeAsync(1000)
    await expect(late.handle.ready).rejects.toMatchObject({ code: 'APP_INIT_TIMEOUT' })
    expect([late.errors.map((error) => error.code), late.element.contains(late.handle.frame)]).toEqual([['APP_INIT_TIMEOUT'], false])

    const inTime = mount({ initTimeoutMs: 1000, resource: { uri: 'ui://flights/seat-map', html: HTML, csp: {}, permissions: {} } })
    await vi.advanceTimersByTimeAsync(600)
    open()
    await loadAppHost()
    await vi.advanceTimersByTimeAsync(0)
    expect(inTime.handle.frame.getAttribute('src')).not.toBeNull()
    await vi.advanceTimersByTimeAsync(399)
    expect(inTime.errors).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(inTime.errors.map((error) => error.code)).toEqual(['APP_INIT_TIMEOUT'])
    expect(late.handle.frame.getAttribute('src')).toBeNull()
  })

  it('a host that cannot be fetched fails the app with APP_FRAME_FAILED (the McpNetworkError in cause) and leaves the page; the next mount fetches it again', async () => {
    offline = true
    const { mount } = await page()
    const first = mount({ toolInput: {} })
    await expect(first.handle.ready).rejects.toMatchObject({ code: 'APP_FRAME_FAILED', uri: 'ui://flights/seat-map', message: expect.stringContaining('could not load the MCP Apps host of mcp-elicit') })
    expect(first.errors).toHaveLength(1)
    expect(first.errors[0]!.cause).toMatchObject({ name: 'McpNetworkError' })
    expect(first.element.contains(first.handle.frame)).toBe(false)
    // Back online: the failed load is forgotten.
    offline = false
    const next = mount()
    await loaded(next.handle.frame)
    expect([loads, next.errors]).toEqual([2, []])
  })
})
