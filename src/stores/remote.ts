/**
 * A call storage on the host's backend (`createCallStoreHandler` of
 * `mcp-elicit/stores/server`): the person's other devices, signed in to the
 * host as the same user, find the call and may answer it. Every write is a
 * compare-and-set on the record's version (409: another device wrote
 * first); a watched call is polled, so a device learns within `pollMs` that
 * the other answered it.
 *
 * Files larger than `maxFileBytes` never leave the device: they are kept in
 * `local` (an IndexedDB store, say) and stand as "stayed on the device it
 * was picked on" in the backend's copy, so the other device asks for the
 * file again and says why. Nothing but the stored call is sent: no token,
 * no secret (the host's session goes as its cookie, or in `headers`).
 */
import type { CallSummary } from './wire.js'
import { McpStoreError, isFileNotKept, readStoredCall, withoutLargeFiles, type CallStorage, type McpStoreReason, type StoredCall } from '../core/index.js'

export interface RemoteCallStorageOptions {
  /** Where the handler is mounted (`'/api/mcp-calls'`, or an absolute URL). */
  url: string | URL
  /** Headers of every request (the host's own session, when it is no cookie). */
  headers?: (() => HeadersInit | Promise<HeadersInit>) | undefined
  /** @defaultValue `'same-origin'` (the host's session cookie goes along) */
  credentials?: RequestCredentials | undefined
  /** How often a watched call is read again, in milliseconds, while the page is visible (a hidden tab reads nothing, and reads at once when shown). @defaultValue 2000 */
  pollMs?: number | undefined
  /** Files larger than this stay on this device (in `local`). @defaultValue 256 KiB */
  maxFileBytes?: number | undefined
  /** Where this device keeps the whole call, files included (`indexedDbCallStorage()`). */
  local?: CallStorage | undefined
  /** How long one request to the backend may take before it counts as down, in milliseconds. @defaultValue 10000 */
  timeoutMs?: number | undefined
  /** @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch | undefined
}


export interface RemoteCallStorage extends CallStorage {
  watch(key: string, listener: (call: StoredCall | undefined) => void): () => void
  /** The user's kept calls, newest first (at most `limit`, 100). */
  list(limit?: number): Promise<CallSummary[]>
}

interface Watched {
  listeners: Set<(call: StoredCall | undefined) => void>
  rev: number | undefined
  writes: number
  /** Unset while the page is hidden. */
  timer: ReturnType<typeof setInterval> | undefined
}

/** The page is in a background tab or minimised (no document: a worker, Node: never hidden). */
const hidden = () => globalThis.document?.visibilityState === 'hidden'

const STATUS_REASON: Record<number, McpStoreReason> = { 400: 'malformed', 401: 'refused', 403: 'refused', 404: 'not_found', 409: 'conflict', 413: 'too_large', 429: 'quota' }

export function remoteCallStorage(options: RemoteCallStorageOptions): RemoteCallStorage {
  const base = String(options.url).replace(/\/+$/, '')
  const pollMs = options.pollMs ?? 2000
  const fileChars = Math.ceil(((options.maxFileBytes ?? 256 * 1024) * 4) / 3) + 256
  const { local } = options
  /** Per watched key: its listeners, the version this device knows, and how many writes it made (a read older than one is stale). */
  const watched = new Map<string, Watched>()

  const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers = new Headers(await options.headers?.())
    if (body !== undefined) headers.set('content-type', 'application/json')
    let response: Response
    try {
      // A backend that never answers is one that is down: a part waiting to know whether its call ran must not wait for ever.
      const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000)
      response = await (options.fetch ?? globalThis.fetch)(`${base}${path}`, { method, headers, signal, credentials: options.credentials ?? 'same-origin', cache: 'no-store', ...(body !== undefined && { body: JSON.stringify(body) }) })
    } catch (error) {
      throw new McpStoreError('unavailable', `The call store at ${base} cannot be reached: ${error instanceof Error ? error.message : String(error)}`, { cause: error, url: base })
    }
    if (response.ok || response.status === 404 || response.status === 409) return response
    const reason = STATUS_REASON[response.status] ?? 'unavailable'
    const said = await response.json().then((value: { error?: { message?: unknown } }) => value?.error?.message, () => undefined)
    throw new McpStoreError(reason, `The call store refused (HTTP ${response.status})${typeof said === 'string' ? `: ${said.slice(0, 300)}` : ''}`, { status: response.status, url: base })
  }

  /** A record the backend answered, as a call (undefined when it is none). */
  const callOf = (record: unknown): StoredCall | undefined => {
    if (typeof record !== 'object' || record === null) return undefined
    const { call, rev } = record as { call?: unknown; rev?: unknown }
    const read = readStoredCall(call)
    return read && (typeof rev === 'number' ? { ...read, rev } : read)
  }

  const path = (key: string) => `/${encodeURIComponent(key)}`

  /** A watched call read again: its listeners hear of a change since what this device knows. */
  const poll = (key: string, entry: Watched) => {
    const writes = entry.writes
    storage.load(key).then(
      (call) => {
        // Read before this device's own write answered: what it says is older than what this device knows.
        if (writes !== entry.writes || call?.rev === entry.rev || watched.get(key) !== entry) return
        entry.rev = call?.rev
        entry.listeners.forEach((each) => each(call))
      },
      () => {},
    )
  }
  // A hidden tab polls nothing (a backgrounded chat would read every call every pollMs for nobody);
  // shown again, it reads every watched call at once, then every pollMs.
  const onVisibility = () => {
    for (const [key, entry] of watched) {
      clearInterval(entry.timer)
      entry.timer = undefined
      if (hidden()) continue
      poll(key, entry)
      entry.timer = setInterval(() => poll(key, entry), pollMs)
    }
  }

  const storage: RemoteCallStorage = {
    fileChars: local?.fileChars ?? fileChars,
    async load(key) {
      const response = await send('GET', path(key))
      // 204: nothing kept under the key (this handler); 404 from a store that says it so.
      if (response.status === 204 || response.status === 404) return undefined
      const remote = callOf(await response.json().catch(() => undefined))
      if (!remote) throw new McpStoreError('malformed', 'The call store answered something that is not a call.', { url: base })
      return withLocalFiles(remote, await local?.load(key).catch(() => undefined))
    },

    async save(key, call) {
      // This device keeps every file; the backend gets the call with the large ones left here.
      if (local) await local.save(key, { ...call, rev: undefined }).catch(() => {})
      const shared = markStayed(withoutLargeFiles(call, fileChars))
      // A read that overlaps this write may see either side of it: the watch drops it.
      const before = watched.get(key)
      if (before) before.writes++
      const response = await send('PUT', path(key), shared)
      const body = (await response.json().catch(() => undefined)) as { rev?: unknown; current?: unknown } | undefined
      if (response.status === 409) throw new McpStoreError('conflict', 'Another device changed this call since this one read it.', { current: callOf(body?.current), status: 409, url: base })
      if (response.status === 404 || typeof body?.rev !== 'number') throw new McpStoreError('malformed', 'The call store did not say what it wrote.', { url: base })
      const entry = watched.get(key)
      if (entry) {
        entry.rev = body.rev
        entry.writes++
      }
      return body.rev
    },

    async remove(key) {
      const before = watched.get(key)
      if (before) before.writes++
      await local?.remove(key).catch(() => {})
      await send('DELETE', path(key))
      const entry = watched.get(key)
      if (entry) {
        entry.rev = undefined
        entry.writes++
      }
    },

    watch(key, listener) {
      let entry = watched.get(key)
      if (!entry) {
        const created: Watched = { listeners: new Set(), rev: undefined, writes: 0, timer: undefined }
        entry = created
        if (watched.size === 0) globalThis.document?.addEventListener?.('visibilitychange', onVisibility)
        watched.set(key, entry)
        if (!hidden()) created.timer = setInterval(() => poll(key, created), pollMs)
        // What is there now is what the watcher knows: only a change after it is news.
        const writes = created.writes
        storage.load(key).then((call) => writes === created.writes && (created.rev ??= call?.rev), () => {})
      }
      entry.listeners.add(listener)
      const own = entry
      return () => {
        own.listeners.delete(listener)
        if (own.listeners.size > 0) return
        clearInterval(own.timer)
        watched.delete(key)
        if (watched.size === 0) globalThis.document?.removeEventListener?.('visibilitychange', onVisibility)
      }
    },

    async list(limit = 50) {
      const response = await send('GET', `/?limit=${limit}`)
      const body = (await response.json().catch(() => undefined)) as { calls?: unknown } | undefined
      return Array.isArray(body?.calls) ? (body.calls as CallSummary[]) : []
    },
  }
  return storage
}

/** The backend's copy says of each file it has not got that it stayed on the device it was picked on. */
function markStayed<T extends StoredCall>(call: T): T {
  const mark = (value: unknown): unknown => {
    if (isFileNotKept(value)) return { fileNotKept: { ...value.fileNotKept, stayedOnDevice: true } }
    if (Array.isArray(value)) return value.map(mark)
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, mark(item)]))
    return value
  }
  const { answers, drafts } = call as { answers?: unknown; drafts?: unknown }
  return { ...call, ...(answers !== undefined && { answers: mark(answers) }), ...(drafts !== undefined && { drafts: mark(drafts) }) }
}

/**
 * On the device a file was picked on: the backend's call with this device's
 * copy of each answer or draft that holds a file the backend has not got
 * (same round only: another round's answers are not this one's).
 */
function withLocalFiles(remote: StoredCall, local: StoredCall | undefined): StoredCall {
  if (!local || !('pending' in remote) || !('pending' in local) || local.pending.requestState !== remote.pending.requestState) return remote
  const stayed = (value: unknown): boolean => JSON.stringify(value ?? null).includes('"stayedOnDevice":true')
  const answers = { ...remote.answers }
  const drafts = { ...remote.drafts }
  for (const [key, draft] of Object.entries(remote.drafts ?? {})) {
    if (!stayed(draft)) continue
    delete drafts[key]
    if (local.answers[key]) answers[key] = local.answers[key]
    else if (local.drafts?.[key]) drafts[key] = local.drafts[key]
  }
  return { ...remote, answers, ...(Object.keys(drafts).length > 0 ? { drafts } : { drafts: undefined }) }
}
