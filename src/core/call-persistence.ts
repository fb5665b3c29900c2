/**
 * An observer's handle on its storage: reads the call kept there at once,
 * writes the call at every change through call-writer.ts (loaded on demand,
 * with the words of a failed write and of a lost call), and warns of a
 * failure once.
 */
import type { CallSnapshot, RoundStorage, StoredCall } from './call-storage.js'
import { loadChunk, loadOnce } from './load-chunk.js'

type CallWriter = typeof import('./call-writer.js')

/** The writer, once loaded (one for the page). */
let writer: CallWriter | undefined
// A chunk that failed to load (offline, a new deploy): the next write tries again.
const loadWriter = loadOnce(() => import('./call-writer.js').then((module) => (writer = module)))
/** The writer, loaded; a chunk that cannot be fetched rejects with an `McpNetworkError` naming it. */
const writerChunk = () => loadChunk('the round writer', loadWriter)

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

  /**
   * `use` run with the writer: at once when it is there, else once it has
   * loaded (a chunk that cannot be fetched rejects with an `McpNetworkError`).
   */
  withWriter<T>(use: (writer: CallWriter) => T): Promise<T> {
    const loaded = writer
    // A throw of `use` rejects the promise, as it does after the chunk's load, never into the caller.
    return loaded ? new Promise<T>((resolve) => resolve(use(loaded))) : writerChunk().then(use)
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
    if (writer) return this.#report(writer.writeCall(storage, key, snapshot))
    const queued = this.#waiting !== undefined
    this.#waiting = snapshot
    if (queued) return
    writerChunk().then(
      () => this.#flush(),
      (error: Error) => {
        this.#waiting = undefined
        this.#report(`The call was not saved (a reload cannot resume it): ${error.message}`)
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
