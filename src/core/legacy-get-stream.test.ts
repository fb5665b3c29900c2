import { describe, expect, it } from 'vitest'
import { hangingSse, scriptedFetch, sse } from '../../test/support/scripted-fetch'
import { GetStream } from './legacy-get-stream'
import { DEFAULT_LIMITS } from './limits'

/** Short delays for tests that are not about the clamp. */
const fast = { ...DEFAULT_LIMITS, minRetryMs: 1 }

const url = 'http://127.0.0.1:9/mcp'

describe('GetStream', () => {
  it('honours retry: and resumes with Last-Event-ID after a disconnect, delivering what arrives', async () => {
    const notifications: unknown[] = []
    const requests: unknown[] = []
    const times: number[] = []
    const script = scriptedFetch([
      () => {
        times.push(Date.now())
        return sse([`retry: 80\nid: e1\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'one' } })}\n\n`])
      },
      (_request, signal) => {
        times.push(Date.now())
        return hangingSse(`id: e2\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' })}\n\n`, signal)
      },
    ])
    const stream = new GetStream({
      context: { url, fetch: script.fetch, onNotification: (n) => notifications.push(n), onServerRequest: (r) => requests.push(r) },
      headers: async () => new Headers({ 'Mcp-Session-Id': 's1', 'Content-Type': 'application/json' }),
      limits: fast,
    })
    await stream.opened
    await expect.poll(() => requests.length).toBe(1)
    stream.close()
    expect(notifications).toEqual([{ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'one' } }])
    expect(requests).toEqual([{ jsonrpc: '2.0', id: 5, method: 'ping' }])
    const [first, second] = script.requests
    expect(first!.method).toBe('GET')
    expect(first!.headers.get('accept')).toBe('text/event-stream')
    expect(first!.headers.has('content-type')).toBe(false)
    expect(first!.headers.has('last-event-id')).toBe(false)
    expect(second!.headers.get('last-event-id')).toBe('e1')
    expect(second!.headers.get('mcp-session-id')).toBe('s1')
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(75)
  })

  it('leaves a server that offers no GET stream alone', async () => {
    const script = scriptedFetch([() => new Response(null, { status: 405 })])
    const stream = new GetStream({ context: { url, fetch: script.fetch }, headers: async () => new Headers() })
    await stream.opened
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(script.requests).toHaveLength(1)
    stream.close()
  })

  it('gives up on a server that drops every stream at once', async () => {
    const script = scriptedFetch(Array.from({ length: 10 }, () => () => sse(['retry: 1\n\n'])))
    const stream = new GetStream({ context: { url, fetch: script.fetch }, headers: async () => new Headers(), retryMs: 1, limits: fast })
    await expect.poll(() => script.remaining(), { timeout: 3000 }).toBe(5)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(script.requests).toHaveLength(5)
    stream.close()
  })
})
