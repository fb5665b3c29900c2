/**
 * A call storage in IndexedDB (through `idb`): a pending round, the answers
 * typed so far and the files picked (as Blobs) survive closing the tab and
 * restarting the browser, for a time-to-live after the last write. Tabs of
 * one origin share it: a write tells the others at once (BroadcastChannel),
 * and every write is a compare-and-set on the record's version inside one
 * readwrite transaction, which IndexedDB runs one at a time for a store in
 * every engine (Chromium, Firefox, WebKit alike, with or without Web
 * Locks): of two tabs sending the same round's answers, one wins, and the
 * other is told (an `McpStoreError` `conflict` with the record as it is).
 */
import { openDB, type IDBPDatabase } from 'idb'
import { McpStoreError, readStoredCall, type CallStorage, type StoredCall } from '../core/index.js'
import { withFilesAsBlobs, withFilesAsDataUris } from './files.js'

export interface IndexedDbCallStorageOptions {
  /** The database's name (one per app, or per signed-in user of the app). @defaultValue `'mcp-elicit'` */
  database?: string | undefined
  /** How long a call is kept after its last write, in milliseconds. @defaultValue 7 days */
  ttlMs?: number | undefined
  /** Characters of `data:` URIs (files) one kept call may hold; the rest are asked for again. @defaultValue 16 MiB */
  fileChars?: number | undefined
  /**
   * Where calls go instead when IndexedDB cannot be opened here (a sandboxed
   * frame, a private window of an older browser): without it, every method
   * rejects with an `McpStoreError` `unavailable`.
   */
  fallback?: CallStorage | undefined
}

/** One kept call as IndexedDB holds it. */
interface CallRecord {
  key: string
  rev: number
  call: StoredCall
  updatedAt: number
  expiresAt: number
}

const STORE = 'calls'
const DAY_MS = 24 * 60 * 60 * 1000

/** A version no other write has: random, so a record removed and written again never matches an old one. */
function newRev(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2)) as unknown as [number, number]
  return (high & 0x1fffff) * 0x100000000 + low
}

export interface IndexedDbCallStorage extends CallStorage {
  watch(key: string, listener: (call: StoredCall | undefined) => void): () => void
  /** Closes the database and the channel to the other tabs. */
  close(): void
}

/** Keeps calls in IndexedDB, shared by the tabs of the origin. */
export function indexedDbCallStorage(options: IndexedDbCallStorageOptions = {}): IndexedDbCallStorage {
  const name = options.database ?? 'mcp-elicit'
  const ttlMs = options.ttlMs ?? 7 * DAY_MS
  const watchers = new Map<string, Set<(call: StoredCall | undefined) => void>>()
  let opening: Promise<IDBPDatabase> | undefined
  let channel: BroadcastChannel | undefined

  const database = (): Promise<IDBPDatabase> => {
    opening ??= (async () => {
      if (typeof indexedDB === 'undefined') throw new Error('this browser has no IndexedDB here')
      const db = await openDB(name, 1, {
        upgrade(db) {
          db.createObjectStore(STORE, { keyPath: 'key' }).createIndex('expiresAt', 'expiresAt')
        },
      })
      void sweep(db)
      return db
    })().catch((error: unknown) => {
      opening = undefined
      throw unavailable(error)
    })
    return opening
  }

  /** Forgets every record past its time-to-live. */
  const sweep = async (db: IDBPDatabase) => {
    try {
      const tx = db.transaction(STORE, 'readwrite')
      for (let cursor = await tx.store.index('expiresAt').openCursor(IDBKeyRange.upperBound(Date.now())); cursor; cursor = await cursor.continue()) await cursor.delete()
      await tx.done
    } catch {
      // Swept again at the next open.
    }
  }

  const told = (key: string) => {
    try {
      channel ??= listen()
      channel?.postMessage({ key })
    } catch {
      // No BroadcastChannel: other tabs find the change at their next read.
    }
  }

  const listen = (): BroadcastChannel | undefined => {
    if (typeof BroadcastChannel === 'undefined') return undefined
    const opened = new BroadcastChannel(`mcp-elicit:${name}`)
    opened.onmessage = (event: MessageEvent<{ key?: unknown }>) => {
      const key = event.data?.key
      if (typeof key !== 'string' || !watchers.has(key)) return
      storage.load(key).then(
        (call) => watchers.get(key)?.forEach((listener) => listener(call)),
        () => {},
      )
    }
    return opened
  }

  const read = async (record: CallRecord | undefined): Promise<StoredCall | undefined> => {
    if (!record || record.expiresAt <= Date.now()) return undefined
    const call = readStoredCall(await withFilesAsDataUris(record.call))
    return call && { ...call, rev: record.rev }
  }

  /** IndexedDB, or the fallback for good once IndexedDB could not be opened. */
  let fellBack = false
  const orFallback = async <T>(use: (storage: CallStorage) => Promise<T>, own: () => Promise<T>): Promise<T> => {
    if (!fellBack && options.fallback) {
      try {
        await database()
      } catch {
        fellBack = true
      }
    }
    return fellBack && options.fallback ? use(options.fallback) : own()
  }

  const storage: IndexedDbCallStorage = {
    fileChars: options.fileChars ?? 16 * 1024 * 1024,
    load: (key) => orFallback((other) => other.load(key), () => own.load(key)),
    save: (key, call) => orFallback((other) => other.save(key, call), () => own.save(key, call)),
    remove: (key) => orFallback((other) => other.remove(key), () => own.remove(key)),
    watch: (key, listener) => own.watch(key, listener),
    close: () => own.close(),
  }

  const own: IndexedDbCallStorage = {
    async load(key) {
      const db = await database()
      let record: CallRecord | undefined
      try {
        record = (await db.get(STORE, key)) as CallRecord | undefined
      } catch (error) {
        throw unavailable(error)
      }
      if (record && record.expiresAt <= Date.now()) {
        await db.delete(STORE, key).catch(() => {})
        return undefined
      }
      return read(record)
    },

    async save(key, call) {
      const { rev: expected, ...rest } = call
      // Before the transaction: it commits by itself at the first await that is not IndexedDB's.
      const prepared = withFilesAsBlobs(rest as StoredCall)
      const db = await database()
      const now = Date.now()
      const record: CallRecord = { key, rev: newRev(), call: prepared, updatedAt: now, expiresAt: now + ttlMs }
      let lost: CallRecord | undefined
      let missing = false
      try {
        const tx = db.transaction(STORE, 'readwrite')
        const current = (await tx.store.get(key)) as CallRecord | undefined
        const live = current && current.expiresAt > now ? current : undefined
        if (expected !== undefined && live?.rev !== expected) {
          lost = live
          missing = !live
          tx.abort()
          await tx.done.catch(() => {})
        } else {
          await tx.store.put(record)
          await tx.done
        }
      } catch (error) {
        throw (error as DOMException)?.name === 'QuotaExceededError'
          ? new McpStoreError('quota', `The browser's storage for this site is full: the call was not kept (${(error as Error).message})`, { cause: error })
          : unavailable(error)
      }
      if (lost || missing) throw new McpStoreError('conflict', 'Another tab changed this call since this one read it.', { current: await read(lost) })
      told(key)
      return record.rev
    },

    async remove(key) {
      const db = await database()
      try {
        await db.delete(STORE, key)
      } catch (error) {
        throw unavailable(error)
      }
      told(key)
    },

    watch(key, listener) {
      try {
        channel ??= listen()
      } catch {
        // No BroadcastChannel here: nothing to follow.
      }
      const set = watchers.get(key) ?? new Set()
      set.add(listener)
      watchers.set(key, set)
      return () => {
        set.delete(listener)
        if (set.size === 0) watchers.delete(key)
      }
    },

    close() {
      channel?.close()
      channel = undefined
      void opening?.then((db) => db.close(), () => {})
      opening = undefined
    },
  }
  return storage
}

function unavailable(error: unknown): McpStoreError {
  if (error instanceof McpStoreError) return error
  return new McpStoreError('unavailable', `IndexedDB cannot be used here: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
}
