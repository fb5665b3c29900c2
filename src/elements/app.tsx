/**
 * `<mcp-elicit-app>`: one tool's MCP App on any page, `McpApp` inside a
 * custom element: the tool's `ui://` view in the sandbox proxy on another
 * site, fed the call's arguments and result, with the capabilities its
 * attributes turn on. The page runs the call itself (or shows a call's
 * result it has) and hands the element `result`.
 */
import type { ErrorInfo, ReactNode } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import type { McpAppSandbox } from '../apps/index.js'
import { McpApp } from '../apps/react/index.js'
import type { CallObserverOptions, McpClient, McpResult, Tool } from '../core/index.js'
import type { ElicitationFormTheme, Messages } from '../forms/index.js'
import { McpProvider, type SignInStore, type UseMcpCallOptions } from '../react/index.js'
import { APP_ATTRIBUTES, APP_FLAGS, appFlags, sandboxOf, type McpAppHostOptions } from './app-host.js'
import { checkArguments, checkName } from './attributes.js'
import { McpElement } from './base.js'
import type { McpAppEventMap } from './events.js'
import { defineFlagProperties } from './tool-call.js'

/**
 * Shows a tool's MCP App (its `ui://` view) in a sandboxed frame.
 *
 * @tagname mcp-elicit-app
 * @attr {string} tool - The tool whose app to show (looked up in the client's `tools/list`; or set the `tool` property to the listed tool).
 * @attr {string} arguments - The call's arguments, as JSON text of an object (`tool-input`).
 * @attr {string} cancelled - Set when the call was stopped or failed: the app gets `tool-cancelled` with this reason.
 * @attr {string} sandbox - The sandbox proxy page (`mcp-elicit/apps/sandbox.html`) on another site.
 * @attr {boolean} server-tools - Let the app call its server's app-visible tools (their questions show under the frame).
 * @attr {boolean} server-resources - Let the app read its server's resources.
 * @attr {boolean} prompts - Let the app list its server's prompts.
 * @attr {boolean} open-links - Let the app ask to open links (after the person's click on the URL card).
 * @attr {boolean} download-files - Let the app ask to save files (after the person's click on the download card).
 * @attr {boolean} app-messages - Let the app ask to send a message: `message` fires after the person's Send on the message card.
 * @attr {boolean} shadow - Render in a shadow root of the element's own (read at the first connection).
 * @fires {CustomEvent<McpMessageDetail>} message - The app asked to send words to the conversation and the person clicked Send.
 * @fires {CustomEvent<McpErrorDetail>} error - The app failed (the element then shows nothing), its tool name or arguments cannot be used, or a card failed to render.
 */
export class McpAppElement extends McpElement {
  static get observedAttributes(): string[] {
    return [...McpElement.baseAttributes, 'tool', 'arguments', 'cancelled', ...APP_ATTRIBUTES]
  }

  protected readonly upgradable = ['client', 'signIn', 'tool', 'arguments', 'result', 'cancelled', 'sandbox', 'appOptions', 'sampling', 'roots', 'validator', 'theme', 'messages', 'callOptions', ...Object.keys(APP_FLAGS)]

  #client: McpClient | undefined
  #signIn: SignInStore | undefined
  #tool: Tool | undefined
  #arguments: unknown
  #result: McpResult | undefined
  #sandbox: McpAppSandbox | undefined
  #appOptions: McpAppHostOptions | undefined
  #sampling: CallObserverOptions['onSampling'] | undefined
  #roots: CallObserverOptions['roots'] | undefined
  #validator: ValidatorType | undefined
  #theme: ElicitationFormTheme | undefined
  #messages: Partial<Messages> | undefined
  #callOptions: UseMcpCallOptions | undefined
  #refused: string | undefined
  /** The parsed arguments of the last render, by their JSON: the app gets `tool-input` once per value, not per render. */
  #args: { key: string; value: unknown } | undefined

  /** The MCP client of the tool's server. Property only. */
  get client(): McpClient | undefined {
    return this.#client
  }
  set client(value: McpClient | undefined) {
    this.#client = value
    this.requestRender()
  }

  /** The sign-in store, for the app's own tool calls to a server behind a sign-in. Property only. */
  get signIn(): SignInStore | undefined {
    return this.#signIn
  }
  set signIn(value: SignInStore | undefined) {
    this.#signIn = value
    this.requestRender()
  }

  /** The tool: its name (reflects the `tool` attribute), or the tool as listed. */
  get tool(): Tool | string {
    return this.#tool ?? this.getAttribute('tool') ?? ''
  }
  set tool(value: Tool | string) {
    if (typeof value === 'string') {
      this.#tool = undefined
      this.setAttribute('tool', value)
    } else {
      this.#tool = value
      this.requestRender()
    }
  }

  /** The call's arguments: an object, or JSON text of one. */
  get arguments(): unknown {
    return this.#arguments ?? this.getAttribute('arguments') ?? undefined
  }
  set arguments(value: unknown) {
    this.#arguments = value
    this.requestRender()
  }

  /** The call's result, once there is one (`tool-result`). Property only. */
  get result(): McpResult | undefined {
    return this.#result
  }
  set result(value: McpResult | undefined) {
    this.#result = value
    this.requestRender()
  }

  /** Why the call ended without a result (reflects `cancelled`). */
  get cancelled(): string | undefined {
    return this.getAttribute('cancelled') ?? undefined
  }
  set cancelled(value: string | undefined) {
    if (value === undefined || value === null) this.removeAttribute('cancelled')
    else this.setAttribute('cancelled', String(value))
  }

  /** The sandbox proxy page: a URL (or the `sandbox` attribute), or a function of the server. */
  get sandbox(): McpAppSandbox | undefined {
    return sandboxOf(this.#sandbox, this)
  }
  set sandbox(value: McpAppSandbox | undefined) {
    this.#sandbox = value
    this.requestRender()
  }

  /** Further settings of the app (`hostContext`, `displayModes`, `permissions`, `maxHeight`, …). Property only. */
  get appOptions(): McpAppHostOptions | undefined {
    return this.#appOptions
  }
  set appOptions(value: McpAppHostOptions | undefined) {
    this.#appOptions = value
    this.requestRender()
  }

  /** Sampling for the app's own tool calls, once the person approved. Property only. */
  get sampling(): CallObserverOptions['onSampling'] | undefined {
    return this.#sampling
  }
  set sampling(value: CallObserverOptions['onSampling'] | undefined) {
    this.#sampling = value
    this.requestRender()
  }

  /** Roots for the app's own tool calls, once the person approved. Property only. */
  get roots(): CallObserverOptions['roots'] | undefined {
    return this.#roots
  }
  set roots(value: CallObserverOptions['roots'] | undefined) {
    this.#roots = value
    this.requestRender()
  }

  /** The rjsf validator of the forms its tool calls ask. Property only. */
  get validator(): ValidatorType | undefined {
    return this.#validator
  }
  set validator(value: ValidatorType | undefined) {
    this.#validator = value
    this.requestRender()
  }

  /** An rjsf theme for those forms. Property only. */
  get theme(): ElicitationFormTheme | undefined {
    return this.#theme
  }
  set theme(value: ElicitationFormTheme | undefined) {
    this.#theme = value
    this.requestRender()
  }

  /** Replacement texts (i18n). Property only. */
  get messages(): Partial<Messages> | undefined {
    return this.#messages
  }
  set messages(value: Partial<Messages> | undefined) {
    this.#messages = value
    this.requestRender()
  }

  /** Options of the app's own tool calls (host handlers, `maxRounds`). Property only. */
  get callOptions(): UseMcpCallOptions | undefined {
    return this.#callOptions
  }
  set callOptions(value: UseMcpCallOptions | undefined) {
    this.#callOptions = value
    this.requestRender()
  }

  declare serverTools: boolean
  declare serverResources: boolean
  declare prompts: boolean
  declare openLinks: boolean
  declare downloadFiles: boolean
  declare appMessages: boolean

  override addEventListener<K extends keyof McpAppEventMap>(type: K, listener: (this: McpAppElement, event: McpAppEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener, options)
  }

  override removeEventListener<K extends keyof McpAppEventMap>(type: K, listener: (this: McpAppElement, event: McpAppEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, listener, options)
  }

  protected renderTree(): ReactNode {
    const client = this.#client
    const tool = this.tool
    if (!client || tool === '') return null
    const name = typeof tool === 'string' ? checkName(tool, 'tool') : { ok: true as const, value: tool }
    const args = checkArguments(this.arguments)
    const refusal = !name.ok ? name.error : !args.ok ? args.error : undefined
    if (refusal) {
      if (this.#refused !== refusal.message) {
        this.#refused = refusal.message
        this.emit('error', { source: 'arguments', error: refusal })
      }
      return (
        <p role="alert" className="mcp-elicit-error" data-state="refused">
          {refusal.message}
        </p>
      )
    }
    this.#refused = undefined
    const key = JSON.stringify(args.ok ? args.value : {})
    if (this.#args?.key !== key) this.#args = { key, value: args.ok ? args.value : {} }
    const flags = appFlags(this)
    const onError = (error: unknown, _info: ErrorInfo) => this.emit('error', { source: 'render', error })
    return (
      <McpProvider client={client} signIn={this.#signIn}>
        <McpApp
          {...this.#appOptions}
          tool={name.ok ? name.value : ''}
          arguments={this.#args.value as Record<string, never>}
          result={this.#result}
          cancelled={this.cancelled}
          sandbox={this.sandbox}
          serverTools={flags.serverTools}
          serverResources={flags.serverResources}
          prompts={flags.prompts}
          openLinks={flags.openLinks}
          downloadFiles={flags.downloadFiles}
          // Only after the person's Send on the message card: never without it.
          dangerouslySkipMessageConsent={false}
          onMessage={flags.appMessages ? (message) => this.emit('message', message) : undefined}
          onAppError={(error) => this.emit('error', { source: 'app', error })}
          onError={onError}
          callOptions={this.#callOptions}
          onSampling={this.#sampling}
          roots={this.#roots}
          validator={this.#validator}
          theme={this.#theme}
          messages={this.#messages}
        />
      </McpProvider>
    )
  }
}

defineFlagProperties(McpAppElement)
