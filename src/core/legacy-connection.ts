/**
 * The session era (2025-11-25 and earlier): `initialize`, `Mcp-Session-Id`,
 * and requests the server pushes on SSE streams. Server requests are answered
 * through the same input handler as MRTR rounds (who answers:
 * input-routing.ts); a `-32042` URL elicitation error becomes an input round
 * too (legacy-messages.ts), so the same consent UI runs.
 */
import type { Connection, ConnectionContext, SendOptions } from './connection.js'
import { changeOf, type McpChange } from './changes.js'
import { displayText, isObject } from './server-values.js'
import { McpSessionError, isMcpError, isMcpRedirectError, isMcpResponseTooLargeError, isMcpStreamError } from './errors.js'
import { exchange, send, type ExchangeContext } from './http-exchange.js'
import { GetStream, resumeResponse } from './legacy-get-stream.js'
import { post } from './legacy-post.js'
import { isUnknownSession, legacyParams, urlElicitationRound } from './legacy-messages.js'
import { legacyRounds } from './legacy-rounds.js'
import { buildHeaders } from './request-headers.js'
import type { Answerer, InputRouting, Question } from './input-routing.js'
import { answerServerRequest } from './server-requests.js'
import { SingleFlight } from './single-flight.js'
import { linkSignal } from './signals.js'
import { LEGACY_VERSIONS } from './version.js'
import type { Implementation, JsonObject, JsonRpcNotification, JsonRpcRequest } from './types.js'

/** How long `initialize` waits for the GET stream to open: servers drop pushed requests before it is. */
const GET_STREAM_GRACE_MS = 1000
/** A `notifications/cancelled` or the DELETE of `close()` is a courtesy: it never holds anything up for longer than this. */
const CANCEL_NOTICE_MS = 5000

/** One request in flight (a call's step, or any other): its options, and a way to fail it from an answer to a request it caused. */
interface InFlightRequest {
  options: SendOptions
  signal: AbortSignal
  fail: (error: unknown) => void
  failure: unknown
}

export interface LegacyOptions {
  /** Who answers what the server pushes; without it nobody does (each request gets a JSON-RPC error). */
  routing?: InputRouting | undefined
  /** A notification of the GET stream that is no change. */
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined
  /** A list change or resource update the GET stream carries (watched or not, it makes cached lists stale). */
  onChange?: ((change: McpChange, notification: JsonRpcNotification) => void) | undefined
}

export class LegacyConnection implements Connection {
  readonly era = 'legacy' as const
  #context: ConnectionContext
  #options: LegacyOptions
  #version: string
  #sessionId: string | undefined
  #serverInfo: Implementation | undefined
  #initializeResult: JsonObject = {}
  #ready = new SingleFlight<void>((signal) => this.#initialize(signal))
  #getStream: GetStream | undefined
  #closed = new AbortController()
  /** Requests in flight, oldest first: a request on the GET stream may be one's call's (see input-routing.ts). */
  #inFlight: InFlightRequest[] = []

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

  /**
   * Establishes the session if needed; resolves with the `initialize` result.
   * Bounded by `signal`: when every caller waiting for it gives up, the
   * attempt is dropped and the next request starts a fresh one.
   */
  async start(signal: AbortSignal): Promise<JsonObject> {
    await this.#ready.run(signal, 'initialize')
    return this.#initializeResult
  }

  async request(method: string, params: JsonObject, options: SendOptions): Promise<JsonObject> {
    await this.#ready.run(options.signal, method)
    const local = new AbortController()
    const abort = () => local.abort(options.signal.reason)
    if (options.signal.aborted) abort()
    else options.signal.addEventListener('abort', abort, { once: true })
    const flight: InFlightRequest = {
      options,
      signal: local.signal,
      failure: undefined,
      fail: (error) => {
        flight.failure ??= error
        local.abort(error)
      },
    }
    this.#inFlight.push(flight)
    try {
      try {
        return await this.#send(method, params, flight)
      } catch (error) {
        if (flight.failure !== undefined) throw flight.failure
        // The server no longer knows the session (expired, or the server restarted): start a new one, once.
        if (!this.#sessionId || !isUnknownSession(error) || options.signal.aborted) return urlElicitationRound(method, error)
        this.#reset()
        await this.#ready.run(options.signal, method)
        return await this.#send(method, params, flight)
      }
    } catch (error) {
      if (flight.failure !== undefined) throw flight.failure
      throw error
    } finally {
      options.signal.removeEventListener('abort', abort)
      this.#inFlight.splice(this.#inFlight.indexOf(flight), 1)
    }
  }

  async #headers(message: Parameters<typeof buildHeaders>[0], withVersion = true): Promise<Headers> {
    return buildHeaders(message, {
      era: 'legacy',
      protocolVersion: withVersion ? this.#version : undefined,
      sessionId: this.#sessionId,
      extra: await this.#context.headers(),
    })
  }

  #exchangeContext(signal: AbortSignal, headers: Headers, flight?: InFlightRequest, onEventId?: (id: string) => void, onRetry?: (ms: number) => void): ExchangeContext {
    return {
      url: this.#context.url,
      fetch: this.#context.fetch,
      headers,
      signal,
      limits: this.#context.limits,
      onNotification: flight?.options.onNotification,
      // A request pushed on this request's own stream belongs to it.
      onServerRequest: (request) => this.#answer(request, flight, this.#whoAnswers({ of: flight })),
      onEventId,
      onRetry,
      gate: this.#context.gate,
    }
  }

  async #send(method: string, params: JsonObject, flight: InFlightRequest): Promise<JsonObject> {
    const message: JsonRpcRequest = { jsonrpc: '2.0', id: this.#context.nextId(), method, params: legacyParams(params) }
    // Abort tells the server, as the 2025-11-25 spec asks: for the id on the wire at that moment.
    let wireId: JsonRpcRequest['id'] = message.id
    const onAbort = () => void this.#notifyCancelled(wireId, flight.signal.reason)
    flight.signal.addEventListener('abort', onAbort, { once: true })
    let lastEventId: string | undefined
    let retryMs = 1000
    const context = this.#exchangeContext(flight.signal, await this.#headers(message), flight, (id) => (lastEventId = id), (ms) => (retryMs = ms))
    try {
      return (await exchange(message, context)).result
    } catch (error) {
      if (!isMcpStreamError(error) || flight.signal.aborted) throw error
      if (lastEventId === undefined) {
        // Nothing to resume from: the request is lost, so send it again as a new one.
        const again = { ...message, id: this.#context.nextId() }
        wireId = again.id
        return (await exchange(again, { ...context, headers: await this.#headers(again) })).result
      }
      // The POST stream broke before the response: resume it with a GET.
      return await resumeResponse(message, context, {
        headers: () => this.#headers(message),
        lastEventId: () => lastEventId!,
        retryMs: () => retryMs,
        limits: this.#context.limits,
      })
    } finally {
      flight.signal.removeEventListener('abort', onAbort)
    }
  }

  /** `notifications/cancelled` for a request the caller gave up on; bounded, and never a failure of its own. */
  async #notifyCancelled(requestId: JsonRpcRequest['id'], reason: unknown): Promise<void> {
    if (this.#closed.signal.aborted) return
    const notification: JsonRpcNotification = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId, reason: displayText(isMcpError(reason) || reason instanceof Error ? reason.message : reason, 'Cancelled by the client') },
    }
    const link = linkSignal(this.#closed.signal, CANCEL_NOTICE_MS)
    try {
      await post(notification, { url: this.#context.url, fetch: this.#context.fetch, headers: await this.#headers(notification), signal: link.signal, limits: this.#context.limits })
    } catch {
      // The server may be gone already; the call is over either way.
    } finally {
      link.dispose()
    }
  }

  #whoAnswers(question: Question<InFlightRequest>): Answerer<InFlightRequest> | undefined {
    return this.#options.routing?.whoAnswers(question, (flight) => flight.options.input)
  }

  /**
   * Answers a request the server pushed. `flight` is the request in flight it
   * belongs to, if any; a handler that fails fails that request too (as a
   * throwing handler does in the modern era), and the server gets a JSON-RPC
   * error either way.
   */
  #answer(request: JsonRpcRequest, flight: InFlightRequest | undefined, answerer: Answerer<InFlightRequest> | undefined): void {
    void (async () => {
      const signal = flight?.signal ?? this.#closed.signal
      // Waiting for the person is not the server being slow: the request's deadline stops meanwhile.
      const release = flight?.options.holdTimeout?.()
      const { response, failure } = await answerServerRequest(request, this.#context.capabilities, answerer?.pushed(legacyRounds), signal).finally(() => release?.())
      if (failure !== undefined && flight) flight.fail(failure)
      try {
        await post(response, { url: this.#context.url, fetch: this.#context.fetch, headers: await this.#headers(response), signal: this.#closed.signal, limits: this.#context.limits })
      } catch (error) {
        this.#context.warn(`Could not send the answer to ${displayText(request.method)}: ${error instanceof Error ? error.message : displayText(error)}`)
      }
    })().catch(() => {})
  }

  async #initialize(signal: AbortSignal): Promise<void> {
    const url = this.#context.url
    const message: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: this.#context.nextId(),
      method: 'initialize',
      params: { protocolVersion: this.#version, capabilities: this.#context.capabilities, clientInfo: this.#context.clientInfo },
    }
    const fail = (what: string, cause?: unknown): never => {
      // A refused redirect or a cap says more than "no session": let it through as it is.
      if (signal.aborted || isMcpRedirectError(cause) || isMcpResponseTooLargeError(cause)) throw cause
      const status = isMcpError(cause) ? cause.status : undefined
      throw new McpSessionError(`Could not establish an MCP session: ${what}`, { method: 'initialize', url, status, data: isMcpError(cause) ? cause.data : undefined, cause })
    }
    let result: JsonObject
    let response: Response
    try {
      ;({ result, response } = await exchange(message, this.#exchangeContext(signal, await this.#headers(message, false))))
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
      await post(initialized, { url, fetch: this.#context.fetch, headers: await this.#headers(initialized), signal, limits: this.#context.limits })
    } catch (error) {
      return fail(`notifications/initialized was refused: ${error instanceof Error ? error.message : String(error)}`, error)
    }
    this.#getStream?.close()
    const stream = new GetStream({
      context: {
        url,
        fetch: this.#context.fetch,
        limits: this.#context.limits,
        onNotification: (notification) => {
          const change = changeOf(notification)
          if (change) this.#options.onChange?.(change, notification)
          else this.#options.onNotification?.(notification)
        },
        // A request on the GET stream names no call: it may be one of those in flight.
        onServerRequest: (request) => {
          const answerer = this.#whoAnswers({ inFlight: this.#inFlight })
          this.#answer(request, answerer?.call, answerer)
        },
      },
      headers: () => this.#headers({ jsonrpc: '2.0', method: 'GET' }),
    })
    this.#getStream = stream
    // Servers drop pushed requests when no GET stream is registered yet: give it a moment.
    await stream.openedWithin(GET_STREAM_GRACE_MS, signal)
    if (signal.aborted) {
      stream.close()
      throw signal.reason
    }
  }

  #reset(): void {
    this.#getStream?.close()
    this.#getStream = undefined
    this.#sessionId = undefined
    this.#ready.reset()
  }

  async close(): Promise<void> {
    const sessionId = this.#sessionId
    const headers = await this.#headers({ jsonrpc: '2.0', method: 'DELETE' })
    this.#reset()
    this.#closed.abort()
    if (!sessionId) return
    headers.delete('Content-Type')
    headers.set('Mcp-Session-Id', sessionId)
    // Through send(): bounded, and never redirected to another origin with the session id.
    const link = linkSignal(undefined, Math.min(this.#context.timeoutMs ?? CANCEL_NOTICE_MS, CANCEL_NOTICE_MS))
    try {
      const response = await send({ url: this.#context.url, fetch: this.#context.fetch, headers, signal: link.signal, limits: this.#context.limits }, { method: 'DELETE', headers }, 'DELETE')
      await response.body?.cancel().catch(() => {})
    } catch {
      // The session ends on the server by its own timeout: nothing more to do.
    } finally {
      link.dispose()
    }
  }
}
