/**
 * `<mcp-elicit-app>`: one tool's MCP App on any page, `McpApp` inside a
 * custom element: the tool's `ui://` view in the sandbox proxy on another
 * site, fed the call's arguments and result, with the capabilities its
 * attributes turn on. The page runs the call itself (or shows a call's
 * result it has) and hands the element `result`.
 */
import type { ErrorInfo, ReactNode } from 'react'
import { McpApp } from '../apps/react/index.js'
import type { JsonObject, McpResult, Tool } from '../core/index.js'
import { McpProvider } from '../react/index.js'
import { APP_ATTRIBUTES } from './app-host.js'
import { checkArguments, checkName } from './attributes.js'
import { McpElement } from './base.js'
import type { McpAppEventMap } from './events.js'
import { defineRenderingProperties, McpHostElement } from './host-element.js'

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
export class McpAppElement extends McpHostElement {
  static get observedAttributes(): string[] {
    return [...McpElement.baseAttributes, 'tool', 'arguments', 'cancelled', ...APP_ATTRIBUTES]
  }

  protected readonly upgradable = [...McpHostElement.hostProperties, 'tool', 'result', 'cancelled']

  /** The call's result, once there is one (`tool-result`). Property only. */
  declare result: McpResult | undefined

  #tool: Tool | undefined
  /** The parsed arguments of the last render, by their JSON: the app gets `tool-input` once per value, not per render. */
  #args: { key: string; value: unknown } | undefined

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

  /** Why the call ended without a result (reflects `cancelled`). */
  get cancelled(): string | undefined {
    return this.getAttribute('cancelled') ?? undefined
  }
  set cancelled(value: string | undefined) {
    if (value === undefined || value === null) this.removeAttribute('cancelled')
    else this.setAttribute('cancelled', String(value))
  }

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
    const client = this.client
    const tool = this.tool
    if (!client || tool === '') return null
    const name = typeof tool === 'string' ? checkName(tool, 'tool') : { ok: true as const, value: tool }
    const args = checkArguments(this.arguments)
    const refusal = this.refused(!name.ok ? name.error : !args.ok ? args.error : undefined)
    if (refusal || !name.ok || !args.ok) return refusal
    const key = JSON.stringify(args.value)
    if (this.#args?.key !== key) this.#args = { key, value: args.value }
    const onError = (error: unknown, _info: ErrorInfo) => this.emit('error', { source: 'render', error })
    return (
      <McpProvider client={client} signIn={this.signIn}>
        <McpApp {...this.hostProps(onError)} tool={name.value} arguments={this.#args.value as JsonObject} result={this.result} cancelled={this.cancelled} />
      </McpProvider>
    )
  }
}

defineRenderingProperties(McpAppElement, ['result'])
