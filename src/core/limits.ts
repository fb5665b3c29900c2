/**
 * Caps on what one server can make the client hold or do. A server is
 * untrusted: without them one unterminated SSE line would be buffered whole,
 * and a stream that ends at once with `retry: 0` would be reconnected in a
 * tight loop. Every cap is a client option; the defaults are generous for
 * real servers and small for a browser tab.
 */
export interface Limits {
  /**
   * Bytes of one message from the server, whichever way it comes: a JSON
   * response body read whole, or one SSE event (counted while it arrives, so
   * an event that never ends is stopped at the cap). One cap for both,
   * because a server may send the same result either way: a tool result
   * with a 5 MB image must not work as JSON and fail as an event.
   * @defaultValue 16 MiB
   */
  maxMessageBytes: number
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
  /**
   * Requests this client has on the wire at once, each from its POST to the
   * head of its answer (a streamed answer's events, which may go on for long,
   * and the answers to a server's own requests do not count). Past it a
   * request waits its turn, first come first served, under its own signal
   * and deadline. A burst of calls then opens a bounded number of
   * connections (Node's fetch would open one for each request it cannot put
   * on an idle connection) and hands the server a bounded queue. Raise it
   * for a server whose answers each take long to begin.
   * @defaultValue 64
   */
  maxConcurrentRequests: number
}

const MESSAGE_BYTES = 16 * 1024 * 1024

/**
 * How long a request sent on the way out (`tasks/cancel`,
 * `resources/unsubscribe`) may take when the client sets no timeout: not an
 * option, since nobody waits for its answer.
 */
export const WAY_OUT_TIMEOUT_MS = 10_000

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxMessageBytes: MESSAGE_BYTES,
  minRetryMs: 250,
  maxRetryMs: 60_000,
  maxReconnects: 5,
  maxRedirects: 5,
  minPollMs: 250,
  maxPollMs: 30_000,
  maxConcurrentRequests: 64,
})

function isLimit(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/** The defaults with the caller's own values, ignoring any that are not positive numbers. */
export function resolveLimits(given: Partial<Limits> | undefined): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS }
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof Limits>) {
    const value = given?.[key]
    if (isLimit(value)) limits[key] = value
  }
  if (limits.maxRetryMs < limits.minRetryMs) limits.maxRetryMs = limits.minRetryMs
  if (limits.maxPollMs < limits.minPollMs) limits.maxPollMs = limits.minPollMs
  return limits
}
