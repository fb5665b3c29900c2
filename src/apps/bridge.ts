/**
 * The host side of an MCP App's JSON-RPC bridge (ext-apps
 * `specification/2026-01-26/apps.mdx`), without any DOM: what arrives from
 * the view goes into `receive()`, what the host sends leaves through the
 * `post` it was given. mount.ts wires it to a sandboxed frame; tests drive it
 * with plain objects.
 *
 * Ordering rules it keeps:
 * - Nothing is sent to the view before `ui/notifications/initialized`
 *   (bridge-outbox.ts).
 * - A request the view cancels (`notifications/cancelled`) is aborted and
 *   gets no answer, as in the MCP base protocol; it counts against
 *   `maxInFlight` until its handler has settled.
 * - `teardown()` sends `ui/resource-teardown` and waits (bounded) for the
 *   answer before the frame may go; server calls the view makes meanwhile
 *   are aborted when it ends; afterwards the bridge is inert.
 */
import type { ElicitResult, JsonObject, McpResult } from '../core/index.js'
import { buildHostCapabilities, handleViewNotification, handleViewRequest, paramsLimit, type HandlerContext } from './bridge-handlers.js'
import { BridgeRpcError, parseViewMessage, RpcCode, rpcError, rpcResult, type RequestId, type ViewMessage } from './bridge-messages.js'
import { contextChanges, Outbox } from './bridge-outbox.js'
import { DEFAULT_HOST_INFO, DEFAULT_MAX_IN_FLIGHT, DEFAULT_TEARDOWN_TIMEOUT_MS, type AppBridgeOptions, type McpAppViewInfo } from './bridge-options.js'
import { DEFAULT_MAX_REFUSALS, RefusalLog } from './bridge-refusals.js'
import { HostRequests, Latch } from './bridge-requests.js'
import { MCP_APPS_PROTOCOL_VERSION } from './constants.js'
import { forwardElicitation, type ElicitOptions } from './elicitation.js'
import { McpAppError } from './errors.js'
import { isObject } from './json-object.js'
import { MessageGate } from './message.js'
import * as Method from './methods.js'
import { AppToolListing } from './tool-listing.js'
import type { McpUiDisplayMode, McpUiHostContext } from './types.js'

function tornDown(what: string): McpAppError {
  return new McpAppError('APP_TORN_DOWN', `${what}: the app was torn down`)
}

export class AppBridge {
  readonly #options: AppBridgeOptions
  #hostContext: McpUiHostContext
  #view: McpAppViewInfo | undefined
  readonly #initialized = new Latch()
  #state: 'open' | 'closing' | 'closed' = 'open'
  #dropped = 0
  readonly #outbox = new Outbox((message) => this.#post(message))
  /** The view's requests it may still be answered for, by id. */
  readonly #inFlight = new Map<RequestId, AbortController>()
  /**
   * Every request whose handler has not settled, cancelled ones included: a
   * cancellation frees its id at once but its slot only when the handler
   * ends, or a view that cancels each request would have any number of
   * consent cards open at once.
   */
  readonly #running = new Set<AbortController>()
  readonly #requests = new HostRequests((message) => this.#post(message))
  readonly #messages = new MessageGate()
  readonly #refusals: RefusalLog
  readonly #tools: AppToolListing | undefined
  #teardown: Promise<void> | undefined

  constructor(options: AppBridgeOptions) {
    this.#options = options
    this.#hostContext = { ...options.hostContext }
    this.#refusals = new RefusalLog((message) => (options.onWarning ?? console.warn)(message), options.maxRefusals ?? DEFAULT_MAX_REFUSALS, (count) => this.#giveUp(count))
    this.#tools = options.client ? new AppToolListing(options.client) : undefined
  }

  /** The view finished the handshake: host -> view messages flow. */
  get initialized(): boolean {
    return this.#initialized.isOpen
  }

  /** What the view said in `ui/initialize`, once it has. */
  get view(): McpAppViewInfo | undefined {
    return this.#view
  }

  /** Messages from the view that were refused as malformed. */
  get droppedMessages(): number {
    return this.#dropped
  }

  /** The host context as the view knows it (or will, once initialized). */
  get hostContext(): McpUiHostContext {
    return { ...this.#hostContext }
  }

  /** Takes one message from the view (already checked to come from its frame). Malformed ones are counted, reported and dropped; this never throws. */
  receive(data: unknown): void {
    if (this.#state === 'closed') return
    try {
      const parsed = parseViewMessage(data, (method) => paramsLimit(method, this.#options))
      if (!parsed.ok) {
        if (parsed.id !== undefined) this.#post(rpcError(parsed.id, RpcCode.invalidRequest, parsed.reason))
        if (parsed.responseTo !== undefined) this.#requests.answer(parsed.responseTo, { error: { code: RpcCode.invalidRequest, message: parsed.reason } })
        // Last: the refusal that passes the bound closes the bridge.
        return this.#drop(parsed.reason)
      }
      this.#dispatch(parsed.message)
    } catch (error) {
      this.#drop(`it could not be handled (${String(error)})`)
    }
  }

  /** `ui/notifications/tool-input`: the complete arguments of the tool call. */
  sendToolInput(args: JsonObject): void {
    if (this.#state === 'open') this.#outbox.input(args)
  }

  /** `ui/notifications/tool-input-partial`: arguments still streaming in (ignored once the complete input was given: the spec's MUST). */
  sendToolInputPartial(args: JsonObject): void {
    if (this.#state === 'open') this.#outbox.partial(args)
  }

  /** `ui/notifications/tool-result`: the tool's result (replaces a cancellation still waiting). */
  sendToolResult(result: McpResult): void {
    const { resultType: _resultType, ...callToolResult } = result
    if (this.#state === 'open') this.#outbox.outcome(Method.TOOL_RESULT, callToolResult)
  }

  /** `ui/notifications/tool-cancelled` (replaces a result still waiting). */
  sendToolCancelled(reason?: string): void {
    if (this.#state === 'open') this.#outbox.outcome(Method.TOOL_CANCELLED, reason === undefined ? {} : { reason })
  }

  /** Merges `partial` into the host context and sends `host-context-changed` with only the keys whose value changed. */
  setHostContext(partial: McpUiHostContext): void {
    if (this.#state !== 'open') return
    const changed = contextChanges(this.#hostContext, partial)
    if (!changed) return
    this.#hostContext = { ...this.#hostContext, ...changed }
    // Before the handshake is answered, the initialize result carries the whole context.
    if (this.#view) this.#outbox.context(changed)
  }

  /**
   * Ends the bridge: the view's requests in flight are aborted, pending
   * `elicit()` calls fail with `APP_TORN_DOWN`, and an initialized view gets
   * `ui/resource-teardown`, whose answer is awaited at most
   * `teardownTimeoutMs`. Resolves either way; idempotent.
   */
  teardown(): Promise<void> {
    this.#teardown ??= this.#tearDown()
    return this.#teardown
  }

  /**
   * SEP-3118 (draft): forwards the unchanged form `elicitation/create` to the
   * view and returns its answer, checked against `requestedSchema`. Waits
   * for the handshake when it has not happened yet. Needs the host's
   * `elicitation` option and the view's `appCapabilities.elicitation`.
   * @throws McpAppError `APP_ELICITATION_UNSUPPORTED`, `APP_ELICITATION_INVALID`, `APP_ELICITATION_TIMEOUT`, `APP_TORN_DOWN`
   * @throws McpCancelledError when `signal` aborts (the view is told with `notifications/cancelled`)
   */
  async elicit(params: JsonObject, options: ElicitOptions = {}): Promise<ElicitResult> {
    if (this.#state !== 'open') throw tornDown(Method.ELICITATION_CREATE)
    const route = { offered: this.#options.elicitation === true, initialized: this.#initialized, requests: this.#requests, appCapabilities: () => this.#view?.appCapabilities }
    return forwardElicitation(route, params, options)
  }

  #dispatch(message: ViewMessage): void {
    switch (message.kind) {
      case 'request':
        return this.#onRequest(message.id, message.method, message.params)
      case 'notification':
        return this.#onNotification(message.method, message.params)
      case 'result':
      case 'error':
        if (!this.#requests.answer(message.id, message)) this.#drop(`no request ${String(message.id)} is waiting for an answer`)
        return
      default:
        message satisfies never
    }
  }

  #onRequest(id: RequestId, method: string, params: JsonObject): void {
    // While closing, the view may still clean up with its server (save, say goodbye) within the teardown's bound
    // (what is still running when the teardown ends is aborted there); what would reach the person (links,
    // messages, display modes) is refused: they are done with it.
    if (this.#state === 'closed' || (this.#state === 'closing' && method.startsWith('ui/'))) return this.#post(rpcError(id, RpcCode.refused, 'The app is being torn down'))
    if (method === Method.INITIALIZE) return this.#initialize(id, params)
    if (this.#inFlight.has(id)) return this.#drop(`request id ${String(id)} is already in flight`)
    const max = this.#options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT
    if (this.#running.size >= max) return this.#refuse(rpcError(id, RpcCode.refused, `Too many requests in flight (at most ${max})`))
    const controller = new AbortController()
    this.#inFlight.set(id, controller)
    this.#running.add(controller)
    const context: HandlerContext = {
      options: this.#options,
      signal: controller.signal,
      appCapabilities: this.#view?.appCapabilities ?? {},
      tools: this.#tools,
      displayMode: () => this.#hostContext.displayMode ?? 'inline',
      setDisplayMode: (mode: McpUiDisplayMode) => this.setHostContext({ displayMode: mode }),
      messages: this.#messages,
      warn: (message: string) => this.#warn(message),
    }
    const answer = (message: JsonObject) => {
      this.#running.delete(controller)
      // A cancelled request gets no answer (MCP base protocol, cancellation).
      if (this.#inFlight.get(id) !== controller) return
      this.#inFlight.delete(id)
      this.#post(message)
    }
    handleViewRequest(method, params, context).then(
      (result) => answer(rpcResult(id, result)),
      (error: unknown) => {
        const rpc = error instanceof BridgeRpcError ? error : new BridgeRpcError(RpcCode.internalError, 'The request failed', error)
        // The person's own no is an answer; a server's failure is not the app's doing; anything else was refused.
        if (!rpc.flags.declined && rpc.code !== RpcCode.internalError) this.#refusals.refuse()
        if (!rpc.flags.declined && !rpc.flags.reported && (rpc.code === RpcCode.methodNotFound || rpc.code === RpcCode.refused)) this.#warn(`${method} from the app refused: ${rpc.message}`)
        // A server's own -32603 comes with its message and no cause: the warning says that message.
        if (rpc.code === RpcCode.internalError) this.#warn(`${method} from the app failed: ${rpc.cause === undefined ? rpc.message : String(rpc.cause)}`)
        answer(rpcError(id, rpc.code, rpc.message))
      },
    )
  }

  #initialize(id: RequestId, params: JsonObject): void {
    if (this.#view) return this.#refuse(rpcError(id, RpcCode.invalidRequest, 'ui/initialize was already answered'))
    const { appInfo, appCapabilities = {}, protocolVersion } = params
    if (!isObject(appInfo) || typeof appInfo.name !== 'string' || typeof appInfo.version !== 'string' || !isObject(appCapabilities) || typeof protocolVersion !== 'string') {
      return this.#refuse(rpcError(id, RpcCode.invalidParams, 'ui/initialize needs appInfo { name, version }, appCapabilities and protocolVersion'))
    }
    this.#view = { appInfo: { ...appInfo, name: appInfo.name, version: appInfo.version }, appCapabilities, protocolVersion }
    this.#post(
      rpcResult(id, {
        protocolVersion: MCP_APPS_PROTOCOL_VERSION,
        hostInfo: this.#options.hostInfo ?? DEFAULT_HOST_INFO,
        hostCapabilities: buildHostCapabilities(this.#options),
        hostContext: this.#hostContext,
      }),
    )
  }

  #onNotification(method: string, params: JsonObject): void {
    if (method === Method.CANCELLED) {
      const controller = this.#inFlight.get(params.requestId as RequestId)
      this.#inFlight.delete(params.requestId as RequestId)
      return controller?.abort()
    }
    if (this.#state !== 'open') return
    if (method === Method.INITIALIZED) return this.#onInitialized()
    try {
      handleViewNotification(method, params, this.#options)
    } catch (error) {
      this.#warn(`The handler of ${method} threw: ${String(error)}`)
    }
  }

  #onInitialized(): void {
    if (!this.#view) return this.#drop('ui/notifications/initialized came before ui/initialize')
    if (this.#initialized.isOpen) return
    this.#outbox.open()
    this.#initialized.open()
    try {
      this.#options.onInitialized?.(this.#view)
    } catch (error) {
      this.#warn(`onInitialized threw: ${String(error)}`)
    }
  }

  async #tearDown(): Promise<void> {
    this.#state = 'closing'
    this.#abortInFlight()
    this.#requests.rejectAll(() => tornDown(Method.ELICITATION_CREATE))
    this.#initialized.fail(() => tornDown(Method.ELICITATION_CREATE))
    if (this.#initialized.isOpen) {
      const timeoutMs = this.#options.teardownTimeoutMs ?? DEFAULT_TEARDOWN_TIMEOUT_MS
      const late = () => new Error(`the app did not answer ui/resource-teardown within ${timeoutMs} ms; closing it anyway`)
      await this.#requests.send(Method.RESOURCE_TEARDOWN, {}, timeoutMs, undefined, late).catch((error: unknown) => this.#warn(String(error instanceof Error ? error.message : error)))
    }
    this.#state = 'closed'
    // The cleanup window is over: a save the view started in it does not outlive the app.
    this.#abortInFlight()
    this.#tools?.close()
  }

  /**
   * Too many refused messages: the view is given up on at once, without the
   * teardown request (it keeps sending what it may not), its requests
   * aborted; the host is told through `onError` and removes the frame.
   */
  #giveUp(count: number): void {
    if (this.#state === 'closed') return
    this.#state = 'closed'
    this.#teardown ??= Promise.resolve()
    this.#abortInFlight()
    this.#requests.rejectAll(() => tornDown(Method.ELICITATION_CREATE))
    this.#initialized.fail(() => tornDown(Method.ELICITATION_CREATE))
    const error = new McpAppError('APP_TOO_MANY_REFUSALS', `The app sent ${count} messages the host refused; it was closed.`)
    this.#refusals.warn(`[mcp-elicit/apps] ${error.message} (at most ${this.#options.maxRefusals ?? DEFAULT_MAX_REFUSALS})`, true)
    try {
      this.#options.onError?.(error)
    } catch (thrown) {
      this.#warn(`onError threw: ${String(thrown)}`)
    }
  }

  #abortInFlight(): void {
    for (const controller of this.#inFlight.values()) controller.abort()
    this.#inFlight.clear()
  }

  #post(message: JsonObject): void {
    try {
      this.#options.post(message)
    } catch (error) {
      this.#warn(`Could not send ${String(message.method ?? 'a response')} to the app: ${String(error)}`)
    }
  }

  #drop(reason: string): void {
    this.#dropped += 1
    this.#warn(`Dropped a message from the app: ${reason}`)
    this.#refusals.refuse()
  }

  /** Answers a request of the view with a refusal, counted against it. */
  #refuse(answer: JsonObject): void {
    this.#post(answer)
    this.#refusals.refuse()
  }

  #warn(message: string): void {
    this.#refusals.warn(`[mcp-elicit/apps] ${message}`)
  }
}
