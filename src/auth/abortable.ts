/**
 * Waits a caller can leave. The sign-in waits on things it cannot stop
 * itself: another request's hold on the endpoint (a sign-in, a refresh, a
 * redirect completion), an authorization server that never answers, a
 * fetch or storage that ignores its signal. Each waiter stops waiting when
 * its own signal aborts, with the signal's reason, so a request's
 * `timeoutMs` holds whatever it waits behind.
 */
import { McpTimeoutError } from '../core/index.js'

/** `promise`'s outcome, or the signal's reason as soon as it aborts (what is waited for goes on). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // Handled either way: a rejection that comes after the caller left is nobody's unhandled rejection.
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * A signal that aborts with the core's {@link McpTimeoutError} after `ms`
 * (`AbortSignal.timeout` gives an untyped DOMException); `dispose` clears
 * the timer once the work settled, so none outlives it.
 */
export function deadline(ms: number, details: { method?: string; url?: string }): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new McpTimeoutError(ms, details)), ms)
  return { signal: controller.signal, dispose: () => clearTimeout(timer) }
}
