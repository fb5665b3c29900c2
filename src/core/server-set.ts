/**
 * A set of MCP servers for one conversation, built once by the page: each
 * entry a client, a stable id the host gives, a display name, an optional
 * sign-in and an optional MCP Apps sandbox. Framework-free: the chat
 * adapters, the React layer and the apps host all read the same set.
 *
 * What it does:
 * - keeps each server's tool listing and its status (`ready`, `listing`,
 *   `signed-out`, `signing-in`, `slow`, `unreachable`, `failed`), as an
 *   external store (`subscribe` / `getSnapshot`) for the UI;
 * - has the listings at page load: each server's last listing is kept in
 *   the tab's storage (listing-snapshots.ts), so a reloaded conversation
 *   routes its open tool parts before any new listing arrives;
 * - lists the servers side by side with a bound per server (`refresh`): one
 *   that is down, signed out or slow holds up none of the others; its tools
 *   leave the listing the model gets, with its status saying why, and come
 *   back once it answers (a slow listing goes on in the background);
 * - routes a tool call to the server its tool came from (`route`, and
 *   `resolve` for a model's qualified name, qualified-names.ts);
 * - answers what a server asks outside any call (a 2025-11-25 server's GET
 *   stream) through `questions`, shown by the page with the same cards;
 * - gives each server's apps that server's sandbox (`sandbox`).
 *
 * A server with `signIn` is listed only once the person is signed in to it
 * (a listing would start a sign-in nobody asked for); `signIn(id)`, from a
 * click, opens its window and lists it, and a sign-in made anywhere else (a
 * tool part's card) brings its tools back by itself.
 */
import { endpointKey, sameEndpoint } from './endpoint-key.js'
import { McpArgumentError } from './errors.js'
import { notify } from './listeners.js'
import { defaultListingStorage, loadListing, saveListing, type ListingStorage } from './listing-snapshots.js'
import { isServerId, qualifyToolNames } from './qualified-names.js'
import { ServerQuestions, type McpServerQuestion } from './server-questions.js'
import { isSignInRefusal, stateOf, type Kept, type McpServerEntry, type McpServerState, type McpToolRoute } from './server-status.js'
import type { Tool } from './types.js'

export type { ListingStorage } from './listing-snapshots.js'
export type { McpServerQuestion } from './server-questions.js'
export type { McpServerEntry, McpServerSignIn, McpServerState, McpServerStatus, McpToolRoute } from './server-status.js'

const DEFAULT_LIST_TIMEOUT_MS = 5000

export interface McpServerSetOptions {
  /** Where each server's last listing is kept across reloads; `null` keeps nothing. @defaultValue the tab's `sessionStorage` */
  storage?: ListingStorage | null | undefined
  /** The prefix of the storage keys. @defaultValue `'mcp-elicit-servers:'` */
  storageKey?: string | undefined
  /** How long {@link McpServerSet.refresh} waits for one server's listing before leaving its tools out (`slow`). @defaultValue 5000 */
  listTimeoutMs?: number | undefined
  /**
   * Answer what the servers ask outside any call (`questions`): the set
   * becomes the `onInputRequests` of each client created without one.
   * `false` leaves the clients as they are. @defaultValue true
   */
  outsideCalls?: boolean | undefined
}

export interface McpServerSet {
  /** The entries, in the host's order. */
  readonly entries: readonly McpServerEntry[]
  /** The entry of `id`. */
  get(id: string): McpServerEntry | undefined
  /** Registers a listener of status and listing changes; returns its removal. */
  subscribe(listener: () => void): () => void
  /** Every server's state, in the host's order: one array while nothing changes. */
  getSnapshot(): readonly McpServerState[]
  /**
   * Lists the servers (all, or `ids`) side by side and resolves, never
   * rejects, once each answered or `timeoutMs` passed for it: a slow one is
   * `slow` in the snapshot then, and its listing goes on. A server with a
   * sign-in it lacks is not listed (`signed-out`). `reload` asks the servers
   * even when a cached listing is fresh.
   */
  refresh(options?: { ids?: readonly string[] | undefined; timeoutMs?: number | undefined; signal?: AbortSignal | undefined; reload?: boolean | undefined }): Promise<readonly McpServerState[]>
  /**
   * From the person's click: opens the sign-in window of server `id` (call
   * it straight from the click handler, as `SignInStore.signIn`) and lists
   * the server, which asks for the sign-in the window then shows.
   */
  signIn(id: string): void
  /** Where a call of the MCP tool `name` of server `serverId` goes. */
  route(serverId: string, name: string): McpToolRoute
  /** The server and MCP tool a model's qualified name (`<id>__<tool>`) stands for, from the known listings. */
  resolve(modelName: string): { server: McpServerEntry; tool: Tool } | undefined
  /** The model's name of tool `name` of server `serverId` (as `qualifyToolNames` gives it over the server's known listing). */
  modelName(serverId: string, name: string): string
  /** For `McpAppsProvider`'s `sandbox`: the sandbox of the entry whose client has the URL `server.url`. Throws when it has none (the app's fallback shows). */
  readonly sandbox: (server: { url: string }) => string | URL
  /** Questions the servers ask outside any call (an external store). */
  readonly questions: { subscribe(listener: () => void): () => void; getSnapshot(): readonly McpServerQuestion[] }
  /** Stops listening to the sign-in stores, gives the clients back their own handlers, cancels open questions. */
  dispose(): void
}

/**
 * Builds the set over `entries` (create it once, outside render). Throws an
 * `McpArgumentError` for an id that is not a server id or is given twice.
 * @example
 * ```ts
 * const servers = createServerSet([
 *   { id: 'tools', name: 'Company tools', client: createClient('https://tools.example.com/mcp') },
 *   { id: 'calendar', name: 'Calendar', client: calendarClient, signIn: calendarSignIn },
 * ])
 * ```
 */
export function createServerSet(entries: readonly McpServerEntry[], options: McpServerSetOptions = {}): McpServerSet {
  const storage = options.storage === null ? undefined : (options.storage ?? defaultListingStorage())
  const prefix = options.storageKey ?? 'mcp-elicit-servers:'
  const listTimeoutMs = options.listTimeoutMs ?? DEFAULT_LIST_TIMEOUT_MS
  const seen = new Set<string>()
  for (const entry of entries) {
    if (!isServerId(entry?.id)) throw new McpArgumentError(`A server id is a letter, then up to 23 letters, digits or "-" (it starts every tool's model name); got ${JSON.stringify(String(entry?.id).slice(0, 40))}`)
    if (seen.has(entry.id)) throw new McpArgumentError(`The server id "${entry.id}" is given twice: each server of a set needs its own`)
    seen.add(entry.id)
  }
  const kept = new Map<string, Kept>(
    entries.map((entry) => {
      const endpoint = endpointKey(entry.client.url)
      const tools = loadListing(storage, prefix + entry.id, endpoint)
      const signedIn = entry.signIn ? safely(() => entry.signIn!.isSignedIn(endpoint), false) : true
      return [entry.id, { entry, endpoint, tools, fresh: false, error: undefined, listing: undefined, token: undefined, slow: false, refused: !signedIn, signedIn }]
    }),
  )
  const listeners = new Set<() => void>()
  let snapshot: readonly McpServerState[] = []
  let disposed = false
  const emit = () => {
    snapshot = [...kept.values()].map(stateOf)
    notify(listeners)
  }

  /** Starts a listing of `server` unless one is in flight (or it lacks its sign-in and `force` is not set). */
  function list(server: Kept, reload: boolean, force = false): Promise<void> | undefined {
    if (disposed) return undefined
    if (server.listing) return server.listing
    if (server.entry.signIn && !force && !safely(() => server.entry.signIn!.isSignedIn(server.endpoint), false)) {
      server.refused = true
      return undefined
    }
    const token = {}
    const mine = () => server.token === token
    const listing = server.entry.client
      .listTools(reload ? { reload: true } : {})
      .then(
        (tools) => {
          if (!mine()) return
          server.tools = tools
          server.fresh = true
          server.error = undefined
          server.refused = false
          if (!saveListing(storage, prefix + server.entry.id, server.endpoint, tools)) server.entry.client.warn(`The tool listing of ${server.entry.id} is not kept across a reload (too large, or the storage refused it)`)
        },
        (error: unknown) => {
          if (!mine()) return
          server.error = error
          server.refused = isSignInRefusal(error)
        },
      )
      .finally(() => {
        if (!mine()) return
        server.listing = undefined
        server.token = undefined
        server.slow = false
        if (!disposed) emit()
      })
    server.token = token
    server.listing = listing
    server.refused = false
    server.slow = false
    emit()
    return listing
  }

  const questions = new ServerQuestions()
  const installed: McpServerEntry[] = []
  if (options.outsideCalls !== false) {
    for (const entry of entries) {
      if (entry.client.onInputRequests) continue
      entry.client.onInputRequests = questions.handlerFor({ id: entry.id, name: entry.name, url: entry.client.url })
      installed.push(entry)
    }
  }

  // A sign-in made anywhere (a tool part's card, another tab's tokens) or a sign-out changes what the model may be offered.
  const stores = [...new Set(entries.flatMap((entry) => (entry.signIn ? [entry.signIn] : [])))]
  const unsubscribe = stores.map((store) =>
    store.subscribe(() => {
      if (disposed) return
      for (const server of kept.values()) {
        if (server.entry.signIn !== store) continue
        const signedIn = safely(() => store.isSignedIn(server.endpoint), false)
        const was = server.signedIn
        server.signedIn = signedIn
        if (signedIn && !was && !server.listing) void list(server, true)
        else if (!signedIn && was && !server.listing) server.refused = true
      }
      emit()
    }),
  )
  snapshot = [...kept.values()].map(stateOf)

  const set: McpServerSet = {
    entries: [...entries],
    get: (id) => kept.get(id)?.entry,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
    async refresh(refreshOptions = {}) {
      const ids = refreshOptions.ids
      const timeoutMs = refreshOptions.timeoutMs ?? listTimeoutMs
      const waits = [...kept.values()]
        .filter((server) => !ids || ids.includes(server.entry.id))
        .map((server) => {
          const listing = list(server, refreshOptions.reload === true)
          return listing ? within(listing, timeoutMs, refreshOptions.signal).then((inTime) => {
            if (!inTime && server.listing === listing) {
              server.slow = true
              emit()
            }
          }) : undefined
        })
      await Promise.all(waits)
      return snapshot
    },
    signIn(id) {
      const server = kept.get(id)
      if (!server) return
      // First, inside the click: a window opened after anything asynchronous is blocked.
      server.entry.signIn?.signIn(server.endpoint)
      void list(server, true, true)
    },
    route(serverId, name) {
      const server = kept.get(serverId)
      if (!server) return { status: 'no-server' }
      if (!server.tools) return { status: 'unlisted', server: server.entry }
      const tool = server.tools.find((candidate) => candidate.name === name)
      return tool ? { status: 'found', server: server.entry, tool } : { status: 'no-tool', server: server.entry }
    },
    resolve(modelName) {
      for (const server of kept.values()) {
        if (!server.tools || !modelName.startsWith(`${server.entry.id}__`)) continue
        const names = qualifyToolNames(server.entry.id, server.tools.map((tool) => tool.name))
        const index = names.indexOf(modelName)
        if (index >= 0) return { server: server.entry, tool: server.tools[index]! }
      }
      return undefined
    },
    modelName(serverId, name) {
      const tools = kept.get(serverId)?.tools ?? []
      const names = tools.map((tool) => tool.name)
      if (!names.includes(name)) names.push(name)
      return qualifyToolNames(serverId, names)[names.indexOf(name)]!
    },
    sandbox: (server) => {
      const found = entries.find((entry) => sameEndpoint(entry.client.url, server.url))
      if (!found?.sandbox) throw new McpArgumentError(`No sandbox for the apps of ${found ? found.id : 'a server outside the set'}: give its entry a sandbox page on a host name of its own`)
      return found.sandbox
    },
    questions,
    dispose() {
      if (disposed) return
      disposed = true
      unsubscribe.forEach((stop) => stop())
      questions.dismissAll()
      for (const entry of installed) entry.client.onInputRequests = undefined
      listeners.clear()
    },
  }
  return set
}

/** Resolves true once `promise` settled, false once `timeoutMs` passed or `signal` aborted first. */
function within(promise: Promise<void>, timeoutMs: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    if (signal?.aborted) return resolve(false)
    const timer = setTimeout(() => done(false), Math.max(0, timeoutMs))
    const stop = () => done(false)
    const done = (inTime: boolean) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
      resolve(inTime)
    }
    signal?.addEventListener('abort', stop, { once: true })
    promise.then(
      () => done(true),
      () => done(true),
    )
  })
}

/** `read()`, or `fallback` when it throws (a host's store is the host's code). */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}
