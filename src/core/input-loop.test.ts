import { describe, expect, it, vi } from 'vitest'
import { McpCancelledError, McpInputError, McpInputRoundsExceededError, McpResponseFormatError } from './errors'
import { abortable, runInputLoop, type InputLoopEvent } from './input-loop'
import type { JsonObject, McpResult } from './types'

const request = { method: 'tools/call' as const, params: { name: 'wizard', arguments: { a: 1 } } }
const ask = (key: string, state?: string): McpResult => ({
  resultType: 'input_required',
  inputRequests: { [key]: { method: 'elicitation/create', params: { message: key, requestedSchema: { type: 'object', properties: {} } } } },
  ...(state === undefined ? {} : { requestState: state }),
})
const done: McpResult = { resultType: 'complete', content: [] }

function scripted(results: McpResult[]) {
  const sent: JsonObject[] = []
  const send = vi.fn(async (params: JsonObject) => {
    sent.push(structuredClone(params))
    const next = results.shift()
    if (!next) throw new Error('no result left')
    return next
  })
  return { send, sent }
}

describe('runInputLoop', () => {
  it('retries the original request with the answers and the byte-exact requestState', async () => {
    const state = '  eyJ4Ijoi\u00e9\u4e16"}\n ==  '
    const { send, sent } = scripted([ask('first', state), ask('second', 'opaque-2'), done])
    const events: InputLoopEvent[] = []
    const fulfil = vi.fn(async (requests: Record<string, unknown>, _context: { round: number }) =>
      Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { key } }])),
    )
    const result = await runInputLoop({ request, send, fulfil, onEvent: (e) => events.push(e) })
    expect(result).toBe(done)
    expect(sent).toEqual([
      request.params,
      { ...request.params, inputResponses: { first: { action: 'accept', content: { key: 'first' } } }, requestState: state },
      { ...request.params, inputResponses: { second: { action: 'accept', content: { key: 'second' } } }, requestState: 'opaque-2' },
    ])
    expect(fulfil.mock.calls.map(([, context]) => context.round)).toEqual([1, 2])
    expect(events.map((e) => e.type)).toEqual(['input_required', 'retrying', 'input_required', 'retrying', 'complete'])
    expect(request.params).toEqual({ name: 'wizard', arguments: { a: 1 } })
  })

  it('sends no requestState when none was given and only the keys asked', async () => {
    const { send, sent } = scripted([ask('k'), done])
    await runInputLoop({ request, send, fulfil: async () => ({ k: { action: 'decline' }, extra: { action: 'accept' } }) })
    expect(sent[1]).toEqual({ ...request.params, inputResponses: { k: { action: 'decline' } } })
    expect(sent[1]).not.toHaveProperty('requestState')
  })

  it('retries requestState-only rounds at once without asking anyone', async () => {
    const { send, sent } = scripted([
      { resultType: 'input_required', requestState: 's1' },
      { resultType: 'input_required', requestState: 's2' },
      done,
    ])
    const fulfil = vi.fn()
    await runInputLoop({ request, send, fulfil })
    expect(fulfil).not.toHaveBeenCalled()
    expect(sent.slice(1)).toEqual([
      { ...request.params, requestState: 's1' },
      { ...request.params, requestState: 's2' },
    ])
  })

  it('paces requestState-only retries when asked to', async () => {
    vi.useFakeTimers()
    try {
      const { send } = scripted([{ resultType: 'input_required', requestState: 's' }, done])
      const running = runInputLoop({ request, send, fulfil: vi.fn(), pacingMs: 500 })
      await vi.advanceTimersByTimeAsync(499)
      expect(send).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await expect(running).resolves.toBe(done)
    } finally {
      vi.useRealTimers()
    }
  })

  it('treats a result without resultType as complete', async () => {
    const { send } = scripted([{ content: [{ type: 'text', text: 'old server' }] }])
    await expect(runInputLoop({ request, send, fulfil: vi.fn() })).resolves.toEqual({ content: [{ type: 'text', text: 'old server' }] })
  })

  it('fails at the round cap with the last input-required result', async () => {
    const results = Array.from({ length: 5 }, (_, i) => ({ resultType: 'input_required', requestState: `s${i}` }))
    const { send } = scripted(results)
    const error = (await runInputLoop({ request, send, fulfil: vi.fn(), maxRounds: 3 }).catch((e: unknown) => e)) as McpInputRoundsExceededError
    expect(error).toBeInstanceOf(McpInputRoundsExceededError)
    expect(error.rounds).toBe(3)
    expect(error.lastResult).toEqual({ resultType: 'input_required', requestState: 's3' })
    expect(send).toHaveBeenCalledTimes(4)
  })

  it('defaults the cap to 10 rounds', async () => {
    const { send } = scripted(Array.from({ length: 20 }, () => ({ resultType: 'input_required', requestState: 'x' })))
    await expect(runInputLoop({ request, send, fulfil: vi.fn() })).rejects.toMatchObject({ rounds: 10 })
    expect(send).toHaveBeenCalledTimes(11)
  })

  it('fails when an answer is missing, before sending anything', async () => {
    const { send } = scripted([ask('k'), done])
    await expect(runInputLoop({ request, send, fulfil: async () => ({}) })).rejects.toBeInstanceOf(McpInputError)
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('rejects an input_required result with nothing in it', async () => {
    const { send } = scripted([{ resultType: 'input_required' }])
    await expect(runInputLoop({ request, send, fulfil: vi.fn() })).rejects.toBeInstanceOf(McpResponseFormatError)
  })

  it('cancels while waiting for a person', async () => {
    const { send } = scripted([ask('k'), done])
    const controller = new AbortController()
    const running = runInputLoop({
      request,
      send,
      signal: controller.signal,
      fulfil: (_requests, { signal }) => {
        setTimeout(() => controller.abort(), 5)
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('closed'))))
      },
    })
    await expect(running).rejects.toBeInstanceOf(McpCancelledError)
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('resumes from a saved round as plain JSON with the given answers', async () => {
    const saved = JSON.parse(JSON.stringify({ request, round: 2, inputRequests: ask('k').inputRequests, requestState: 'kept' }))
    const { send, sent } = scripted([done])
    const fulfil = vi.fn()
    await runInputLoop({ request: saved.request, send, fulfil, resume: { pending: saved, responses: { k: { action: 'cancel' } } } })
    expect(fulfil).not.toHaveBeenCalled()
    expect(sent).toEqual([{ ...request.params, inputResponses: { k: { action: 'cancel' } }, requestState: 'kept' }])
  })

  it('counts rounds on from a resumed round', async () => {
    const saved = { request, round: 3, inputRequests: {}, requestState: 'x' }
    const { send } = scripted([{ resultType: 'input_required', requestState: 'y' }, done])
    await expect(runInputLoop({ request, send, fulfil: vi.fn(), maxRounds: 3, resume: { pending: saved } })).rejects.toMatchObject({ rounds: 3 })
  })
})

describe('abortable', () => {
  it('with the signal already aborted, rejects as cancelled and leaves no unhandled rejection of the promise it was given', async () => {
    const unhandled: unknown[] = []
    const record = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', record)
    try {
      const given = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the send failed too')), 0))
      await expect(abortable(given, AbortSignal.abort(), 'resources/read')).rejects.toMatchObject({ code: 'CANCELLED' })
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', record)
    }
  })
})
