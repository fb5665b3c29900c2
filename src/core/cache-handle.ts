/**
 * A client's handle on the result cache (result-cache.ts with
 * credential-scope.ts), a chunk loaded on demand alongside a first request,
 * which no request waits for.
 *
 * Everything the cache holds lives in that chunk: its shared store is the
 * chunk's module state, and only a `put` puts anything there, after the
 * chunk has loaded. So while it has not loaded, nothing is kept anywhere in
 * the page, and the answer of a `get` ("nothing") is exact without it; an
 * `expire` or `clear` has nothing to act on. The first `get` (a listing or a
 * read asks the cache before its request) starts the load, so it runs
 * alongside that first request, and the `put` of its answer finds the
 * chunk there. Only if the chunk is slower than the
 * server does that `put` wait for the rest of it: the caller then gets its
 * result once it is kept, and the next `get` finds it.
 *
 * A chunk that cannot be fetched (the page went offline, a deploy replaced
 * the files it was built with) fails no call: the result is not kept, a
 * warning says so once per client, and the next `put` fetches it again.
 * Until then every listing and read asks the server; a tool call takes its
 * `Mcp-Param-*` headers from the client's latest listing, as with
 * `cache: false`.
 */
import { cacheHint } from './cache-keys.js'
import { credentialHeaders, type CacheCredentials } from './credential-headers.js'
import { loadChunk, loadOnce } from './load-chunk.js'
import type { CachedValue, ResultCache } from './result-cache.js'
import type { JsonObject } from './types.js'

type CacheChunk = typeof import('./result-cache.js')

/** The chunk, once loaded (one for the page: its shared store serves every client). */
let chunk: CacheChunk | undefined
// A chunk that failed to load (offline, a new deploy): the next put tries again.
const loadCache = loadOnce(() => import('./result-cache.js').then((module) => (chunk = module)))

export type { CacheCredentials } from './credential-headers.js'

export class CacheHandle {
  #credentials: CacheCredentials
  #warn: (message: string) => void
  /** This client's cache, made from the chunk once it has loaded. */
  #cache: ResultCache | undefined
  #warned = false

  constructor(credentials: CacheCredentials, warn: (message: string) => void) {
    this.#credentials = credentials
    this.#warn = warn
  }

  /** Starts loading the chunk, if it is not there yet; never fails. */
  #prepare(): void {
    if (!chunk) loadCache().catch(() => {})
  }

  /** This client's cache, when the chunk has loaded (made on first use, so an `expire` reaches the shared store too). */
  #loaded(): ResultCache | undefined {
    return chunk && (this.#cache ??= chunk.clientCache(this.#credentials))
  }

  /** The value under `key`; nothing, at once, while the chunk has not loaded (nothing can be kept before). */
  async get<T>(key: string, signal?: AbortSignal): Promise<CachedValue<T> | undefined> {
    const cache = this.#loaded()
    if (cache) return cache.get<T>(key, signal)
    this.#prepare()
    return undefined
  }

  /**
   * The credentials a request goes out with, read as it is sent: hand them
   * to {@link put} with its result. Held in memory for that request only,
   * never as a key; undefined when they cannot be read (nothing is kept then).
   */
  async sending(signal?: AbortSignal): Promise<string | undefined> {
    try {
      return JSON.stringify(await credentialHeaders(this.#credentials, signal ?? new AbortController().signal))
    } catch {
      return undefined
    }
  }

  /**
   * Keeps `value` per the hints of the `results` it was made of (one read, or
   * every page of a list), once the chunk is there; one that cannot be
   * loaded keeps nothing. `sentWith` is what {@link sending} said as the
   * request went out: the cache files a result under the credentials of the
   * moment, so one whose credentials changed meanwhile (signed out, then in
   * as someone else) is not kept, or the next person would be served it.
   */
  async put(key: string, value: unknown, results: readonly JsonObject[], sentWith: Promise<string | undefined> | undefined, signal?: AbortSignal): Promise<void> {
    const before = await sentWith
    if (before === undefined || before !== (await this.sending(signal))) return
    if (!chunk) {
      try {
        await loadChunk('the result cache', loadCache, { url: this.#credentials.url })
      } catch (error) {
        if (!this.#warned) this.#warn(`Results are not cached (until they are, each listing asks the server): ${(error as Error).message}`)
        this.#warned = true
        return
      }
    }
    await this.#loaded()!.put(key, value, cacheHint(results), signal)
  }

  /** Marks `key` stale (see result-cache.ts). */
  expire(key: string): void {
    this.#loaded()?.expire(key)
  }

  /** Forgets this client's entries and the endpoint's shared ones. */
  clear(): void {
    this.#loaded()?.clear()
  }
}
