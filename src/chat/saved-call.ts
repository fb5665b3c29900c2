import type { RoundStorage } from '../core/index.js'

/**
 * Whether `storage` keeps a call under `key` (an open round, a task): a call
 * that went out once, and that its tool part resumes rather than starting
 * (or asking to start) again. Storage that throws keeps nothing.
 */
export function hasSavedCall(storage: RoundStorage | null | undefined, key: string): boolean {
  try {
    return storage?.load(key) !== undefined
  } catch {
    return false
  }
}
