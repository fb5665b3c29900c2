/**
 * Caps on what one server can make the client hold or do. A server is
 * untrusted: without them one unterminated SSE line would be buffered whole,
 * and a stream that ends at once with `retry: 0` would be reconnected in a
 * tight loop. Every cap is a client option; the defaults are generous for
 * real servers and small for a browser tab.
 */
export interface Limits {
  /**
   * Bytes of a response body read whole (a JSON answer).
   * @defaultValue 16 MiB
   */
  maxBodyBytes: number
  /**
   * Bytes one SSE event may reach, counted while it arrives, so an event that
   * never ends is stopped at the cap.
   * @defaultValue 4 MiB
   */
  maxEventBytes: number
  /**
   * The range a server's `retry:` is clamped to, in ms.
   * @defaultValue 250 to 60,000
   */
  minRetryMs: number
  maxRetryMs: number
  /**
   * Failed or at-once-ended connections of a legacy GET stream in a row before
   * the client stops reconnecting. Only a connection that stays up for a while
   * clears the count; an occasional event does not.
   * @defaultValue 5
   */
  maxReconnects: number
  /**
   * Redirects followed within the endpoint's origin (a cross-origin one is
   * never followed).
   * @defaultValue 5
   */
  maxRedirects: number
  /**
   * The range a task's polling interval is held to, in ms: a server cannot
   * make the client poll faster than the floor, nor wait longer than the cap
   * between two looks at a task.
   * @defaultValue 250 to 30,000
   */
  minPollMs: number
  maxPollMs: number
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxBodyBytes: 16 * 1024 * 1024,
  maxEventBytes: 4 * 1024 * 1024,
  minRetryMs: 250,
  maxRetryMs: 60_000,
  maxReconnects: 5,
  maxRedirects: 5,
  minPollMs: 250,
  maxPollMs: 30_000,
})

/** The defaults with the caller's own values, ignoring any that are not positive numbers. */
export function resolveLimits(given: Partial<Limits> | undefined): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS }
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof Limits>) {
    const value = given?.[key]
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) limits[key] = value
  }
  if (limits.maxRetryMs < limits.minRetryMs) limits.maxRetryMs = limits.minRetryMs
  if (limits.maxPollMs < limits.minPollMs) limits.maxPollMs = limits.minPollMs
  return limits
}

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
