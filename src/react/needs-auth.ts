/**
 * The `needs_auth` overlay of a call: the core's CallState knows nothing of
 * signing in (the core retries the refused request itself, inside the same
 * exchange, once the sign-in completes), so the hooks lay the sign-in over
 * the call while it waits on one. The call's own state stays in `state`.
 */
import type { PendingSignIn } from '../auth/browser/sign-in-store.js'
import { isActive, type CallState, type CallStatus, type Implementation, type OriginalRequest, type Progress, type TaskInfo } from '../core/index.js'
import type { McpAuthResult } from './auth-view.js'

/** A call status as the hooks report it: the core's, or `needs_auth`. */
export type McpCallStatus = CallStatus | 'needs_auth'

/**
 * A call's `auth` while it waits for a sign-in: its endpoint's sign-in
 * (`signing_in`, `pending` set), spread as is into `<SignInCard {...tool.auth} />`.
 */
export interface NeedsAuthSignIn extends McpAuthResult {
  status: 'signing_in'
  pending: PendingSignIn
}

/** An active call waiting for the person to sign in to its endpoint. */
export interface NeedsAuthState {
  status: 'needs_auth'
  /** The status of the call underneath (it is still in flight). */
  callStatus: 'running' | 'awaiting_input' | 'retrying'
  request: OriginalRequest
  round: number
  progress: Progress | undefined
  /** The task the call runs as, when it is one (its polls need the sign-in too). */
  task: TaskInfo | undefined
  /** The sign-in the call waits for (`auth.pending`), with its state and actions: `<SignInCard {...tool.auth} />`. */
  auth: NeedsAuthSignIn
  /** Who asks (`serverInfo`), when an answer has told; unknown on a first request refused with 401. */
  server: Implementation | undefined
}

/** What a call hook's status and fields describe: the call, or the sign-in it waits for. */
export type McpCallView = CallState | NeedsAuthState

/** One `auth` object per sign-in object, so a re-render that changed nothing hands out the same one. */
const waiting = new WeakMap<McpAuthResult, NeedsAuthSignIn>()

function waitingSignIn(auth: McpAuthResult, pending: PendingSignIn): NeedsAuthSignIn {
  let found = waiting.get(auth)
  if (!found) {
    found = { ...auth, status: 'signing_in', pending }
    waiting.set(auth, found)
  }
  return found
}

/** `state`, with the sign-in laid over it when the call is active and one is pending for its endpoint. */
export function withAuth(state: CallState, auth: McpAuthResult, server: Implementation | undefined): McpCallView {
  if (!isActive(state) || auth.status !== 'signing_in' || !auth.pending) return state
  return {
    status: 'needs_auth',
    callStatus: state.status,
    request: state.request,
    round: state.round,
    progress: state.progress,
    task: state.task,
    auth: waitingSignIn(auth, auth.pending),
    server,
  }
}
