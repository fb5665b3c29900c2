/**
 * Following a task to its end (tasks extension, `io.modelcontextprotocol/tasks`),
 * free of transport and UI like the round loop: `get`, `update` and `cancel`
 * do the requests, `fulfil` gets the answers. The server chose to answer a
 * tool call with a task; the caller still gets the tool's result, or the
 * error the call would have failed with.
 *
 * Polling honours the server's `pollIntervalMs`, held to the client's range;
 * without one it backs off while nothing changes. A poll that fails on the
 * way (network, a broken stream, a 5xx) is tried again with backoff, a
 * bounded number of times in a row. Questions the task raises are asked
 * once per key (every poll repeats the outstanding ones) and answered with
 * `tasks/update`; polling goes on while the person answers, so a task that
 * ends or moves on meanwhile is seen. Stopping the call sends `tasks/cancel`.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/seps/2663-tasks-extension.mdx
 */
import { displayText, isObject } from './server-values.js'
import {
  McpCancelledError,
  McpInputRoundsExceededError,
  McpProtocolError,
  McpResponseFormatError,
  RpcErrorCode,
  isMcpHttpError,
  isMcpNetworkError,
  isMcpProtocolError,
  isMcpStreamError,
  isMcpTimeoutError,
} from './errors.js'
import type { Limits } from './limits.js'
import { McpTaskError } from './task-error.js'
import { backoff } from './retry-delay.js'
import { DETACHED, abortError, sleep } from './signals.js'
import type { InputRequests, InputResponses, JsonObject, McpResult, TaskInfo, TaskStatus } from './types.js'

/** Poll interval when the server suggests none, before backing off. */
export const DEFAULT_POLL_MS = 1000
const STATUSES: ReadonlySet<string> = new Set<TaskStatus>(['working', 'input_required', 'completed', 'failed', 'cancelled'])


export interface TaskLoopOptions {
  /**
   * The `CreateTaskResult` the call was answered with, or `{ resume: taskId }`
   * for a task kept from before a reload (polled before anything else).
   */
  task: { created: McpResult } | { resume: string }
  /** `tasks/get`. */
  get: (taskId: string, signal: AbortSignal) => Promise<McpResult>
  /** `tasks/update` with the answers to the keys asked. */
  update: (taskId: string, responses: InputResponses, signal: AbortSignal) => Promise<unknown>
  /** `tasks/cancel`; called without waiting when the call is stopped. */
  cancel: (taskId: string) => Promise<unknown>
  /** Answers the new questions of the task, keyed as asked. */
  fulfil: (requests: InputRequests, context: { round: number; signal: AbortSignal; task: TaskInfo }) => Promise<InputResponses>
  /** Every snapshot of the task, with the keys answered so far (for a UI, or for storage). */
  onTask?: ((task: TaskInfo, answered: readonly string[]) => void) | undefined
  /** Just before answers go out with `tasks/update`. */
  onAnswering?: ((round: number) => void) | undefined
  signal: AbortSignal
  limits: Limits
  /** How many times the task may ask; each batch of new keys is one round. */
  maxRounds: number
  /** Keys already answered before a reload: never asked again. */
  answered?: readonly string[] | undefined
  /** The request the task stands for, for errors. @defaultValue `'tools/call'` */
  method?: string | undefined
  url?: string | undefined
}

/** A task payload as the client trusts it: a string id, a known status, typed fields; anything else is a bad response. */
export function readTask(value: unknown, details: { method: string; url?: string | undefined }, expectedId?: string): { info: TaskInfo; raw: JsonObject } {
  if (!isObject(value) || typeof value.taskId !== 'string' || value.taskId === '' || typeof value.status !== 'string' || !STATUSES.has(value.status)) {
    throw new McpResponseFormatError('Task has no taskId string or no known status', { ...details, data: value })
  }
  if (expectedId !== undefined && value.taskId !== expectedId) {
    throw new McpResponseFormatError(`tasks/get for ${displayText(expectedId)} answered for another task, ${displayText(value.taskId)}`, { ...details, data: value })
  }
  const info: TaskInfo = { taskId: value.taskId, status: value.status as TaskStatus }
  if (typeof value.statusMessage === 'string') info.statusMessage = value.statusMessage
  if (typeof value.createdAt === 'string') info.createdAt = value.createdAt
  if (typeof value.lastUpdatedAt === 'string') info.lastUpdatedAt = value.lastUpdatedAt
  if (value.ttlMs === null || (typeof value.ttlMs === 'number' && Number.isFinite(value.ttlMs) && value.ttlMs >= 0)) info.ttlMs = value.ttlMs
  if (typeof value.pollIntervalMs === 'number' && Number.isFinite(value.pollIntervalMs) && value.pollIntervalMs >= 0) info.pollIntervalMs = value.pollIntervalMs
  return { info, raw: value }
}

/** The server's interval held to the client's range; without one, the previous interval grown by half while nothing changes. */
export function nextPollDelay(task: TaskInfo, previous: number, changed: boolean, limits: Limits): number {
  const clamp = (ms: number) => Math.min(limits.maxPollMs, Math.max(limits.minPollMs, ms))
  if (task.pollIntervalMs !== undefined) return clamp(task.pollIntervalMs)
  return clamp(changed ? DEFAULT_POLL_MS : previous * 1.5)
}

/** Failures of one poll worth another try: the task itself is probably fine. */
function isTransient(error: unknown): boolean {
  if (isMcpNetworkError(error) || isMcpStreamError(error) || isMcpTimeoutError(error)) return true
  return isMcpHttpError(error) && (error.status >= 500 || error.status === 429)
}

function fingerprint(task: TaskInfo, raw: JsonObject): string {
  const keys = isObject(raw.inputRequests) ? Object.keys(raw.inputRequests).join('\u0000') : ''
  return [task.status, task.statusMessage ?? '', task.lastUpdatedAt ?? '', keys].join('\u0001')
}

/** The outstanding requests of an `input_required` task, each an object naming its method. */
function requestsOf(raw: JsonObject, details: { method: string; url?: string | undefined }): InputRequests {
  const asked = raw.inputRequests
  if (!isObject(asked)) throw new McpResponseFormatError('Task is input_required but has no inputRequests object', { ...details, data: raw })
  for (const [key, input] of Object.entries(asked)) {
    if (!isObject(input) || typeof input.method !== 'string') {
      throw new McpResponseFormatError(`Input request "${key}" of the task is not an object with a method`, { ...details, data: raw })
    }
  }
  return asked as InputRequests
}

/** Follows the task until it ends: resolves with its result, or throws what ended it. */
export async function runTask(options: TaskLoopOptions): Promise<McpResult> {
  const { signal, limits } = options
  const details = { method: options.method ?? 'tools/call', url: options.url }
  const answered = new Set(options.answered ?? [])
  let taskId = 'resume' in options.task ? options.task.resume : typeof options.task.created.taskId === 'string' ? options.task.created.taskId : ''
  let rounds = 0

  /** One `tasks/get`, tried again on transient failures. */
  const poll = async (pollSignal: AbortSignal, delay: number): Promise<{ info: TaskInfo; raw: JsonObject }> => {
    for (let failures = 0; ; ) {
      try {
        return readTask(await options.get(taskId, pollSignal), details, taskId)
      } catch (error) {
        if (pollSignal.aborted) throw abortError(pollSignal, details)
        // -32602 is how a server says it does not know (or no longer keeps) the task.
        if (isMcpProtocolError(error) && error.code === RpcErrorCode.InvalidParams) throw new McpTaskError(taskId, 'not_found', undefined, { ...details, cause: error })
        if (!isTransient(error) || ++failures >= limits.maxReconnects) throw error
        await wait(backoff(delay, failures, limits), pollSignal)
      }
    }
  }
  const wait = (ms: number, waitSignal: AbortSignal) =>
    sleep(ms, waitSignal).catch(() => {
      throw abortError(waitSignal, details)
    })

  try {
    let current = 'resume' in options.task ? await poll(signal, DEFAULT_POLL_MS) : readTask(options.task.created, details)
    taskId = current.info.taskId
    // Measured on this clock from when the task was first seen: never earlier than the server's own deadline.
    const ttl = current.info.ttlMs
    const deadline = typeof ttl === 'number' ? Date.now() + ttl + limits.maxPollMs : undefined
    let delay = nextPollDelay(current.info, DEFAULT_POLL_MS, true, limits)
    let seen = ''

    while (true) {
      const { info, raw } = current
      const changed = fingerprint(info, raw) !== seen
      seen = fingerprint(info, raw)
      options.onTask?.(info, [...answered])

      if (info.status === 'completed') {
        const result = raw.result
        if (!isObject(result)) throw new McpResponseFormatError('Completed task has no result object', { ...details, data: raw })
        if (result.resultType !== undefined && result.resultType !== 'complete') {
          throw new McpResponseFormatError(`Completed task holds a result of type ${displayText(result.resultType)}`, { ...details, data: raw })
        }
        return result
      }
      if (info.status === 'failed') {
        const error = raw.error
        if (!isObject(error) || typeof error.code !== 'number') throw new McpResponseFormatError('Failed task has no JSON-RPC error', { ...details, data: raw })
        throw new McpProtocolError({ code: error.code, message: displayText(error.message), data: error.data }, details)
      }
      if (info.status === 'cancelled') throw new McpTaskError(taskId, 'cancelled', info.statusMessage, details)
      if (deadline !== undefined && Date.now() > deadline) throw new McpTaskError(taskId, 'expired', info.statusMessage, details)

      if (info.status === 'input_required') {
        const fresh = Object.fromEntries(Object.entries(requestsOf(raw, details)).filter(([key]) => !answered.has(key)))
        if (Object.keys(fresh).length > 0) {
          rounds += 1
          if (rounds > options.maxRounds) throw new McpInputRoundsExceededError(options.maxRounds, { resultType: 'input_required', inputRequests: fresh }, details)
          const outcome = await askWhilePolling(fresh, rounds, info, delay)
          if ('moved' in outcome) {
            current = outcome.moved
            continue
          }
          options.onAnswering?.(rounds)
          await options.update(taskId, outcome.responses, signal)
          for (const key of Object.keys(outcome.responses)) answered.add(key)
        }
      }

      delay = nextPollDelay(info, delay, changed, limits)
      await wait(delay, signal)
      current = await poll(signal, delay)
    }
  } catch (error) {
    // Stopped by the person: tell the server, without waiting for it (the call is over for the page either way).
    if (signal.aborted && taskId !== '' && signal.reason !== DETACHED) void options.cancel(taskId).catch(() => {})
    if (signal.aborted && !(error instanceof McpCancelledError)) throw abortError(signal, details)
    throw error
  }

  /**
   * Asks the person while polling goes on. Resolves with the answers, or
   * with the task as it moved on without them (it ended, or its questions
   * were withdrawn), in which case the questions are let go.
   */
  async function askWhilePolling(fresh: InputRequests, round: number, info: TaskInfo, delay: number): Promise<{ responses: InputResponses } | { moved: { info: TaskInfo; raw: JsonObject } }> {
    const child = new AbortController()
    const forward = () => child.abort(signal.reason)
    signal.addEventListener('abort', forward, { once: true })
    const keys = Object.keys(fresh)
    // Through a promise even when fulfil throws at once, so the cleanup below always runs.
    const asked = Promise.resolve()
      .then(() => options.fulfil(fresh, { round, signal: child.signal, task: info }))
      .then((responses) => ({ responses }))
    const watched = (async () => {
      let interval = delay
      while (true) {
        await wait(interval, child.signal)
        const next = await poll(child.signal, interval)
        options.onTask?.(next.info, [...answered])
        const outstanding = next.info.status === 'input_required' && isObject(next.raw.inputRequests) ? next.raw.inputRequests : {}
        if (next.info.status !== 'working' && next.info.status !== 'input_required') return { moved: next }
        if (!keys.some((key) => Object.hasOwn(outstanding, key))) return { moved: next }
        interval = nextPollDelay(next.info, interval, false, limits)
      }
    })()
    const cancelled = new Promise<never>((_, reject) => {
      if (child.signal.aborted) reject(abortError(child.signal, details))
      child.signal.addEventListener('abort', () => reject(abortError(child.signal, details)), { once: true })
    })
    try {
      return await Promise.race([asked, watched, cancelled])
    } finally {
      signal.removeEventListener('abort', forward)
      child.abort()
      asked.catch(() => {})
      watched.catch(() => {})
      cancelled.catch(() => {})
    }
  }
}
