/**
 * What saying no means for each kind of request, in one place: the cards'
 * own Decline / Cancel buttons and the fallback shown when a card cannot be
 * rendered answer the same way.
 *
 * - `elicitation/create`: `{ action: 'decline' }` (an explicit no) or
 *   `{ action: 'cancel' }` (dismissed).
 * - `roots/list`: `{ roots: [] }`, a valid result that shares nothing.
 * - `sampling/createMessage` and anything unknown: the core's
 *   `declineAnswer()`, which the observer turns into the end of a modern
 *   call or a JSON-RPC error to a legacy server's request. No cancel: there
 *   is no "dismissed" answer for these.
 */
import { cancelAnswer, declineAnswer, type InputResponse } from '../core/index.js'

export interface Refusals {
  decline: InputResponse
  cancel?: InputResponse | undefined
}

export function refusalsFor(method: unknown): Refusals {
  if (method === 'elicitation/create') return { decline: declineAnswer(), cancel: cancelAnswer() }
  if (method === 'roots/list') return { decline: { roots: [] } }
  return { decline: declineAnswer() }
}
