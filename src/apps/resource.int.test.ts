/**
 * readAppResource against a real MCP server (the official SDK, with
 * ext-apps' `registerAppResource` as a server author would write it),
 * through the real client: every case is a real `resources/read` (and,
 * where the content item declares nothing, a real `resources/list`).
 */
import { registerAppResource } from '@modelcontextprotocol/ext-apps/server'
import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHost, type Host } from '../../servers/host.ts'
import { createClient, isMcpCancelledError, isMcpProtocolError } from '../core/index'
import { isMcpAppError, type McpAppError } from './errors'
import { readAppResource } from './resource'

const MIME = 'text/html;profile=mcp-app'
const TEXT_HTML = '<!doctype html><html><body><h1>Weather</h1></body></html>'
const BLOB_HTML = '<!doctype html><p>héllo ✓ 天气</p>'
const BIG_HTML = '<!doctype html>' + 'x'.repeat(5 * 1024 * 1024 - '<!doctype html>'.length)

function build(): McpServer {
  const server = new McpServer({ name: 'apps-resource-test', version: '1.0.0' }, { capabilities: { resources: {} } })
  const text = (uri: URL, html: string, extra: Record<string, unknown> = {}) => ({ contents: [{ uri: uri.href, mimeType: MIME, text: html, ...extra }] })

  // The content item's _meta.ui (with hostile CSP entries) and a different listing one: the item's must win.
  registerAppResource(server, 'Weather', 'ui://weather/view.html', {
    _meta: { ui: { prefersBorder: false, csp: { connectDomains: ['https://listing.example.com'] }, permissions: { camera: {} } } },
  }, (uri) => text(uri, TEXT_HTML, {
    _meta: {
      ui: {
        prefersBorder: true,
        csp: {
          connectDomains: ['https://API.example.com/', 'https://a.com; script-src *', "'unsafe-eval'", 'http://evil.com'],
          resourceDomains: ['https://*.cdn.example.com', '*', 'data:'],
          frameDomains: 'https://not-a-list.example.com',
        },
        permissions: { microphone: {}, clipboardWrite: {}, usb: {}, camera: false },
        domain: 'weather.example.com',
      },
    },
  }))
  // Base64 blob and no _meta on the item: the listing's _meta.ui is the fallback.
  registerAppResource(server, 'Blob', 'ui://blob/view.html', {
    _meta: { ui: { prefersBorder: true, csp: { resourceDomains: ['https://fonts.example.com'] }, permissions: { geolocation: {} } } },
  }, (uri) => ({ contents: [{ uri: uri.href, mimeType: MIME, blob: Buffer.from(BLOB_HTML, 'utf8').toString('base64') }] }))
  registerAppResource(server, 'Unicode text', 'ui://unicode/view.html', {}, (uri) => text(uri, BLOB_HTML))
  registerAppResource(server, 'Spaced', 'ui://spaced/view.html', {}, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'Text/HTML ; Profile = "mcp-app"; charset=utf-8', text: TEXT_HTML }],
  }))
  registerAppResource(server, 'Plain', 'ui://plain/view.html', {}, (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/html', text: TEXT_HTML }] }))
  registerAppResource(server, 'Big', 'ui://big/view.html', {}, (uri) => text(uri, BIG_HTML + 'x'))
  registerAppResource(server, 'Exactly 5 MiB', 'ui://limit/view.html', {}, (uri) => text(uri, BIG_HTML))
  registerAppResource(server, 'Empty', 'ui://empty/view.html', {}, () => ({ contents: [] }))
  registerAppResource(server, 'Blank', 'ui://blank/view.html', {}, (uri) => text(uri, ' \n '))
  registerAppResource(server, 'Not UTF-8', 'ui://latin1/view.html', {}, (uri) => ({ contents: [{ uri: uri.href, mimeType: MIME, blob: Buffer.from([0x3c, 0x70, 0x3e, 0xe9, 0xff]).toString('base64') }] }))
  // Two items: the one whose uri is the one asked for is used, not the first.
  registerAppResource(server, 'Two', 'ui://two/view.html', {}, (uri) => ({
    contents: [
      { uri: 'ui://two/other.html', mimeType: MIME, text: '<p>other</p>' },
      { uri: uri.href, mimeType: MIME, text: '<p>mine</p>' },
    ],
  }))
  // An item under another uri only: the first item stands in.
  registerAppResource(server, 'Renamed', 'ui://renamed/view.html', {}, () => ({ contents: [{ uri: 'ui://renamed/v2.html', mimeType: MIME, text: '<p>v2</p>' }] }))
  // Answers only after a second, so that a test can abort a read while the server works on it.
  registerAppResource(server, 'Slow', 'ui://slow/view.html', {}, async (uri) => {
    slowStarted()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return text(uri, TEXT_HTML)
  })
  return server
}

let slowStarted = () => {}

let host: Host
beforeAll(async () => {
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serve = toNodeHandler(handler)
  host = await startHost({ serve: (req, res, hit) => serve(req, res, hit.body), onClose: () => handler.close() })
})
afterAll(async () => {
  await host.close()
})

/** A fresh client with no cache, so each test's requests are its own and reach the server. */
const client = (protocolVersion?: string) => createClient(host.url, { cache: false, onWarning: () => {}, ...(protocolVersion && { protocolVersion }) })

/** JSON-RPC methods the server received since `from`. */
const methodsSince = (from: number) => host.log.slice(from).map((entry) => entry.rpcMethod).filter((method) => method && method !== 'server/discover')

async function failure(promise: Promise<unknown>): Promise<McpAppError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason)
  expect(isMcpAppError(error), String(error)).toBe(true)
  return error as McpAppError
}

describe('readAppResource', () => {
  it('reads text HTML; the content item _meta.ui wins and is sanitised; no listing is asked for', async () => {
    const from = host.log.length
    const resource = await readAppResource(client(), 'ui://weather/view.html')
    expect(resource).toEqual({
      uri: 'ui://weather/view.html',
      html: TEXT_HTML,
      csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example.com'] },
      permissions: { microphone: {}, clipboardWrite: {} },
      prefersBorder: true,
    })
    expect(methodsSince(from)).toEqual(['resources/read'])
  })

  it('decodes a base64 blob as UTF-8 and falls back to the resources/list entry for _meta.ui', async () => {
    const from = host.log.length
    const resource = await readAppResource(client(), 'ui://blob/view.html')
    expect(resource).toEqual({
      uri: 'ui://blob/view.html',
      html: BLOB_HTML,
      csp: { resourceDomains: ['https://fonts.example.com'] },
      permissions: { geolocation: {} },
      prefersBorder: true,
    })
    expect(methodsSince(from)).toEqual(['resources/read', 'resources/list'])
  })

  it('works the same on a 2025-11-25 session', async () => {
    const resource = await readAppResource(client('2025-11-25'), 'ui://blob/view.html')
    expect(resource.html).toBe(BLOB_HTML)
    expect(resource.permissions).toEqual({ geolocation: {} })
  })

  it('accepts the MIME type with other case, spacing, quoting and parameters', async () => {
    const resource = await readAppResource(client(), 'ui://spaced/view.html')
    expect(resource.html).toBe(TEXT_HTML)
    expect(resource).toEqual({ uri: 'ui://spaced/view.html', html: TEXT_HTML, csp: {}, permissions: {} })
  })

  it('refuses a resource that is not text/html;profile=mcp-app', async () => {
    const error = await failure(readAppResource(client(), 'ui://plain/view.html'))
    expect(error.code).toBe('APP_RESOURCE_INVALID')
    expect(error.uri).toBe('ui://plain/view.html')
    expect(error.message).toContain('"text/html"')
  })

  it('refuses HTML over 5 MiB by default, takes exactly 5 MiB, and honours maxBytes', async () => {
    expect((await failure(readAppResource(client(), 'ui://big/view.html'))).code).toBe('APP_RESOURCE_TOO_LARGE')
    expect((await readAppResource(client(), 'ui://limit/view.html')).html).toHaveLength(5 * 1024 * 1024)
    const small = await failure(readAppResource(client(), 'ui://weather/view.html', { maxBytes: TEXT_HTML.length - 1 }))
    expect(small.code).toBe('APP_RESOURCE_TOO_LARGE')
    expect(small.message).toContain(`${TEXT_HTML.length - 1} bytes`)
    expect((await readAppResource(client(), 'ui://weather/view.html', { maxBytes: TEXT_HTML.length })).html).toBe(TEXT_HTML)
  })

  it('counts UTF-8 bytes, not characters, for text and blob', async () => {
    const bytes = Buffer.byteLength(BLOB_HTML, 'utf8')
    expect(bytes).toBeGreaterThan(BLOB_HTML.length)
    for (const uri of ['ui://blob/view.html', 'ui://unicode/view.html']) {
      expect((await failure(readAppResource(client(), uri, { maxBytes: bytes - 1 }))).code, uri).toBe('APP_RESOURCE_TOO_LARGE')
      expect((await readAppResource(client(), uri, { maxBytes: bytes })).html, uri).toBe(BLOB_HTML)
    }
  })

  it('refuses a read with no content item, blank HTML, or a blob that is not UTF-8', async () => {
    for (const uri of ['ui://empty/view.html', 'ui://blank/view.html', 'ui://latin1/view.html']) {
      const error = await failure(readAppResource(client(), uri))
      expect(error.code, uri).toBe('APP_RESOURCE_INVALID')
      expect(error.uri).toBe(uri)
    }
  })

  it('uses the content item whose uri was asked for, else the first', async () => {
    expect((await readAppResource(client(), 'ui://two/view.html')).html).toBe('<p>mine</p>')
    const renamed = await readAppResource(client(), 'ui://renamed/view.html')
    expect(renamed.html).toBe('<p>v2</p>')
    expect(renamed.uri).toBe('ui://renamed/view.html')
  })

  it("wraps the server's error for a resource it does not have, keeping it as the cause", async () => {
    const error = await failure(readAppResource(client(), 'ui://missing/view.html'))
    expect(error.code).toBe('APP_RESOURCE_INVALID')
    expect(isMcpProtocolError(error.cause)).toBe(true)
    expect(error.message).toContain('ui://missing/view.html')
  })

  it('refuses a URI that is not ui:// without asking the server', async () => {
    const from = host.log.length
    for (const uri of ['https://example.com/view.html', 'javascript:alert(1)', 'file:///etc/passwd']) {
      expect((await failure(readAppResource(client(), uri))).code).toBe('APP_RESOURCE_INVALID')
    }
    expect(methodsSince(from)).toEqual([])
  })

  it('passes a cancellation through unchanged, and sends nothing for a signal already aborted', async () => {
    const from = host.log.length
    const error = await readAppResource(client(), 'ui://weather/view.html', { signal: AbortSignal.abort() }).catch((reason: unknown) => reason)
    expect(isMcpCancelledError(error)).toBe(true)
    expect(isMcpAppError(error)).toBe(false)
    expect(methodsSince(from)).toEqual([])

    const controller = new AbortController()
    const started = new Promise<void>((resolve) => (slowStarted = resolve))
    const reading = readAppResource(client(), 'ui://slow/view.html', { signal: controller.signal })
    await started
    controller.abort()
    const midway = await reading.catch((reason: unknown) => reason)
    expect(isMcpCancelledError(midway)).toBe(true)
  })
})
