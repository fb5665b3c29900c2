import { describe, expect, it } from 'vitest'
import { hangingSse, scriptedFetch, sse } from '../../test/support/scripted-fetch'
import { McpCancelledError, McpHttpError, McpProtocolError, McpResponseFormatError, McpStreamError } from './errors'
import { exchange, type ExchangeContext } from './http-exchange'

const request = { jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: { name: 'x' } }
const url = 'http://127.0.0.1:9/mcp'

function context(fetch: typeof globalThis.fetch, extra: Partial<ExchangeContext> = {}): ExchangeContext {
  return { url, fetch, headers: new Headers(), signal: new AbortController().signal, ...extra }
}

const progress = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1, total: 2 } })
const response = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'ok' }] } })

describe('exchange over SSE', () => {
  it('parses a stream split at every byte, with CRLF, comments and multi-line data', async () => {
    const multiLine = response.replace('"result":', '"result":\n').split('\n').map((line) => `data: ${line}`).join('\r\n')
    const text = `: keep-alive\r\n\r\nid: 1\r\ndata: ${progress}\r\n\r\n${multiLine}\r\n\r\n`
    const bytes = new TextEncoder().encode(text)
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte))
    const notifications: unknown[] = []
    const { fetch } = scriptedFetch([() => sse(chunks)])
    const { result } = await exchange(request, context(fetch, { onNotification: (n) => notifications.push(n) }))
    expect(result).toEqual({ content: [{ type: 'text', text: 'ok' }] })
    expect(notifications).toEqual([JSON.parse(progress)])
  })

  it('splits multi-byte UTF-8 characters across chunks without damage', async () => {
    const text = `data: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { text: '世界🙂' } })}\n\n`
    const bytes = new TextEncoder().encode(text)
    const cut = bytes.indexOf(0xe4) + 1
    const { fetch } = scriptedFetch([() => sse([bytes.slice(0, cut), bytes.slice(cut)])])
    expect((await exchange(request, context(fetch))).result).toEqual({ text: '世界🙂' })
  })

  it('skips priming events with empty data and reports event ids and retry', async () => {
    const ids: string[] = []
    const retries: number[] = []
    const { fetch } = scriptedFetch([() => sse([`id: p0\nretry: 1500\ndata:\n\n`, `id: e1\ndata: ${response}\n\n`])])
    await exchange(request, context(fetch, { onEventId: (id) => ids.push(id), onRetry: (ms) => retries.push(ms) }))
    expect(ids).toEqual(['p0', 'e1'])
    expect(retries).toEqual([1500])
  })

  it('fails with a typed stream error when the stream ends before the response', async () => {
    const { fetch } = scriptedFetch([() => sse([`data: ${progress}\n\n`])])
    const error = await exchange(request, context(fetch)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpStreamError)
    expect((error as McpStreamError).message).toContain('tools/call http://127.0.0.1:9/mcp')
  })

  it('fails with a typed stream error when the stream breaks', async () => {
    const { fetch } = scriptedFetch([() => sse([`data: ${progress}\n\n`], { breakAtEnd: true })])
    await expect(exchange(request, context(fetch))).rejects.toBeInstanceOf(McpStreamError)
  })

  it('reports malformed JSON in an event as a format error', async () => {
    const { fetch } = scriptedFetch([() => sse(['data: {"jsonrpc": "2.0", "id": 7,\n\n'])])
    await expect(exchange(request, context(fetch))).rejects.toThrow(McpResponseFormatError)
  })

  it('surfaces a JSON-RPC error sent over SSE as a protocol error', async () => {
    const { fetch } = scriptedFetch([() => sse([`data: ${JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'bad', data: { x: 1 } } })}\n\n`])])
    const error = (await exchange(request, context(fetch)).catch((e: unknown) => e)) as McpProtocolError
    expect(error).toBeInstanceOf(McpProtocolError)
    expect([error.code, error.rpcMessage, error.data, error.status]).toEqual([-32602, 'bad', { x: 1 }, 200])
  })

  it('closes the stream and fails as cancelled when aborted mid-stream', async () => {
    const controller = new AbortController()
    const notifications: unknown[] = []
    const { fetch } = scriptedFetch([(_r, signal) => hangingSse(`data: ${progress}\n\n`, signal)])
    const pending = exchange(request, context(fetch, { signal: controller.signal, onNotification: (n) => {
      notifications.push(n)
      controller.abort()
    } }))
    await expect(pending).rejects.toBeInstanceOf(McpCancelledError)
    expect(notifications).toHaveLength(1)
  })
})

describe('exchange over JSON and HTTP errors', () => {
  it('returns a JSON result', async () => {
    const { fetch } = scriptedFetch([() => new Response(response, { headers: { 'content-type': 'application/json; charset=utf-8' } })])
    expect((await exchange(request, context(fetch))).result).toEqual({ content: [{ type: 'text', text: 'ok' }] })
  })

  it('turns a JSON-RPC error body on HTTP 400 into a protocol error with the status', async () => {
    const body = { jsonrpc: '2.0', id: 7, error: { code: -32021, message: 'needs elicitation', data: { requiredCapabilities: { elicitation: {} } } } }
    const { fetch } = scriptedFetch([() => new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } })])
    const error = (await exchange(request, context(fetch)).catch((e: unknown) => e)) as McpProtocolError
    expect(error).toBeInstanceOf(McpProtocolError)
    expect([error.code, error.status, error.data]).toEqual([-32021, 400, { requiredCapabilities: { elicitation: {} } }])
  })

  it('turns an HTML error page into an HTTP error that keeps the body', async () => {
    const { fetch } = scriptedFetch([() => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } })])
    const error = (await exchange(request, context(fetch)).catch((e: unknown) => e)) as McpHttpError
    expect(error).toBeInstanceOf(McpHttpError)
    expect(error.status).toBe(502)
    expect(error.body).toContain('502 Bad Gateway')
    expect(error.message).toMatch(/HTTP 502 Bad Gateway/)
  })

  it('turns a 500 with a non-JSON-RPC JSON body into an HTTP error', async () => {
    const { fetch } = scriptedFetch([() => new Response('{"oops":true}', { status: 500, headers: { 'content-type': 'application/json' } })])
    await expect(exchange(request, context(fetch))).rejects.toBeInstanceOf(McpHttpError)
  })

  it('rejects a 200 HTML page as a format error', async () => {
    const { fetch } = scriptedFetch([() => new Response('<!doctype html><p>login</p>', { headers: { 'content-type': 'text/html' } })])
    await expect(exchange(request, context(fetch))).rejects.toThrow(/Expected application\/json or text\/event-stream, got "text\/html"/)
  })

  it('rejects malformed JSON and a JSON body without our response', async () => {
    const bad = scriptedFetch([() => new Response('{"jsonrpc":', { headers: { 'content-type': 'application/json' } })])
    await expect(exchange(request, context(bad.fetch))).rejects.toThrow(/Malformed JSON in the response body/)
    const other = scriptedFetch([() => new Response(JSON.stringify({ jsonrpc: '2.0', id: 99, result: {} }), { headers: { 'content-type': 'application/json' } })])
    await expect(exchange(request, context(other.fetch))).rejects.toBeInstanceOf(McpResponseFormatError)
  })

  it('rejects a 202 with no body for a request', async () => {
    const { fetch } = scriptedFetch([() => new Response(null, { status: 202 })])
    await expect(exchange(request, context(fetch))).rejects.toBeInstanceOf(McpResponseFormatError)
  })
})
