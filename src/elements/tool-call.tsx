/**
 * `<mcp-elicit-tool-call>`: one tool call on any page, `McpToolCall` inside
 * a custom element. It runs the call and shows every round, consent,
 * sign-in, progress, Stop and the result (and the tool's app, given a
 * `sandbox`), and reports through events.
 *
 * Attributes and properties (see the class's members) are read anew on every
 * change, with one rule: a call in flight keeps the client, name and
 * arguments it started with. A change while it runs applies once it ended,
 * to the next Run (the person's answers are never sent to a call they did
 * not start); a change while idle applies at once. Removing the element
 * stops its call (the server is told); a task is let go (it goes on, and an
 * element with the same `storage` and `storage-key` finds it again).
 */
import type { ErrorInfo, ReactNode } from 'react'
import { McpAppsProvider } from '../apps/react/index.js'
import type { JsonObject, McpClient, CallStorage } from '../core/index.js'
import { McpToolCall } from '../forms/index.js'
import { McpProvider, type McpCallStatus } from '../react/index.js'
import { APP_ATTRIBUTES, toggle } from './app-host.js'
import { checkArguments, checkName, type Checked } from './attributes.js'
import { McpElement } from './base.js'
import { defineRenderingProperties, McpHostElement } from './host-element.js'
import type { McpToolCallEventMap } from './events.js'

const ACTIVE = new Set<McpCallStatus>(['running', 'awaiting_input', 'retrying', 'needs_auth'])

/** What a call runs with: kept while it runs (the rule above). */
interface CallTarget {
  client: McpClient
  name: Checked<string>
  args: Checked<JsonObject>
  /** The arguments as JSON: a framework that hands over an equal new object each render changes nothing. */
  argsKey: string
}

/**
 * Runs one MCP tool call with its questions, sign-in, progress, Stop and
 * result.
 *
 * @tagname mcp-elicit-tool-call
 * @attr {string} name - The tool to call.
 * @attr {string} arguments - Its arguments, as JSON text of an object (or set the `arguments` property to an object).
 * @attr {boolean} auto-run - Start the call when the element first has a client (unless a call kept in `storage` is resumed).
 * @attr {string} storage-key - The key of this call in `storage`: with both, a reload resumes an open round or a running task.
 * @attr {string} sandbox - The MCP Apps sandbox proxy page (`mcp-elicit/apps/sandbox.html`, served from another site): the tool's app shows in the call.
 * @attr {boolean} server-tools - Let the tool's app call its server's app-visible tools.
 * @attr {boolean} server-resources - Let the tool's app read its server's resources.
 * @attr {boolean} prompts - Let the tool's app list its server's prompts.
 * @attr {boolean} open-links - Let the tool's app ask to open links (after the person's click on the URL card).
 * @attr {boolean} download-files - Let the tool's app ask to save files (after the person's click on the download card).
 * @attr {boolean} app-messages - Let the tool's app ask to send a message: the `message` event fires after the person's Send on the message card.
 * @attr {boolean} shadow - Render in a shadow root of the element's own (read at the first connection).
 * @fires {CustomEvent<McpCallStatusDetail>} status - The call's status changed (`detail.status`, `detail.state`).
 * @fires {CustomEvent<McpResultDetail>} result - The call completed (`detail.result`).
 * @fires {CustomEvent<McpErrorDetail>} error - The call failed, its name or arguments cannot be sent, its app failed, or a card failed to render (`detail.source`, `detail.error`).
 * @fires {CustomEvent<McpMessageDetail>} message - The tool's app asked to send words to the conversation and the person clicked Send (`app-messages`).
 * @cssprop --mcp-elicit-accent - The theme's variables (`--mcp-elicit-bg`, `-fg`, `-accent`, …) set on the element or an ancestor reach inside a shadow root.
 */
export class McpToolCallElement extends McpHostElement {
  static get observedAttributes(): string[] {
    return [...McpElement.baseAttributes, 'name', 'arguments', 'auto-run', 'storage-key', ...APP_ATTRIBUTES]
  }

  protected readonly upgradable = [...McpHostElement.hostProperties, 'name', 'autoRun', 'storage', 'storageKey']

  /** Where an open round or a running task is kept for a reload (`sessionCallStorage()`, or a store of your own). Property only. */
  declare storage: CallStorage | undefined

  #status: McpCallStatus = 'idle'
  /** What the call in flight started with (the rule above). */
  #running: CallTarget | undefined
  /** What the last render gave the call: what a call starting now starts with. */
  #rendered: CallTarget | undefined

  /** The tool to call (reflects the `name` attribute). */
  get name(): string {
    return this.getAttribute('name') ?? ''
  }
  set name(value: string) {
    this.setAttribute('name', String(value))
  }

  /** Start the call on first render with a client (reflects `auto-run`). */
  get autoRun(): boolean {
    return this.hasAttribute('auto-run')
  }
  set autoRun(value: boolean) {
    toggle(this, 'auto-run', value)
  }

  /** This call's key in `storage` (reflects `storage-key`): give every call on the page its own. */
  get storageKey(): string | undefined {
    return this.getAttribute('storage-key') ?? undefined
  }
  set storageKey(value: string | undefined) {
    if (value === undefined || value === null) this.removeAttribute('storage-key')
    else this.setAttribute('storage-key', String(value))
  }

  /** The call's status as last reported (`status` event). */
  get status(): McpCallStatus {
    return this.#status
  }

  override addEventListener<K extends keyof McpToolCallEventMap>(type: K, listener: (this: McpToolCallElement, event: McpToolCallEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener, options)
  }

  override removeEventListener<K extends keyof McpToolCallEventMap>(type: K, listener: (this: McpToolCallElement, event: McpToolCallEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, listener, options)
  }

  /** What the call runs with now: the values it started with while in flight, else the element's. */
  #target(): CallTarget | undefined {
    if (this.#running && ACTIVE.has(this.#status)) return this.#running
    const client = this.client
    if (!client || !this.name) return undefined
    const args = checkArguments(this.arguments)
    const next: CallTarget = { client, name: checkName(this.name), args, argsKey: args.ok ? JSON.stringify(args.value) : '' }
    // The same call as the last render's: the same objects, so the app view gets `tool-input` once, not once per render.
    const last = this.#rendered
    if (last && last.client === client && last.name.ok && next.name.ok && last.name.value === next.name.value && last.args.ok && next.args.ok && last.argsKey === next.argsKey) return last
    return next
  }

  #onStatus = (status: McpCallStatus): void => {
    const was = ACTIVE.has(this.#status)
    this.#status = status
    const active = ACTIVE.has(status)
    // Entering flight: hold what it started with. Leaving it: let what changed meanwhile through.
    if (active && !was) this.#running = this.#rendered
    if (!active && was) {
      this.#running = undefined
      this.requestRender()
    }
  }

  protected renderTree(): ReactNode {
    const target = this.#target()
    this.#rendered = target
    if (!target) return null
    const refusal = this.refused(!target.name.ok ? target.name.error : !target.args.ok ? target.args.error : undefined)
    if (refusal) return refusal
    const name = target.name.ok ? target.name.value : ''
    const args = target.args.ok ? target.args.value : {}
    const storageKey = this.storageKey
    const storage = this.storage
    const onError = (error: unknown, _info: ErrorInfo) => this.emit('error', { source: 'render', error })
    const call = (
      <McpToolCall
        name={name}
        arguments={args}
        autoRun={this.autoRun}
        options={{
          ...this.callOptions,
          ...(storage && storageKey !== undefined ? { storage, storageKey, restore: true } : {}),
        }}
        onStatusChange={(status, state) => {
          this.#onStatus(status)
          this.emit('status', { status, state })
        }}
        onResult={(result) => this.emit('result', { result })}
        onCallError={(error) => this.emit('error', { source: 'call', error })}
        onError={onError}
        onSampling={this.sampling}
        roots={this.roots}
        validator={this.validator}
        theme={this.theme}
        messages={this.messages}
      />
    )
    return (
      <McpProvider client={target.client} signIn={this.signIn}>
        {this.sandbox === undefined ? call : <McpAppsProvider {...this.hostProps(onError)}>{call}</McpAppsProvider>}
      </McpProvider>
    )
  }
}

defineRenderingProperties(McpToolCallElement, ['storage'])
