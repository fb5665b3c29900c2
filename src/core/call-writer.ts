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
import { answersOf, isLostCall, isSavedTask, savedRound, type CallSnapshot, type LostCall, type RoundStorage, type SavedCall, type SavedTask, type StoredCall } from './call-storage.js'
import { displayText } from './server-values.js'
import { McpNotResumableError } from './not-resumable-error.js'
import { withoutLargeFiles } from './stored-files.js'

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

/** What a call leaves in storage as it stands (an open round, a task, a lost legacy round, or nothing), with its endpoint. */
export function storedCallOf(snapshot: CallSnapshot): StoredCall | undefined {
  const stored = savedRound(snapshot.state, snapshot.drafts) ?? savedTask(snapshot) ?? lostCall(snapshot.state)
  return stored && { ...stored, endpoint: snapshot.endpoint }
}

function describeCall(saved: StoredCall): string {
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

/**
 * Writes the call as it stands under `key` (removes the key once the call is
 * over with nothing to keep). Never throws: returns a warning that says what
 * was not saved and why, or undefined when the write succeeded.
 */
export function writeCall(storage: RoundStorage, key: string, snapshot: CallSnapshot): string | undefined {
  const stored = storedCallOf(snapshot)
  try {
    // Inside the try: a value too deep to serialize fails here as it would in storage.save.
    const saved = stored && withoutLargeFiles(stored)
    if (saved) storage.save(key, saved)
    else if (!isActive(snapshot.state)) storage.remove(key)
    return undefined
  } catch (error) {
    if (stored) {
      try {
        storage.remove(key)
      } catch {
        // The warning already says storage is failing.
      }
    }
    return stored ? `${describeCall(stored)} was not saved (a reload cannot resume it): ${why(error)}` : `The saved call under "${key}" could not be removed: ${why(error)}`
  }
}

/**
 * The error a reload ends a lost 2025-11-25 call in: it cannot be resumed,
 * and the message gives its last question and the answers given.
 */
export function notResumable(saved: LostCall, details: { method: string; url: string }): McpNotResumableError {
  return new McpNotResumableError(saved.questions, saved.answers, details)
}
