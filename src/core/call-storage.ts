/**
 * Where an observer's call waits across a page reload: an open round, a
 * task, or a legacy round that a reload can only report as lost. The saved
 * call holds the opaque `requestState`, so it is stored only where the app
 * says: there is no default storage, and the `sessionStorage` adapter keeps
 * it to the tab.
 *
 * What of a call's state is kept ({@link storedCallOf}) and the reading and
 * writing ({@link CallPersistence}) live here; the observer keeps the state.
 * A write may fail: a storage that is full or forbidden, or a round a server
 * nested so deep that the adapter's `JSON.stringify` (or an IndexedDB
 * adapter's structured clone) overflows the stack with a `RangeError`. Then
 * the round is not saved, and whatever an earlier round left under the key
 * is removed, since resuming that one would send a `requestState` the server
 * has moved past. A warning says why, once per reason until a write
 * succeeds again (every state change writes).
 *
 * Files (SEP-2356 `data:` URIs in answers and drafts) would fill a storage
 * that holds a few MB per origin, and then the whole round, `requestState`
 * included, would not be saved. So a stored call keeps at most
 * {@link STORED_FILE_CHARS} of them; each one past that is stored as a
 * {@link FileNotKept} in its place (an answer holding one goes back to being
 * a draft, so its question is asked again), and the form says it must be
 * chosen again.
 */
import { isActive, type AwaitingInputState, type CallState } from './call-state.js'
import { displayText } from './display-text.js'
import type { OriginalRequest, PendingRound } from './input-round.js'
import type { InputResponse, InputResponses, JsonObject, TaskInfo, TaskStatus } from './types.js'
import { isObject } from './json-object.js'

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

/**
 * A call the server turned into a task (tasks extension): the task id is
 * what a reload needs to go on polling it. Holds no `requestState`.
 */
export interface SavedTask {
  version: 1
  request: OriginalRequest
  task: TaskInfo
  /** Keys of the task's questions already answered (`tasks/update` sent): never asked again. */
  answered: string[]
  /** Form content typed but not sent, by question key. */
  drafts?: Record<string, JsonObject> | undefined
}

/**
 * Stored in place of a file (a `data:` URI) that did not fit in round
 * storage: its media type and about how many bytes it had. A form shows it
 * as "choose it again"; it is never sent (not a string).
 */
export interface FileNotKept {
  fileNotKept: { mediaType: string; bytes: number }
}

/** Whether a stored value stands for a file that was not kept. */
export function isFileNotKept(value: unknown): value is FileNotKept {
  return isObject(value) && isObject(value.fileNotKept) && Object.keys(value).length === 1
}

/** Characters of `data:` URIs one stored call keeps, at most (about 750 KB of files). @defaultValue 1 MiB */
export const STORED_FILE_CHARS = 1024 * 1024

/** Data URIs shorter than this are text like any other, not counted. */
const FILE_CHARS_COUNTED = 1024

/**
 * The stored call with files past `budget` characters replaced by
 * {@link FileNotKept} (answers holding one become drafts); a lost legacy
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

/** Anything a call may leave in storage. */
export type StoredCall = SavedCall | LostCall | SavedTask

export interface RoundStorage {
  load(key: string): StoredCall | undefined
  save(key: string, saved: StoredCall): void
  remove(key: string): void
}

export function isLostCall(saved: StoredCall | undefined): saved is LostCall {
  return saved !== undefined && (saved as LostCall).lost === true
}

export function isSavedTask(saved: StoredCall | undefined): saved is SavedTask {
  return saved !== undefined && typeof (saved as SavedTask).task === 'object' && (saved as SavedTask).task !== null
}

const TASK_STATUSES = new Set<string>(['working', 'input_required', 'completed', 'failed', 'cancelled'])

/** Reads a saved call back, refusing anything that is not one. */
export function parseSavedCall(text: string | null): StoredCall | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Partial<SavedCall> & Partial<LostCall> & Partial<SavedTask>
    if (value.task !== undefined) {
      const task = value.task as Partial<TaskInfo> | null
      if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !isObject(task)) return undefined
      if (typeof task.taskId !== 'string' || task.taskId === '' || typeof task.status !== 'string' || !TASK_STATUSES.has(task.status)) return undefined
      const info: TaskInfo = { taskId: task.taskId, status: task.status as TaskStatus }
      if (typeof task.statusMessage === 'string') info.statusMessage = task.statusMessage
      const answered = Array.isArray(value.answered) ? value.answered.filter((key): key is string => typeof key === 'string') : []
      const saved: SavedTask = { version: 1, request: value.request, task: info, answered }
      if (isObject(value.drafts)) saved.drafts = value.drafts as Record<string, JsonObject>
      return saved
    }
    if (value.lost === true) {
      if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !Array.isArray(value.questions)) return undefined
      return { version: 1, lost: true, request: value.request, round: typeof value.round === 'number' ? value.round : 0, questions: value.questions, answers: isObject(value.answers) ? (value.answers as Record<string, InputResponse>) : {} }
    }
    const pending = value.pending
    if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !pending) return undefined
    if (typeof pending.round !== 'number' || typeof pending.inputRequests !== 'object' || pending.inputRequests === null) return undefined
    if (pending.requestState !== undefined && typeof pending.requestState !== 'string') return undefined
    if (!isObject(pending.inputRequests) || (value.answers !== undefined && !isObject(value.answers))) return undefined
    const saved: SavedCall = { version: 1, request: value.request, pending, answers: value.answers ?? {} }
    if (isObject(value.drafts)) saved.drafts = value.drafts as Record<string, JsonObject>
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

/**
 * Every question of the saved round answered: the answers to exactly the
 * keys it asked, so its retry goes out at once, as it would have. Undefined
 * while a question is open.
 */
export function answersToResend(saved: SavedCall): InputResponses | undefined {
  const keys = Object.keys(saved.pending.inputRequests)
  if (!keys.every((key) => Object.hasOwn(saved.answers, key))) return undefined
  return Object.fromEntries(keys.map((key) => [key, saved.answers[key]!]))
}

/** What of an observer's call storage needs besides its state. */
export interface CallSnapshot {
  state: CallState
  /** Unsent form content of the open round, by question key. */
  drafts: Record<string, JsonObject>
  /** Keys of the running task's questions already answered. */
  taskAnswered: readonly string[]
}

function answersOf(state: AwaitingInputState): Record<string, InputResponse> {
  return Object.fromEntries(state.inputs.filter((i) => i.answered).map((i) => [i.key, i.response!]))
}

/**
 * The open round as plain JSON (original request, input requests, request
 * state, answers and drafts so far), or undefined when none can be resumed
 * (nothing open, or a legacy session, which lives on the server). A round
 * whose retry failed is kept too, so its answers outlive the failure.
 */
export function savedRound(state: CallState, drafts: Record<string, JsonObject>): SavedCall | undefined {
  if (state.status === 'error' && state.pending) {
    return { version: 1, request: state.request, pending: state.pending, answers: { ...state.answers } }
  }
  if (state.status !== 'awaiting_input' || !state.pending) return undefined
  const saved: SavedCall = { version: 1, request: state.request, pending: state.pending as PendingRound, answers: answersOf(state) }
  if (Object.keys(drafts).length > 0) saved.drafts = { ...drafts }
  return saved
}

/** A call running as a task: its id is what a reload needs. */
function savedTask({ state, drafts, taskAnswered }: CallSnapshot): SavedTask | undefined {
  if ((state.status !== 'running' && state.status !== 'awaiting_input' && state.status !== 'retrying') || !state.task) return undefined
  const saved: SavedTask = { version: 1, request: state.request, task: state.task, answered: [...taskAnswered] }
  if (Object.keys(drafts).length > 0) saved.drafts = { ...drafts }
  return saved
}

/** What a legacy round waiting for the person leaves behind for a reload to report. */
function lostCall(state: CallState): LostCall | undefined {
  if (state.status !== 'awaiting_input' || state.pending || !state.inputs.some((input) => input.era === 'legacy')) return undefined
  const questions = state.inputs.map((input) => ({ key: input.key, method: input.method, params: input.params }))
  return { version: 1, lost: true, request: state.request, round: state.round, questions, answers: answersOf(state) }
}

/** What a call leaves in storage as it stands: an open round, a task, a lost legacy round, or nothing. */
export function storedCallOf(snapshot: CallSnapshot): StoredCall | undefined {
  return savedRound(snapshot.state, snapshot.drafts) ?? savedTask(snapshot) ?? lostCall(snapshot.state)
}

function describeCall(saved: StoredCall): string {
  if (isSavedTask(saved)) return `Task ${saved.task.taskId} of ${saved.request.method}`
  if (isLostCall(saved)) return `Round ${saved.round} of ${saved.request.method}`
  return `Round ${saved.pending.round} of ${saved.request.method}`
}

function why(error: unknown): string {
  const message = error instanceof Error ? error.message : displayText(error, 'unknown error')
  // Stack overflow ("Maximum call stack size exceeded") or a string past the engine's length.
  if (error instanceof RangeError) return `it is too large or nested too deeply to store (${message})`
  return `the storage refused it (${message})`
}

/** One observer's call in its storage, read and written without ever throwing into the call. */
export class CallPersistence {
  #place: () => { storage: RoundStorage | undefined; key: string }
  #warn: (message: string) => void
  #warned: string | undefined

  /** `place` is read at every use: the observer's options may change. */
  constructor(place: () => { storage: RoundStorage | undefined; key: string }, warn: (message: string) => void) {
    this.#place = place
    this.#warn = warn
  }

  /** The call kept in storage, if any. */
  load(): StoredCall | undefined {
    const { storage, key } = this.#place()
    try {
      return storage?.load(key)
    } catch {
      // Storage the page may not read (privacy mode, quota, a broken adapter): nothing to resume.
      return undefined
    }
  }

  /** Saves the call as it stands; with nothing to save, removes the key once the call is over. */
  save(snapshot: CallSnapshot): void {
    const { storage, key } = this.#place()
    if (!storage) return
    const stored = storedCallOf(snapshot)
    try {
      // Inside the try: a value too deep to serialize fails here as it would in storage.save.
      const saved = stored && withoutLargeFiles(stored)
      if (saved) storage.save(key, saved)
      else if (!isActive(snapshot.state)) storage.remove(key)
      this.#warned = undefined
    } catch (error) {
      if (stored) {
        try {
          storage.remove(key)
        } catch {
          // The warning below already says storage is failing.
        }
      }
      const message = stored
        ? `${describeCall(stored)} was not saved (a reload cannot resume it): ${why(error)}`
        : `The saved call under "${key}" could not be removed: ${why(error)}`
      if (message === this.#warned) return
      this.#warned = message
      this.#warn(message)
    }
  }
}
