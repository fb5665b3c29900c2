/**
 * The public client: one MCP endpoint, any era. A facade: it puts a call
 * together from the modules that do the work, each one concern: which
 * connection it speaks through and retrying on another (connector.ts), the
 * round loop (input-loop.ts), who answers a question (input-routing.ts),
 * listings and `Mcp-Param-*` headers (listings.ts), tasks (task-client.ts),
 * change notifications (subscriptions.ts), a request's progress and log
 * callbacks (request-callbacks.ts), the result cache (cache-handle.ts).
 *
 * What a page may never need loads the first time it is needed, as chunks
 * of their own that any bundler splits: the 2025-11-25 era (connector.ts),
 * tasks (a call answered with a task, or `getTask` and friends), the
 * change listener (the first `watch()`), the auth provider's hook (the
 * first request of a client given `auth`), the listings with the
 * `Mcp-Param-*` headers (the first listing, or the first -32020) and the
 * result cache (the first listing or read, alongside its request, which
 * does not wait for it: cache-handle.ts).
 */
import type { AuthProvider } from './auth-hook.js'
import type { CallOptions, ClientOptions, InputHandler, ListOptions, RequestOptions } from './client-options.js'
import type { ConnectionContext, SendOptions } from './connection.js'
import { Connector } from './connector.js'
import { DEFAULT_MAX_ROUNDS, runInputLoop } from './input-loop.js'
import type { OriginalRequest } from './input-round.js'
import { InputRouting } from './input-routing.js'
import type { LegacyConnection } from './legacy-connection.js'
import type { Listings } from './listings.js'
import { loadChunk, loadOnce } from './load-chunk.js'
import { META_SERVER_INFO } from './modern-connection.js'
import { isMcpProtocolError, RpcErrorCode } from './errors.js'
import { askForCallbacks, deliverNotification } from './request-callbacks.js'
import { CacheHandle } from './cache-handle.js'
import { readKey, staleKeys } from './cache-keys.js'
import type { ChangeFilter, McpChange } from './changes.js'
import type { ChangeListener } from './subscriptions.js'
import { resolveLimits } from './limits.js'
import { linkSignal } from './signals.js'
import type { Era, Implementation, InputResponses, JsonObject, JsonRpcNotification, McpResult, MrtrMethod, Tool } from './types.js'

export type { CallOptions, ClientOptions, InputContext, InputHandler, ListOptions, RequestOptions } from './client-options.js'
export type { ChangeFilter, McpChange } from './changes.js'

/** The listings' module (listings.ts), once a client of the page loaded it. */
let listingsModule: typeof import('./listings.js') | undefined
const loadListings = loadOnce(() => import('./listings.js').then((module) => (listingsModule = module)))

export class McpClient {
  readonly url: string
  #options: ClientOptions
  #context: ConnectionContext
  #connector: Connector
  #cache: CacheHandle | undefined
  /** Made once the listings' module is there (see {@link #listingsNow}). */
  #listings: Listings | undefined
  /** The change listener, once the first `watch()` loaded it. */
  #changes: ChangeListener | undefined
  #routing: InputRouting
  #requestIds = 0
  #progressTokens = 0

  constructor(url: string | URL, options: ClientOptions = {}) {
    this.url = String(url)
    this.#options = options
    const headers = options.headers
    // Called as a plain function: a native fetch passed in unbound (`fetch: window.fetch`)
    // throws "Illegal invocation" when called as a method of another object.
    const plainFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)
    this.#context = {
      url: this.url,
      fetch: options.auth ? authorizing(plainFetch, options.auth, this.url) : plainFetch,
      clientInfo: options.clientInfo ?? { name: 'mcp-elicit', version: '0.1.0' },
      capabilities: (options.capabilities ?? {}) as JsonObject,
      headers: async () => (typeof headers === 'function' ? headers() : headers),
      nextId: () => ++this.#requestIds,
      warn: options.onWarning ?? ((message) => console.warn(`[mcp-elicit] ${message}`)),
      limits: resolveLimits(options.limits),
      timeoutMs: options.timeoutMs,
    }
    this.#cache = options.cache === false ? undefined : new CacheHandle({ url: this.url, headers: this.#context.headers, auth: options.auth }, this.#context.warn)
    this.#routing = new InputRouting(options.onInputRequests, { url: this.url, serverInfo: () => this.serverInfo })
    this.#connector = new Connector(this.#context, options.protocolVersion ?? 'auto', {
      routing: this.#routing,
      onNotification: (notification) => this.#deliver(notification, undefined, {}),
      // A legacy session's GET stream carries list changes and resource updates too.
      onChange: (change, notification) => (this.#changes ? this.#changes.deliver(notification) : this.#changed(change)),
    })
  }

  /** A change makes what the cache holds for it stale. */
  #changed(change: McpChange): void {
    staleKeys(change).forEach((key) => this.#cache?.expire(key))
  }

  /**
   * This client's listings, made at once when the listings' module is in the
   * page (this or another client loaded it: a listing of the endpoint may be
   * in the shared cache), else nothing: no listing was ever obtained.
   */
  #listingsNow(): Listings | undefined {
    return (this.#listings ??= listingsModule && new listingsModule.Listings({ request: (method, params, options) => this.request(method, params, options), cache: this.#cache, warn: this.#context.warn, timeoutMs: this.#options.timeoutMs }))
  }

  /** This client's listings, their module loaded first if needed (an `McpNetworkError` when it cannot be). */
  async #loadedListings(): Promise<Listings> {
    await loadChunk('the listings', loadListings, { url: this.url })
    return this.#listingsNow()!
  }

  /** The change listener, loaded (subscriptions.ts) and made on first use. */
  #changeListener = loadOnce(() =>
    loadChunk('the change listener', () => import('./subscriptions.js'), { url: this.url }).then(({ ChangeListener, isListenUnsupported, listenThrough }) => {
      this.#changes = new ChangeListener({
        // In the background: a hung probe that every call gave up on is dropped, though the listener still waits for it.
        listen: listenThrough({ connect: (signal) => this.#connector.connect(signal, true), request: (method, params, options) => this.request(method, params, options) }),
        onChange: (change) => this.#changed(change),
        warn: this.#context.warn,
        limits: this.#context.limits,
        isUnsupported: isListenUnsupported,
      })
      return this.#changes
    }),
  )

  /** The tasks extension's side of the client (task-client.ts), loaded on first use. */
  #taskClient = loadOnce(() =>
    loadChunk('tasks', () => import('./task-client.js'), { url: this.url }).then(
      ({ TaskClient }) =>
        new TaskClient({
          url: this.url,
          capabilities: this.#context.capabilities,
          limits: this.#context.limits,
          timeoutMs: this.#options.timeoutMs,
          connector: this.#connector,
          routing: this.#routing,
          request: (method, params, options) => this.#request(method, params, options),
          serverInfo: () => this.serverInfo,
        }),
    ),
  )

  /** The era in use, once the first request has settled it. */
  get era(): Era | undefined {
    return this.#connector.current?.era
  }

  /** The MCP revision in use (`'2026-07-28'`, `'2025-11-25'`…), once the first request has settled it; undefined before. */
  get protocolVersion(): string | undefined {
    return this.#connector.current?.protocolVersion
  }

  /**
   * The answerer of the input requests no call answers for itself: the
   * `onInputRequests` option, which may be set later (a set of servers,
   * `createServerSet`, fills it in for a client created without one, to show
   * what a 2025-11-25 server pushes outside any call). Setting it replaces
   * the option's handler from the next question on.
   */
  get onInputRequests(): InputHandler | undefined {
    return this.#routing.client
  }

  set onInputRequests(handler: InputHandler | undefined) {
    this.#routing.client = handler
  }

  /** Reports through the client's `onWarning` (for helpers built on it, such as `CallObserver`). */
  warn(message: string): void {
    this.#context.warn(message)
  }

  /** `serverInfo` from the server's latest answer that carried one. */
  get serverInfo(): Implementation | undefined {
    return this.#connector.current?.serverInfo
  }

  /** One request, one answer: no round loop. */
  request(method: string, params: JsonObject = {}, options: RequestOptions = {}): Promise<McpResult> {
    return this.#request(method, params, options)
  }

  async #request(method: string, params: JsonObject, options: RequestOptions & Pick<SendOptions, 'paramHeaders' | 'input'>): Promise<McpResult> {
    const link = linkSignal(options.signal, options.timeoutMs ?? this.#options.timeoutMs)
    const { params: sendParams, token } = askForCallbacks(params, options, () => `mcp-elicit-${++this.#progressTokens}`)
    try {
      return await this.#connector.request(method, sendParams, {
        signal: link.signal,
        holdTimeout: link.hold,
        paramHeaders: options.paramHeaders,
        input: options.input,
        onNotification: (notification) => this.#deliver(notification, token, options),
      })
    } finally {
      link.dispose()
    }
  }

  /** Progress and log messages to the request's callbacks; the rest to the client's `onNotification`. */
  #deliver(notification: JsonRpcNotification, token: string | undefined, options: RequestOptions): void {
    deliverNotification(notification, token, options, this.#options.onNotification, this.#context.warn)
  }

  /**
   * `server/discover`: versions, capabilities, server info, instructions. A
   * legacy server has no such method: what its `initialize` said stands in.
   */
  async discover(options: RequestOptions = {}): Promise<McpResult> {
    const link = linkSignal(options.signal ?? this.#connector.closedSignal, options.timeoutMs ?? this.#options.timeoutMs)
    try {
      const connection = await this.#connector.connect(link.signal)
      if (connection.era === 'legacy') {
        const initialized = await (connection as LegacyConnection).start(link.signal)
        const { protocolVersion, serverInfo, ...rest } = initialized
        return { ...rest, supportedVersions: [protocolVersion], _meta: { [META_SERVER_INFO]: serverInfo } }
      }
    } finally {
      link.dispose()
    }
    if (this.#connector.discovery) return this.#connector.discovery
    return (this.#connector.discovery = await this.request('server/discover', {}, options))
  }

  /**
   * Every tool, all pages; from the cache while the listing is fresh by its
   * `ttlMs` (`reload: true` asks anyway). Tools whose `x-mcp-header`
   * annotations are invalid are left out, with a warning naming the tool and
   * the reason.
   */
  async listTools(options: ListOptions = {}): Promise<Tool[]> {
    return (await this.#loadedListings()).tools(options)
  }

  async listPrompts(options: ListOptions = {}): Promise<JsonObject[]> {
    return (await this.#loadedListings()).list('prompts/list', 'prompts', options)
  }

  async listResources(options: ListOptions = {}): Promise<JsonObject[]> {
    return (await this.#loadedListings()).list('resources/list', 'resources', options)
  }

  async listResourceTemplates(options: ListOptions = {}): Promise<JsonObject[]> {
    return (await this.#loadedListings()).list('resources/templates/list', 'resourceTemplates', options)
  }

  /**
   * Hears about changes: list changes and updates of the resources named in
   * `filter`. Every watcher of the client shares one listener
   * (`subscriptions/listen`, or a legacy session's own streams); a change
   * also drops what the cache holds for it, so the next `listTools` or
   * `readResource` asks the server. Returns the watcher's removal. The
   * listener's code loads with the first watch (a chunk of its own).
   */
  watch(filter: ChangeFilter, listener: (change: McpChange) => void): () => void {
    if (this.#changes) return this.#changes.watch(filter, listener)
    let removed = false
    let remove: (() => void) | undefined
    this.#changeListener().then(
      (changes) => {
        if (!removed) remove = changes.watch(filter, listener)
      },
      (error: unknown) => this.#context.warn(`Could not load the change listener: ${error instanceof Error ? error.message : String(error)}`),
    )
    return () => {
      removed = true
      remove?.()
    }
  }

  /** Forgets cached lists and reads (of every client of the endpoint). */
  clearCache(): void {
    this.#cache?.clear()
  }

  /** Calls a tool and answers every input round until the result is complete. */
  async callTool(name: string, args: JsonObject = {}, options: CallOptions = {}): Promise<McpResult> {
    return this.#run({ method: 'tools/call', params: { name, arguments: args } }, options)
  }

  getPrompt(name: string, args: Record<string, string> = {}, options: CallOptions = {}): Promise<McpResult> {
    return this.#run({ method: 'prompts/get', params: { name, arguments: args } }, options)
  }

  /**
   * Reads a resource through its input rounds. A read that needed no round is
   * kept per its `ttlMs` and comes from the cache while fresh (`reload: true`
   * asks anyway); an update heard through {@link watch} makes it stale.
   */
  async readResource(uri: string, options: CallOptions & { reload?: boolean | undefined } = {}): Promise<McpResult> {
    // The cache reads the credentials (which may wait on a sign-in in progress): the caller's deadline holds there
    // too; its clock stops while the read is out, which has deadlines of its own (and the person's time to answer).
    const link = linkSignal(options.signal, options.timeoutMs ?? this.#options.timeoutMs)
    try {
      const key = readKey(uri)
      const cached = options.reload || options.resume ? undefined : await this.#cache?.get<McpResult>(key, link.signal)
      if (cached?.fresh) return cached.value
      let rounds = 0
      const sentWith = this.#cache?.sending(link.signal)
      const release = link.hold()
      const result = await this.#run({ method: 'resources/read', params: { uri } }, {
        ...options,
        onEvent: (event) => {
          if (event.type === 'complete') rounds = event.rounds
          options.onEvent?.(event)
        },
      }).finally(release)
      // What the person answered may have shaped the content: only a read that asked nothing is kept.
      if (rounds === 0) await this.#cache?.put(key, result, [result], sentWith, link.signal)
      return result
    } finally {
      link.dispose()
    }
  }

  /** Runs any MRTR request (or resumes a saved round) through the loop. */
  async run(request: OriginalRequest, options: CallOptions = {}): Promise<McpResult> {
    return this.#run(request, options)
  }

  async #run(request: OriginalRequest, options: CallOptions): Promise<McpResult> {
    const maxRounds = options.maxRounds ?? this.#options.maxRounds ?? DEFAULT_MAX_ROUNDS
    const input = this.#routing.forCall(request.method, options.onInputRequests, maxRounds)
    const call = { request, options, input, maxRounds }
    const resumed = options.resumeTask
    if (resumed) {
      const tasks = await this.#taskClient()
      const result = await tasks.follow(call, { resume: resumed.taskId }, options.signal ?? this.#connector.closedSignal, resumed.answered)
      options.onEvent?.({ type: 'complete', result, rounds: 0 })
      return result
    }
    return runInputLoop({
      request,
      signal: options.signal,
      maxRounds: options.maxRounds ?? this.#options.maxRounds,
      pacingMs: options.pacingMs,
      onEvent: options.onEvent,
      resume: options.resume,
      // Only a tool call may become a task (tasks extension); for anything else it is an invalid answer.
      task: request.method === 'tools/call' ? async (result, { signal }) => (await this.#taskClient()).follow(call, { created: result }, signal) : undefined,
      send: (params, { signal }) => this.#sendMrtr(request.method, params, { ...options, signal, input }),
      fulfil: (requests, { round, signal, pending }) =>
        this.#routing.ask(input, requests, { round, signal, pending, era: this.era ?? 'modern', method: request.method, serverInfo: this.serverInfo }),
    })
  }

  /** `tasks/get`: the task as it stands, with its questions, result or error (tasks extension). */
  getTask(taskId: string, options: RequestOptions = {}): Promise<McpResult> {
    return this.#taskClient().then((tasks) => tasks.get(taskId, options))
  }

  /** `tasks/update`: answers to questions of a task, keyed as it asked them. */
  updateTask(taskId: string, inputResponses: InputResponses, options: RequestOptions = {}): Promise<McpResult> {
    return this.#taskClient().then((tasks) => tasks.update(taskId, inputResponses, options))
  }

  /**
   * `tasks/cancel`: asks the server to stop a task (it may finish anyway).
   * Bounded by the client's `timeoutMs`, or 10 s, so a call stopped on the
   * way out never leaves a request hanging.
   */
  cancelTask(taskId: string, options: RequestOptions = {}): Promise<McpResult> {
    return this.#taskClient().then((tasks) => tasks.cancel(taskId, options))
  }

  /**
   * One request of a call's round loop; a tool call on a modern connection
   * carries the `Mcp-Param-*` headers of the latest listing. With none ever
   * obtained it goes out without them (SEP-2243); a server that needs them
   * answers -32020, and the call is sent once more after a listing.
   */
  async #sendMrtr(method: MrtrMethod, params: JsonObject, options: RequestOptions & Pick<SendOptions, 'input'>): Promise<McpResult> {
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs
    // The connection and a tools/list that a -32020 or a stale listing calls for are this call's requests too:
    // one deadline holds for all of them together (each page of a listing bounded too), not a new one per page.
    // The call itself has a deadline of its own, so the clock stops while it is out.
    const link = linkSignal(options.signal ?? this.#connector.closedSignal, timeoutMs)
    try {
      const connection = await this.#connector.connect(link.signal)
      if (method !== 'tools/call' || connection.era === 'legacy') return await this.#request(method, params, options)
      const name = String(params.name)
      const args = params.arguments as JsonObject | undefined
      const send = async (paramHeaders: Record<string, string>) => {
        const release = link.hold()
        try {
          return await this.#request(method, params, { ...options, paramHeaders })
        } finally {
          release()
        }
      }
      const listingOptions = { signal: link.signal, timeoutMs }
      const listings = this.#listingsNow()
      try {
        return await send(listings ? await listings.headersFor(name, args, listingOptions) : {})
      } catch (error) {
        if (!isMcpProtocolError(error) || error.code !== RpcErrorCode.HeaderMismatch) throw error
        return await send(await (await this.#loadedListings()).afterMismatch(name, args, listingOptions))
      }
    } finally {
      link.dispose()
    }
  }

  /** Ends the connection (a legacy session is deleted on the server) and the change listener. */
  async close(): Promise<void> {
    this.#changes?.close()
    await this.#connector.close()
  }
}

/**
 * The fetch of a client given `auth`: the provider's credentials and
 * challenges (auth-hook.ts), loaded with its first request, which waits for
 * it. A hook that cannot be loaded fails that request (nothing is sent
 * without the credentials) and is fetched again by the next.
 */
function authorizing(fetch: typeof globalThis.fetch, auth: AuthProvider, url: string): typeof globalThis.fetch {
  const hook = loadOnce(() => loadChunk('the authorization hook', () => import('./auth-hook.js'), { url }).then(({ authorizedFetch }) => authorizedFetch(fetch, auth, url)))
  return async (input, init) => (await hook())(input, init)
}

/** Creates a client for one MCP endpoint. */
export function createClient(url: string | URL, options?: ClientOptions): McpClient {
  return new McpClient(url, options)
}
