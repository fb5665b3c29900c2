/**
 * Where an observer's call waits across a reload, a tab or a device: an open
 * round, a task, or a legacy round that a reload can only report as lost.
 * The saved call holds the opaque `requestState`, so it is stored only where
 * the app says: there is no default storage. The `sessionStorage` store here
 * keeps it to the tab; `mcp-elicit/stores` has the IndexedDB store (tabs and
 * restarts of one browser) and the backend store (the person's other
 * devices).
 *
 * Here: what a stored call looks like, the storage interface, and reading a
 * call back. Writing (what of a call is kept, files trimmed) is
 * call-writer.ts's, loaded on demand; an observer's handle on its storage is
 * call-persistence.ts. The observer keeps the state.
 */
import type { CallState, PendingInput } from './call-state.js'
import type { OriginalRequest, PendingRound } from './input-round.js'
import type { InputResponse, InputResponses, JsonObject, McpResult, TaskInfo, TaskStatus } from './types.js'
import { endpointKey } from './endpoint-key.js'
import { isObject } from './server-values.js'

/** An open round as plain JSON. */
export interface SavedCall {
  version: 1
  /**
   * The endpoint whose server the round belongs to ({@link endpointKey} of
   * the client that kept it). An observer restores only a round of its own
   * client's endpoint: another server would get this one's `requestState`
   * and the answers given to it. Set on what an observer writes to storage
   * and on what `save()` returns.
   */
  endpoint?: string | undefined
  request: OriginalRequest
  pending: PendingRound
  /** Answers already given in this round. */
  answers: Record<string, InputResponse>
  /** Form content typed but not sent, by question key. */
  drafts?: Record<string, JsonObject> | undefined
  /**
   * Set (milliseconds since the epoch) when a tab or device claimed the
   * round to send its answers: the others show it being sent and send
   * nothing (only in a shared storage, one with `watch`).
   */
  sendingSince?: number | undefined
  /**
   * The tab that claimed it (an id it keeps in its sessionStorage): when that
   * same tab comes back (a reload, the return from a sign-in redirect), the
   * round is its own to send again, not another tab's to wait for.
   */
  sendingTab?: string | undefined
  /**
   * The version of the record in a versioned store (IndexedDB, the backend),
   * set by the store when it reads or writes the call. A call saved with a
   * `rev` is written only over that version (compare-and-set); saved
   * without one it replaces whatever is there.
   */
  rev?: number | undefined
}

/**
 * A 2025-11-25 call that was waiting for the person: it cannot be resumed
 * (its question lives in the server's session and in the HTTP request the
 * page loses on reload), but what was asked and answered is kept so a
 * reload can say so instead of silently showing nothing.
 */
export interface LostCall {
  version: 1
  /** As {@link SavedCall.endpoint}. */
  endpoint?: string | undefined
  lost: true
  request: OriginalRequest
  round: number
  questions: Array<{ key: string; method: string; params: Record<string, unknown> }>
  answers: Record<string, InputResponse>
  /** As {@link SavedCall.rev}. */
  rev?: number | undefined
}

/**
 * A call the server turned into a task (tasks extension): the task id is
 * what a reload needs to go on polling it. Holds no `requestState`.
 */
export interface SavedTask {
  version: 1
  /** As {@link SavedCall.endpoint}: a task id means nothing to another server. */
  endpoint?: string | undefined
  request: OriginalRequest
  task: TaskInfo
  /** Keys of the task's questions already answered (`tasks/update` sent): never asked again. */
  answered: string[]
  /** Form content typed but not sent, by question key. */
  drafts?: Record<string, JsonObject> | undefined
  /** As {@link SavedCall.rev}. */
  rev?: number | undefined
}

/**
 * Stored in place of a file (a `data:` URI) that did not fit in round
 * storage: its media type and about how many bytes it had. A form shows it
 * as "choose it again"; it is never sent (not a string).
 */
export interface FileNotKept {
  /** `stayedOnDevice`: picked on another device and kept there only (a backend store's `maxFileBytes`). */
  fileNotKept: { mediaType: string; bytes: number; stayedOnDevice?: boolean | undefined }
}

/** Whether a stored value stands for a file that was not kept. */
export function isFileNotKept(value: unknown): value is FileNotKept {
  return isObject(value) && isObject(value.fileNotKept) && Object.keys(value).length === 1
}

/**
 * A call that ended with a result, kept for the store's time-to-live: a
 * reload, another tab or another device shows the result instead of running
 * the call again.
 */
export interface FinishedCall {
  version: 1
  /** As {@link SavedCall.endpoint}. */
  endpoint?: string | undefined
  request: OriginalRequest
  finished: { result: McpResult; rounds: number }
  /** As {@link SavedCall.rev}. */
  rev?: number | undefined
}

/**
 * A call started and not heard from since (no round, no task, no result
 * yet): a reload, another tab or another device finds it and asks the
 * person before running it again, since its side effects may have happened.
 */
export interface StartedCall {
  version: 1
  /** As {@link SavedCall.endpoint}. */
  endpoint?: string | undefined
  request: OriginalRequest
  /** When it started, in milliseconds since the epoch. */
  startedAt: number
  /** As {@link SavedCall.rev}. */
  rev?: number | undefined
}

/** Anything a call may leave in storage. */
export type StoredCall = SavedCall | LostCall | SavedTask | FinishedCall | StartedCall

/** Whether a stored call ended with a result. */
export function isFinishedCall(saved: StoredCall | undefined): saved is FinishedCall {
  return saved !== undefined && isObject((saved as FinishedCall).finished)
}

/** Whether a stored call was started and not heard from since. */
export function isStartedCall(saved: StoredCall | undefined): saved is StartedCall {
  return saved !== undefined && typeof (saved as StartedCall).startedAt === 'number'
}

/**
 * Where calls are kept, by key (a chat's `toolCallId`, say). Every method is
 * asynchronous: a store may be IndexedDB or a backend. A method may reject
 * (`McpStoreError` from the library's stores: down, full, a conflict); the
 * observer reports it and the call in the tab goes on.
 */
export interface CallStorage {
  /** The call kept under `key` (with its `rev` in a versioned store), or undefined when there is none (or it is not a call). */
  load(key: string): Promise<StoredCall | undefined>
  /**
   * Keeps `call` under `key`, in place of what was there. A versioned store
   * writes a call that has a `rev` only over that version, and rejects with
   * an `McpStoreError` `conflict` (holding the call it has now) when another
   * tab or device wrote since; it resolves with the new version.
   */
  save(key: string, call: StoredCall): Promise<number | void>
  /** Forgets the call under `key` (nothing there is no error). */
  remove(key: string): Promise<void>
  /**
   * Tells `listener` when the call under `key` changes elsewhere (another
   * tab, another device), with the call as it is now (undefined: removed).
   * Returns its removal. A store with `watch` is shared: an observer claims
   * a round there before sending its answers, so only one tab or device
   * sends them.
   */
  watch?(key: string, listener: (call: StoredCall | undefined) => void): () => void
  /** Characters of `data:` URIs (files) one kept call may hold. @defaultValue `STORED_FILE_CHARS` (1 MiB) */
  fileChars?: number | undefined
}

export function isLostCall(saved: StoredCall | undefined): saved is LostCall {
  return saved !== undefined && (saved as LostCall).lost === true
}

export function isSavedTask(saved: StoredCall | undefined): saved is SavedTask {
  return saved !== undefined && typeof (saved as SavedTask).task === 'object' && (saved as SavedTask).task !== null
}

const TASK_STATUSES = new Set<string>(['working', 'input_required', 'completed', 'failed', 'cancelled'])

/** A round number as the loop counts them: 1 for the first `input_required`. A stored -1000 would lift `maxRounds`. */
const isRound = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1

/** One question of a lost call, as the error that reports it reads it. */
function isLostQuestion(value: unknown): value is LostCall['questions'][number] {
  return isObject(value) && typeof value.key === 'string' && typeof value.method === 'string' && isObject(value.params)
}

/**
 * Whether a stored call belongs to the client at `url`: one stored without
 * an endpoint (by an older version, or by hand) does not, since nothing
 * says which server its `requestState` or task is for.
 */
export function isCallOf(stored: StoredCall, url: string): boolean {
  return stored.endpoint !== undefined && stored.endpoint === endpointKey(url)
}

/** Reads a saved call back from its JSON text, refusing anything that is not one. */
export function parseSavedCall(text: string | null): StoredCall | undefined {
  if (!text) return undefined
  try {
    return readStoredCall(JSON.parse(text))
  } catch {
    return undefined
  }
}

/**
 * Reads a stored call back from a value (what a store kept, parsed or
 * structured-cloned), refusing anything that is not one: a copy of the
 * fields a call has, nothing else of the value.
 */
export function readStoredCall(value: unknown): StoredCall | undefined {
  const stored = parseStored(value as Partial<SavedCall> & Partial<LostCall> & Partial<SavedTask>)
  if (!stored) return undefined
  const { endpoint, rev, sendingSince, sendingTab } = value as SavedCall
  if (typeof endpoint === 'string') stored.endpoint = endpoint
  if (Number.isSafeInteger(rev) && rev! >= 0) stored.rev = rev
  if ('pending' in stored && Number.isFinite(sendingSince)) stored.sendingSince = sendingSince
  if ('pending' in stored && stored.sendingSince !== undefined && typeof sendingTab === 'string' && sendingTab.length <= 64) stored.sendingTab = sendingTab
  return stored
}

function parseStored(value: Partial<SavedCall> & Partial<LostCall> & Partial<SavedTask> & Partial<FinishedCall> & Partial<StartedCall>): StoredCall | undefined {
  if (!isObject(value)) return undefined
  if (value.finished !== undefined) {
    const finished = value.finished as Partial<FinishedCall['finished']> | null
    if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !isObject(finished)) return undefined
    if (!isObject(finished.result) || !Array.isArray(finished.result.content) || !Number.isSafeInteger(finished.rounds) || finished.rounds! < 0) return undefined
    return { version: 1, request: value.request, finished: { result: finished.result as McpResult, rounds: finished.rounds! } }
  }
  if (value.startedAt !== undefined) {
    if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !Number.isFinite(value.startedAt)) return undefined
    return { version: 1, request: value.request, startedAt: value.startedAt }
  }
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
    if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !Array.isArray(value.questions) || !isRound(value.round)) return undefined
    // Read by the error a reload ends in: a question or an answer of another shape would throw there.
    if (!value.questions.every(isLostQuestion) || (value.answers !== undefined && !(isObject(value.answers) && Object.values(value.answers).every(isObject)))) return undefined
    return { version: 1, lost: true, request: value.request, round: value.round, questions: value.questions, answers: (value.answers ?? {}) as Record<string, InputResponse> }
  }
  const pending = value.pending
  if (value.version !== 1 || !value.request || typeof value.request.method !== 'string' || !pending) return undefined
  if (!isRound(pending.round) || typeof pending.inputRequests !== 'object' || pending.inputRequests === null) return undefined
  if (pending.requestState !== undefined && typeof pending.requestState !== 'string') return undefined
  if (!isObject(pending.inputRequests) || (value.answers !== undefined && !isObject(value.answers))) return undefined
  const saved: SavedCall = { version: 1, request: value.request, pending, answers: value.answers ?? {} }
  if (isObject(value.drafts)) saved.drafts = value.drafts as Record<string, JsonObject>
  return saved
}

/**
 * Keeps calls in `sessionStorage` (this tab only, cleared when it closes),
 * under `prefix + key`. For tabs, restarts and other devices, see
 * `mcp-elicit/stores`.
 * @defaultValue prefix `'mcp-elicit:'`
 */
export function sessionCallStorage(prefix = 'mcp-elicit:', storage: Storage = globalThis.sessionStorage): CallStorage {
  return {
    load: async (key) => parseSavedCall(storage.getItem(prefix + key)),
    save: async (key, call) => storage.setItem(prefix + key, JSON.stringify(call)),
    remove: async (key) => storage.removeItem(prefix + key),
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
  /** {@link endpointKey} of the observer's client: stamped on what is stored. */
  endpoint: string
  /** Set when this tab claims the round to send its answers (a shared storage): {@link SavedCall.sendingSince}. */
  sendingSince?: number | undefined
  /** The tab that claimed it: {@link SavedCall.sendingTab}. */
  sendingTab?: string | undefined
  /** When the run started (milliseconds since the epoch): {@link StartedCall.startedAt}. */
  startedAt?: number | undefined
}

/** The answers given so far to a round's questions, by key. */
export function answersOf(inputs: readonly PendingInput[]): Record<string, InputResponse> {
  return Object.fromEntries(inputs.filter((i) => i.answered).map((i) => [i.key, i.response!]))
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
  const saved: SavedCall = { version: 1, request: state.request, pending: state.pending as PendingRound, answers: answersOf(state.inputs) }
  if (Object.keys(drafts).length > 0) saved.drafts = { ...drafts }
  return saved
}
