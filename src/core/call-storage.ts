/**
 * Writes an observer's call to its round storage without ever throwing into
 * the call. A write may fail: a storage that is full or forbidden, or a
 * round a server nested so deep that the adapter's `JSON.stringify` (or an
 * IndexedDB adapter's structured clone) overflows the stack with a
 * `RangeError`. Then the round is not saved, and whatever an earlier round
 * left under the key is removed, since resuming that one would send a
 * `requestState` the server has moved past. A warning says why, once per
 * reason until a write succeeds again (every state change writes).
 */
import { displayText } from './display-text.js'
import { isLostCall, isSavedTask, type RoundStorage, type StoredCall } from './round-storage.js'

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

export class CallStorageWriter {
  #warn: (message: string) => void
  #warned: string | undefined

  constructor(warn: (message: string) => void) {
    this.#warn = warn
  }

  /** Saves `saved`; with nothing to save, removes the key once the call is over. */
  write(storage: RoundStorage, key: string, saved: StoredCall | undefined, active: boolean): void {
    try {
      if (saved) storage.save(key, saved)
      else if (!active) storage.remove(key)
      this.#warned = undefined
    } catch (error) {
      if (saved) {
        try {
          storage.remove(key)
        } catch {
          // The warning below already says storage is failing.
        }
      }
      const message = saved
        ? `${describeCall(saved)} was not saved (a reload cannot resume it): ${why(error)}`
        : `The saved call under "${key}" could not be removed: ${why(error)}`
      if (message === this.#warned) return
      this.#warned = message
      this.#warn(message)
    }
  }
}
