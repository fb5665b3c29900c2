/**
 * What the result cache (result-cache.ts) keeps a result under and for how
 * long: the server's hint on a result, the key of a resource read, the keys a
 * change makes stale. Apart from the cache itself because the client and its
 * listings need them before the cache's chunk has loaded (cache-handle.ts).
 */
import type { McpChange } from './changes.js'
import type { JsonObject } from './types.js'

/** How long a result stays fresh (0 when it gave no `ttlMs`) and who may share it. */
export interface CacheHint {
  ttlMs: number
  scope: 'public' | 'private'
}

/** The freshness hint of a result (2026-07-28 `CacheableResult`: `ttlMs`, `cacheScope`). */
export function cacheHint(result: JsonObject): CacheHint {
  const ttl = result.ttlMs
  const ttlMs = typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0 ? ttl : 0
  return { ttlMs, scope: result.cacheScope === 'public' ? 'public' : 'private' }
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
