// @vitest-environment jsdom
/**
 * mountMcpApp against a real MCP server (the official SDK on 127.0.0.1):
 * the resource is read through the client, its declared CSP and permissions
 * reach the proxy and the view sanitised and intersected, and the view's
 * tool call goes through the frame to the server. The proxy side is played
 * as in mount.test.ts.
 */
import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHost, type Host } from '../../servers/host.ts'
import { createClient, type JsonObject, type McpClient, type Tool } from '../core/index.js'
import { withMcpApps } from './capabilities.js'
import { MCP_APP_MIME_TYPE } from './constants.js'
import { loadAppHost, mountMcpApp, type McpAppOptions } from './mount.js'

const SANDBOX_ORIGIN = 'http://127.0.0.1:4998'
const HTML = '<!doctype html><html><body><p>Seat map</p></body></html>'
let host: Host
let client: McpClient

beforeAll(async () => {
  const build = () => {
    const server = new McpServer({ name: 'apps-mount-test', version: '1.0.0' })
    server.registerResource('seat-map', 'ui://flights/seat-map', { mimeType: MCP_APP_MIME_TYPE }, async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: MCP_APP_MIME_TYPE,
          text: HTML,
          _meta: { ui: { csp: { connectDomains: ['https://api.flights.example', "'unsafe-eval'"] }, permissions: { camera: {}, microphone: {} } } },
        },
      ],
    }))
    server.registerResource('notes', 'ui://flights/notes', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'not an app' }] }))
    server.registerTool('hold_seat', { description: 'App only.', _meta: { ui: { visibility: ['app'], resourceUri: 'ui://flights/seat-map' } } }, async () => ({
      content: [{ type: 'text', text: 'held' }],
    }))
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serve = toNodeHandler(handler)
  host = await startHost({ cors: { origins: [], expose: ['Mcp-Session-Id', 'MCP-Protocol-Version'] }, serve: (req, res, hit) => serve(req, res, hit.body), onClose: () => handler.close() })
  client = createClient(host.url, { capabilities: withMcpApps(), onWarning: () => {} })
})

// The host loaded, as on a page that has shown an app (the first mount, before, is mount-on-demand.test.ts's).
beforeAll(() => loadAppHost())

afterAll(async () => {
  await client?.close()
  await host?.close()
})

async function mounted(options: Partial<McpAppOptions>) {
  const page = document.defaultView!
  const element = document.createElement('div')
  document.body.appendChild(element)
  const tool = (await client.listTools()).find((entry) => entry.name === 'hold_seat') as Tool
  const handle = mountMcpApp(element, { client, sandbox: `${SANDBOX_ORIGIN}/sandbox.html`, tool, onWarning: () => {}, ...options })
  const until = async <T>(found: () => T | undefined): Promise<T> => {
    for (let waited = 0; waited < 5000; waited += 10) {
      const value = found()
      if (value) return value
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error('nothing arrived')
  }
  const sent: JsonObject[] = []
  // The frame loads once the resource is read; jsdom gives it a new window then (a browser keeps the same WindowProxy).
  const loaded = async () => {
    await until(() => handle.frame.getAttribute('src') ?? undefined)
    const view = handle.frame.contentWindow!
    view.postMessage = ((data: JsonObject) => void sent.push(data)) as typeof view.postMessage
  }
  const fromFrame = (data: unknown) => page.dispatchEvent(new page.MessageEvent('message', { data, origin: SANDBOX_ORIGIN, source: handle.frame.contentWindow }))
  return { handle, sent, fromFrame, until, loaded }
}

describe('mountMcpApp with a real server', () => {
  it('reads the resource, then gives the proxy its HTML with the sanitised CSP and the granted permissions', async () => {
    const { handle, sent, fromFrame, loaded } = await mounted({ permissions: { microphone: {}, geolocation: {} } })
    await loaded()
    expect(handle.frame.getAttribute('allow')).toBe('microphone')
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    expect(sent[0]).toEqual({
      jsonrpc: '2.0',
      method: 'ui/notifications/sandbox-resource-ready',
      params: { html: HTML, csp: { connectDomains: ['https://api.flights.example'] }, permissions: { microphone: {} } },
    })
    fromFrame({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    expect((sent[1]!.result as JsonObject).hostCapabilities).toEqual({ sandbox: { permissions: { microphone: {} }, csp: { connectDomains: ['https://api.flights.example'] } } })
    await handle.teardown()
  })

  it("carries the view's tool call to the server through the frame", async () => {
    const { handle, sent, fromFrame, until, loaded } = await mounted({ serverTools: true })
    await loaded()
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} })
    fromFrame({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'v', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } })
    fromFrame({ jsonrpc: '2.0', method: 'ui/notifications/initialized' })
    await handle.ready
    fromFrame({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hold_seat', arguments: {} } })
    const answer = await until(() => sent.find((message) => message.id === 2))
    expect(answer).toMatchObject({ result: { content: [{ type: 'text', text: 'held' }] } })
    const closed = handle.teardown()
    const teardown = await until(() => sent.find((message) => message.method === 'ui/resource-teardown'))
    fromFrame({ jsonrpc: '2.0', id: teardown.id, result: {} })
    await closed
  })

  it('fails with APP_RESOURCE_INVALID for a resource that is not an app, and never loads the frame', async () => {
    const errors: unknown[] = []
    const { handle } = await mounted({ resourceUri: 'ui://flights/notes', tool: undefined, onError: (error) => errors.push(error) })
    await expect(handle.ready).rejects.toMatchObject({ code: 'APP_RESOURCE_INVALID' })
    expect(errors).toHaveLength(1)
    expect(handle.frame.getAttribute('src')).toBeNull()
  })
})
