/**
 * The public client: one MCP endpoint, any era. It owns the choice of
 * connection and the tool list (for `Mcp-Param-*` headers); the round loop
 * and the wire live in their own modules.
 */
import type { Connection, ConnectionContext, SendOptions } from './connection'
import { McpArgumentError, McpInputError, RpcErrorCode, isMcpProtocolError, isMcpSessionError } from './errors'
import { decideEra, eraCache, isLegacySignal, type EraDecision } from './era-detection'
import { abortable } from './input-loop'
import { LegacyConnection } from './legacy-connection'
import type { ServerInputHandler } from './server-requests'
import { runInputLoop, type InputLoopEvent } from './input-loop'
import type { OriginalRequest, PendingRound } from './input-round'
import { META_LOG_LEVEL, META_SERVER_INFO, ModernConnection } from './modern-connection'
import { checkToolHeaders, paramHeaders, type ParamHeaderBinding } from './tool-headers'
import { MODERN_PROTOCOL_VERSION, type ClientCapabilities, type Era, type Implementation, type InputRequests, type InputResponses, type JsonObject, type JsonRpcNotification, type LogMessage, type McpResult, type MrtrMethod, type Progress, type ProtocolVersionOption, type Tool } from './types'
import { linkSignal } from './signals'
import { LEGACY_VERSIONS, SUPPORTED_VERSIONS, eraOf, pickMutualVersion } from './version'

/** What an input handler learns about the round it answers. */
export interface InputContext {
  /** 1 for the first round of a call. Legacy server-sent requests count as rounds too. */
  round: number
  signal: AbortSignal
  era: Era
  method: MrtrMethod
  serverInfo: Implementation | undefined
  /** The saved round (modern era), for UIs that persist it. */
  pending?: PendingRound | undefined
}

/**
 * Answers every input request of a round, keyed as asked: `ElicitResult`
 * for `elicitation/create`, `CreateMessageResult` for `sampling/createMessage`,
 * `ListRootsResult` for `roots/list`. Called the same way in both eras.
 */
export type InputHandler = (requests: InputRequests, context: InputContext) => Promise<InputResponses>

export interface ClientOptions {
  /** @defaultValue `{ name: 'mcp-elicit', version: '0.1.0' }` */
  clientInfo?: Implementation
  /**
   * What the app handles. Declare only what is answered: servers skip
   * questions a client cannot take.
   * @defaultValue `{}`
   * @example `{ elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }`
   */
  capabilities?: ClientCapabilities
  /** @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch
  /** Extra headers for every request, e.g. `Authorization`; a function is called per request. */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>)
  /** @defaultValue `'auto'` */
  protocolVersion?: ProtocolVersionOption
  /** The default answerer of input requests for every call. */
  onInputRequests?: InputHandler
  /** @defaultValue 10 */
  maxRounds?: number
  /** Notifications no call claimed. */
  onNotification?: (notification: JsonRpcNotification) => void
  /** @defaultValue `console.warn` */
  onWarning?: (message: string) => void
}

export interface RequestOptions {
  signal?: AbortSignal | undefined
  /** Fails the request with `McpTimeoutError` after this many ms (waiting for a person not counted). */
  timeoutMs?: number | undefined
  onProgress?: ((progress: Progress) => void) | undefined
  onLog?: ((message: LogMessage) => void) | undefined
  /**
   * The least severe log level the server may send for this request; servers
   * send no log messages without it.
   * @defaultValue `'info'` when `onLog` is given
   */
  logLevel?: string | undefined
}

export interface CallOptions extends RequestOptions {
  /** Answers this call's input requests; falls back to the client's handler. */
  onInputRequests?: InputHandler | undefined
  /** @defaultValue the client's `maxRounds` */
  maxRounds?: number | undefined
  /** Delay before retrying a requestState-only round. @defaultValue 0 */
  pacingMs?: number | undefined
  /** Transitions of the round loop, for UIs. */
  onEvent?: ((event: InputLoopEvent) => void) | undefined
  /** Continue from a saved round instead of starting over. */
  resume?: { pending: PendingRound; responses?: InputResponses | undefined } | undefined
}

const MAX_PAGES = 100

export class McpClient {
  readonly url: string
  #options: ClientOptions
  #context: ConnectionContext
  #connection: Connection | undefined
  #connecting: Promise<Connection> | undefined
  #fromCache = false
  #discovery: McpResult | undefined
  #closed = new AbortController()
  #tools = new Map<string, ParamHeaderBinding[]>()
  #toolsListed = false
  #ids = 0
  #tokens = 0

  constructor(url: string | URL, options: ClientOptions = {}) {
    this.url = String(url)
    this.#options = options
    const headers = options.headers
    this.#context = {
      url: this.url,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      clientInfo: options.clientInfo ?? { name: 'mcp-elicit', version: '0.1.0' },
      capabilities: (options.capabilities ?? {}) as JsonObject,
      headers: async () => (typeof headers === 'function' ? headers() : headers),
      nextId: () => ++this.#ids,
      warn: options.onWarning ?? ((message) => console.warn(`[mcp-elicit] ${message}`)),
    }
  }

  /** The era in use, once the first request has settled it. */
  get era(): Era | undefined {
    return this.#connection?.era
  }

  get protocolVersion(): string | undefined {
    return this.#connection?.protocolVersion
  }

  /** `serverInfo` from the server's latest answer that carried one. */
  get serverInfo(): Implementation | undefined {
    return this.#connection?.serverInfo
  }

  /** The connection, established once: pinned, cached, or probed with `server/discover`. */
  #connect(signal: AbortSignal): Promise<Connection> {
    if (this.#connection) return Promise.resolve(this.#connection)
    this.#connecting ??= this.#establish().then(
      (connection) => {
        this.#connecting = undefined
        return (this.#connection = connection)
      },
      (error: unknown) => {
        this.#connecting = undefined
        throw error
      },
    )
    return abortable(this.#connecting, signal, 'connect')
  }

  async #establish(): Promise<Connection> {
    const option = this.#options.protocolVersion ?? 'auto'
    if (option !== 'auto') {
      const era = eraOf(option)
      if (!era) throw new McpArgumentError(`Unknown protocol version "${option}"; this client speaks ${SUPPORTED_VERSIONS.join(', ')} or "auto"`, { url: this.url })
      return this.#build({ era, version: option })
    }
    const cached = eraCache.get(this.url)
    this.#fromCache = cached !== undefined
    if (cached) return this.#build(cached)
    const probe = new ModernConnection(this.#context, MODERN_PROTOCOL_VERSION)
    let decision: EraDecision | undefined
    let failure: unknown
    try {
      const result = await probe.request('server/discover', {}, { signal: this.#closed.signal })
      decision = decideEra({ result })
      if (decision?.era === 'modern') this.#discovery = result
    } catch (error) {
      failure = error
      decision = decideEra({ error })
    }
    if (!decision) throw failure
    eraCache.set(this.url, decision)
    return decision.era === 'modern' && decision.version === MODERN_PROTOCOL_VERSION ? probe : this.#build(decision)
  }

  #build(decision: EraDecision): Connection {
    if (decision.era === 'modern') return new ModernConnection(this.#context, decision.version)
    return new LegacyConnection(this.#context, LEGACY_VERSIONS.includes(decision.version) ? decision.version : LEGACY_VERSIONS[0]!, {
      defaultInput: this.#serverInput(this.#options.onInputRequests, 'tools/call'),
      onNotification: (notification) => this.#route(notification, undefined, {}),
    })
  }

  /** Adapts an input handler to the one-request-at-a-time questions of a legacy server. */
  #serverInput(handler: InputHandler | undefined, method: MrtrMethod): ServerInputHandler | undefined {
    if (!handler) return undefined
    let round = 0
    return (requests, signal) => handler(requests, { round: ++round, signal, era: 'legacy', method, serverInfo: this.serverInfo })
  }

  /** One request, one answer: no round loop. */
  request(method: string, params: JsonObject = {}, options: RequestOptions = {}): Promise<McpResult> {
    return this.#request(method, params, options)
  }

  async #request(method: string, params: JsonObject, options: RequestOptions & Pick<SendOptions, 'paramHeaders' | 'onServerInput'>): Promise<McpResult> {
    const link = linkSignal(options.signal, options.timeoutMs)
    const token = options.onProgress ? `mcp-elicit-${++this.#tokens}` : undefined
    const logLevel = options.logLevel ?? (options.onLog ? 'info' : undefined)
    const meta: JsonObject = { ...(params._meta as JsonObject | undefined) }
    if (token !== undefined) meta.progressToken = token
    if (logLevel !== undefined) meta[META_LOG_LEVEL] = logLevel
    const sendParams = Object.keys(meta).length > 0 ? { ...params, _meta: meta } : params
    const send: SendOptions = {
      signal: link.signal,
      paramHeaders: options.paramHeaders,
      onServerInput: options.onServerInput,
      onNotification: (notification) => this.#route(notification, token, options),
    }
    const attempt = async (): Promise<McpResult> => {
      const connection = await this.#connect(link.signal)
      try {
        return await connection.request(method, sendParams, send)
      } catch (error) {
        const next = this.#renegotiate(error)
        if (!next) throw error
        this.#connection = next
        return await next.request(method, sendParams, send)
      }
    }
    try {
      try {
        return await attempt()
      } catch (error) {
        if (!this.#shouldReprobe(error)) throw error
        // The cached era stopped working: find out again, once.
        eraCache.delete(this.url)
        const stale = this.#connection
        this.#connection = undefined
        void stale?.close()
        return await attempt()
      }
    } finally {
      link.dispose()
    }
  }

  #shouldReprobe(error: unknown): boolean {
    if ((this.#options.protocolVersion ?? 'auto') !== 'auto' || !this.#connection) return false
    if (this.#connection.era === 'modern') return isLegacySignal(error, false)
    return isMcpSessionError(error) && this.#fromCache
  }

  /**
   * A -32022 names the server's versions: retry once with the newest mutual
   * one, even the one just sent (a server may refuse a first request to test
   * exactly this). A pinned version is retried only as itself.
   */
  #renegotiate(error: unknown): Connection | undefined {
    if (!isMcpProtocolError(error) || error.code !== RpcErrorCode.UnsupportedProtocolVersion) return undefined
    const supported = (error.data as { supported?: unknown } | undefined)?.supported
    const option = this.#options.protocolVersion ?? 'auto'
    const version = option === 'auto' ? pickMutualVersion(supported) : Array.isArray(supported) && supported.includes(option) ? option : undefined
    const era = version ? eraOf(version) : undefined
    return era ? this.#build({ era, version: version! }) : undefined
  }

  #route(notification: JsonRpcNotification, token: string | undefined, options: RequestOptions): void {
    const params = notification.params ?? {}
    try {
      if (notification.method === 'notifications/progress' && token !== undefined && params.progressToken === token) {
        const progress: Progress = { progress: Number(params.progress) }
        if (typeof params.total === 'number') progress.total = params.total
        if (typeof params.message === 'string') progress.message = params.message
        options.onProgress?.(progress)
      } else if (notification.method === 'notifications/message' && options.onLog) {
        options.onLog({ level: String(params.level ?? 'info'), logger: params.logger as string | undefined, data: params.data })
      } else {
        this.#options.onNotification?.(notification)
      }
    } catch (error) {
      this.#context.warn(`A notification callback threw: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /**
   * `server/discover`: versions, capabilities, server info, instructions. A
   * legacy server has no such method: what its `initialize` said stands in.
   */
  async discover(options: RequestOptions = {}): Promise<McpResult> {
    const connection = await this.#connect(options.signal ?? this.#closed.signal)
    if (connection instanceof LegacyConnection) {
      const initialized = await connection.start(options.signal ?? this.#closed.signal)
      const { protocolVersion, serverInfo, ...rest } = initialized
      return { ...rest, supportedVersions: [protocolVersion], _meta: { [META_SERVER_INFO]: serverInfo } }
    }
    if (this.#discovery) return this.#discovery
    return (this.#discovery = await this.request('server/discover', {}, options))
  }

  async #listAll(method: string, key: string, options: RequestOptions): Promise<JsonObject[]> {
    const items: JsonObject[] = []
    const seen = new Set<string>()
    let cursor: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.request(method, cursor === undefined ? {} : { cursor }, options)
      const list = result[key]
      if (Array.isArray(list)) items.push(...(list as JsonObject[]))
      const next = result.nextCursor
      if (typeof next !== 'string' || next === '' || seen.has(next)) return items
      seen.add(next)
      cursor = next
    }
    this.#context.warn(`${method} returned more than ${MAX_PAGES} pages; the rest was not read`)
    return items
  }

  /**
   * Every tool, all pages. Tools whose `x-mcp-header` annotations are invalid
   * are left out, with a warning naming the tool and the reason.
   */
  async listTools(options: RequestOptions = {}): Promise<Tool[]> {
    const tools = (await this.#listAll('tools/list', 'tools', options)) as unknown as Tool[]
    const valid: Tool[] = []
    this.#tools.clear()
    for (const tool of tools) {
      const check = checkToolHeaders(tool)
      if (!check.ok) {
        this.#context.warn(`Tool "${tool.name}" left out: ${check.reason}`)
        continue
      }
      this.#tools.set(tool.name, check.bindings)
      valid.push(tool)
    }
    this.#toolsListed = true
    return valid
  }

  listPrompts(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.#listAll('prompts/list', 'prompts', options)
  }

  listResources(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.#listAll('resources/list', 'resources', options)
  }

  /** Calls a tool and answers every input round until the result is complete. */
  async callTool(name: string, args: JsonObject = {}, options: CallOptions = {}): Promise<McpResult> {
    return this.#run({ method: 'tools/call', params: { name, arguments: args } }, options)
  }

  getPrompt(name: string, args: Record<string, string> = {}, options: CallOptions = {}): Promise<McpResult> {
    return this.#run({ method: 'prompts/get', params: { name, arguments: args } }, options)
  }

  readResource(uri: string, options: CallOptions = {}): Promise<McpResult> {
    return this.#run({ method: 'resources/read', params: { uri } }, options)
  }

  /** Runs any MRTR request (or resumes a saved round) through the loop. */
  async run(request: OriginalRequest, options: CallOptions = {}): Promise<McpResult> {
    return this.#run(request, options)
  }

  async #run(request: OriginalRequest, options: CallOptions): Promise<McpResult> {
    const handler = options.onInputRequests ?? this.#options.onInputRequests
    const onServerInput = this.#serverInput(handler, request.method)
    return runInputLoop({
      request,
      signal: options.signal,
      maxRounds: options.maxRounds ?? this.#options.maxRounds,
      pacingMs: options.pacingMs,
      onEvent: options.onEvent,
      resume: options.resume,
      send: (params, { signal }) => this.#sendMrtr(request.method, params, { ...options, signal, onServerInput }),
      fulfil: (requests, { round, signal, pending }) => {
        if (!handler) {
          throw new McpInputError(`The server asked for input (${Object.values(requests).map((r) => r.method).join(', ')}) but no onInputRequests handler was given`, { method: request.method, url: this.url })
        }
        return handler(requests, { round, signal, pending, era: this.era ?? 'modern', method: request.method, serverInfo: this.serverInfo })
      },
    })
  }

  async #sendMrtr(method: MrtrMethod, params: JsonObject, options: RequestOptions & Pick<SendOptions, 'onServerInput'>): Promise<McpResult> {
    const connection = await this.#connect(options.signal ?? this.#closed.signal)
    if (method !== 'tools/call' || connection.era === 'legacy') return this.#request(method, params, options)
    const headersFor = async () => {
      if (!this.#toolsListed) await this.listTools({ signal: options.signal })
      return paramHeaders(this.#tools.get(String(params.name)) ?? [], params.arguments as JsonObject | undefined)
    }
    try {
      return await this.#request(method, params, { ...options, paramHeaders: await headersFor() })
    } catch (error) {
      // The tool's schema may have changed since it was listed: refresh once and retry.
      if (!isMcpProtocolError(error) || error.code !== RpcErrorCode.HeaderMismatch) throw error
      this.#toolsListed = false
      return this.#request(method, params, { ...options, paramHeaders: await headersFor() })
    }
  }

  /** Ends the connection (a legacy session is deleted on the server). */
  async close(): Promise<void> {
    this.#closed.abort()
    this.#closed = new AbortController()
    const connection = this.#connection
    this.#connection = undefined
    this.#discovery = undefined
    await connection?.close()
  }
}

/** Creates a client for one MCP endpoint. */
export function createClient(url: string | URL, options?: ClientOptions): McpClient {
  return new McpClient(url, options)
}
