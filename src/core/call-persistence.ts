/**
 * An observer's handle on its storage: reads the call kept there, writes the
 * call at every change through call-writer.ts (loaded on demand, with the
 * words of a failed write and of a lost call), one write at a time, over the
 * version of the record it last saw (a versioned store refuses a write over
 * another tab's or device's: the observer is told, {@link Place.elsewhere}),
 * claims a round before its answers go, and warns of a failure once.
 */
import type { CallSnapshot, CallStorage, StoredCall } from './call-storage.js'
import { loadChunk, loadOnce } from './load-chunk.js'

type CallWriter = typeof import('./call-writer.js')
type WriteOutcome = import('./call-writer.js').WriteOutcome

/** Where the observer's call is kept, read at every use: the observer's options may change. */
export interface Place {
  storage: CallStorage | undefined
  key: string
  /**
   * Another tab or device wrote the call since this one last saw it: true
   * when that changes nothing here, and this tab's write goes over it.
   */
  elsewhere?: ((current: StoredCall | undefined) => boolean) | undefined
}

/** The writer, once loaded (one for the page). */
let writer: CallWriter | undefined
// A chunk that failed to load (offline, a new deploy): the next write tries again.
const loadWriter = loadOnce(() => import('./call-writer.js').then((module) => (writer = module)))
/** The writer, loaded; a chunk that cannot be fetched rejects with an `McpNetworkError` naming it. */
const writerChunk = () => loadChunk('the round writer', loadWriter)

/**
 * One observer's call in its storage, read and written without ever
 * throwing into the call. Writing needs call-writer.ts: {@link prepare}
 * starts loading it as soon as the observer has a storage, so it is there
 * before any round is. Writes go one at a time: while one is in flight, the
 * latest state waits and is written next (never an older one after a newer,
 * whatever the store's own order). A warning says why a write failed, once
 * per reason until a write succeeds again (every state change writes).
 */
export class CallPersistence {
  #place: () => Place
  #warn: (message: string) => void
  #warned: string | undefined
  /** The call as it stands, while a write is in flight or the writer loads. */
  #waiting: CallSnapshot | undefined
  /** The writes in flight, settled when none is left. */
  #writing: Promise<void> | undefined
  /** The version of the record this observer last read or wrote; undefined: write over whatever is there. */
  #rev: number | undefined
  /** What this observer last wrote (its JSON): the same again is not written. */
  #written: string | undefined

  constructor(place: () => Place, warn: (message: string) => void) {
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

  /** The call kept in storage, if any; rejects with the store's failure (the caller decides what it means). */
  async load(): Promise<StoredCall | undefined> {
    const { storage, key } = this.#place()
    const stored = storage ? await storage.load(key) : undefined
    this.#rev = stored?.rev
    return stored
  }

  /**
   * The record's version as another tab or device left it (a watch, an
   * adopted call); undefined makes the next write go over whatever is there
   * (a call the person started anew).
   */
  seen(rev: number | undefined): void {
    this.#rev = rev
    this.#written = undefined
  }

  /**
   * Writes the round as claimed by this tab (`sendingSince`) over the version
   * last seen, once the writes before it are done: true when this tab sends
   * the answers. False when another tab or device got there first (the
   * observer was told: {@link Place.elsewhere}). A store that fails cannot
   * say: the answers go (a store outage never blocks the call), with a warning.
   */
  async claim(snapshot: CallSnapshot): Promise<boolean> {
    await this.flush()
    const loaded = writer ?? (await writerChunk().catch(() => undefined))
    const { storage, key, elsewhere } = this.#place()
    if (!loaded || !storage) return true
    // A conflict that changes nothing here (another tab's draft) is written over; a few times at most.
    for (let tries = 0; tries < 3; tries++) {
      const outcome = await loaded.writeCall(storage, key, snapshot, this.#rev).catch((error: Error) => ({ warning: `The call was not saved: ${error.message}` }) as const)
      if (!('conflict' in outcome) || !outcome.conflict) {
        if ('rev' in outcome && outcome.rev !== undefined) this.#rev = outcome.rev
        this.#written = 'written' in outcome ? outcome.written : undefined
        this.#report(outcome.warning)
        return true
      }
      const { current } = outcome.conflict
      if (elsewhere && !elsewhere(current)) return false
      this.#rev = current?.rev
    }
    return true
  }

  /** Saves the call as it stands; with nothing to save, removes the key once the call is over. Never throws. */
  save(snapshot: CallSnapshot): void {
    if (!this.#place().storage) return
    this.#waiting = snapshot
    this.#writing ??= this.#drain()
  }

  /** Settles once every write asked so far is done (or failed, and was warned about). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing
  }

  /** Writes the waiting call, and the one that came meanwhile, until none waits; never rejects. */
  async #drain(): Promise<void> {
    let loaded: CallWriter | undefined
    try {
      loaded = writer ?? (await writerChunk())
    } catch (error) {
      this.#waiting = undefined
      this.#report(`The call was not saved (a reload cannot resume it): ${(error as Error).message}`)
    }
    for (let snapshot = this.#waiting; loaded && snapshot; snapshot = this.#waiting) {
      this.#waiting = undefined
      const { storage, key, elsewhere } = this.#place()
      if (!storage) continue
      // writeCall never rejects; a throw of its own would be a bug, still never one into the call.
      const outcome = await loaded.writeCall(storage, key, snapshot, this.#rev, this.#written).catch((error: Error) => ({ warning: `The call was not saved: ${error.message}` }) as WriteOutcome)
      if (outcome.rev !== undefined) this.#rev = outcome.rev
      this.#written = outcome.written
      this.#report(outcome.warning)
      if (!outcome.conflict) continue
      const { current } = outcome.conflict
      // Nothing here changes (another tab's draft): this tab's call goes over it, as it stands then.
      if (!elsewhere || elsewhere(current)) {
        this.#rev = current?.rev
        this.#written = undefined
        this.#waiting ??= snapshot
      }
    }
    // In the same turn as the last look at #waiting: a save after it starts a drain of its own.
    this.#writing = undefined
  }

  #report(failure: string | undefined): void {
    if (failure === this.#warned) return
    this.#warned = failure
    if (failure) this.#warn(failure)
  }
}
