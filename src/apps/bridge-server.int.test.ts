/**
 * The view's calls that reach the server, against a real MCP server (the
 * official SDK on 127.0.0.1): which tools an app may list and call
 * (`_meta.ui.visibility`), resources and prompts when the host turns them
 * on, and what the server saw. The tool listing is kept per view until the
 * server says its tools changed (`subscriptions/listen`).
 */
import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startHost, type Host } from '../../servers/host.ts'
import { createClient, type JsonObject, type McpClient } from '../core/index.js'
import { AppBridge } from './bridge.js'
import type { AppBridgeOptions } from './bridge-options.js'

let host: Host
let client: McpClient
let toolsChanged: () => void
const called: string[] = []
/** Whether `switchable` is closed to apps (the server then says its tools changed). */
let closedToApps = false

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

beforeAll(async () => {
  const build = () => {
    const server = new McpServer({ name: 'apps-bridge-test', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
    server.registerTool('switchable', { description: 'Open to apps until closedToApps.', _meta: { ui: { visibility: closedToApps ? ['model'] : ['app'] } } }, async () => {
      called.push('switchable')
      return text('switched')
    })
    server.registerTool('forecast', { description: 'Both may call it (no visibility: the default).', inputSchema: z.object({ city: z.string() }) }, async ({ city }) => {
      called.push(`forecast ${city}`)
      return text(`Sunny in ${city}`)
    })
    server.registerTool('refresh_seats', { description: 'App only.', _meta: { ui: { visibility: ['app'] } } }, async () => {
      called.push('refresh_seats')
      return text('4A free')
    })
    server.registerTool('delete_account', { description: 'Model only.', _meta: { ui: { visibility: ['model'] } } }, async () => {
      called.push('delete_account')
      return text('deleted')
    })
    server.registerResource('notes', 'test://notes', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'A note' }] }))
    server.registerResource('broken', 'test://broken', { mimeType: 'text/plain' }, async () => {
      throw new Error('the disk is on fire')
    })
    server.registerPrompt('summarise', { description: 'Summarise the seats.' }, async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }] }))
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  toolsChanged = () => handler.notify.toolsChanged()
  const serve = toNodeHandler(handler)
  host = await startHost({ cors: { origins: [], expose: ['Mcp-Session-Id', 'MCP-Protocol-Version'] }, serve: (req, res, hit) => serve(req, res, hit.body), onClose: () => handler.close() })
  client = createClient(host.url, { onWarning: () => {} })
})

afterAll(async () => {
  await client?.close()
  await host?.close()
})

function viewOf(options: Omit<AppBridgeOptions, 'post'>) {
  const sent: JsonObject[] = []
  const warnings: string[] = []
  const bridge = new AppBridge({ client, onWarning: (message) => warnings.push(message), ...options, post: (message) => sent.push(message) })
  let nextId = 1
  const call = async (method: string, params: JsonObject = {}, waitMs = 5000): Promise<JsonObject> => {
    const id = nextId++
    bridge.receive({ jsonrpc: '2.0', id, method, params })
    for (let waited = 0; waited < waitMs; waited += 10) {
      const answer = sent.find((message) => message.id === id)
      if (answer) return answer
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`no answer to ${method}`)
  }
  return { bridge, call, warnings }
}

describe('AppBridge with a real server', () => {
  it('lists only the tools apps may call', async () => {
    const { call } = viewOf({ serverTools: true })
    const answer = await call('tools/list')
    expect(((answer.result as JsonObject).tools as JsonObject[]).map((tool) => tool.name).sort()).toEqual(['forecast', 'refresh_seats', 'switchable'])
  })

  it('calls app-visible tools, and refuses model-only and unknown ones without reaching the server', async () => {
    const { call } = viewOf({ serverTools: true })
    called.length = 0
    expect(await call('tools/call', { name: 'forecast', arguments: { city: 'Oslo' } })).toMatchObject({ result: { content: [{ type: 'text', text: 'Sunny in Oslo' }] } })
    expect(await call('tools/call', { name: 'refresh_seats' })).toMatchObject({ result: { content: [{ text: '4A free' }] } })
    expect(await call('tools/call', { name: 'delete_account' })).toMatchObject({ error: { code: -32000, message: expect.stringContaining('not callable by apps') } })
    expect(await call('tools/call', { name: 'rm_rf' })).toMatchObject({ error: { code: -32602, message: expect.stringContaining('no tool "rm_rf"') } })
    expect(await call('tools/call', { name: 'forecast', arguments: 'Oslo' })).toMatchObject({ error: { code: -32602 } })
    expect(called).toEqual(['forecast Oslo', 'refresh_seats'])
  })

  it('passes a server error through with its code, and a failed tool result as it came', async () => {
    const { call } = viewOf({ serverTools: true, serverResources: true })
    // The server's own code and message; not our decorated one, which names the server's URL.
    expect(await call('resources/read', { uri: 'test://missing' })).toMatchObject({ error: { code: -32602, message: 'Resource not found: test://missing' } })
    // Bad arguments are the tool's own failure in this SDK: a result with isError, passed on as it came.
    expect(await call('tools/call', { name: 'forecast', arguments: { city: 42 } })).toMatchObject({ result: { isError: true, content: [{ text: expect.stringContaining('Invalid arguments') }] } })
  })

  it('warns with the reason when a read the app asked for fails on the server', async () => {
    const { call, warnings } = viewOf({ serverResources: true })
    expect(await call('resources/read', { uri: 'test://broken' })).toMatchObject({ error: { code: -32603 } })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^\[mcp-elicit\/apps\] resources\/read from the app failed: .*the disk is on fire/)
    expect(warnings[0]).not.toContain('undefined')
  })

  it('lists the tools once for many calls, and again once the server says they changed: a tool closed to apps is refused from then on', async () => {
    const own = createClient(host.url, { onWarning: () => {} })
    const { bridge, call } = viewOf({ client: own, serverTools: true })
    const listings = () => host.log.filter((entry) => entry.rpcMethod === 'tools/list').length
    const before = listings()
    for (let round = 0; round < 4; round++) expect(await call('tools/call', { name: 'switchable' })).toMatchObject({ result: { content: [{ text: 'switched' }] } })
    expect(await call('tools/list')).toMatchObject({ result: { tools: expect.arrayContaining([expect.objectContaining({ name: 'switchable' })]) } })
    expect(listings() - before).toBe(1)
    // The server closes the tool to apps and says so; the view's next call is checked against a new listing.
    const heard = new Promise<void>((resolve) => own.watch({ tools: true }, () => resolve()))
    closedToApps = true
    try {
      toolsChanged()
      await heard
      called.length = 0
      expect(await call('tools/call', { name: 'switchable' })).toMatchObject({ error: { code: -32000, message: expect.stringContaining('not callable by apps') } })
      expect(called).toEqual([])
      expect(listings() - before).toBe(2)
    } finally {
      closedToApps = false
      await bridge.teardown()
      await own.close()
    }
  })

  it('routes allowed calls through a host function, with an abort signal', async () => {
    const routed: Array<[string, JsonObject, boolean]> = []
    const { call } = viewOf({
      serverTools: async (name, args, { signal }) => {
        routed.push([name, args, signal instanceof AbortSignal])
        return client.callTool(name, args, { signal })
      },
    })
    called.length = 0
    await call('tools/call', { name: 'forecast', arguments: { city: 'Rome' } })
    await call('tools/call', { name: 'delete_account' })
    expect(routed).toEqual([['forecast', { city: 'Rome' }, true]])
    expect(called).toEqual(['forecast Rome'])
  })

  it('reads and lists resources, and lists prompts, only when turned on', async () => {
    const off = viewOf({})
    for (const method of ['resources/read', 'resources/list', 'resources/templates/list', 'prompts/list']) {
      expect(await off.call(method, { uri: 'test://notes' })).toMatchObject({ error: { code: -32601 } })
    }
    const on = viewOf({ serverResources: true, prompts: true })
    expect(await on.call('resources/read', { uri: 'test://notes' })).toMatchObject({ result: { contents: [{ uri: 'test://notes', text: 'A note' }] } })
    expect(await on.call('resources/list')).toMatchObject({ result: { resources: [{ uri: 'test://notes', name: 'notes' }, { uri: 'test://broken' }] } })
    expect(await on.call('resources/templates/list')).toMatchObject({ result: { resourceTemplates: [] } })
    expect(await on.call('prompts/list')).toMatchObject({ result: { prompts: [{ name: 'summarise' }] } })
    expect(await on.call('resources/read', {})).toMatchObject({ error: { code: -32602 } })
  })

  it('stops a call the view cancels: no answer is sent', async () => {
    const { bridge, call } = viewOf({ serverTools: async (_name, _args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) })
    const pending = call('tools/call', { name: 'forecast', arguments: { city: 'Nowhere' } }, 1000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    bridge.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })
    await expect(pending).rejects.toThrow('no answer to tools/call')
  }, 10_000)
})
