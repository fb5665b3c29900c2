// @vitest-environment jsdom
/**
 * useMcpList and useMcpResource({ live: true }) against a server that plays
 * the attacker over real HTTP on 127.0.0.1 (the hostile server of
 * test/hostile): it answers every listing or read with a change
 * notification on its `subscriptions/listen` stream, or floods them. What it
 * wanted: a page that lists or reads at network speed for as long as it is
 * open, a list that never arrives (each change aborting the listing in
 * flight), and reads that go on after the person pressed Stop.
 */
import type { ReactNode } from 'react'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MODERN, openSse, pause, result, startHostileServer, type HostileServer, type SseWriter } from '../../test/hostile/hostile-server.ts'
import { createClient, type McpClient } from '../core/index'
import { McpProvider, useMcpList, useMcpResource } from './index'

const URI = 'demo://storm'
let server: HostileServer
let listen: SseWriter | undefined
let flooding = false
const clients: McpClient[] = []

beforeEach(async () => {
  server = await startHostileServer()
  listen = undefined
  const serverInfo = { name: 'storm', version: '1' }
  server.rpc('server/discover', (x) =>
    result(x, { supportedVersions: [MODERN], capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } }, serverInfo, _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo } }),
  )
  server.rpc('subscriptions/listen', (x) => {
    listen = openSse(x)
    listen.send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: x.body?.params?.notifications ?? {} } })
    return x.closed
  })
})
afterEach(async () => {
  flooding = false
  cleanup()
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await server.close()
})

function mounted<T>(hook: () => T) {
  const client = createClient(server.url, { protocolVersion: MODERN, onWarning: () => {} })
  clients.push(client)
  const wrapper = ({ children }: { children: ReactNode }) => <McpProvider client={client}>{children}</McpProvider>
  return renderHook(hook, { wrapper })
}

const count = (rpc: string) => server.find((hit) => hit.rpc === rpc).length
const toolsChanged = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' }
const updated = { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: URI } }

/** Sends `message` on the listen stream every 2 ms until the test ends. */
async function flood(message: unknown): Promise<void> {
  flooding = true
  while (flooding) {
    listen?.send(message)
    await pause(2)
  }
}

/**
 * At most one listing per 250 ms (the hooks' floor), plus the first and one
 * in flight, over `ms`: what a loaded machine always stays under (it only
 * lists less); without the floor the same server drives dozens per second.
 */
const atMost = (ms: number) => Math.floor(ms / 250) + 3

const PROVOKED_MS = 1500

/** Sends the first change once the listen stream is open, then counts the `rpc` requests it and those that follow provoke (at least one). */
async function provoked(rpc: string, first: unknown): Promise<number> {
  await waitFor(() => expect(count('subscriptions/listen')).toBe(1))
  const from = count(rpc)
  listen?.send(first)
  await pause(PROVOKED_MS)
  const provokedCount = count(rpc) - from
  expect(provokedCount).toBeGreaterThan(0)
  return provokedCount
}

describe('useMcpList', () => {
  it('a server that answers every listing with tools/list_changed gets at most one listing per interval', async () => {
    server.rpc('tools/list', (x) => {
      result(x, { tools: [{ name: `t${count('tools/list')}`, inputSchema: { type: 'object' } }] })
      listen?.send(toolsChanged)
    })
    const { result: hook } = mounted(() => useMcpList('tools'))
    await waitFor(() => expect(hook.current.isLoading).toBe(false))
    expect(await provoked('tools/list', toolsChanged)).toBeLessThanOrEqual(atMost(PROVOKED_MS))
    expect(hook.current.error).toBeUndefined()
  })

  it('a flood of tools/list_changed aborts no listing: the list arrives under the flood, one listing per interval', async () => {
    let floodStarted = () => {}
    const underFlood = new Promise<void>((resolve) => (floodStarted = resolve))
    server.rpc('tools/list', async (x) => {
      // Every listing, the first one included, is answered only under the flood, 30 ms after it came.
      await underFlood
      await server.delay(30)
      result(x, { tools: [{ name: `t${count('tools/list')}`, inputSchema: { type: 'object' } }] })
    })
    const { result: hook } = mounted(() => useMcpList('tools'))
    await waitFor(() => expect(count('subscriptions/listen')).toBe(1))
    await waitFor(() => expect(count('tools/list')).toBe(1))
    const started = Date.now()
    void flood(toolsChanged)
    floodStarted()
    // The flood never stops: the list must arrive during it.
    await waitFor(() => expect(hook.current.isLoading).toBe(false))
    expect(hook.current.items.length).toBe(1)
    await pause(500)
    expect(count('tools/list')).toBeLessThanOrEqual(atMost(Date.now() - started))
  })
})

describe('useMcpResource live', () => {
  it('a server that answers every read with resources/updated gets at most one re-read per interval', async () => {
    server.rpc('resources/read', (x) => {
      result(x, { contents: [{ uri: URI, text: `read ${count('resources/read')}` }] })
      listen?.send(updated)
    })
    const { result: hook } = mounted(() => useMcpResource(URI, { live: true }))
    await act(async () => {
      await hook.current.call()
    })
    expect(await provoked('resources/read', updated)).toBeLessThanOrEqual(atMost(PROVOKED_MS))
  })

  it('after the person cancels a read, updates read nothing more', async () => {
    let answering = true
    server.rpc('resources/read', async (x) => {
      // The first read answers; the next ones hang until the person gives up.
      if (!answering) return x.closed
      answering = false
      result(x, { contents: [{ uri: URI, text: 'first' }] })
    })
    const { result: hook } = mounted(() => useMcpResource(URI, { live: true }))
    await act(async () => {
      await hook.current.call()
    })
    await waitFor(() => expect(count('subscriptions/listen')).toBe(1))
    listen?.send(updated)
    await waitFor(() => expect(hook.current.isActive).toBe(true))
    act(() => hook.current.cancel())
    await waitFor(() => expect(hook.current.status).toBe('cancelled'))
    const reads = count('resources/read')
    void flood(updated)
    await pause(600)
    expect(count('resources/read')).toBe(reads)
    expect(hook.current.status).toBe('cancelled')
  })
})
