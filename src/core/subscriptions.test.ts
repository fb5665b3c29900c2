import { describe, expect, it } from 'vitest'
import { McpProtocolError } from './errors'
import { resolveLimits } from './limits'
import { ChangeListener, unionFilter, type ListenFilter, type ListenerDeps, type McpChange } from './subscriptions'
import type { JsonObject, JsonRpcNotification } from './types'

const limits = resolveLimits({ minRetryMs: 1, maxRetryMs: 2, maxReconnects: 3 })
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))
const note = (method: string, params: JsonObject = {}): JsonRpcNotification => ({ jsonrpc: '2.0', method, params })

/** A listener whose streams are driven by the test: each `listen` call is one stream. */
function setup(overrides: Partial<ListenerDeps> = {}) {
  const streams: Array<{ filter: ListenFilter; signal: AbortSignal; push: (n: JsonRpcNotification) => void; ack: (agreed: JsonObject) => void; end: () => void; fail: (e: unknown) => void }> = []
  const changes: McpChange[] = []
  const warnings: string[] = []
  const listener = new ChangeListener({
    limits,
    warn: (message) => warnings.push(message),
    onChange: (change) => changes.push(change),
    isUnsupported: (error) => error instanceof McpProtocolError && error.code === -32601,
    listen: (filter, signal, on) =>
      new Promise<void>((resolve, reject) => {
        streams.push({ filter, signal, push: on.notification, ack: on.ack, end: resolve, fail: reject })
        signal.addEventListener('abort', () => resolve(), { once: true })
      }),
    ...overrides,
  })
  return { listener, streams, changes, warnings }
}

describe('ChangeListener', () => {
  it('opens one stream for the union of every watcher and hands each change only to those who want it', async () => {
    const { listener, streams } = setup()
    const heard: string[] = []
    listener.watch({ tools: true }, (c) => heard.push(`tools:${c.type}`))
    listener.watch({ resourceUris: ['demo://b', 'demo://a'] }, (c) => heard.push(`a:${c.type === 'resource_updated' ? c.uri : c.type}`))
    await tick()
    expect(streams).toHaveLength(1)
    expect(streams[0]!.filter).toEqual({ toolsListChanged: true, resourceSubscriptions: ['demo://a', 'demo://b'] })
    streams[0]!.push(note('notifications/tools/list_changed'))
    streams[0]!.push(note('notifications/resources/updated', { uri: 'demo://a' }))
    streams[0]!.push(note('notifications/resources/updated', { uri: 'demo://elsewhere' }))
    expect(heard).toEqual(['tools:tools_changed', 'a:demo://a'])
  })

  it('reopens with the new union when watchers come and go, and closes when none is left', async () => {
    const { listener, streams } = setup()
    const stopTools = listener.watch({ tools: true }, () => {})
    await tick()
    const stopPrompts = listener.watch({ prompts: true }, () => {})
    await tick()
    expect(streams.map((s) => s.filter)).toEqual([{ toolsListChanged: true }, { toolsListChanged: true, promptsListChanged: true }])
    expect(streams[0]!.signal.aborted).toBe(true)
    stopTools()
    stopPrompts()
    await tick()
    expect(streams.at(-1)!.signal.aborted).toBe(true)
    expect(listener.watching).toBe(false)
  })

  it('reconnects after a drop and tells every watcher its things may have changed meanwhile', async () => {
    const { listener, streams } = setup()
    const heard: string[] = []
    listener.watch({ tools: true, resourceUris: ['demo://a'] }, (c) => heard.push(c.type))
    await tick()
    streams[0]!.ack({ toolsListChanged: true, resourceSubscriptions: ['demo://a'] })
    expect(heard).toEqual([])
    streams[0]!.fail(new Error('connection reset'))
    await tick()
    expect(streams).toHaveLength(2)
    streams[1]!.ack({ toolsListChanged: true, resourceSubscriptions: ['demo://a'] })
    expect(heard).toEqual(['tools_changed', 'resource_updated'])
  })

  it('gives up after maxReconnects failures in a row, and at once on a server without subscriptions/listen', async () => {
    const failing = setup({ listen: async () => Promise.reject(new Error('refused')) })
    failing.listener.watch({ tools: true }, () => {})
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(failing.warnings.some((w) => w.includes('3 times in a row'))).toBe(true)

    let calls = 0
    const unsupported = setup({
      listen: async () => {
        calls += 1
        throw new McpProtocolError({ code: -32601, message: 'Method not found' })
      },
    })
    unsupported.listener.watch({ tools: true }, () => {})
    await tick()
    unsupported.listener.watch({ prompts: true }, () => {})
    await tick()
    expect(calls).toBe(1)
  })

  it('warns about what the server did not agree to, and a throwing watcher does not stop the others', async () => {
    const { listener, streams, warnings } = setup()
    const heard: string[] = []
    listener.watch({ tools: true }, () => {
      throw new Error('broken watcher')
    })
    listener.watch({ tools: true, prompts: true }, (c) => heard.push(c.type))
    await tick()
    streams[0]!.ack({ toolsListChanged: true })
    streams[0]!.push(note('notifications/tools/list_changed'))
    expect(heard).toEqual(['tools_changed'])
    expect(warnings).toEqual(['The server does not send prompts changed', 'A change listener threw: broken watcher'])
  })

  it('builds the union in a stable order, ignoring non-string URIs', () => {
    expect(unionFilter([{ resourceUris: ['b', 7 as unknown as string] }, { resourceUris: ['a', 'b'], resources: true }])).toEqual({ resourcesListChanged: true, resourceSubscriptions: ['a', 'b'] })
    expect(unionFilter([])).toEqual({})
  })
})
