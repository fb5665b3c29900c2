/**
 * The session era (2025-11-25 and earlier): `initialize`, `Mcp-Session-Id`,
 * and requests the server pushes on SSE streams. Server requests are answered
 * through the same input handler as MRTR rounds; a `-32042` URL elicitation
 * error becomes an input round too, so the same consent UI runs.
 */
import type { Connection, ConnectionContext, SendOptions } from './connection'
import { McpSessionError, RpcErrorCode, isMcpError, isMcpHttpError, isMcpProtocolError, isMcpStreamError } from './errors'
import { exchange, post, readResponse, send, type ExchangeContext } from './http-exchange'
import { abortable } from './input-loop'
import { GetStream } from './legacy-get-stream'
import { buildHeaders } from './request-headers'
import { answerServerRequest, type ServerInputHandler } from './server-requests'
import { LEGACY_VERSIONS } from './version'
import type { Implementation, InputRequiredResult, JsonObject, JsonRpcNotification, JsonRpcRequest } from './types'

const MAX_RESUMES = 3
const MRTR_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read'])

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Legacy servers know neither MRTR fields nor the modern `_meta` keys. */
function legacyParams(params: JsonObject): JsonObject {
  const { inputResponses: _responses, requestState: _state, _meta, ...rest } = params
  const meta = Object.fromEntries(Object.entries(isObject(_meta) ? _meta : {}).filter(([key]) => !key.startsWith('io.modelcontextprotocol/')))
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest
}

export interface LegacyOptions {
  /** Answers server requests that arrive while no call is running. */
  defaultInput?: ServerInputHandler | undefined
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined
}

export class LegacyConnection implements Connection {
  readonly era = 'legacy' as const
  #context: ConnectionContext
  #options: LegacyOptions
  #version: string
  #sessionId: string | undefined
  #serverInfo: Implementation | undefined
  #initializeResult: JsonObject = {}
  #ready: Promise<void> | undefined
  #getStream: GetStream | undefined
  #closed = new AbortController()
  /** Calls in flight, newest last: GET-stream requests go to the newest. */
  #active: SendOptions[] = []

  constructor(context: ConnectionContext, version: string, options: LegacyOptions = {}) {
    this.#context = context
    this.#version = version
    this.#options = options
  }

  get protocolVersion(): string {
    return this.#version
  }

  get serverInfo(): Implementation | undefined {
    return this.#serverInfo
  }

  get sessionId(): string | undefined {
    return this.#sessionId
  }

  /** Establishes the session if needed; resolves with the `initialize` result. */
  async start(signal: AbortSignal): Promise<JsonObject> {
    await abortable((this.#ready ??= this.#initialize()), signal, 'initialize')
    return this.#initializeResult
  }

  async request(method: string, params: JsonObject, options: SendOptions): Promise<JsonObject> {
    await abortable((this.#ready ??= this.#initialize()), options.signal, method)
    this.#active.push(options)
    try {
      return await this.#send(method, params, options)
    } catch (error) {
      // A 404 to a request with a session id: the session expired. Start a new one, once.
      if (!this.#sessionId || !(isMcpHttpError(error) || isMcpProtocolError(error)) || error.status !== 404) {
        return this.#urlElicitation(method, error)
      }
      this.#reset()
      await abortable((this.#ready ??= this.#initialize()), options.signal, method)
      return await this.#send(method, params, options)
    } finally {
      this.#active.splice(this.#active.indexOf(options), 1)
    }
  }

  /** `-32042`: the server needs URL elicitations first. Shown as an input round; the retry re-sends the request. */
  #urlElicitation(method: string, error: unknown): InputRequiredResult {
    const elicitations = isMcpProtocolError(error) && error.code === RpcErrorCode.UrlElicitationRequired ? (error.data as { elicitations?: unknown } | undefined)?.elicitations : undefined
    if (!MRTR_METHODS.has(method) || !Array.isArray(elicitations) || elicitations.length === 0) throw error
    const inputRequests = Object.fromEntries(
      elicitations.filter(isObject).map((params, index) => [`url-${String(params.elicitationId ?? index)}`, { method: 'elicitation/create', params: { mode: 'url', ...params } }]),
    )
    return { resultType: 'input_required', inputRequests }
  }

  async #headers(message: Parameters<typeof buildHeaders>[0], withVersion = true): Promise<Headers> {
    return buildHeaders(message, {
      era: 'legacy',
      protocolVersion: withVersion ? this.#version : undefined,
      sessionId: this.#sessionId,
      extra: await this.#context.headers(),
    })
  }

  #exchangeContext(options: SendOptions, headers: Headers, onEventId?: (id: string) => void, onRetry?: (ms: number) => void): ExchangeContext {
    return {
      url: this.#context.url,
      fetch: this.#context.fetch,
      headers,
      signal: options.signal,
      onNotification: options.onNotification,
      onServerRequest: (request) => this.#answer(request, options.onServerInput, options.signal),
      onEventId,
      onRetry,
    }
  }

  async #send(method: string, params: JsonObject, options: SendOptions): Promise<JsonObject> {
    const message: JsonRpcRequest = { jsonrpc: '2.0', id: this.#context.nextId(), method, params: legacyParams(params) }
    let lastEventId: string | undefined
    let retryMs = 1000
    const context = this.#exchangeContext(options, await this.#headers(message), (id) => (lastEventId = id), (ms) => (retryMs = ms))
    try {
      return (await exchange(message, context)).result
    } catch (error) {
      if (!isMcpStreamError(error) || options.signal.aborted) throw error
      if (lastEventId === undefined) {
        // Nothing to resume from: the request is lost, so send it again as a new one.
        const again = { ...message, id: this.#context.nextId() }
        return (await exchange(again, { ...context, headers: await this.#headers(again) })).result
      }
      return this.#resume(message, context, () => lastEventId!, () => retryMs)
    }
  }

  /** The POST stream ended before the response: wait `retry`, then GET with `Last-Event-ID`. */
  async #resume(message: JsonRpcRequest, context: ExchangeContext, lastEventId: () => string, retryMs: () => number): Promise<JsonObject> {
    let failure: unknown
    for (let attempt = 0; attempt < MAX_RESUMES; attempt++) {
      await abortable(new Promise((resolve) => setTimeout(resolve, retryMs())), context.signal, message.method)
      const headers = await this.#headers(message)
      headers.set('Accept', 'text/event-stream')
      headers.delete('Content-Type')
      headers.set('Last-Event-ID', lastEventId())
      try {
        const response = await send({ ...context, headers }, { method: 'GET', headers }, message.method)
        return (await readResponse(message, response, context)).result
      } catch (error) {
        if (!isMcpStreamError(error) || context.signal.aborted) throw error
        failure = error
      }
    }
    throw failure
  }

  #answer(request: JsonRpcRequest, handler: ServerInputHandler | undefined, signal: AbortSignal): void {
    void (async () => {
      const response = await answerServerRequest(request, this.#context.capabilities, handler ?? this.#options.defaultInput, signal)
      try {
        await post(response, { url: this.#context.url, fetch: this.#context.fetch, headers: await this.#headers(response), signal: this.#closed.signal })
      } catch (error) {
        this.#context.warn(`Could not send the answer to ${request.method}: ${error instanceof Error ? error.message : String(error)}`)
      }
    })()
  }

  async #initialize(): Promise<void> {
    const url = this.#context.url
    const message: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: this.#context.nextId(),
      method: 'initialize',
      params: { protocolVersion: this.#version, capabilities: this.#context.capabilities, clientInfo: this.#context.clientInfo },
    }
    const fail = (what: string, cause?: unknown): never => {
      this.#ready = undefined
      const status = isMcpError(cause) ? cause.status : undefined
      throw new McpSessionError(`Could not establish an MCP session: ${what}`, { method: 'initialize', url, status, data: isMcpError(cause) ? cause.data : undefined, cause })
    }
    let result: JsonObject
    let response: Response
    try {
      ;({ result, response } = await exchange(message, this.#exchangeContext({ signal: this.#closed.signal }, await this.#headers(message, false))))
    } catch (error) {
      return fail(`the server answered ${error instanceof Error ? error.message : String(error)}`, error)
    }
    const version = result.protocolVersion
    if (typeof version !== 'string' || !LEGACY_VERSIONS.includes(version)) {
      return fail(`the server answered protocol version ${JSON.stringify(version)}, which this client does not speak (${LEGACY_VERSIONS.join(', ')})`)
    }
    this.#version = version
    this.#initializeResult = result
    this.#sessionId = response.headers.get('mcp-session-id') ?? undefined
    if (isObject(result.serverInfo)) this.#serverInfo = result.serverInfo as Implementation
    const initialized: JsonRpcNotification = { jsonrpc: '2.0', method: 'notifications/initialized' }
    try {
      await post(initialized, { url, fetch: this.#context.fetch, headers: await this.#headers(initialized), signal: this.#closed.signal })
    } catch (error) {
      return fail(`notifications/initialized was refused: ${error instanceof Error ? error.message : String(error)}`, error)
    }
    this.#getStream = new GetStream({
      context: {
        url,
        fetch: this.#context.fetch,
        onNotification: (notification) => this.#options.onNotification?.(notification),
        onServerRequest: (request) => {
          const newest = this.#active.at(-1)
          this.#answer(request, newest?.onServerInput, newest?.signal ?? this.#closed.signal)
        },
      },
      headers: () => this.#headers({ jsonrpc: '2.0', method: 'GET' }),
    })
    // Servers drop pushed requests when no GET stream is registered yet: give it a moment.
    await Promise.race([this.#getStream.opened, new Promise((resolve) => setTimeout(resolve, 1000))])
  }

  #reset(): void {
    this.#getStream?.close()
    this.#getStream = undefined
    this.#sessionId = undefined
    this.#ready = undefined
  }

  async close(): Promise<void> {
    const sessionId = this.#sessionId
    const headers = await this.#headers({ jsonrpc: '2.0', method: 'DELETE' })
    this.#reset()
    this.#closed.abort()
    if (!sessionId) return
    headers.delete('Content-Type')
    headers.set('Mcp-Session-Id', sessionId)
    try {
      const response = await this.#context.fetch(this.#context.url, { method: 'DELETE', headers })
      await response.body?.cancel().catch(() => {})
    } catch {
      // The session ends on the server by its own timeout: nothing more to do.
    }
  }
}
