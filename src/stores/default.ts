/**
 * The call storage the chat adapters use when the app names none: one
 * IndexedDB store for the page (database `'mcp-elicit'`: restarts, tabs in
 * step), `sessionStorage` where IndexedDB cannot be opened (a sandboxed
 * frame), and memory where neither can be used, so a call is never blocked
 * by a storage the page may not have.
 */
import { sessionCallStorage, type CallStorage, type StoredCall } from '../core/index.js'
import { indexedDbCallStorage } from './indexed-db.js'

let shared: CallStorage | undefined

/** The page's default call storage (one for the page, created on first use). */
export function defaultCallStorage(): CallStorage {
  if (shared) return shared
  let tab: CallStorage | undefined
  try {
    // Reading the property may throw in a sandboxed document.
    if (typeof sessionStorage !== 'undefined') tab = sessionCallStorage('mcp-elicit:')
  } catch {
    tab = undefined
  }
  const fallback = tab ?? memoryCallStorage()
  shared = typeof indexedDB === 'undefined' ? fallback : indexedDbCallStorage({ fallback })
  return shared
}

/** Calls kept in this page's memory only (gone with it). */
function memoryCallStorage(): CallStorage {
  const calls = new Map<string, StoredCall>()
  return {
    load: async (key) => calls.get(key),
    save: async (key, call) => void calls.set(key, structuredClone(call)),
    remove: async (key) => void calls.delete(key),
  }
}
