/**
 * `McpStoreError`, of the family in errors.ts, in a module of its own: only
 * call stores (the session store here, the IndexedDB and backend stores of
 * `mcp-elicit/stores`) make it. Exported from the core's index with the rest
 * of the family, so every store and every layer reads the same reasons.
 */
import { McpError, guard, type ErrorDetails } from './errors.js'

/**
 * Why a call store refused or failed:
 * - `unavailable`: the store cannot be reached or opened (offline, the
 *   backend down, IndexedDB forbidden in this window);
 * - `conflict`: another tab or device wrote the call since this one read it
 *   (the compare-and-set lost); `current` holds what the store has now;
 * - `not_found`: no such call for this user (a forged id, another user's id,
 *   or one that expired);
 * - `too_large`: the call is larger than the store keeps for one record;
 * - `quota`: the user keeps as many calls, or as many bytes, as the store allows;
 * - `malformed`: what was sent or read is not a stored call;
 * - `refused`: the backend refused the request (not signed in, a cross-site
 *   request, another status).
 */
export type McpStoreReason = 'unavailable' | 'conflict' | 'not_found' | 'too_large' | 'quota' | 'malformed' | 'refused'

/**
 * A call store failed or refused. The call in the current tab goes on: a
 * write that fails is reported, never thrown into the call, and what the
 * person typed stays on screen.
 */
export class McpStoreError extends McpError {
  override name = 'McpStoreError'
  declare readonly code: 'STORE_FAILED'
  readonly reason: McpStoreReason
  /** With `conflict`: the call the store holds now (undefined: it was removed). */
  readonly current: unknown
  constructor(reason: McpStoreReason, message: string, details: ErrorDetails & { current?: unknown } = {}) {
    super('STORE_FAILED', message, details)
    this.reason = reason
    this.current = details.current
  }
}

export const isMcpStoreError = guard(McpStoreError, 'McpStoreError')
