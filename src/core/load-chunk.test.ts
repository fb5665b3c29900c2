import { afterEach, describe, expect, it, vi } from 'vitest'
import { McpNetworkError, isMcpNetworkError } from './errors'
import { scriptedFetch } from '../../test/support/scripted-fetch'
import { DEFAULT_LIMITS } from './limits'
import { loadChunk, loadOnce } from './load-chunk'

const url = 'http://127.0.0.1:9/mcp'

describe('loadChunk', () => {
  it('hands over the loaded module', async () => {
    const module = { answer: 42 }
    await expect(loadChunk('a part', async () => module)).resolves.toBe(module)
  })

  it('turns a chunk that cannot be fetched into a typed network error naming the part', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:9/assets/sse-x.js')
    const error = await loadChunk('the SSE reader', () => Promise.reject(cause), { method: 'tools/call', url: url }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpNetworkError)
    expect(isMcpNetworkError(error)).toBe(true)
    expect((error as McpNetworkError).message).toContain('could not load the SSE reader of mcp-elicit')
    expect((error as McpNetworkError).message).toContain('tools/call http://127.0.0.1:9/mcp')
    expect(((error as McpNetworkError).cause as Error).cause).toBe(cause)
  })
})

describe('loadOnce', () => {
  it('runs once for every caller, and again after a failure', async () => {
    let runs = 0
    let fail = true
    const load = loadOnce(async (what: string) => {
      runs += 1
      if (fail) throw new Error(`offline (${what})`)
      return `${what} ${runs}`
    })
    const failed = await Promise.allSettled([load('a'), load('b')])
    expect(failed.map((outcome) => outcome.status === 'rejected' && String(outcome.reason))).toEqual(['Error: offline (a)', 'Error: offline (a)'])
    fail = false
    expect(await Promise.all([load('c'), load('d')])).toEqual(['c 2', 'c 2'])
    expect(await load('e')).toBe('c 2')
    expect(runs).toBe(2)
  })
})

/** The chunk at `path` cannot be fetched, for the modules imported after this. */
function unreachable(path: string): void {
  vi.resetModules()
  vi.doMock(path, () => {
    throw new TypeError('Failed to fetch dynamically imported module')
  })
}

describe('a chunk that cannot be loaded', () => {
  afterEach(() => {
    vi.doUnmock('./sse-exchange.js')
    vi.doUnmock('./auth-hook.js')
    vi.doUnmock('./listings.js')
    vi.resetModules()
  })

  it('fails a streamed answer with the typed error and cancels the body it never read', async () => {
    unreachable('./sse-exchange.js')
    const { exchange } = await import('./http-exchange')
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      cancel: () => {
        cancelled = true
      },
    })
    const fetch = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    const request = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: {} }
    const error = await exchange(request, { url: url, fetch, headers: new Headers(), signal: new AbortController().signal }).catch((e: unknown) => e)
    expect(isMcpNetworkError(error)).toBe(true)
    expect((error as Error).message).toContain('could not load the SSE reader')
    expect(cancelled).toBe(true)
  })

  it("cancels a legacy session's GET stream it cannot read", async () => {
    unreachable('./sse-exchange.js')
    const { GetStream } = await import('./legacy-get-stream')
    let cancels = 0
    const fetch = async () =>
      new Response(new ReadableStream<Uint8Array>({ cancel: () => void cancels++ }), { headers: { 'content-type': 'text/event-stream' } })
    const stream = new GetStream({ context: { url: url, fetch }, headers: async () => new Headers(), limits: { ...DEFAULT_LIMITS, minRetryMs: 1, maxRetryMs: 1 } })
    await stream.opened
    await expect.poll(() => cancels).toBeGreaterThan(0)
    stream.close()
  })

  it('fails the request of a client given auth before anything is sent without the credentials', async () => {
    unreachable('./auth-hook.js')
    const { createClient } = await import('./client')
    const { fetch, requests } = scriptedFetch([])
    const authorization = vi.fn(async () => 'Bearer token-1')
    const client = createClient(url, { fetch, auth: { authorization, challenged: async () => false }, protocolVersion: '2026-07-28', cache: false })
    const error = await client.request('tools/list').catch((e: unknown) => e)
    expect(isMcpNetworkError(error)).toBe(true)
    expect((error as Error).message).toContain('could not load the authorization hook of mcp-elicit')
    expect((error as Error).message).toContain(url)
    expect(requests).toEqual([])
    expect(authorization).not.toHaveBeenCalled()
  })

  it('fails a listing with the typed error, and so a tool call the server refused for want of Mcp-Param headers', async () => {
    unreachable('./listings.js')
    const { createClient } = await import('./client')
    const mismatch = (request: { body: { id: number } }) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: request.body.id, error: { code: -32020, message: 'Mcp-Param-Region missing' } }), { status: 400, headers: { 'content-type': 'application/json' } })
    const { fetch, requests } = scriptedFetch([mismatch])
    const client = createClient(url, { fetch, protocolVersion: '2026-07-28' })
    const listed = await client.listTools().catch((e: unknown) => e)
    expect(isMcpNetworkError(listed)).toBe(true)
    expect((listed as Error).message).toContain('could not load the listings of mcp-elicit')
    expect(requests).toEqual([])
    // A call goes out at once without the listings; only the server's -32020 needs them.
    const called = await client.callTool('q', { region: 'eu' }).catch((e: unknown) => e)
    expect(isMcpNetworkError(called)).toBe(true)
    expect((called as Error).message).toContain('could not load the listings of mcp-elicit')
    expect(requests.map((r) => r.body.method)).toEqual(['tools/call'])
  })
})
