/**
 * Each server's last tool listing, kept in the page's storage so that a set
 * of servers has it the moment a reloaded page creates the set: a
 * conversation's open tool parts are routed (and show their tool's title)
 * before any listing comes back, and a server that is slow after the reload
 * does not leave its old calls nameless. The client's own result cache
 * lives in memory and is gone after a reload; this is the set's copy.
 *
 * Synchronous Web Storage (`sessionStorage` by default): the set reads it
 * while the page is created. A copy is kept under the server's id with its
 * endpoint; one of another endpoint (the host moved the id elsewhere) is
 * never used. What is read back is checked as what it is: text a script of
 * this page wrote, but a server chose the tools in it.
 */
import { isObject } from './server-values.js'
import type { Tool } from './types.js'

/** The part of Web Storage (`sessionStorage`, `localStorage`) the set uses. */
export type ListingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Characters of one server's kept listing at most: a larger one is not kept (the next page lists it again). */
export const MAX_KEPT_LISTING = 1_000_000

/** The tab's `sessionStorage`, or undefined where there is none or it may not be read (a sandboxed document). */
export function defaultListingStorage(): ListingStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** The listing kept for `endpoint` under `key`, or undefined (none, another endpoint's, unreadable). */
export function loadListing(storage: ListingStorage | undefined, key: string, endpoint: string): Tool[] | undefined {
  try {
    const text = storage?.getItem(key)
    if (typeof text !== 'string') return undefined
    const kept: unknown = JSON.parse(text)
    if (!isObject(kept) || kept.endpoint !== endpoint || !Array.isArray(kept.tools)) return undefined
    return kept.tools.filter((tool): tool is Tool => isObject(tool) && typeof tool.name === 'string')
  } catch {
    return undefined
  }
}

/** Keeps `tools` for `endpoint` under `key`; false when it could not (too large, storage full or forbidden: then nothing stale stays). */
export function saveListing(storage: ListingStorage | undefined, key: string, endpoint: string, tools: readonly Tool[]): boolean {
  if (!storage) return true
  try {
    const text = JSON.stringify({ endpoint, tools })
    if (text.length > MAX_KEPT_LISTING) {
      storage.removeItem(key)
      return false
    }
    storage.setItem(key, text)
    return true
  } catch {
    try {
      storage.removeItem(key)
    } catch {
      // Storage that throws on every use keeps nothing: nothing stale either.
    }
    return false
  }
}
