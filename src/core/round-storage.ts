/**
 * Where an open round waits across a page reload. The saved call holds the
 * opaque `requestState`, so it is stored only where the app says: there is
 * no default storage, and the `sessionStorage` adapter keeps it to the tab.
 */
import type { OriginalRequest, PendingRound } from './input-round.js'
import type { InputResponse, JsonObject } from './types.js'

/** An open round as plain JSON. */
export interface SavedCall {
  version: 1
  request: OriginalRequest
  pending: PendingRound
  /** Answers already given in this round. */
  answers: Record<string, InputResponse>
  /** Form content typed but not sent, by question key. */
  drafts?: Record<string, JsonObject> | undefined
}

/**
 * A 2025-11-25 call that was waiting for the person: it cannot be resumed
 * (its question lives in the server's session and in the HTTP request the
 * page loses on reload), but what was asked and answered is kept so a
 * reload can say so instead of silently showing nothing.
 */
export interface LostCall {
  version: 1
  lost: true
  request: OriginalRequest
  round: number
  questions: Array<{ key: string; method: string; params: Record<string, unknown> }>
  answers: Record<string, InputResponse>
}

export interface RoundStorage {
  load(key: string): SavedCall | LostCall | undefined
  save(key: string, saved: SavedCall | LostCall): void
  remove(key: string): void
}

export function isLostCall(saved: SavedCall | LostCall | undefined): saved is LostCall {
  return saved !== undefined && (saved as LostCall).lost === true
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads a saved call back, refusing anything that is not one. */
export function parseSavedCall(text: string | null): SavedCall | LostCall | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Partial<SavedCall> & Partial<LostCall>
    if (value.lost === true) {
      if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !Array.isArray(value.questions)) return undefined
      return { version: 1, lost: true, request: value.request, round: typeof value.round === 'number' ? value.round : 0, questions: value.questions, answers: isRecord(value.answers) ? (value.answers as Record<string, InputResponse>) : {} }
    }
    const pending = value.pending
    if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !pending) return undefined
    if (typeof pending.round !== 'number' || typeof pending.inputRequests !== 'object' || pending.inputRequests === null) return undefined
    if (pending.requestState !== undefined && typeof pending.requestState !== 'string') return undefined
    if (!isRecord(pending.inputRequests) || (value.answers !== undefined && !isRecord(value.answers))) return undefined
    const saved: SavedCall = { version: 1, request: value.request, pending, answers: value.answers ?? {} }
    if (isRecord(value.drafts)) saved.drafts = value.drafts as Record<string, JsonObject>
    return saved
  } catch {
    return undefined
  }
}

/**
 * Keeps open rounds in `sessionStorage` (this tab only, cleared when it
 * closes), under `prefix + key`.
 * @defaultValue prefix `'mcp-elicit:'`
 */
export function sessionStorageAdapter(prefix = 'mcp-elicit:', storage: Storage = globalThis.sessionStorage): RoundStorage {
  return {
    load: (key) => parseSavedCall(storage.getItem(prefix + key)),
    save: (key, saved) => storage.setItem(prefix + key, JSON.stringify(saved)),
    remove: (key) => storage.removeItem(prefix + key),
  }
}
