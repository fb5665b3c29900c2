/**
 * Results kept as long as the server says they stay fresh (2026-07-28
 * `CacheableResult`: `ttlMs`, `cacheScope`). A `public` result holds no
 * user-specific data, so every client of the same endpoint in this page may
 * reuse it; a `private` one stays with the client that fetched it (one client
 * is one authorization context). Results without `ttlMs` (older servers) are
 * never fresh. Stale entries are still returned, marked so: a tool's schema
 * from an earlier listing tells whether a call needs `Mcp-Param-*` headers.
 * Bounded: a server cannot make the page hold more than {@link MAX_ENTRIES}.
 */
import type { JsonObject } from './types.js'

export interface CachedValue<T> {
  value: T
  fresh: boolean
}

interface Entry {
  value: unknown
  expires: number
}

/** Entries per store; the oldest go first. */
export const MAX_ENTRIES = 200

/** Public results of every client in this page, by endpoint and key. */
const shared = new Map<string, Entry>()

/** The freshness hint of a result: how long it stays fresh (0 when it gave none) and who may share it. */
export function cacheHint(result: JsonObject): { ttlMs: number; scope: 'public' | 'private' } {
  const ttl = result.ttlMs
  const ttlMs = typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0 ? ttl : 0
  return { ttlMs, scope: result.cacheScope === 'public' ? 'public' : 'private' }
}

function remember(store: Map<string, Entry>, key: string, entry: Entry): void {
  store.delete(key)
  store.set(key, entry)
  while (store.size > MAX_ENTRIES) store.delete(store.keys().next().value as string)
}

export class ResultCache {
  #url: string
  #own = new Map<string, Entry>()
  #now: () => number

  constructor(url: string, now: () => number = Date.now) {
    this.#url = url
    this.#now = now
  }

  #sharedKey(key: string): string {
    return `${this.#url}\u0000${key}`
  }

  /** The value under `key`: this client's own first, else one shared by another client of the endpoint. */
  get<T>(key: string): CachedValue<T> | undefined {
    const entry = this.#own.get(key) ?? shared.get(this.#sharedKey(key))
    if (!entry) return undefined
    return { value: entry.value as T, fresh: entry.expires > this.#now() }
  }

  /** Keeps `value` for `ttlMs`; a public one for every client of the endpoint. */
  put(key: string, value: unknown, hint: { ttlMs: number; scope: 'public' | 'private' }): void {
    const entry = { value, expires: this.#now() + hint.ttlMs }
    remember(this.#own, key, entry)
    if (hint.scope === 'public') remember(shared, this.#sharedKey(key), entry)
    else shared.delete(this.#sharedKey(key))
  }

  /** Marks `key` stale everywhere (its value stays known, see the module comment). */
  expire(key: string): void {
    for (const entry of [this.#own.get(key), shared.get(this.#sharedKey(key))]) if (entry) entry.expires = 0
  }

  /** Forgets this client's entries, and the endpoint's shared ones too. */
  clear(): void {
    this.#own.clear()
    const prefix = this.#sharedKey('')
    for (const key of [...shared.keys()]) if (key.startsWith(prefix)) shared.delete(key)
  }
}
