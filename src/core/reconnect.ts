/**
 * The one way a long-lived stream is kept up (the legacy GET stream, the
 * `subscriptions/listen` stream): open it, and when it ends or breaks, open
 * it again after a backoff with jitter. A stream that ends soon after it
 * opened counts as a failure, events or not; only one that stayed up for
 * {@link HEALTHY_STREAM_MS} clears the count, and after `maxReconnects`
 * failures in a row the server is left alone. Nothing outlives `signal`.
 */
import type { Limits } from './limits.js'
import { backoff } from './retry-delay.js'
import { sleep } from './signals.js'

/** A stream that stays up this long was healthy: only then is the failure count cleared. */
export const HEALTHY_STREAM_MS = 10_000

/**
 * Runs `connect` until it returns `'stop'`, `signal` aborts, or it failed
 * `limits.maxReconnects` times in a row (resolves `'gave-up'` then). A
 * rejection of `connect` is a failure like an early end; `retryMs` is read
 * before each wait (a server's `retry:` may have changed it).
 */
export async function keepConnected(options: {
  signal: AbortSignal
  limits: Limits
  retryMs: () => number
  connect: () => Promise<'stop' | void>
}): Promise<'stopped' | 'gave-up'> {
  const { signal, limits } = options
  let failures = 0
  while (!signal.aborted) {
    const started = Date.now()
    try {
      if ((await options.connect()) === 'stop') return 'stopped'
    } catch {
      // Counted below, like a stream that ended.
    }
    if (signal.aborted) break
    failures = Date.now() - started >= HEALTHY_STREAM_MS ? 0 : failures + 1
    if (failures >= limits.maxReconnects) return 'gave-up'
    await sleep(backoff(options.retryMs(), failures, limits), signal).catch(() => {})
  }
  return 'stopped'
}
