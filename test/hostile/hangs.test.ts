/**
 * Hostile servers, class "hangs and storms": answers that never come,
 * streams that end at once and ask to be reconnected at once, questions
 * without end, events without end, redirects in a circle. Every wait is
 * bounded by the caller's `timeoutMs` or a limit, every loop by a count, and
 * nothing the client started outlives `close()`.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_LIMITS,
  McpInputRoundsExceededError,
  McpRedirectError,
  McpResponseTooLargeError,
  McpTimeoutError,
  createClient,
  type InputRequests,
  type InputResponses,
  type JsonRpcNotification,
  type McpClient,
  type ClientOptions,
} from '../../src/core/index.ts'
import {
  hostilePerTest,
  LEGACY,
  MODERN,
  activeTimers,
  elicitation,
  json,
  legacy,
  modern,
  openSse,
  pause,
  result,
  rpcError,
  text,
  until,
  within,
  type Exchange,
  type HostileServer,
} from './hostile-server.ts'

const hostile = hostilePerTest()
let server: HostileServer
beforeEach(() => {
  server = hostile.server
})
const client = (options?: ClientOptions): McpClient => hostile.client(options)

const acceptAll = async (requests: InputRequests): Promise<InputResponses> =>
  Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { name: 'Ada' } }]))

/** Runs `promise`, giving its outcome and how long it took. */
async function timed<T>(promise: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now()
  try {
    const value = await promise
    return { ms: performance.now() - started, value }
  } catch (error) {
    return { ms: performance.now() - started, error }
  }
}

/** Exchanges that hang: recorded so a test can see the client hang up on them. */
function hang(list: Exchange[]) {
  return (x: Exchange) => void list.push(x)
}

/** Closes every client, then the server, and expects no timer of ours left in the process. */
async function expectNoLeftoverTimers(baseline: number): Promise<void> {
  await hostile.closeClients()
  await server.close()
  await until(() => activeTimers() <= baseline, 1000, `timers back to ${baseline} (now ${activeTimers()})`).catch(() => {})
  expect(activeTimers()).toBeLessThanOrEqual(baseline)
}

describe('hangs: answers that never come', () => {
  it('auto mode: a server/discover that never answers fails the call in ~timeoutMs, and does not wedge the next call', async () => {
    const baseline = activeTimers()
    const hung: Exchange[] = []
    server.rpc('server/discover', hang(hung))
    const mcp = client()
    const first = await timed(mcp.callTool('t', {}, { timeoutMs: 300 }))
    expect(first.error).toBeInstanceOf(McpTimeoutError)
    expect(first.ms).toBeGreaterThanOrEqual(250)
    expect(first.ms).toBeLessThan(5000)
    // The hung probe was given up: its connection closed by the client.
    await within(hung[0]!.closed, 1000)
    expect(hung[0]!.aborted()).toBe(true)

    // The server comes to its senses: the same client, no close() in between.
    modern(server)
    server.rpc('tools/call', (x) => result(x, { ...text('ok'), resultType: 'complete' }))
    // Only that the client is not wedged is under test here: a deadline a loaded machine always meets.
    const second = await timed(mcp.callTool('t', {}, { timeoutMs: 3000 }))
    expect(second.error).toBeUndefined()
    expect(second.value).toMatchObject(text('ok'))
    expect(mcp.era).toBe('modern')
    expect(server.find((hit) => hit.rpc === 'server/discover')).toHaveLength(2)
    await expectNoLeftoverTimers(baseline)
  })

  it('auto mode: the client-level timeoutMs bounds the probe of any request', async () => {
    server.rpc('server/discover', () => {})
    const mcp = client({ timeoutMs: 300 })
    const listed = await timed(mcp.listTools())
    expect(listed.error).toBeInstanceOf(McpTimeoutError)
    expect(listed.ms).toBeLessThan(5000)
  })

  it('the tools/list a -32020 calls for is bounded by the call\'s timeoutMs', async () => {
    const baseline = activeTimers()
    modern(server)
    const hung: Exchange[] = []
    server.rpc('tools/list', hang(hung))
    // Refuses a call without its Mcp-Param-Region header, as a server validating SEP-2243 does.
    server.rpc('tools/call', (x) => (x.hit.headers['mcp-param-region'] === 'eu' ? result(x, text('ok')) : rpcError(x, -32020, 'Mcp-Param-Region missing', 400)))
    const mcp = client()
    const first = await timed(mcp.callTool('t', { region: 'eu' }, { timeoutMs: 300 }))
    expect(first.error).toBeInstanceOf(McpTimeoutError)
    expect(first.ms).toBeLessThan(5000)
    expect(server.find((hit) => hit.rpc === 'tools/call')).toHaveLength(1)
    await within(hung[0]!.closed, 1000)
    expect(hung[0]!.aborted()).toBe(true)

    server.rpc('tools/list', (x) => result(x, { tools: [{ name: 't', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } }] }))
    await expect(mcp.callTool('t', { region: 'eu' }, { timeoutMs: 3000 })).resolves.toEqual(text('ok'))
    expect(server.find((hit) => hit.rpc === 'tools/call' || hit.rpc === 'tools/list').map((hit) => hit.rpc)).toEqual(['tools/call', 'tools/list', 'tools/call', 'tools/list', 'tools/call'])
    await expectNoLeftoverTimers(baseline)
  })

  it('the pages of that tools/list share the call\'s deadline: a server slow on every page cannot stretch a call by one timeoutMs per page', async () => {
    modern(server)
    let pages = 0
    server.rpc('tools/list', async (x) => {
      pages += 1
      await server.delay(150)
      result(x, pages < 20 ? { tools: [], nextCursor: `page-${pages}` } : { tools: [{ name: 't', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } }] })
    })
    server.rpc('tools/call', (x) => (x.hit.headers['mcp-param-region'] === 'eu' ? result(x, text('ok')) : rpcError(x, -32020, 'Mcp-Param-Region missing', 400)))
    const mcp = client()
    // Each page is well within 600 ms; all twenty are not.
    await expect(mcp.callTool('t', { region: 'eu' }, { timeoutMs: 600 })).rejects.toBeInstanceOf(McpTimeoutError)
    expect(pages).toBeLessThan(20)
    expect(server.find((hit) => hit.rpc === 'tools/call')).toHaveLength(1)
  })

  it('a legacy initialize that never answers is bounded by timeoutMs; the next call starts a fresh initialize', async () => {
    const baseline = activeTimers()
    const session = legacy(server)
    const hung: Exchange[] = []
    const normal = (x: Exchange) => {
      session.sessions.push(`s${session.sessions.length + 1}`)
      result(x, { protocolVersion: LEGACY, capabilities: {}, serverInfo: { name: 'late', version: '1' } }, { 'mcp-session-id': session.sessions.at(-1)! })
    }
    server.rpc('initialize', hang(hung))
    server.rpc('tools/call', (x) => result(x, text(`ok in ${x.hit.headers['mcp-session-id']}`)))
    const mcp = client()
    const first = await timed(mcp.callTool('t', {}, { timeoutMs: 300 }))
    expect(first.error).toBeInstanceOf(McpTimeoutError)
    // The probe (its 400 is quick) and the initialize each had the call's deadline.
    expect(first.ms).toBeLessThan(5000)
    expect(mcp.era).toBe('legacy')
    await within(hung[0]!.closed, 1000)
    expect(hung[0]!.aborted()).toBe(true)

    server.rpc('initialize', normal)
    await expect(mcp.callTool('t', {}, { timeoutMs: 3000 })).resolves.toEqual(text('ok in s1'))
    expect(server.find((hit) => hit.rpc === 'initialize')).toHaveLength(2)
    await expectNoLeftoverTimers(baseline)
  })

  it('a watcher waiting on a hung server/discover does not keep it for the calls: once they gave up, the next call probes afresh', async () => {
    const hung: Exchange[] = []
    server.rpc('server/discover', hang(hung))
    const mcp = client()
    // The change listener waits for the connection as long as it lives, with no deadline of its own.
    const stop = mcp.watch({ tools: true }, () => {})
    await until(() => hung.length === 1, 10_000, 'the probe sent')
    const first = await timed(mcp.callTool('t', {}, { timeoutMs: 300 }))
    expect(first.error).toBeInstanceOf(McpTimeoutError)
    // The call was the probe's last caller: it is dropped, the watcher notwithstanding.
    await within(hung[0]!.closed, 1000)
    expect(hung[0]!.aborted()).toBe(true)

    modern(server)
    server.rpc('tools/call', (x) => result(x, text('ok')))
    const second = await timed(mcp.callTool('t', {}, { timeoutMs: 3000 }))
    expect(second.error).toBeUndefined()
    expect(second.value).toEqual(text('ok'))
    stop()
  })

  it('close() is bounded when the server never answers DELETE (the client timeoutMs holds for the client\'s own requests)', async () => {
    legacy(server)
    const hung: Exchange[] = []
    server.on('DELETE', hang(hung))
    server.rpc('tools/call', (x) => result(x, text('ok')))
    const mcp = createClient(server.url, { protocolVersion: LEGACY, timeoutMs: 300, onWarning: () => {} })
    await mcp.callTool('t')
    const closing = await within(mcp.close(), 2000)
    expect(closing.state).toBe('resolved')
    expect(hung).toHaveLength(1)
  })
})

describe('storms: the legacy GET stream', () => {
  /** A GET route that writes `event` then ends the stream at once. */
  function endingGetStream(event: string) {
    server.on('GET', (x) => {
      const sse = openSse(x)
      void sse.raw(event).then(() => sse.end())
    })
  }
  const gets = () => server.find((hit) => hit.method === 'GET')

  it('retry: 0 and an at-once end: reconnects are clamped, backed off and bounded (default limits)', async () => {
    const baseline = activeTimers()
    legacy(server)
    endingGetStream(`retry: 0\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'bye' } })}\n\n`)
    const mcp = client({ protocolVersion: LEGACY })
    await mcp.discover()
    await pause(2000)
    const times = gets().map((hit) => hit.at)
    expect(times.length).toBeGreaterThanOrEqual(2)
    expect(times.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxReconnects + 1)
    // Never faster than the clamp: retry: 0 means minRetryMs (250) at least.
    const gaps = times.slice(1).map((at, i) => at - times[i]!)
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(DEFAULT_LIMITS.minRetryMs - 50)
    await mcp.close()
    const afterClose = gets().length
    await pause(300)
    expect(gets().length).toBe(afterClose)
    await expectNoLeftoverTimers(baseline)
  })

  it('a huge retry: (99999999999 ms, past setTimeout\'s range) is clamped, not overflowed into a storm', async () => {
    const baseline = activeTimers()
    legacy(server)
    endingGetStream(': hi\nretry: 99999999999\n\n')
    const mcp = client({ protocolVersion: LEGACY })
    await mcp.discover()
    await pause(1500)
    expect(gets()).toHaveLength(1)
    // The clamped wait (maxRetryMs) is a timer that close() must clear.
    await expectNoLeftoverTimers(baseline)
  })

  it('an event on every connection does not reset the failure count: still gives up after maxReconnects', async () => {
    legacy(server)
    let n = 0
    server.on('GET', (x) => {
      const sse = openSse(x)
      n++
      sse.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `event ${n}` } }, { id: `ev-${n}`, retry: 0 })
      sse.end()
    })
    const limits = { minRetryMs: 5, maxRetryMs: 20, maxReconnects: 4 }
    const notifications: JsonRpcNotification[] = []
    const mcp = client({ protocolVersion: LEGACY, limits, onNotification: (notification) => notifications.push(notification) })
    await mcp.discover()
    await until(() => gets().length >= limits.maxReconnects, 3000, 'maxReconnects GETs')
    await pause(400)
    expect(gets().length).toBeGreaterThanOrEqual(limits.maxReconnects)
    expect(gets().length).toBeLessThanOrEqual(limits.maxReconnects + 1)
    // Every one of them delivered its event, and resumed after it.
    expect(notifications.length).toBe(gets().length)
    expect(gets()[1]!.headers['last-event-id']).toBe('ev-1')
  })
})

describe('storms: questions and bytes without end', () => {
  it('maxRounds bounds the requests a legacy server pushes during one call', async () => {
    legacy(server)
    let pushed = 0
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      // "Forever", bounded: one more question each time one is answered.
      for (let n = 1; n <= 100 && !sse.gone(); n++) {
        pushed = n
        sse.send(elicitation(`e${n}`))
        const answered = await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === `e${n}`, 2000).catch(() => undefined)
        if (!answered) break
      }
      sse.end()
    })
    const asked: number[] = []
    const mcp = client({ protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } } })
    const error = await mcp
      .callTool('forever', {}, { maxRounds: 3, onInputRequests: async (requests, context) => (asked.push(context.round), acceptAll(requests)) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpInputRoundsExceededError)
    expect(error).toMatchObject({ rounds: 3, code: 'INPUT_ROUNDS_EXCEEDED' })
    expect(asked).toEqual([1, 2, 3])
    await until(() => server.find((hit) => hit.rpc === 'response').length === 4, 2000, 'four answers')
    const answers = server.find((hit) => hit.rpc === 'response').map((hit) => hit.body)
    expect(answers.slice(0, 3).map((a) => a.result)).toEqual([1, 2, 3].map(() => ({ action: 'accept', content: { name: 'Ada' } })))
    // The fourth question is still answered, with an error, never silence.
    expect(answers[3]).toMatchObject({ id: 'e4', error: { code: expect.any(Number) } })
    await pause(100)
    expect(pushed).toBeLessThanOrEqual(5)
  })

  it('maxRounds bounds a modern server that answers input_required forever', async () => {
    modern(server)
    server.rpc('tools/call', (x) => result(x, { resultType: 'input_required', inputRequests: { q: { method: 'elicitation/create', params: elicitation(1).params } } }))
    const asked: number[] = []
    const error = await client({ protocolVersion: MODERN })
      .callTool('forever', {}, { maxRounds: 3, onInputRequests: async (requests, context) => (asked.push(context.round), acceptAll(requests)) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpInputRoundsExceededError)
    expect(asked).toEqual([1, 2, 3])
    expect(server.find((hit) => hit.rpc === 'tools/call')).toHaveLength(4)
  })

  it('an SSE event with a 10 MB unterminated data: line fails as too large (part "event") and the client hangs up', async () => {
    modern(server)
    const total = 10 * 1024 * 1024
    let written = 0
    let stream: Exchange | undefined
    server.rpc('tools/call', async (x) => {
      stream = x
      const sse = openSse(x)
      await sse.raw('data: ')
      const chunk = Buffer.alloc(64 * 1024, 'x')
      while (written < total) {
        if (!(await sse.raw(chunk))) return
        written += chunk.length
      }
      sse.end()
    })
    const mcp = client({ protocolVersion: MODERN, limits: { maxMessageBytes: 1_000_000 } })
    const outcome = await timed(mcp.callTool('big'))
    expect(outcome.error).toBeInstanceOf(McpResponseTooLargeError)
    expect(outcome.error).toMatchObject({ part: 'event', limit: 1_000_000, code: 'RESPONSE_TOO_LARGE', method: 'tools/call' })
    expect(outcome.ms).toBeLessThan(8000)
    await within(stream!.closed, 2000)
    expect(stream!.aborted()).toBe(true)
    expect(written).toBeLessThan(total)
  })

  it('a JSON body larger than maxMessageBytes fails as too large (part "body"), streamed or not', async () => {
    modern(server)
    const big = JSON.stringify({ jsonrpc: '2.0', id: 0, result: text('y'.repeat(200_000)) })
    server.rpc('tools/call', (x) => json(x.res, { jsonrpc: '2.0', id: x.body.id, result: text('y'.repeat(200_000)) }))
    const mcp = client({ protocolVersion: MODERN, limits: { maxMessageBytes: 100_000 } })
    const error = await mcp.callTool('big').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpResponseTooLargeError)
    expect(error).toMatchObject({ part: 'body', limit: 100_000, status: 200 })
    expect(big.length).toBeGreaterThan(100_000)

    // Without a length, chunk by chunk, 10 MB: the client stops reading at the cap.
    let written = 0
    let stream: Exchange | undefined
    server.rpc('tools/call', async (x) => {
      stream = x
      x.res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, ' ')
      const write = (data: Buffer | string) =>
        new Promise<boolean>((resolve) => {
          if (x.res.destroyed || x.aborted()) return resolve(false)
          if (x.res.write(data)) return resolve(true)
          const done = () => resolve(!x.res.destroyed && !x.aborted())
          x.res.once('drain', done)
          x.res.once('close', done)
        })
      await write(`{"jsonrpc":"2.0","id":${x.body.id},"result":{}`)
      while (written < 10 * 1024 * 1024) {
        if (!(await write(chunk))) return
        written += chunk.length
      }
      x.res.end('}')
    })
    const streamed = await timed(mcp.callTool('big'))
    expect(streamed.error).toBeInstanceOf(McpResponseTooLargeError)
    expect(streamed.error).toMatchObject({ part: 'body' })
    await within(stream!.closed, 2000)
    expect(stream!.aborted()).toBe(true)
    expect(written).toBeLessThan(10 * 1024 * 1024)
  })

  it('a same-origin redirect loop is bounded by maxRedirects', async () => {
    server.on('POST', ({ res }) => res.writeHead(307, { location: '/mcp' }).end())
    const error = await client({ protocolVersion: MODERN }).callTool('t').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpRedirectError)
    expect(server.hits.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxRedirects + 1)
  })
})

describe('hangs: nothing outlives close()', () => {
  it('a legacy session with its GET stream open: close() ends the stream, and no timer of the client is left', async () => {
    const baseline = activeTimers()
    const session = legacy(server, { getStream: 'hold' })
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      sse.send(elicitation('e1'))
      await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'e1')
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    const mcp = client({ protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } } })
    await expect(mcp.callTool('t', {}, { onInputRequests: acceptAll })).resolves.toEqual(text('done'))
    await session.getStream()
    const getExchange = server.find((hit) => hit.method === 'GET')
    expect(getExchange).toHaveLength(1)
    await mcp.close()
    await until(() => session.getStreams.every((stream) => stream.gone()), 1000, 'the GET stream closed by the client')
    expect(server.find((hit) => hit.method === 'DELETE')).toHaveLength(1)
    await expectNoLeftoverTimers(baseline)
  })

  it('a server that answers every call with -32022 naming the session\'s own version: each renegotiation ends the session it replaces, close() the last', async () => {
    const session = legacy(server, { getStream: 'hold' })
    server.rpc('tools/call', (x) => rpcError(x, -32022, 'Unsupported protocol version', 400, { supported: [LEGACY] }))
    const mcp = client()
    for (let call = 0; call < 4; call++) await expect(mcp.callTool('t', {}, { timeoutMs: 3000 })).rejects.toMatchObject({ code: -32022 })
    // One new session per renegotiation; every one replaced was deleted, its GET stream ended.
    expect(session.sessions.length).toBeGreaterThan(2)
    const deleted = () => new Set(server.find((hit) => hit.method === 'DELETE').map((hit) => hit.headers['mcp-session-id']))
    await until(() => deleted().size === session.sessions.length - 1, 10_000, 'the replaced sessions deleted')
    expect(deleted()).toEqual(new Set(session.sessions.slice(0, -1)))
    await until(() => session.getStreams.filter((stream) => !stream.gone()).length <= 1, 10_000, 'one GET stream left open')
    await mcp.close()
    await until(() => session.getStreams.every((stream) => stream.gone()), 1000, 'every GET stream closed')
    expect(deleted()).toEqual(new Set(session.sessions))
  })

  it('a child process that runs a legacy session and closes it exits by itself', async () => {
    const session = legacy(server, { getStream: 'hold' })
    server.rpc('tools/call', async (x) => {
      const sse = openSse(x)
      sse.send(elicitation('e1'))
      await server.waitForHit((hit) => hit.rpc === 'response' && hit.body.id === 'e1')
      sse.send({ jsonrpc: '2.0', id: x.body.id, result: text('done') })
      sse.end()
    })
    const entry = fileURLToPath(new URL('./close-child.mjs', import.meta.url))
    const child = spawn(process.execPath, [entry, server.url], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    let closedAt = 0
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    void until(() => stdout.includes('closed') && (closedAt ||= performance.now()), 10_000, 'the child closed its client').catch(() => {})
    const outcome = await within(exited, 8000)
    if (outcome.state === 'pending') child.kill('SIGKILL')
    expect(stderr.replace(/^.*(ExperimentalWarning|--trace-warnings).*\n?/gm, '')).toBe('')
    expect(outcome).toEqual({ state: 'resolved', value: 0 })
    expect(stdout).toContain('result {"content":[{"type":"text","text":"done"}]}')
    expect(stdout).toContain('closed')
    expect(performance.now() - closedAt).toBeLessThan(8000)
    expect(session.sessions).toEqual(['s1'])
    expect(server.find((hit) => hit.method === 'DELETE')).toHaveLength(1)
  })
})

describe('storms: subscriptions/listen and tasks', () => {
  const listens = () => server.find((hit) => hit.rpc === 'subscriptions/listen')

  it('a listen stream that acknowledges and ends at once is reopened with backoff, a bounded number of times, and never after close()', async () => {
    const baseline = activeTimers()
    modern(server)
    server.rpc('subscriptions/listen', (x) => {
      const sse = openSse(x)
      sse.send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { toolsListChanged: true } } })
      sse.end()
    })
    const mcp = client({ protocolVersion: MODERN })
    const heard: string[] = []
    mcp.watch({ tools: true }, (change) => heard.push(change.type))
    await until(() => listens().length >= DEFAULT_LIMITS.maxReconnects, 20_000, 'listen reopened until the cap')
    await pause(1500)
    expect(listens()).toHaveLength(DEFAULT_LIMITS.maxReconnects)
    // After each drop the watcher hears that its list may have changed.
    expect(heard.length).toBe(DEFAULT_LIMITS.maxReconnects - 1)
    await mcp.close()
    await expectNoLeftoverTimers(baseline)
  })

  it('a task that never ends and asks to be polled at once is polled no faster than the floor, and Stop sends tasks/cancel and leaves nothing running', async () => {
    const baseline = activeTimers()
    modern(server)
    server.rpc('tools/call', (x) => result(x, { resultType: 'task', taskId: 'forever', status: 'working', ttlMs: null, pollIntervalMs: 0 }))
    server.rpc('tasks/get', (x) => result(x, { resultType: 'complete', taskId: 'forever', status: 'working', ttlMs: null, pollIntervalMs: 0 }))
    server.rpc('tasks/cancel', (x) => result(x, { resultType: 'complete' }))
    const mcp = client({ protocolVersion: MODERN, capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } })
    const controller = new AbortController()
    const call = mcp.callTool('t', {}, { signal: controller.signal }).catch((e: unknown) => e)
    await until(() => server.find((hit) => hit.rpc === 'tasks/get').length >= 3, 10_000, 'three polls')
    controller.abort()
    await call
    await server.waitForHit((hit) => hit.rpc === 'tasks/cancel', 5_000)
    const polls = server.find((hit) => hit.rpc === 'tasks/get').map((hit) => hit.at)
    for (const [i, at] of polls.slice(1).entries()) expect(at - polls[i]!).toBeGreaterThanOrEqual(DEFAULT_LIMITS.minPollMs - 50)
    const count = polls.length
    await pause(600)
    expect(server.find((hit) => hit.rpc === 'tasks/get')).toHaveLength(count)
    await mcp.close()
    await expectNoLeftoverTimers(baseline)
  })
})
