import { describe, expect, it, vi } from 'vitest'
import { McpCancelledError, McpInputRoundsExceededError, McpNetworkError, McpProtocolError, McpResponseFormatError } from './errors'
import { McpTaskError } from './task-error'
import { resolveLimits } from './limits'
import { DETACHED } from './signals'
import { nextPollDelay, runTask, type TaskLoopOptions } from './task-loop'
import type { InputResponses, JsonObject, McpResult } from './types'

// Polls a millisecond apart: the loop's logic, not its clock, is under test.
const limits = resolveLimits({ minPollMs: 1, maxPollMs: 5, minRetryMs: 1, maxRetryMs: 2 })
const created = { resultType: 'task', taskId: 't-1', status: 'working', createdAt: '2026-12-01T10:00:00Z', lastUpdatedAt: '2026-12-01T10:00:00Z', ttlMs: 60_000, pollIntervalMs: 1 }
const ask = (key: string) => ({ [key]: { method: 'elicitation/create', params: { mode: 'form', message: `Question ${key}?`, requestedSchema: { type: 'object', properties: {} } } } })
const done = { taskId: 't-1', status: 'completed', result: { content: [{ type: 'text', text: 'finished' }] } }

/** A loop whose `tasks/get` answers come from `script`, one per poll (the last one repeats). */
function setup(script: Array<JsonObject | Error>, extra: Partial<TaskLoopOptions> = {}) {
  const polls: string[] = []
  const updates: Array<{ taskId: string; responses: InputResponses }> = []
  const cancelled: string[] = []
  const controller = new AbortController()
  let i = 0
  const options: TaskLoopOptions = {
    task: { created },
    signal: controller.signal,
    limits,
    maxRounds: 10,
    get: async (taskId) => {
      polls.push(taskId)
      const next = script[Math.min(i++, script.length - 1)]!
      if (next instanceof Error) throw next
      return { resultType: 'complete', ...next } as McpResult
    },
    update: async (taskId, responses) => {
      updates.push({ taskId, responses })
      return {}
    },
    cancel: async (taskId) => {
      cancelled.push(taskId)
      return {}
    },
    fulfil: async (requests) => Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { ok: true } }])),
    ...extra,
  }
  return { options, polls, updates, cancelled, controller }
}

describe('runTask', () => {
  it('polls the task until it completes and resolves with the tool result, reporting each snapshot', async () => {
    const seen: string[] = []
    const { options, polls } = setup([{ taskId: 't-1', status: 'working', statusMessage: 'Step 1 of 2' }, done], { onTask: (task) => seen.push(`${task.status}:${task.statusMessage ?? ''}`) })
    await expect(runTask(options)).resolves.toEqual(done.result)
    expect(polls).toEqual(['t-1', 't-1'])
    expect(seen).toEqual(['working:', 'working:Step 1 of 2', 'completed:'])
  })

  it('asks each question once although every poll repeats it, answers with tasks/update, then follows the task on', async () => {
    const fulfil = vi.fn(async () => ({ a: { action: 'accept', content: { ok: true } } }))
    const waiting = { taskId: 't-1', status: 'input_required', inputRequests: ask('a') }
    const { options, updates } = setup([waiting, waiting, waiting, done], { fulfil })
    await expect(runTask(options)).resolves.toEqual(done.result)
    expect(fulfil).toHaveBeenCalledTimes(1)
    expect(updates).toEqual([{ taskId: 't-1', responses: { a: { action: 'accept', content: { ok: true } } } }])
  })

  it('does not ask again what was answered before a reload, and asks what is new', async () => {
    const fulfil = vi.fn(async (requests: JsonObject) => Object.fromEntries(Object.keys(requests).map((k) => [k, { action: 'decline' }])))
    const { options, updates } = setup([{ taskId: 't-1', status: 'input_required', inputRequests: { ...ask('old'), ...ask('new') } }, done], {
      task: { resume: 't-1' },
      answered: ['old'],
      fulfil,
    })
    await runTask(options)
    expect(Object.keys(fulfil.mock.calls[0]![0])).toEqual(['new'])
    expect(updates[0]!.responses).toEqual({ new: { action: 'decline' } })
  })

  it('lets a question go when the task ends while the person has not answered', async () => {
    let askedSignal: AbortSignal | undefined
    const fulfil = (_requests: unknown, context: { signal: AbortSignal }) => {
      askedSignal = context.signal
      return new Promise<InputResponses>(() => {})
    }
    const { options, updates } = setup([{ taskId: 't-1', status: 'input_required', inputRequests: ask('a') }, done], { fulfil })
    await expect(runTask(options)).resolves.toEqual(done.result)
    expect(askedSignal?.aborted).toBe(true)
    expect(updates).toEqual([])
  })

  it('fails as the request would have when the task failed with a JSON-RPC error', async () => {
    const { options } = setup([{ taskId: 't-1', status: 'failed', error: { code: -32603, message: 'rate limit' } }])
    const error = await runTask(options).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpProtocolError)
    expect((error as McpProtocolError).code).toBe(-32603)
    expect((error as McpProtocolError).rpcMessage).toBe('rate limit')
  })

  it('ends with a task error when the server cancelled the task or no longer knows it', async () => {
    const cancelled = await runTask(setup([{ taskId: 't-1', status: 'cancelled', statusMessage: 'shutting down' }]).options).catch((e: unknown) => e)
    expect(cancelled).toBeInstanceOf(McpTaskError)
    expect([(cancelled as McpTaskError).reason, (cancelled as McpTaskError).statusMessage]).toEqual(['cancelled', 'shutting down'])
    const gone = new McpProtocolError({ code: -32602, message: 'Task not found' })
    const lost = await runTask(setup([gone]).options).catch((e: unknown) => e)
    expect((lost as McpTaskError).reason).toBe('not_found')
  })

  it('sends tasks/cancel when the call is stopped, and not when it is only let go', async () => {
    for (const reason of [undefined, DETACHED]) {
      const { options, controller, cancelled } = setup([{ taskId: 't-1', status: 'working' }], {
        onTask: () => queueMicrotask(() => (reason === undefined ? controller.abort() : controller.abort(reason))),
      })
      await expect(runTask(options)).rejects.toBeInstanceOf(McpCancelledError)
      expect(cancelled).toEqual(reason === undefined ? ['t-1'] : [])
    }
  })

  it('tries a poll again after transient failures, and gives up after maxReconnects in a row', async () => {
    const flaky = new McpNetworkError(new Error('offline'))
    await expect(runTask(setup([flaky, flaky, done]).options)).resolves.toEqual(done.result)
    const error = await runTask(setup([flaky]).options).catch((e: unknown) => e)
    expect(error).toBe(flaky)
  })

  it('refuses a poll that answers for another task, an unknown status, and a completed task holding no complete result', async () => {
    for (const bad of [
      { taskId: 'someone-else', status: 'working' },
      { taskId: 't-1', status: 'paused' },
      { taskId: 't-1', status: 'completed', result: { resultType: 'input_required', inputRequests: {} } },
      { taskId: 't-1', status: 'input_required', inputRequests: { a: 'not an object' } },
    ]) {
      await expect(runTask(setup([bad]).options)).rejects.toBeInstanceOf(McpResponseFormatError)
    }
  })

  it('bounds a task that keeps asking new questions by maxRounds', async () => {
    let n = 0
    const { options } = setup([], { maxRounds: 3, get: async () => ({ resultType: 'complete', taskId: 't-1', status: 'input_required', inputRequests: ask(`q${++n}`) }) })
    await expect(runTask(options)).rejects.toBeInstanceOf(McpInputRoundsExceededError)
  })
})

describe('nextPollDelay', () => {
  const range = resolveLimits({})
  it('holds the server interval to the client range', () => {
    expect(nextPollDelay({ taskId: 't', status: 'working', pollIntervalMs: 0 }, 1000, true, range)).toBe(range.minPollMs)
    expect(nextPollDelay({ taskId: 't', status: 'working', pollIntervalMs: 1e12 }, 1000, true, range)).toBe(range.maxPollMs)
    expect(nextPollDelay({ taskId: 't', status: 'working', pollIntervalMs: 2000 }, 1000, false, range)).toBe(2000)
  })
  it('backs off while nothing changes when the server names no interval, and starts over on a change', () => {
    const task = { taskId: 't', status: 'working' as const }
    expect(nextPollDelay(task, 1000, false, range)).toBe(1500)
    expect(nextPollDelay(task, 29_000, false, range)).toBe(range.maxPollMs)
    expect(nextPollDelay(task, 20_000, true, range)).toBe(1000)
  })
})
