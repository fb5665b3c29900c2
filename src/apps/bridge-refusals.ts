/**
 * What the bridge does about a view that keeps sending what it refuses.
 *
 * Warnings are rate-limited: a view that posts thousands of malformed or
 * refused messages a second once made the host call `onWarning` 36,429
 * times (each a `console.warn` by default, which froze the page's console).
 * At most {@link WARNINGS_PER_MINUTE} go out a minute; the first held back
 * says so, and the next one to go out says how many were held back.
 *
 * And a view is given up on after {@link DEFAULT_MAX_REFUSALS} refused
 * messages (`maxRefusals`): dropped as malformed, or requests answered with
 * an error that is the view's doing (unknown or disabled methods, bad
 * params, limits, refused tools). No real app comes near it: each refusal
 * answers a request the app should not have made, and the in-flight bound
 * already keeps a burst from reaching the server. The person's own "no"
 * (Discard, Don't save) does not count, nor does a server's failure.
 */

/** Refused messages after which the view is torn down. */
export const DEFAULT_MAX_REFUSALS = 2000
/** Warnings that go out per minute and view. */
export const WARNINGS_PER_MINUTE = 10
const MINUTE_MS = 60_000

export class RefusalLog {
  readonly #sink: (message: string) => void
  readonly #max: number
  readonly #onLimit: (count: number) => void
  #refusals = 0
  #windowStart = -Infinity
  #sentInWindow = 0
  #heldBack = 0

  /** `sink` gets the warnings that go out; `onLimit` is called once, at the `max`th refusal. */
  constructor(sink: (message: string) => void, max: number, onLimit: (count: number) => void) {
    this.#sink = sink
    this.#max = max
    this.#onLimit = onLimit
  }

  /** Refused messages so far. */
  get refusals(): number {
    return this.#refusals
  }

  /** One warning, if this minute still has room for it (`always`: whatever the count, for the one that says the view was given up on). */
  warn(message: string, always = false): void {
    if (always) return this.#sink(message)
    const now = Date.now()
    if (now - this.#windowStart >= MINUTE_MS) {
      this.#windowStart = now
      this.#sentInWindow = 0
      if (this.#heldBack > 0) this.#sink(`[mcp-elicit/apps] ${this.#heldBack} more warnings about this app were held back`)
      this.#heldBack = 0
    }
    if (this.#sentInWindow < WARNINGS_PER_MINUTE) {
      this.#sentInWindow += 1
      return this.#sink(message)
    }
    if (this.#heldBack === 0) this.#sink(`[mcp-elicit/apps] This app keeps causing warnings: further ones are held back for a minute`)
    this.#heldBack += 1
  }

  /** Counts one refused message; the `max`th calls `onLimit`. */
  refuse(): void {
    this.#refusals += 1
    if (this.#refusals === this.#max) this.#onLimit(this.#refusals)
  }
}
