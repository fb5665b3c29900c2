/**
 * What the result cache (result-cache.ts) keeps a result under and for how
 * long: the server's hints on the results a value came from, the key of a
 * resource read, the keys a change makes stale. Apart from the cache itself
 * because the client needs them before the cache's chunk has loaded
 * (cache-handle.ts). The listings, a chunk of their own, reach the hints
 * through the handle's `put`, so this module stays in the client's chunk.
 */
import type { McpChange } from './changes.js'
import type { JsonObject } from './types.js'

/** How long a result stays fresh (0 when it gave no `ttlMs`) and who may share it. */
export interface CacheHint {
  ttlMs: number
  scope: 'public' | 'private'
}

/**
 * The freshness hint of a value made of `results` (2026-07-28
 * `CacheableResult`: `ttlMs`, `cacheScope`): a list of several pages is
 * fresh for the shortest `ttlMs` among them, and shared only when every page
 * said `public`.
 */
export function cacheHint(results: readonly JsonObject[]): CacheHint {
  // Made of no result at all: nothing to keep.
  if (results.length === 0) return { ttlMs: 0, scope: 'private' }
  let ttlMs = Number.POSITIVE_INFINITY
  let scope: CacheHint['scope'] = 'public'
  for (const result of results) {
    const ttl = result.ttlMs
    ttlMs = Math.min(ttlMs, typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0 ? ttl : 0)
    if (result.cacheScope !== 'public') scope = 'private'
  }
  return { ttlMs, scope }
}

/** The key a `resources/read` of `uri` is kept under. */
export function readKey(uri: string): string {
  return `resources/read\u0000${uri}`
}

/** The keys whose values a change makes stale: the lists it names, or the resource it updated. */
export function staleKeys(change: McpChange): string[] {
  if (change.type === 'tools_changed') return ['tools/list']
  if (change.type === 'prompts_changed') return ['prompts/list']
  if (change.type === 'resources_changed') return ['resources/list', 'resources/templates/list']
  return [readKey(change.uri)]
}
