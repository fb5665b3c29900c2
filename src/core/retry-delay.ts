/**
 * How long to wait before trying a server again: its own `retry:` held to
 * the configured range, doubled per failure with jitter. Apart from the
 * limits themselves (limits.ts, in every page's first load) because only
 * code that loads on demand waits this way: a legacy GET stream, the change
 * listener, a task's polling.
 */
import type { Limits } from './limits.js'

/** A server-chosen delay, held to the configured range (`retry: 0` and `retry: 1e12` alike). */
export function clampRetry(ms: number, limits: Limits): number {
  if (!Number.isFinite(ms)) return limits.maxRetryMs
  return Math.min(limits.maxRetryMs, Math.max(limits.minRetryMs, ms))
}

/**
 * The wait before reconnect number `failures` (1 for the first failure):
 * the server's delay doubled per failure, capped, with full jitter on the
 * doubled part so many clients do not reconnect in step.
 */
export function backoff(retryMs: number, failures: number, limits: Limits, random: () => number = Math.random): number {
  const base = clampRetry(retryMs, limits)
  if (failures <= 0) return base
  const grown = Math.min(limits.maxRetryMs, base * 2 ** Math.min(failures, 20))
  return Math.round(base + (grown - base) * random())
}
