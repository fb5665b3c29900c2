/**
 * The state of one call as a UI sees it: a discriminated union changed only
 * by the pure {@link reduceCall}. Snapshots are immutable; a new object means
 * a change.
 */
import type { McpError } from './errors.js'
import type { OriginalRequest, PendingRound } from './input-round.js'
import type { Era, Implementation, InputRequiredResult, InputResponse, JsonObject, McpResult, Progress, TaskInfo } from './types.js'

/** One question of the current round. */
export interface PendingInput {
  /** The key the answer goes back under. */
  key: string
  method: string
  params: JsonObject
  era: Era
  /** Who asks, when the server said. */
  server: Implementation | undefined
  /** The endpoint that asks, for showing its host. */
  url: string
  /** True once an answer was given (by the person or by a host handler). */
  answered: boolean
  response?: InputResponse | undefined
  /** What the person had typed but not sent, restored from storage after a reload. */
  draft?: JsonObject | undefined
}

export type CallStatus = 'idle' | 'running' | 'awaiting_input' | 'retrying' | 'done' | 'error' | 'cancelled'

export interface IdleState {
  status: 'idle'
  /**
   * What restoring found in the call storage while nothing runs:
   * `'checking'` while the storage is read (a Run button would race the
   * call it may find); `'unreadable'` when it could not be read
   * (`storeError` says why): a call may be kept there, so nothing should
   * start it again without the person. Absent: nothing was looked for, or
   * nothing found. `'unconfirmed'`: the call was started (in this tab
   * before a reload, in another, on another device) and never said how it
   * ended: running it again may repeat what it did, so the person decides.
   */
  stored?: 'checking' | 'unreadable' | 'unconfirmed' | undefined
  /** Why the storage could not be read (with `stored: 'unreadable'`). */
  storeError?: McpError | undefined
}
export interface RunningState {
  status: 'running'
  request: OriginalRequest
  round: number
  progress: Progress | undefined
  /** Set once the server turned the call into a task (tasks extension): its id, status and status message. */
  task: TaskInfo | undefined
}
export interface AwaitingInputState {
  status: 'awaiting_input'
  request: OriginalRequest
  /** 1 for the first round of questions. */
  round: number
  inputs: readonly PendingInput[]
  /** The saved round (modern era); what a reload resumes from. */
  pending: PendingRound | undefined
  progress: Progress | undefined
  /** The task asking, when the questions come from a running task (answered with `tasks/update`). */
  task: TaskInfo | undefined
}
export interface RetryingState {
  status: 'retrying'
  request: OriginalRequest
  round: number
  progress: Progress | undefined
  task: TaskInfo | undefined
}
export interface DoneState {
  status: 'done'
  request: OriginalRequest
  result: McpResult
  rounds: number
}
export interface ErrorState {
  status: 'error'
  request: OriginalRequest
  error: McpError
  round: number
  /** The last input-required result, when the call failed after one. */
  lastResult: InputRequiredResult | undefined
  /** Answers given in the failed round, so a retry can offer them again. */
  answers: Readonly<Record<string, InputResponse>>
  /**
   * The round whose retry failed (2026-07-28 calls): `retry()` sends it again
   * with the same `requestState` and answers instead of starting over.
   */
  pending: PendingRound | undefined
}
export interface CancelledState {
  status: 'cancelled'
  request: OriginalRequest
  round: number
}

export type CallState = IdleState | RunningState | AwaitingInputState | RetryingState | DoneState | ErrorState | CancelledState

export type CallAction =
  | { type: 'start'; request: OriginalRequest }
  | { type: 'resume'; request: OriginalRequest; round: number; pending?: PendingRound | undefined; answers?: Record<string, InputResponse> | undefined; task?: TaskInfo | undefined }
  | { type: 'input_required'; round: number; inputs: PendingInput[]; pending: PendingRound | undefined; result: InputRequiredResult | undefined }
  | { type: 'answer'; key: string; response: InputResponse }
  /** Every question answered, and the call goes on where it was, with no retry (2025-11-25: the server waits on the same stream). */
  | { type: 'answered' }
  | { type: 'retrying'; round: number }
  | { type: 'progress'; progress: Progress }
  | { type: 'task'; task: TaskInfo }
  | { type: 'complete'; result: McpResult; rounds: number }
  | { type: 'fail'; error: McpError }
  | { type: 'cancel' }
  | { type: 'reset' }
  | { type: 'lookup'; stored: IdleState['stored']; error?: McpError | undefined }

export const IDLE: IdleState = Object.freeze({ status: 'idle' })

/** True while a call is in flight (any status before an end). */
export function isActive(state: CallState): state is RunningState | AwaitingInputState | RetryingState {
  return state.status === 'running' || state.status === 'awaiting_input' || state.status === 'retrying'
}

/** Booleans a UI may want, derived from the status in this one place. */
export function flagsOf(state: CallState) {
  return {
    isIdle: state.status === 'idle',
    isActive: isActive(state),
    isAwaitingInput: state.status === 'awaiting_input',
    isDone: state.status === 'done',
    isError: state.status === 'error',
    isCancelled: state.status === 'cancelled',
  }
}

interface Memory {
  lastResult: InputRequiredResult | undefined
  answers: Record<string, InputResponse>
  /** The latest round asked, kept past `retrying` so a failed retry can be sent again. */
  pending?: PendingRound | undefined
}

/**
 * The pure transition function. `memory` carries what an error state needs
 * from earlier states (the last input-required result and its answers); it
 * is returned anew, never mutated.
 */
export function reduceCall(state: CallState, action: CallAction, memory: Memory = { lastResult: undefined, answers: {} }): { state: CallState; memory: Memory } {
  const keep = (next: CallState, nextMemory: Memory = memory) => ({ state: next, memory: nextMemory })
  switch (action.type) {
    case 'start': {
      return keep({ status: 'running', request: action.request, round: 0, progress: undefined, task: undefined }, { lastResult: undefined, answers: {} })
    }
    case 'resume': {
      // The resumed round and its answers stay known, so a failure of its retry can be retried again.
      return keep(
        { status: 'running', request: action.request, round: action.round, progress: undefined, task: action.task },
        { lastResult: undefined, answers: action.answers ?? {}, pending: action.pending },
      )
    }
    case 'input_required': {
      if (!isActive(state)) return keep(state)
      const answers = Object.fromEntries(action.inputs.filter((i) => i.answered && i.response).map((i) => [i.key, i.response!]))
      return keep(
        { status: 'awaiting_input', request: state.request, round: action.round, inputs: action.inputs, pending: action.pending, progress: state.progress, task: state.task },
        { lastResult: action.result ?? memory.lastResult, answers, pending: action.pending },
      )
    }
    case 'answer': {
      if (state.status !== 'awaiting_input') return keep(state)
      if (!state.inputs.some((input) => input.key === action.key && !input.answered)) return keep(state)
      const inputs = state.inputs.map((input) => (input.key === action.key ? { ...input, answered: true, response: action.response } : input))
      return keep({ ...state, inputs }, { ...memory, answers: { ...memory.answers, [action.key]: action.response } })
    }
    case 'answered': {
      // Back to running, its progress kept: the rest of the call reports on the same stream.
      if (state.status !== 'awaiting_input' || !state.inputs.every((input) => input.answered)) return keep(state)
      return keep({ status: 'running', request: state.request, round: state.round, progress: state.progress, task: state.task })
    }
    case 'retrying': {
      if (!isActive(state)) return keep(state)
      return keep({ status: 'retrying', request: state.request, round: action.round, progress: state.progress, task: state.task })
    }
    case 'progress': {
      if (!isActive(state)) return keep(state)
      return keep({ ...state, progress: action.progress })
    }
    case 'task': {
      if (!isActive(state)) return keep(state)
      // Questions on screen stay while the task still waits for input; a task that moved on withdrew them.
      if (state.status === 'awaiting_input' && action.task.status === 'input_required') return keep({ ...state, task: action.task })
      return keep({ status: 'running', request: state.request, round: state.round, progress: state.progress, task: action.task })
    }
    case 'complete': {
      if (!isActive(state)) return keep(state)
      return keep({ status: 'done', request: state.request, result: action.result, rounds: action.rounds }, { lastResult: undefined, answers: {} })
    }
    case 'fail': {
      if (!isActive(state)) return keep(state)
      const round = 'round' in state ? state.round : 0
      return keep({ status: 'error', request: state.request, error: action.error, round, lastResult: memory.lastResult, answers: memory.answers, pending: memory.pending })
    }
    case 'cancel': {
      if (!isActive(state)) return keep(state)
      return keep({ status: 'cancelled', request: state.request, round: state.round })
    }
    case 'reset': {
      return keep(IDLE, { lastResult: undefined, answers: {} })
    }
    case 'lookup': {
      // Only while nothing runs: a call started meanwhile is what the person chose.
      if (state.status !== 'idle') return keep(state)
      if (action.stored === undefined) return keep(IDLE)
      return keep(action.error ? { status: 'idle', stored: action.stored, storeError: action.error } : { status: 'idle', stored: action.stored })
    }
    default: {
      action satisfies never
      return keep(state)
    }
  }
}
