/**
 * Files in a stored call. Files (SEP-2356 `data:` URIs in answers and
 * drafts) would fill a storage that holds a few MB per origin, and then the
 * whole round, `requestState` included, would not be saved. So a stored call
 * keeps at most {@link STORED_FILE_CHARS} of them; each one past that is
 * stored as a `FileNotKept` in its place (an answer holding one goes back to
 * being a draft, so its question is asked again), and the form says it must
 * be chosen again.
 *
 * A file of its own, apart from the round writer (call-writer.ts): the core
 * entry exports these for storage adapters, and what an entry exports may
 * not share a module with a chunk loaded on demand, or the chunk joins the
 * first load of every package user.
 */
import { isLostCall, isSavedTask, type SavedCall, type StoredCall } from './call-storage.js'
import { isObject } from './server-values.js'
import type { InputResponse, JsonObject } from './types.js'

/** Characters of `data:` URIs one stored call keeps, at most (about 750 KB of files). @defaultValue 1 MiB */
export const STORED_FILE_CHARS = 1024 * 1024

/** Data URIs shorter than this are text like any other, not counted. */
const FILE_CHARS_COUNTED = 1024

/**
 * The stored call with files past `budget` characters replaced by
 * `FileNotKept` (answers holding one become drafts); a lost legacy
 * call, whose answers are only ever shown, keeps none.
 */
export function withoutLargeFiles<T extends StoredCall>(saved: T, budget = STORED_FILE_CHARS): T {
  const json = JSON.stringify
  // A lost legacy call keeps its answers only to say what was given: no file bytes for that.
  let left = isLostCall(saved) ? 0 : budget
  let dropped = false
  const keep = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(keep)
    if (typeof value !== 'string' || value.length < FILE_CHARS_COUNTED || !/^data:/i.test(value)) return value
    if (value.length <= left) {
      left -= value.length
      return value
    }
    dropped = true
    const comma = value.indexOf(',')
    const header = value.slice(5, Math.max(5, Math.min(comma, 200)))
    const payload = value.length - comma - 1
    return { fileNotKept: { mediaType: header.split(';')[0] || 'text/plain', bytes: header.toLowerCase().endsWith(';base64') ? Math.floor((payload * 3) / 4) : payload } }
  }
  const content = (object: JsonObject): JsonObject => Object.fromEntries(Object.entries(object).map(([name, value]) => [name, keep(value)]))
  // A finished or started call keeps no answers, and no file of them.
  if (!('answers' in saved) && !isSavedTask(saved)) return saved
  // Nothing large at all: the common case costs one scan.
  if (!/"data:[^"]{1023}/i.test(json(saved))) return saved
  if (isSavedTask(saved)) return { ...saved, ...(saved.drafts && { drafts: mapValues(saved.drafts, content) }) }
  // Answers first: they are what a resumed round sends.
  const answers: Record<string, InputResponse> = {}
  const moved: Record<string, JsonObject> = {}
  for (const [key, answer] of Object.entries(saved.answers)) {
    const given = (answer as { content?: unknown }).content
    if (!isObject(given)) {
      answers[key] = answer
      continue
    }
    dropped = false
    const kept = content(given)
    if (dropped && !isLostCall(saved)) moved[key] = kept
    else answers[key] = { ...answer, content: kept } as InputResponse
  }
  if (isLostCall(saved)) return { ...saved, answers }
  const drafts = { ...mapValues((saved as SavedCall).drafts ?? {}, content), ...moved }
  return { ...saved, answers, ...(Object.keys(drafts).length > 0 && { drafts }) }
}

function mapValues<V, W>(object: Record<string, V>, map: (value: V) => W): Record<string, W> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]))
}
