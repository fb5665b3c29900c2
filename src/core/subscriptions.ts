/**
 * Change notifications for one client: list changes and resource updates,
 * through ONE listener however many parts of the page watch. Each watcher
 * says what it cares about; the listener asks the server for the union, and
 * opens anew (at the next microtask, so a burst of watches costs one
 * request) when the union changes.
 *
 * In 2026-07-28 the listener is a `subscriptions/listen` request whose
 * stream stays open; a stream that drops is reopened within the transport's
 * caps (the server's `retry:` range, backoff with jitter, `maxReconnects`
 * failures in a row), and since changes may have been missed meanwhile,
 * every watcher then hears that its things changed. In 2025-11-25 list
 * changes arrive on the session's GET stream and resources are subscribed
 * with `resources/subscribe`.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/subscriptions
 */
import type { RequestOptions } from './client-options.js'
import type { Connection } from './connection.js'
import { RpcErrorCode, isMcpHttpError, isMcpProtocolError } from './errors.js'
import { WAY_OUT_TIMEOUT_MS, type Limits } from './limits.js'
import { keepConnected } from './reconnect.js'
import type { JsonObject, JsonRpcNotification, McpResult } from './types.js'
import { isObject } from './server-values.js'
import { changeOf, type ChangeFilter, type McpChange } from './changes.js'

export type { ChangeFilter, McpChange } from './changes.js'

/** The wire filter of `subscriptions/listen`. */
export interface ListenFilter {
  toolsListChanged?: true
  promptsListChanged?: true
  resourcesListChanged?: true
  resourceSubscriptions?: string[]
}

export interface ListenerDeps {
  /**
   * Opens the stream and resolves when it ends (the server's closing
   * response) or rejects when it breaks; `onAck` gets the filter the server
   * agreed to.
   */
  listen: (filter: ListenFilter, signal: AbortSignal, on: { notification: (n: JsonRpcNotification) => void; ack: (agreed: JsonObject) => void }) => Promise<void>
  /** Every change heard, before the watchers hear it (the client drops cached lists here). */
  onChange: (change: McpChange) => void
  warn: (message: string) => void
  limits: Limits
  /** True when an error means the server offers no `subscriptions/listen`: no reconnects then. */
  isUnsupported: (error: unknown) => boolean
}

interface Watcher {
  filter: ChangeFilter
  listener: (change: McpChange) => void
}

function wants(filter: ChangeFilter, change: McpChange): boolean {
  if (change.type === 'tools_changed') return filter.tools === true
  if (change.type === 'prompts_changed') return filter.prompts === true
  if (change.type === 'resources_changed') return filter.resources === true
  return filter.resourceUris?.includes(change.uri) === true
}

/** The union of every watcher's filter, as the wire wants it (stable order, so equal unions compare equal). */
export function unionFilter(filters: Iterable<ChangeFilter>): ListenFilter {
  const union: ListenFilter = {}
  const uris = new Set<string>()
  for (const filter of filters) {
    if (filter.tools) union.toolsListChanged = true
    if (filter.prompts) union.promptsListChanged = true
    if (filter.resources) union.resourcesListChanged = true
    for (const uri of filter.resourceUris ?? []) if (typeof uri === 'string') uris.add(uri)
  }
  if (uris.size > 0) union.resourceSubscriptions = [...uris].sort()
  return union
}

/** Every change a filter covers: what a watcher may have missed while the stream was down. */
function everything(filter: ListenFilter): McpChange[] {
  const changes: McpChange[] = []
  if (filter.toolsListChanged) changes.push({ type: 'tools_changed' })
  if (filter.promptsListChanged) changes.push({ type: 'prompts_changed' })
  if (filter.resourcesListChanged) changes.push({ type: 'resources_changed' })
  for (const uri of filter.resourceSubscriptions ?? []) changes.push({ type: 'resource_updated', uri })
  return changes
}

export class ChangeListener {
  #deps: ListenerDeps
  #watchers = new Set<Watcher>()
  #running: { key: string; controller: AbortController } | undefined
  #scheduled = false
  /** Set once the server showed it has no `subscriptions/listen`: nothing is opened again. */
  #unsupported = false

  constructor(deps: ListenerDeps) {
    this.#deps = deps
  }

  /** Adds a watcher; returns its removal. */
  watch(filter: ChangeFilter, listener: (change: McpChange) => void): () => void {
    const watcher: Watcher = { filter: { ...filter, resourceUris: filter.resourceUris ? [...filter.resourceUris] : undefined }, listener }
    this.#watchers.add(watcher)
    this.#schedule()
    return () => {
      if (this.#watchers.delete(watcher)) this.#schedule()
    }
  }

  get watching(): boolean {
    return this.#running !== undefined
  }

  /** Hands a notification to the watchers that want it; true when it was a change. */
  deliver(notification: JsonRpcNotification): boolean {
    const change = changeOf(notification)
    if (!change) return false
    this.#emit(change)
    return true
  }

  #emit(change: McpChange): void {
    this.#deps.onChange(change)
    for (const watcher of [...this.#watchers]) {
      if (!wants(watcher.filter, change)) continue
      try {
        watcher.listener(change)
      } catch (error) {
        this.#deps.warn(`A change listener threw: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    queueMicrotask(() => {
      this.#scheduled = false
      this.#reconcile()
    })
  }

  #reconcile(): void {
    const filter = unionFilter([...this.#watchers].map((w) => w.filter))
    const key = JSON.stringify(filter)
    if (this.#running?.key === key) return
    this.#running?.controller.abort()
    this.#running = undefined
    if (key === '{}' || this.#unsupported) return
    const controller = new AbortController()
    this.#running = { key, controller }
    void this.#run(filter, controller.signal)
  }

  async #run(filter: ListenFilter, signal: AbortSignal): Promise<void> {
    let dropped = false
    let warned = false
    const outcome = await keepConnected({
      signal,
      limits: this.#deps.limits,
      retryMs: () => this.#deps.limits.minRetryMs,
      connect: async () => {
        try {
          await this.#deps.listen(filter, signal, {
            notification: (notification) => this.deliver(notification),
            ack: (agreed) => {
              if (!warned) {
                const missing = everything(filter).filter((change) => !everything(agreedFilter(agreed)).some((c) => JSON.stringify(c) === JSON.stringify(change)))
                if (missing.length > 0) this.#deps.warn(`The server does not send ${missing.map(describe).join(', ')}`)
                warned = true
              }
              // Back after a drop: whatever changed meanwhile was not heard.
              if (dropped) for (const change of everything(filter)) this.#emit(change)
            },
          })
        } catch (error) {
          if (!signal.aborted && this.#deps.isUnsupported(error)) {
            this.#unsupported = true
            this.#deps.warn(`The server offers no change notifications (${error instanceof Error ? error.message : String(error)})`)
            return 'stop'
          }
        } finally {
          dropped = true
        }
      },
    })
    if (outcome === 'gave-up') this.#deps.warn(`subscriptions/listen failed ${this.#deps.limits.maxReconnects} times in a row; change notifications stop`)
  }

  /** Stops listening and forgets every watcher. */
  close(): void {
    this.#watchers.clear()
    this.#running?.controller.abort()
    this.#running = undefined
  }
}

function agreedFilter(agreed: JsonObject): ListenFilter {
  const filter: ListenFilter = {}
  if (agreed.toolsListChanged === true) filter.toolsListChanged = true
  if (agreed.promptsListChanged === true) filter.promptsListChanged = true
  if (agreed.resourcesListChanged === true) filter.resourcesListChanged = true
  if (Array.isArray(agreed.resourceSubscriptions)) filter.resourceSubscriptions = agreed.resourceSubscriptions.filter((u): u is string => typeof u === 'string')
  return filter
}

function describe(change: McpChange): string {
  return change.type === 'resource_updated' ? `updates of ${change.uri}` : change.type.replace('_', ' ')
}

/** What a client's listener speaks through. */
export interface ListenWiring {
  connect: (signal: AbortSignal) => Promise<Connection>
  /** A request of the client: a legacy session's `resources/subscribe` and `resources/unsubscribe`. */
  request: (method: string, params: JsonObject, options: RequestOptions) => Promise<McpResult>
}

/** A client's listener stream ({@link ListenerDeps.listen}): `subscriptions/listen`, or resource subscriptions of a legacy session. */
export function listenThrough(wiring: ListenWiring): ListenerDeps['listen'] {
  return async (filter, signal, on) => {
    const connection = await wiring.connect(signal)
    if (connection.era === 'legacy') {
      const uris = filter.resourceSubscriptions ?? []
      await Promise.all(uris.map((uri) => wiring.request('resources/subscribe', { uri }, { signal })))
      on.ack({ ...filter })
      // List changes and updates arrive on the session's GET stream; this listener just holds the subscriptions.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
      for (const uri of uris) void wiring.request('resources/unsubscribe', { uri }, { timeoutMs: WAY_OUT_TIMEOUT_MS }).catch(() => {})
      return
    }
    await connection.request('subscriptions/listen', { notifications: { ...filter } }, {
      signal,
      once: true,
      onNotification: (notification) => {
        if (notification.method === 'notifications/subscriptions/acknowledged') {
          const agreed = notification.params?.notifications
          on.ack(isObject(agreed) ? agreed : {})
        } else on.notification(notification)
      },
    })
  }
}

/** Whether an error says the server offers no `subscriptions/listen` ({@link ListenerDeps.isUnsupported}). */
export function isListenUnsupported(error: unknown): boolean {
  return (
    (isMcpProtocolError(error) && (error.code === RpcErrorCode.MethodNotFound || error.code === RpcErrorCode.MissingRequiredClientCapability)) ||
    (isMcpHttpError(error) && (error.status === 404 || error.status === 405))
  )
}

