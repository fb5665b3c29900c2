/**
 * The tools a view may reach, as its server lists them: the listing, not the
 * view, says which tools exist and which are open to apps
 * (`_meta.ui.visibility`). A view that polls a tool every two seconds (the
 * official system monitor does) must not cost a `tools/list` before each
 * call, so the listing is kept per view:
 *
 * - taken from the client (`listTools`: its cache while fresh), once;
 * - dropped when the server says its tools changed (the client's change
 *   notifications, `watch({ tools: true })`), so a tool closed to apps is
 *   refused from then on;
 * - taken anew, once, for a name it lacks (a tool added by a server that
 *   sends no notifications);
 * - dropped with the view.
 *
 * A client without `watch` hears of no change: each call lists, as before.
 */
import { McpCancelledError, type Tool } from '../core/index.js'
import type { AppBridgeClient } from './bridge-options.js'

/** Resolves as `promise` does, or rejects with `McpCancelledError` when `signal` aborts first. */
function until<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new McpCancelledError({ cause: signal.reason }))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new McpCancelledError({ cause: signal.reason }))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export class AppToolListing {
  readonly #client: AppBridgeClient
  /** The whole view's: a listing many calls share is not stopped by one of them being cancelled. */
  readonly #lifetime = new AbortController()
  #listing: Promise<Tool[]> | undefined
  #stopWatching: (() => void) | undefined

  constructor(client: AppBridgeClient) {
    this.#client = client
  }

  /** The server's tools, from the kept listing. */
  tools(signal: AbortSignal): Promise<Tool[]> {
    return until(this.#kept(false), signal)
  }

  /** The tool named so, from the kept listing, else from a new one. */
  async find(name: string, signal: AbortSignal): Promise<Tool | undefined> {
    const kept = await this.tools(signal)
    return kept.find((tool) => tool.name === name) ?? (await until(this.#kept(true), signal)).find((tool) => tool.name === name)
  }

  /** The view is gone: no more listings, no more watching. */
  close(): void {
    this.#lifetime.abort()
    this.#stopWatching?.()
    this.#stopWatching = undefined
    this.#listing = undefined
  }

  #kept(reload: boolean): Promise<Tool[]> {
    const watch = this.#client.watch
    if (!watch) return this.#client.listTools({ signal: this.#lifetime.signal })
    if (this.#lifetime.signal.aborted) return Promise.reject(new McpCancelledError({ cause: this.#lifetime.signal.reason }))
    this.#stopWatching ??= watch.call(this.#client, { tools: true }, () => (this.#listing = undefined))
    if (this.#listing && !reload) return this.#listing
    const listing = this.#client.listTools({ signal: this.#lifetime.signal, reload })
    this.#listing = listing
    // A listing that failed is not kept: the next call asks again.
    listing.catch(() => {
      if (this.#listing === listing) this.#listing = undefined
    })
    return listing
  }
}
