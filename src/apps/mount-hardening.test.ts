// @vitest-environment jsdom
/**
 * What ends an app, played as the app would (jsdom; the real thing in
 * Chromium is e2e/app-attacks.spec.ts): a sandbox that would share the
 * page's cookies never loads, two ports of one host are one sandbox host,
 * a proxy frame that loads a second document is torn down at once, and so
 * is a view the bridge gave up on.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createClient, type JsonObject, type Tool } from '../core/index.js'
import type { McpAppError } from './errors.js'
import { watchFrameDocuments } from './frame.js'
import { mountMcpApp, type McpAppOptions } from './mount.js'

const tool: Tool = { name: 'seat_map', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://flights/seat-map' } } }
const resource = { uri: 'ui://flights/seat-map', html: '<!doctype html><p>Seats</p>', csp: {}, permissions: {} }

afterEach(() => {
  document.body.innerHTML = ''
})

/** A frame's window once another origin's document is in it: its location cannot be read. */
const crossOrigin = (posted: unknown[] = []) => ({
  get location(): Location {
    throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError')
  },
  postMessage: (data: unknown) => void posted.push(data),
})

function mount(sandbox: string, options: Partial<McpAppOptions> = {}) {
  const element = document.body.appendChild(document.createElement('div'))
  const errors: McpAppError[] = []
  const warnings: string[] = []
  const handle = mountMcpApp(element, {
    client: createClient('http://127.0.0.1:9/mcp'),
    sandbox,
    tool,
    resource,
    onError: (error) => errors.push(error),
    onWarning: (message) => warnings.push(message),
    ...options,
  })
  return { element, handle, errors, warnings }
}

describe('a sandbox that would share the page cookies', () => {
  it('is refused at mount on the page host name on another port, and on a sub-domain of it, before anything loads', async () => {
    const page = new URL(location.href)
    for (const sandbox of [`http://${page.hostname}:4801/sandbox.html`, `http://apps.${page.hostname}:4801/sandbox.html`]) {
      const { handle, errors, element } = mount(sandbox)
      await expect(handle.ready).rejects.toMatchObject({ code: 'APP_SANDBOX_SAME_SITE' })
      expect(errors.map((error) => error.code)).toEqual(['APP_SANDBOX_SAME_SITE'])
      expect(handle.frame.getAttribute('src')).toBeNull()
      await handle.teardown()
      expect(element.contains(handle.frame)).toBe(false)
    }
  })

  it('is let through on loopback when the host opts in, with a warning', () => {
    const { handle, errors, warnings } = mount(`http://${location.hostname}:4802/sandbox.html`, { allowSameSiteSandboxOnLoopback: true })
    expect(errors).toEqual([])
    expect(handle.frame.getAttribute('src')).toContain(':4802/sandbox.html')
    expect(warnings).toEqual([expect.stringContaining('Allowed for local development only')])
  })

  it('holds one claim for every port of a host name: a second server is refused on another port of it', async () => {
    const first = mount('http://127.0.0.9:4803/sandbox.html', { client: createClient('https://x.example/mcp') })
    const second = mount('http://127.0.0.9:4804/sandbox.html', { client: createClient('https://y.example/mcp') })
    expect(first.errors).toEqual([])
    await expect(second.handle.ready).rejects.toMatchObject({ code: 'APP_SANDBOX_SHARED', message: expect.stringContaining('sandbox host 127.0.0.9') })
    await first.handle.teardown()
  })
})

describe('a proxy frame that loads a second document', () => {
  it('does not count the initial about:blank, whenever its load event comes', () => {
    const frame = document.createElement('iframe')
    document.body.append(frame)
    let second = 0
    watchFrameDocuments(frame, () => second++)
    frame.dispatchEvent(new Event('load'))
    frame.dispatchEvent(new Event('load'))
    expect(second).toBe(0)
  })

  it('tears the app down at once, frame removed without waiting, with APP_FRAME_NAVIGATED and a warning', async () => {
    const { handle, errors, warnings, element } = mount('http://127.0.0.5:4805/sandbox.html', { teardownTimeoutMs: 60_000 })
    const posted: unknown[] = []
    Object.defineProperty(handle.frame, 'contentWindow', { configurable: true, get: () => crossOrigin(posted) })
    handle.frame.dispatchEvent(new Event('load')) // the sandbox page
    expect(errors).toEqual([])
    handle.frame.dispatchEvent(new Event('load')) // whatever the app navigated it to
    expect(element.contains(handle.frame)).toBe(false)
    expect(errors.map((error) => error.code)).toEqual(['APP_FRAME_NAVIGATED'])
    expect(warnings).toEqual([expect.stringContaining('loaded a second document')])
    await expect(handle.ready).rejects.toMatchObject({ code: 'APP_FRAME_NAVIGATED' })
    await handle.teardown()
  })
})

describe('a view the bridge gave up on', () => {
  it('is removed with APP_TOO_MANY_REFUSALS, without waiting for a teardown answer', async () => {
    const { handle, errors, element, warnings } = mount('http://127.0.0.6:4806/sandbox.html', { teardownTimeoutMs: 60_000 })
    const page = document.defaultView!
    const view = handle.frame.contentWindow!
    view.postMessage = (() => {}) as typeof view.postMessage
    const fromFrame = (data: JsonObject) => page.dispatchEvent(new page.MessageEvent('message', { data, origin: 'http://127.0.0.6:4806', source: view }))
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromFrame({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'flood', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
    await handle.ready
    for (let n = 0; n < 2000; n++) fromFrame({ jsonrpc: '2.0', id: `x${n}`, method: 'ui/no-such-method', params: {} })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors.map((error) => error.code)).toEqual(['APP_TOO_MANY_REFUSALS'])
    expect(element.contains(handle.frame)).toBe(false)
    expect(warnings.filter((warning) => warning.includes('messages the host refused'))).toHaveLength(1)
  })
})
