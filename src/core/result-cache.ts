/**
 * Results kept as long as the server says they stay fresh (2026-07-28
 * `CacheableResult`: `ttlMs`, `cacheScope`). A `public` result holds no
 * user-specific data, so every client of the same endpoint in this page may
 * reuse it, if it sends the same credentials (see credential-scope.ts); a
 * `private` one stays with the client that fetched it. Within a client too,
 * a result is kept for the credentials that fetched it: signed in as someone
 * else, it does not get the listing of the one before. Results without `ttlMs` (older servers) are
 * never fresh. Stale entries are still returned, marked so: a tool's schema
 * from an earlier listing tells whether a call needs `Mcp-Param-*` headers.
 * Bounded: a server cannot make the page hold more than {@link MAX_ENTRIES}.
 *
 * A chunk of its own, with credential-scope.ts: a client loads it with its
 * first call and meanwhile finds nothing kept (cache-handle.ts).
 */
import type { CacheHint } from './cache-keys.js'
import { ANONYMOUS, credentialScope, type CredentialScope } from './credential-scope.js'

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

/** Public results of every client in this page, by endpoint, credential scope and key. */
const shared = new Map<string, Entry>()

function remember(store: Map<string, Entry>, key: string, entry: Entry): void {
  store.delete(key)
  store.set(key, entry)
  while (store.size > MAX_ENTRIES) store.delete(store.keys().next().value as string)
}

/** `key` of a store key `<partition>\u0000<key>` (partitions hold no NUL). */
function keyOf(stored: string): string {
  return stored.slice(stored.indexOf('\u0000') + 1)
}

export class ResultCache {
  #url: string
  #scope: CredentialScope
  #own = new Map<string, Entry>()
  #now: () => number

  constructor(url: string, scope: CredentialScope = async () => ANONYMOUS, now: () => number = Date.now) {
    this.#url = url
    this.#scope = scope
    this.#now = now
  }

  /** Where `key` is kept for the credentials the client sends now: its own store, and the shared one. */
  async #keys(key: string, signal: AbortSignal | undefined): Promise<{ own: string; shared: string }> {
    const own = `${await this.#scope(signal)}\u0000${key}`
    return { own, shared: `${this.#url}\u0000${own}` }
  }

  /**
   * The value under `key` for the client's current credentials: its own
   * first, else one shared by another client of the endpoint with the same
   * credentials.
   */
  async get<T>(key: string, signal?: AbortSignal): Promise<CachedValue<T> | undefined> {
    const keys = await this.#keys(key, signal)
    const entry = this.#own.get(keys.own) ?? shared.get(keys.shared)
    if (!entry) return undefined
    return { value: entry.value as T, fresh: entry.expires > this.#now() }
  }

  /** Keeps `value` for `ttlMs`; a public one for every client of the endpoint with the same credentials. */
  async put(key: string, value: unknown, hint: CacheHint, signal?: AbortSignal): Promise<void> {
    const keys = await this.#keys(key, signal)
    const entry = { value, expires: this.#now() + hint.ttlMs }
    remember(this.#own, keys.own, entry)
    if (hint.scope === 'public') remember(shared, keys.shared, entry)
    else shared.delete(keys.shared)
  }

  /** Marks `key` stale for every partition (its value stays known, see the module comment). */
  expire(key: string): void {
    const prefix = `${this.#url}\u0000`
    for (const [stored, entry] of this.#own) if (keyOf(stored) === key) entry.expires = 0
    for (const [stored, entry] of shared) if (stored.startsWith(prefix) && keyOf(stored.slice(prefix.length)) === key) entry.expires = 0
  }

  /** Forgets this client's entries, and the endpoint's shared ones too. */
  clear(): void {
    this.#own.clear()
    const prefix = `${this.#url}\u0000`
    for (const key of [...shared.keys()]) if (key.startsWith(prefix)) shared.delete(key)
  }
}

/** The cache of one client: what cache-handle.ts makes once this chunk has loaded. */
export function clientCache(credentials: Parameters<typeof credentialScope>[0]): ResultCache {
  return new ResultCache(credentials.url, credentialScope(credentials))
}
