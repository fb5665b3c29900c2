/**
 * The bridge driven with plain message objects, as a view would post them:
 * the handshake, what is held back until `initialized`, the deny-by-default
 * requests, limits, teardown. Calls that reach a server are in
 * bridge-server.int.test.ts; SEP-3118 forwarding in bridge-elicit.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../core/index.js'
import { AppBridge } from './bridge.js'
import type { AppBridgeClient, AppBridgeOptions } from './bridge-options.js'

type Options = Omit<AppBridgeOptions, 'post'>

function harness(options: Options = {}) {
  const sent: JsonObject[] = []
  const warnings: string[] = []
  const bridge = new AppBridge({ onWarning: (message) => warnings.push(message), ...options, post: (message) => sent.push(message) })
  const initialize = (appCapabilities: JsonObject = {}) => {
    bridge.receive({ jsonrpc: '2.0', id: 'init', method: 'ui/initialize', params: { appInfo: { name: 'view', version: '1' }, appCapabilities, protocolVersion: '2026-01-26' } })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} })
  }
  const request = (id: number | string, method: string, params: JsonObject = {}) => bridge.receive({ jsonrpc: '2.0', id, method, params })
  const answerTo = (id: number | string) => sent.find((message) => message.id === id && !('method' in message))
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { bridge, sent, warnings, initialize, request, answerTo, settle }
}

describe('AppBridge handshake', () => {
  it('answers ui/initialize with the bridge version, the host and its context, and no capability nobody turned on', () => {
    const { bridge, sent } = harness({ hostContext: { theme: 'dark', locale: 'fr-FR' } })
    bridge.receive({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    expect(sent).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: '2026-01-26', hostInfo: { name: 'mcp-elicit', version: '0.1.0' }, hostCapabilities: {}, hostContext: { theme: 'dark', locale: 'fr-FR' } },
      },
    ])
    expect(bridge.initialized).toBe(false)
    expect(bridge.view).toEqual({ appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
  })

  it('advertises exactly the capabilities whose options are given', () => {
    const { request, answerTo } = harness({
      onOpenLink: () => {},
      onMessage: () => true,
      onUpdateModelContext: () => {},
      onLog: () => {},
      elicitation: true,
      serverTools: true, // no client: cannot be honoured, so not advertised
      sandbox: { permissions: { camera: {} }, csp: { connectDomains: ['https://api.example.com'] } },
    })
    request(1, 'ui/initialize', { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    expect((answerTo(1)?.result as JsonObject).hostCapabilities).toEqual({
      openLinks: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      logging: {},
      elicitation: {},
      sandbox: { permissions: { camera: {} }, csp: { connectDomains: ['https://api.example.com'] } },
    })
  })

  it('refuses a second ui/initialize and an initialize without appInfo', () => {
    const { request, answerTo, initialize } = harness()
    request(1, 'ui/initialize', { appCapabilities: {}, protocolVersion: '2026-01-26' })
    expect(answerTo(1)).toMatchObject({ error: { code: -32602 } })
    initialize()
    request(2, 'ui/initialize', { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    expect(answerTo(2)).toMatchObject({ error: { code: -32600 } })
  })

  it('does not take initialized before ui/initialize was answered', () => {
    const { bridge, warnings } = harness()
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    expect(bridge.initialized).toBe(false)
    expect(bridge.droppedMessages).toBe(1)
    expect(warnings.join()).toContain('before ui/initialize')
  })
})

describe('AppBridge before initialized', () => {
  it('sends nothing to the view, then context, input and result in that order, only the latest of each', () => {
    const { bridge, sent, request } = harness({ hostContext: { theme: 'light' } })
    bridge.sendToolInputPartial({ city: 'Pa' })
    bridge.sendToolInput({ city: 'Paris' })
    bridge.sendToolInputPartial({ city: 'Par' }) // the complete input already waits: dropped
    bridge.sendToolInput({ city: 'Lyon' })
    bridge.sendToolCancelled('superseded')
    bridge.sendToolResult({ content: [{ type: 'text', text: 'sunny' }], resultType: 'complete' })
    request(1, 'ui/initialize', { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    bridge.setHostContext({ theme: 'dark' })
    bridge.setHostContext({ theme: 'dark', locale: 'de' })
    expect(sent.map((message) => message.method ?? 'answer')).toEqual(['answer'])
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    expect(sent.slice(1)).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark', locale: 'de' } },
      { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { city: 'Lyon' } } },
      // resultType is the MRTR envelope's, not part of CallToolResult
      { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { content: [{ type: 'text', text: 'sunny' }] } },
    ])
  })

  it('folds a context change made before the handshake into the initialize result instead of a notification', () => {
    const { bridge, sent, request, answerTo } = harness({ hostContext: { theme: 'light', locale: 'en' } })
    bridge.setHostContext({ theme: 'dark' })
    request(1, 'ui/initialize', { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    expect((answerTo(1)?.result as JsonObject).hostContext).toEqual({ theme: 'dark', locale: 'en' })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    expect(sent).toHaveLength(1)
  })

  it('sends a partial input when no complete one was given, and a cancellation that replaced a result', () => {
    const { bridge, sent, initialize } = harness()
    bridge.sendToolResult({ content: [] })
    bridge.sendToolCancelled()
    bridge.sendToolInputPartial({ q: 'wea' })
    initialize()
    expect(sent.slice(1).map((message) => [message.method, message.params])).toEqual([
      ['ui/notifications/tool-input-partial', { arguments: { q: 'wea' } }],
      ['ui/notifications/tool-cancelled', {}],
    ])
  })
})

describe('AppBridge after initialized', () => {
  it('streams partial input until the complete input is sent, and never after it (the spec: partials stop at tool-input)', () => {
    const { bridge, sent, initialize } = harness()
    initialize()
    bridge.sendToolInputPartial({ q: 'we' })
    bridge.sendToolInput({ q: 'weather' })
    bridge.sendToolInputPartial({ q: 'weather in' })
    expect(sent.slice(1).map((message) => [message.method, message.params])).toEqual([
      ['ui/notifications/tool-input-partial', { arguments: { q: 'we' } }],
      ['ui/notifications/tool-input', { arguments: { q: 'weather' } }],
    ])
  })

  it('sends host-context-changed with only what changed, and nothing when nothing did', () => {
    const { bridge, sent, initialize } = harness({ hostContext: { theme: 'light', locale: 'en', containerDimensions: { maxHeight: 800 } } })
    initialize()
    const before = sent.length
    bridge.setHostContext({ theme: 'light', containerDimensions: { maxHeight: 800 } })
    expect(sent).toHaveLength(before)
    bridge.setHostContext({ theme: 'dark', locale: 'en', containerDimensions: { maxHeight: 600 } })
    expect(sent.at(-1)).toEqual({ jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme: 'dark', containerDimensions: { maxHeight: 600 } } })
    expect(bridge.hostContext).toEqual({ theme: 'dark', locale: 'en', containerDimensions: { maxHeight: 600 } })
  })

  it('answers ping, and -32601 for unknown methods and for methods the host did not turn on', async () => {
    const { request, answerTo, initialize, settle } = harness()
    initialize()
    request(1, 'ping')
    request(2, 'sampling/createMessage', { messages: [] })
    request(3, 'tools/call', { name: 'x' })
    request(4, 'ui/open-link', { url: 'https://example.com' })
    request(5, 'ui/download-file', { contents: [{ type: 'resource', resource: { uri: 'a.txt', text: 'a' } }] })
    request(6, 'constructor')
    await settle()
    expect(answerTo(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    for (const id of [2, 3, 4, 5, 6]) expect(answerTo(id)).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32601 } })
  })
})

describe('AppBridge requests from the view', () => {
  it('opens http(s) links through onOpenLink, refuses other schemes, and reports a refusal as -32000', async () => {
    const opened: string[] = []
    const { request, answerTo, settle } = harness({ onOpenLink: (url) => (opened.push(url.href), !url.hostname.endsWith('.evil')) })
    request(1, 'ui/open-link', { url: 'https://example.com/a?b=1' })
    request(2, 'ui/open-link', { url: 'javascript:alert(1)' })
    request(3, 'ui/open-link', { url: 'https://site.evil/' })
    request(4, 'ui/open-link', { url: 42 })
    await settle()
    expect(opened).toEqual(['https://example.com/a?b=1', 'https://site.evil/'])
    expect(answerTo(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    expect(answerTo(2)).toMatchObject({ error: { code: -32602 } })
    expect(answerTo(3)).toMatchObject({ error: { code: -32000, message: 'Link opening denied' } })
    expect(answerTo(4)).toMatchObject({ error: { code: -32602 } })
  })

  it('hands ui/message and ui/update-model-context to their handlers', async () => {
    const messages: unknown[] = []
    const contexts: unknown[] = []
    const { request, answerTo, settle } = harness({ onMessage: (message) => (messages.push(message), true), onUpdateModelContext: (context) => contexts.push(context) })
    request(1, 'ui/message', { role: 'user', content: [{ type: 'text', text: 'Book seat 4A' }] })
    request(2, 'ui/message', { role: 'assistant', content: [] })
    request(3, 'ui/update-model-context', { structuredContent: { seat: '4A' } })
    request(4, 'ui/update-model-context', { content: 'not a list' })
    await settle()
    expect(messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Book seat 4A' }], text: 'Book seat 4A', clipped: false }])
    expect(contexts).toEqual([{ structuredContent: { seat: '4A' } }])
    expect([1, 2, 3, 4].map((id) => (answerTo(id)?.error as JsonObject | undefined)?.code ?? 'ok')).toEqual(['ok', -32602, 'ok', -32602])
  })

  it('switches display mode only to one both sides list, tells the view, and answers the mode actually set', async () => {
    const asked: string[] = []
    const { request, answerTo, sent, initialize, settle } = harness({
      hostContext: { displayMode: 'inline' },
      displayModes: ['inline', 'fullscreen'],
      onDisplayModeChange: (mode) => void asked.push(mode),
    })
    initialize({ availableDisplayModes: ['inline', 'fullscreen', 'pip'] })
    request(1, 'ui/request-display-mode', { mode: 'pip' }) // the host cannot
    request(2, 'ui/request-display-mode', { mode: 'fullscreen' })
    request(3, 'ui/request-display-mode', { mode: 'sideways' })
    await settle()
    expect(answerTo(1)).toEqual({ jsonrpc: '2.0', id: 1, result: { mode: 'inline' } })
    expect(answerTo(2)).toEqual({ jsonrpc: '2.0', id: 2, result: { mode: 'fullscreen' } })
    expect(answerTo(3)).toMatchObject({ error: { code: -32602 } })
    expect(asked).toEqual(['fullscreen'])
    expect(sent.filter((message) => message.method === 'ui/notifications/host-context-changed')).toEqual([
      { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { displayMode: 'fullscreen' } },
    ])
  })

  it('keeps the current mode when the view did not declare the one it asks for, or the host answers another', async () => {
    const { request, answerTo, initialize, settle } = harness({ displayModes: ['inline', 'fullscreen'], onDisplayModeChange: () => 'inline' })
    initialize({ availableDisplayModes: ['inline'] })
    request(1, 'ui/request-display-mode', { mode: 'fullscreen' })
    await settle()
    expect(answerTo(1)).toMatchObject({ result: { mode: 'inline' } })
  })

  it('refuses a request over the in-flight bound and aborts a request the view cancels, without answering it', async () => {
    let release: (() => void) | undefined
    const pending = new Promise<void>((resolve) => (release = resolve))
    const signals: AbortSignal[] = []
    const { request, answerTo, bridge, settle } = harness({ onOpenLink: (_url, { signal }) => (signals.push(signal), pending), maxInFlight: 2 })
    request(1, 'ui/open-link', { url: 'https://a.example' })
    request(2, 'ui/open-link', { url: 'https://b.example' })
    request(3, 'ui/open-link', { url: 'https://c.example' })
    bridge.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user left' } })
    request(4, 'ping') // the cancelled request's handler is still running: its slot is not free yet
    await settle()
    expect(signals.map((signal) => signal.aborted)).toEqual([false, true])
    expect(answerTo(3)).toMatchObject({ error: { code: -32000, message: 'Too many requests in flight (at most 2)' } })
    expect(answerTo(4)).toMatchObject({ error: { code: -32000 } })
    release!()
    await settle()
    expect(answerTo(1)).toMatchObject({ result: {} })
    expect(answerTo(2)).toBeUndefined()
    request(5, 'ping') // both handlers settled: slots free again
    await settle()
    expect(answerTo(5)).toMatchObject({ result: {} })
  })

  it('keeps the host to maxInFlight consent prompts when the view cancels each request at once', async () => {
    const asked: AbortSignal[] = []
    // A host that asks the person and closes the prompt when the request is cancelled.
    const onOpenLink = (_url: URL, { signal }: { signal: AbortSignal }) => {
      asked.push(signal)
      return new Promise<boolean>((resolve) => signal.addEventListener('abort', () => setTimeout(() => resolve(false), 0)))
    }
    const { request, bridge, settle, initialize } = harness({ onOpenLink })
    initialize()
    for (let id = 0; id < 500; id++) {
      request(id, 'ui/open-link', { url: `https://phish.example/${id}` })
      bridge.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })
    }
    expect(asked).toHaveLength(16)
    expect(asked.every((signal) => signal.aborted)).toBe(true)
    await settle()
    await settle()
    // Once those prompts closed, the view may ask again.
    request(600, 'ui/open-link', { url: 'https://phish.example/again' })
    expect(asked).toHaveLength(17)
  })

  it('answers -32600 to a request whose params are over the size bound', () => {
    const { request, answerTo, bridge } = harness({ maxParamsBytes: 1000 })
    request(1, 'ping', { padding: 'x'.repeat(2000) })
    expect(answerTo(1)).toMatchObject({ error: { code: -32600 } })
    expect(bridge.droppedMessages).toBe(1)
  })

  it('refuses params that are no JSON, as a structured clone can carry them, without reading them through', () => {
    const sizes: unknown[] = []
    const { bridge, request, answerTo, initialize } = harness({ onSizeChange: (size) => sizes.push(size) })
    initialize()
    // What postMessage delivers: a typed array (the view could even transfer an 8 MiB buffer), a Map, a Date.
    for (const junk of [new Uint8Array(16), new Map([['k', 1]]), new Date(0)]) {
      bridge.receive(structuredClone({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 100, junk } }))
    }
    request(7, 'ping', structuredClone({ buffer: new ArrayBuffer(8) }))
    expect(sizes).toEqual([])
    expect(answerTo(7)).toMatchObject({ error: { code: -32600, message: 'ping: params is not JSON' } })
    expect(bridge.droppedMessages).toBe(4)
    // A million-element list is read only as far as the limit, not serialised whole.
    let reads = 0
    const list = new Proxy(new Array<number>(1_000_000).fill(0), {
      get: (target, key, receiver) => ((reads += typeof key === 'string' && /^\d+$/.test(key) ? 1 : 0), Reflect.get(target, key, receiver) as unknown),
    })
    request(8, 'ping', { list })
    expect(answerTo(8)).toMatchObject({ error: { code: -32600, message: expect.stringContaining('is over') } })
    expect(reads).toBeLessThan(1024 * 1024)
  })
})

describe('AppBridge notifications from the view', () => {
  it('passes size changes (finite, non-negative numbers only), teardown requests and log messages to the host', () => {
    const sizes: unknown[] = []
    const logs: unknown[] = []
    let teardownAsked = 0
    const { bridge } = harness({ onSizeChange: (size) => sizes.push(size), onRequestTeardown: () => teardownAsked++, onLog: (params) => logs.push(params) })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 320, height: 480 } })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: Number.NaN, height: 90 } })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: -1, height: Number.POSITIVE_INFINITY } })
    bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/request-teardown', params: {} })
    bridge.receive({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hello' } })
    bridge.receive({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    expect(sizes).toEqual([{ width: 320, height: 480 }, { height: 90 }])
    expect(teardownAsked).toBe(1)
    expect(logs).toEqual([{ level: 'info', data: 'hello' }])
  })

  it('reports a host handler that throws instead of letting it escape receive()', () => {
    const { bridge, warnings } = harness({
      onSizeChange: () => {
        throw new Error('layout exploded')
      },
    })
    expect(() => bridge.receive({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 10 } })).not.toThrow()
    expect(warnings.join()).toContain('layout exploded')
  })
})

describe('AppBridge teardown', () => {
  it('aborts a server call the view started while closing once the teardown ends, and answers it nothing', async () => {
    const signals: AbortSignal[] = []
    const client = { listTools: async () => [{ name: 'save', inputSchema: { type: 'object' as const } }] } as unknown as AppBridgeClient
    // A save that runs until it is aborted, as a slow server would.
    const serverTools = (_name: string, _args: JsonObject, { signal }: { signal: AbortSignal }) => {
      signals.push(signal)
      return new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))
    }
    // No timeout to race on a loaded machine: the view answers the teardown when the test says so.
    const { bridge, initialize, request, answerTo, settle, sent } = harness({ client, serverTools, teardownTimeoutMs: 60_000 })
    initialize()
    const done = bridge.teardown()
    request(99, 'tools/call', { name: 'save', arguments: {} })
    await settle()
    expect(signals).toHaveLength(1)
    expect(signals[0]!.aborted).toBe(false)
    const teardownRequest = sent.find((message) => message.method === 'ui/resource-teardown')!
    bridge.receive({ jsonrpc: '2.0', id: teardownRequest.id, result: {} })
    await done
    expect(signals[0]!.aborted).toBe(true)
    await settle()
    expect(answerTo(99)).toBeUndefined()
  })

  it('sends nothing to a view that never initialized', async () => {
    const { bridge, sent } = harness()
    await bridge.teardown()
    expect(sent).toEqual([])
  })

  it('sends ui/resource-teardown, waits for the answer, then ignores the view', async () => {
    const { bridge, sent, initialize, request, answerTo, settle } = harness({ onOpenLink: () => {} })
    initialize()
    let done = false
    const tornDown = bridge.teardown().then(() => (done = true))
    expect(bridge.teardown()).toBe(bridge.teardown())
    const teardown = sent.at(-1)!
    expect(teardown).toEqual({ jsonrpc: '2.0', id: 1, method: 'ui/resource-teardown', params: {} })
    request(7, 'ui/open-link', { url: 'https://example.com' })
    expect(answerTo(7)).toMatchObject({ error: { code: -32000 } })
    // Its cleanup with the server still goes through until the teardown is answered.
    request(9, 'ping', {})
    await settle()
    expect(answerTo(9)).toMatchObject({ result: {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(done).toBe(false)
    bridge.receive({ jsonrpc: '2.0', id: teardown.id, result: {} })
    await tornDown
    const after = sent.length
    bridge.sendToolInput({ late: true })
    bridge.receive({ jsonrpc: '2.0', id: 8, method: 'ping' })
    expect(sent).toHaveLength(after)
  })

  it('gives up waiting after teardownTimeoutMs and tells the view it stopped waiting', async () => {
    const { bridge, sent, initialize, warnings } = harness({ teardownTimeoutMs: 30 })
    initialize()
    const started = Date.now()
    await bridge.teardown()
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
    expect(sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: 1 } })
    expect(warnings.join()).toContain('did not answer ui/resource-teardown within 30 ms')
  })
})
