/**
 * One AbortSignal for one request: the caller's signal and an optional
 * deadline, linked. The deadline's reason is a typed timeout error, so an
 * abort can be told from a timeout wherever it surfaces ({@link abortError}).
 */
import { McpCancelledError, McpTimeoutError } from './errors.js'

export interface LinkedSignal {
  signal: AbortSignal
  /** Removes the listener and timer; call when the request settles. */
  dispose: () => void
  /**
   * Stops the deadline's clock until the returned release is called (time a
   * person spends answering does not count); holds may overlap.
   */
  hold: () => () => void
}

export function linkSignal(parent: AbortSignal | undefined, timeoutMs?: number): LinkedSignal {
  const controller = new AbortController()
  const abort = () => controller.abort(parent?.reason)
  if (parent?.aborted) abort()
  else parent?.addEventListener('abort', abort, { once: true })
  const limited = timeoutMs !== undefined && timeoutMs > 0
  let remaining = limited ? timeoutMs : 0
  let startedAt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let holds = 0
  let disposed = false
  const run = () => {
    if (!limited || disposed || controller.signal.aborted) return
    startedAt = Date.now()
    timer = setTimeout(() => controller.abort(new McpTimeoutError(timeoutMs)), remaining)
  }
  const stop = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    timer = undefined
    remaining = Math.max(0, remaining - (Date.now() - startedAt))
  }
  run()
  return {
    signal: controller.signal,
    dispose: () => {
      disposed = true
      parent?.removeEventListener('abort', abort)
      stop()
    },
    hold: () => {
      if (holds++ === 0) stop()
      let released = false
      return () => {
        if (released) return
        released = true
        if (--holds === 0) run()
      }
    },
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts; the timer never outlives the wait. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** Turns an abort into the matching typed error: a timeout stays a timeout, anything else is a cancellation. */
export function abortError(signal: AbortSignal, details: { method?: string; url?: string }): McpCancelledError | McpTimeoutError {
  const reason: unknown = signal.reason
  if (reason instanceof McpTimeoutError || reason instanceof McpCancelledError) return reason
  if (typeof reason === 'object' && reason !== null && (reason as { name?: string }).name === 'TimeoutError') {
    return new McpTimeoutError(undefined, { ...details, cause: reason })
  }
  return new McpCancelledError({ ...details, cause: reason })
}

/**
 * The abort reason of a call that is let go without stopping its task (a
 * component unmounting while the task id is kept in storage): no
 * `tasks/cancel` is sent for it. Here, not in task-loop.ts, so the call
 * observer can use it without loading the tasks chunk.
 */
export const DETACHED: unique symbol = Symbol('mcp-elicit.detached')
