/**
 * An observer's handle on its storage: reads the call kept there at once,
 * writes the call at every change through call-writer.ts (loaded on demand),
 * and turns a failed write into a warning. Apart from call-writer.ts's
 * imports, so what a warning needs stays out of that chunk.
 */
import type { CallSnapshot, RoundStorage, StoredCall } from './call-storage.js'
import { isLostCall, isSavedTask } from './call-storage.js'
import type { WriteFailure } from './call-writer.js'
import { displayText } from './display-text.js'
import { loadOnce } from './load-chunk.js'

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

/** What a warning says of a failed write. */
function warningOf({ stored, error }: WriteFailure, key: string): string {
  return stored ? `${describeCall(stored)} was not saved (a reload cannot resume it): ${why(error)}` : `The saved call under "${key}" could not be removed: ${why(error)}`
}

type CallWriter = typeof import('./call-writer.js')

/** The writer, once loaded (one for the page). */
let writer: CallWriter | undefined
// A chunk that failed to load (offline, a new deploy): the next write tries again.
const loadWriter = loadOnce(() => import('./call-writer.js').then((module) => (writer = module)))

/**
 * One observer's call in its storage, read and written without ever
 * throwing into the call. Reading is synchronous. Writing needs
 * call-writer.ts: {@link prepare} starts loading it as soon as the observer
 * has a storage, so it is there before any round is; a write that comes
 * before it waits, and once it lands the call is written as it stands then
 * (the latest state, never an older one). A warning says why a write failed,
 * once per reason until a write succeeds again (every state change writes).
 */
export class CallPersistence {
  #place: () => { storage: RoundStorage | undefined; key: string }
  #warn: (message: string) => void
  #warned: string | undefined
  /** The call as it stands, while a write waits for the writer. */
  #waiting: CallSnapshot | undefined

  /** `place` is read at every use: the observer's options may change. */
  constructor(place: () => { storage: RoundStorage | undefined; key: string }, warn: (message: string) => void) {
    this.#place = place
    this.#warn = warn
  }

  /** Starts loading the writer when there is a storage to write to. */
  prepare(): void {
    if (!writer && this.#place().storage) loadWriter().catch(() => {})
  }

  /** The call kept in storage, if any. */
  load(): StoredCall | undefined {
    const { storage, key } = this.#place()
    try {
      return storage?.load(key)
    } catch {
      // Storage the page may not read (privacy mode, quota, a broken adapter): nothing to resume.
      return undefined
    }
  }

  /** Saves the call as it stands; with nothing to save, removes the key once the call is over. */
  save(snapshot: CallSnapshot): void {
    const { storage, key } = this.#place()
    if (!storage) return
    if (writer) {
      const failure = writer.writeCall(storage, key, snapshot)
      return this.#report(failure && warningOf(failure, key))
    }
    const queued = this.#waiting !== undefined
    this.#waiting = snapshot
    if (queued) return
    loadWriter().then(
      () => this.#flush(),
      (error: unknown) => {
        this.#waiting = undefined
        this.#report(`The call was not saved (a reload cannot resume it): its storage code did not load (${error instanceof Error ? error.message : String(error)})`)
      },
    )
  }

  #flush(): void {
    const snapshot = this.#waiting
    this.#waiting = undefined
    if (snapshot) this.save(snapshot)
  }

  #report(failure: string | undefined): void {
    if (failure === this.#warned) return
    this.#warned = failure
    if (failure) this.#warn(failure)
  }
}
