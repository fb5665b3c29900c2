/**
 * One AbortSignal for one request: the caller's signal and an optional
 * deadline, linked. The deadline's reason is a typed timeout error, so an
 * abort can be told from a timeout wherever it surfaces.
 */
import { McpTimeoutError } from './errors.js'

export interface LinkedSignal {
  signal: AbortSignal
  /** Removes the listener and timer; call when the request settles. */
  dispose: () => void
}

export function linkSignal(parent: AbortSignal | undefined, timeoutMs?: number): LinkedSignal {
  const controller = new AbortController()
  const abort = () => controller.abort(parent?.reason)
  if (parent?.aborted) abort()
  else parent?.addEventListener('abort', abort, { once: true })
  const timer =
    timeoutMs !== undefined && timeoutMs > 0
      ? setTimeout(() => controller.abort(new McpTimeoutError(timeoutMs)), timeoutMs)
      : undefined
  return {
    signal: controller.signal,
    dispose: () => {
      parent?.removeEventListener('abort', abort)
      if (timer !== undefined) clearTimeout(timer)
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
