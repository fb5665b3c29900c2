/**
 * The public client: one MCP endpoint, any era. It owns the tool list (for
 * `Mcp-Param-*` headers) and routes notifications to the call they belong to;
 * which connection it speaks through is the connector's business, the round
 * loop and the wire live in their own modules.
 */
import { authorizedFetch } from './auth-hook.js'
import type { CallOptions, ClientOptions, InputHandler, RequestOptions } from './client-options.js'
import type { ConnectionContext, SendOptions } from './connection.js'
import { Connector } from './connector.js'
import { McpInputError, McpInputRoundsExceededError, RpcErrorCode, isMcpProtocolError } from './errors.js'
import { DEFAULT_MAX_ROUNDS, runInputLoop } from './input-loop.js'
import type { OriginalRequest } from './input-round.js'
import type { LegacyConnection } from './legacy-connection.js'
import { META_LOG_LEVEL, META_SERVER_INFO } from './modern-connection.js'
import type { ServerInputHandler } from './server-requests.js'
import { displayText } from './display-text.js'
import { resolveLimits } from './limits.js'
import { linkSignal } from './signals.js'
import { checkToolHeaders, paramHeaders, type ParamHeaderBinding } from './tool-headers.js'
import type { Era, Implementation, JsonObject, JsonRpcNotification, McpResult, MrtrMethod, Progress, Tool } from './types.js'

export type { CallOptions, ClientOptions, InputContext, InputHandler, RequestOptions } from './client-options.js'

const MAX_PAGES = 100

export class McpClient {
  readonly url: string
  #options: ClientOptions
  #context: ConnectionContext
  #connector: Connector
  #tools = new Map<string, ParamHeaderBinding[]>()
  #toolsListed = false
  #ids = 0
  #tokens = 0

  constructor(url: string | URL, options: ClientOptions = {}) {
    this.url = String(url)
    this.#options = options
    const headers = options.headers
    // Called as a plain function: a native fetch passed in unbound (`fetch: window.fetch`)
    // throws "Illegal invocation" when called as a method of another object.
    const plainFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)
    this.#context = {
      url: this.url,
      fetch: options.auth ? authorizedFetch(plainFetch, options.auth) : plainFetch,
      clientInfo: options.clientInfo ?? { name: 'mcp-elicit', version: '0.1.0' },
      capabilities: (options.capabilities ?? {}) as JsonObject,
      headers: async () => (typeof headers === 'function' ? headers() : headers),
      nextId: () => ++this.#ids,
      warn: options.onWarning ?? ((message) => console.warn(`[mcp-elicit] ${message}`)),
      limits: resolveLimits(options.limits),
      timeoutMs: options.timeoutMs,
    }
    this.#connector = new Connector(this.#context, options.protocolVersion ?? 'auto', {
      defaultInput: this.#serverInput(options.onInputRequests, 'tools/call'),
      onNotification: (notification) => this.#route(notification, undefined, {}),
    })
  }

  /** The era in use, once the first request has settled it. */
  get era(): Era | undefined {
    return this.#connector.current?.era
  }

  get protocolVersion(): string | undefined {
    return this.#connector.current?.protocolVersion
  }

  /** `serverInfo` from the server's latest answer that carried one. */
  get serverInfo(): Implementation | undefined {
    return this.#connector.current?.serverInfo
  }

  /**
   * Adapts an input handler to the one-request-at-a-time questions of a legacy
   * server. Each pushed request is a round of its call, so `maxRounds` bounds
   * them as it bounds MRTR rounds (the client-level handler, which answers for
   * no call, is not capped).
   */
  #serverInput(handler: InputHandler | undefined, method: MrtrMethod, maxRounds = Number.POSITIVE_INFINITY): ServerInputHandler | undefined {
    if (!handler) return undefined
    let round = 0
    return (requests, signal) => {
      round += 1
      if (round > maxRounds) {
        throw new McpInputRoundsExceededError(maxRounds, { resultType: 'input_required', inputRequests: requests }, { method, url: this.url })
      }
      return handler(requests, { round, signal, era: 'legacy', method, serverInfo: this.serverInfo })
    }
  }

  /** One request, one answer: no round loop. */
  request(method: string, params: JsonObject = {}, options: RequestOptions = {}): Promise<McpResult> {
    return this.#request(method, params, options)
  }

  async #request(method: string, params: JsonObject, options: RequestOptions & Pick<SendOptions, 'paramHeaders' | 'onServerInput'>): Promise<McpResult> {
    const link = linkSignal(options.signal, options.timeoutMs ?? this.#options.timeoutMs)
    const token = options.onProgress ? `mcp-elicit-${++this.#tokens}` : undefined
    const logLevel = options.logLevel ?? (options.onLog ? 'info' : undefined)
    const meta: JsonObject = { ...(params._meta as JsonObject | undefined) }
    if (token !== undefined) meta.progressToken = token
    if (logLevel !== undefined) meta[META_LOG_LEVEL] = logLevel
    const sendParams = Object.keys(meta).length > 0 ? { ...params, _meta: meta } : params
    const send: SendOptions = {
      signal: link.signal,
      holdTimeout: link.hold,
      paramHeaders: options.paramHeaders,
      onServerInput: options.onServerInput,
      onNotification: (notification) => this.#route(notification, token, options),
    }
    const attempt = async (): Promise<McpResult> => {
      const connection = await this.#connector.connect(link.signal)
      try {
        return await connection.request(method, sendParams, send)
      } catch (error) {
        const next = this.#connector.renegotiate(error)
        if (!next) throw error
        return await next.request(method, sendParams, send)
      }
    }
    try {
      try {
        return await attempt()
      } catch (error) {
        // The remembered era stopped working: find out again, once.
        if (!this.#connector.reprobe(error)) throw error
        return await attempt()
      }
    } finally {
      link.dispose()
    }
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
        options.onLog({ level: displayText(params.level, 'info'), logger: typeof params.logger === 'string' ? params.logger : undefined, data: params.data })
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
        this.#context.warn(`Tool "${displayText(tool.name)}" left out: ${check.reason}`)
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
    const onServerInput = this.#serverInput(handler, request.method, options.maxRounds ?? this.#options.maxRounds ?? DEFAULT_MAX_ROUNDS)
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
          const asked = Object.values(requests).map((r) => displayText((r as { method?: unknown } | null)?.method, '?'))
          throw new McpInputError(`The server asked for input (${asked.join(', ')}) but no onInputRequests handler was given`, { method: request.method, url: this.url })
        }
        return handler(requests, { round, signal, pending, era: this.era ?? 'modern', method: request.method, serverInfo: this.serverInfo })
      },
    })
  }

  async #sendMrtr(method: MrtrMethod, params: JsonObject, options: RequestOptions & Pick<SendOptions, 'onServerInput'>): Promise<McpResult> {
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs
    // The connection and the implicit tools/list are this call's requests too: the same deadline holds.
    const link = linkSignal(options.signal ?? this.#connector.closedSignal, timeoutMs)
    let connection: Awaited<ReturnType<Connector['connect']>>
    try {
      connection = await this.#connector.connect(link.signal)
    } finally {
      link.dispose()
    }
    if (method !== 'tools/call' || connection.era === 'legacy') return this.#request(method, params, options)
    const headersFor = async () => {
      if (!this.#toolsListed) {
        try {
          await this.listTools({ signal: options.signal, timeoutMs })
        } catch (error) {
          // A server that cannot list its tools can still be called; it just gets no Mcp-Param-* headers.
          if (!isMcpProtocolError(error)) throw error
          this.#context.warn(`tools/list failed (${error.message}); calling ${String(params.name)} without Mcp-Param headers`)
          this.#toolsListed = true
        }
      }
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
    await this.#connector.close()
  }
}

/** Creates a client for one MCP endpoint. */
export function createClient(url: string | URL, options?: ClientOptions): McpClient {
  return new McpClient(url, options)
}
