/** A call storage in memory for tests: what it keeps is a structured clone, as IndexedDB's is, readable through `items`. */
import type { CallStorage, StoredCall } from '../../src/core/index.ts'

export function memoryStorage(): CallStorage & { items: Map<string, StoredCall> } {
  const items = new Map<string, StoredCall>()
  return {
    items,
    load: async (key) => items.get(key),
    save: async (key, saved) => void items.set(key, structuredClone(saved)),
    remove: async (key) => void items.delete(key),
  }
}
