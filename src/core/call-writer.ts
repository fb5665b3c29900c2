/**
 * Writing an observer's call to its storage: what of the call is kept
 * ({@link storedCallOf}), files trimmed to what a storage holds
 * (stored-files.ts), and the write itself, which never throws
 * (a failure comes back in words, for a warning). Also what a reload makes
 * of a 2025-11-25 call that was waiting for the person
 * ({@link notResumable}): it is in storage only if this wrote it.
 *
 * Loaded on demand (call-persistence.ts imports it dynamically, once an
 * observer has a storage): a page that keeps no call across reloads never
 * downloads it, nor the words of a failed write or of a lost call.
 *
 * A write may fail: a storage that is full or forbidden, or a round a server
 * nested so deep that the adapter's `JSON.stringify` (or an IndexedDB
 * adapter's structured clone) overflows the stack with a `RangeError`. Then
 * the round is not saved, and whatever an earlier round left under the key
 * is removed, since resuming that one would send a `requestState` the server
 * has moved past.
 *
 * Files (SEP-2356 `data:` URIs in answers and drafts) are trimmed before a
 * write to what a storage holds (stored-files.ts).
 */
import { isActive, type CallState } from './call-state.js'
import { answersOf, isFinishedCall, isLostCall, isStartedCall, readStoredCall, type FinishedCall, type StartedCall, isSavedTask, savedRound, type CallSnapshot, type LostCall, type CallStorage, type SavedCall, type SavedTask, type StoredCall } from './call-storage.js'
import { displayText } from './server-values.js'
import { McpNotResumableError } from './not-resumable-error.js'
import { withoutLargeFiles } from './stored-files.js'
import { isMcpStoreError } from './store-error.js'

/** A call running as a task: its id is what a reload needs. */
function savedTask({ state, drafts, taskAnswered }: CallSnapshot): SavedTask | undefined {
  if ((state.status !== 'running' && state.status !== 'awaiting_input' && state.status !== 'retrying') || !state.task) return undefined
  const saved: SavedTask = { version: 1, request: state.request, task: state.task, answered: [...taskAnswered] }
  if (Object.keys(drafts).length > 0) saved.drafts = { ...drafts }
  return saved
}

/** What a legacy round waiting for the person leaves behind for a reload to report. */
function lostCall(state: CallState): LostCall | undefined {
  if (state.status !== 'awaiting_input' || state.pending || !state.inputs.some((input) => input.era === 'legacy')) return undefined
  const questions = state.inputs.map((input) => ({ key: input.key, method: input.method, params: input.params }))
  return { version: 1, lost: true, request: state.request, round: state.round, questions, answers: answersOf(state.inputs) }
}

/** A call that ended with a result: the result, kept for another tab or device to show. */
function finishedCall(state: CallState): FinishedCall | undefined {
  return state.status === 'done' ? { version: 1, request: state.request, finished: { result: state.result, rounds: state.rounds } } : undefined
}

/** A call running before any round or task: that it started, so nothing runs it again unasked. */
function startedCall({ state, startedAt }: CallSnapshot): StartedCall | undefined {
  return state.status === 'running' && state.round === 0 && !state.task && startedAt !== undefined ? { version: 1, request: state.request, startedAt } : undefined
}

/**
 * What a call leaves in storage as it stands (an open round, a task, a lost
 * legacy round, its result, that it started, or nothing), with its endpoint.
 */
export function storedCallOf(snapshot: CallSnapshot): StoredCall | undefined {
  const round = savedRound(snapshot.state, snapshot.drafts)
  const stored =
    (round && snapshot.sendingSince !== undefined ? { ...round, sendingSince: snapshot.sendingSince, ...(snapshot.sendingTab !== undefined && { sendingTab: snapshot.sendingTab }) } : round) ??
    savedTask(snapshot) ??
    lostCall(snapshot.state) ??
    finishedCall(snapshot.state) ??
    startedCall(snapshot)
  return stored && { ...stored, endpoint: snapshot.endpoint }
}

function describeCall(saved: StoredCall): string {
  if (isFinishedCall(saved)) return `The result of ${saved.request.method}`
  if (isStartedCall(saved)) return `That ${saved.request.method} started`
  if (isSavedTask(saved)) return `Task ${saved.task.taskId} of ${saved.request.method}`
  if (isLostCall(saved)) return `Round ${saved.round} of ${saved.request.method}`
  return `Round ${saved.pending.round} of ${saved.request.method}`
}

function why(error: unknown): string {
  const message = error instanceof Error ? error.message : displayText(error, 'unknown error')
  // Stack overflow ("Maximum call stack size exceeded") or a string past the engine's length.
  if (error instanceof RangeError) return `it is too large or nested too deeply to store (${message})`
  return `the storage refused it (${message})`
}

/** How a write went. */
export interface WriteOutcome {
  /** What was not saved and why, in words, for a warning. */
  warning?: string | undefined
  /** The version a versioned store wrote. */
  rev?: number | undefined
  /** Another tab or device wrote the call since `rev`: what the store holds now (undefined: nothing). */
  conflict?: { current: StoredCall | undefined } | undefined
  /** What was written (its JSON), or undefined after a removal: a write of the same again is skipped. */
  written?: string | undefined
}

/**
 * Writes the call as it stands under `key` (removes the key once the call is
 * over with nothing to keep), over version `rev` of the record when given.
 * Never rejects: a conflict and a failure come back in the outcome.
 */
export async function writeCall(storage: CallStorage, key: string, snapshot: CallSnapshot, rev?: number, previous?: string): Promise<WriteOutcome> {
  const stored = storedCallOf(snapshot)
  try {
    // Inside the try: a value too deep to serialize fails here as it would in storage.save.
    const saved = stored && withoutLargeFiles(stored, storage.fileChars)
    if (saved) {
      const json = JSON.stringify(saved)
      // Progress alone changes nothing kept: no write (a backend store would get one per tick).
      if (json === previous) return { written: json }
      // A result is the truth about the call, whoever wrote since.
      const over = isFinishedCall(saved) ? undefined : rev
      const written = await storage.save(key, over === undefined ? saved : { ...saved, rev: over })
      return typeof written === 'number' ? { rev: written, written: json } : { written: json }
    }
    if (!isActive(snapshot.state)) await storage.remove(key)
    return {}
  } catch (error) {
    if (isMcpStoreError(error) && error.reason === 'conflict') return { conflict: { current: readStoredCall(error.current) } }
    // What an earlier round left would resume with a requestState the server has moved past; a store that is down fails this too (the warning says so).
    // A store of the host's may throw rather than reject: a promise either way.
    if (stored) await new Promise((resolve) => resolve(storage.remove(key))).catch(() => {})
    return { warning: stored ? `${describeCall(stored)} was not saved (a reload cannot resume it): ${why(error)}` : `The saved call under "${key}" could not be removed: ${why(error)}` }
  }
}

/**
 * The error a reload ends a lost 2025-11-25 call in: it cannot be resumed,
 * and the message gives its last question and the answers given.
 */
export function notResumable(saved: LostCall, details: { method: string; url: string }): McpNotResumableError {
  return new McpNotResumableError(saved.questions, saved.answers, details)
}
