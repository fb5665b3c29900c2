/**
 * What the tool-call and app elements share: the objects a page sets as
 * properties (client, sign-in, the forms' and the calls' settings), the MCP
 * Apps host settings (the sandbox, the six capability switches), and the
 * host props both hand to React (`McpAppsProvider` around a call, `McpApp`).
 *
 * The object properties are defined once on the prototype
 * (`defineRenderingProperties`): each keeps its value and renders the element
 * again when set. The classes declare them (`declare client: …`) for their
 * types and documentation.
 */
import { createElement, type ErrorInfo, type ReactNode } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import type { McpAppSandbox } from '../apps/index.js'
import type { McpAppHostProps } from '../apps/react/index.js'
import type { CallObserverOptions, McpClient, McpError } from '../core/index.js'
import type { ElicitationFormTheme, Messages } from '../forms/index.js'
import type { SignInStore, UseMcpCallOptions } from '../react/index.js'
import { APP_FLAGS, appFlags, sandboxOf, toggle, type McpAppHostOptions } from './app-host.js'
import { McpElement } from './base.js'

/**
 * Defines `names` on the prototype of `element` as properties that keep
 * what the page set and render the element again.
 */
export function defineRenderingProperties(element: { prototype: McpElement }, names: readonly string[]): void {
  for (const name of names) {
    const slot = Symbol(name)
    Object.defineProperty(element.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: Record<symbol, unknown>) {
        return this[slot]
      },
      set(this: Record<symbol, unknown>, value: unknown) {
        this[slot] = value
        ;(this as unknown as { requestRender(): void }).requestRender()
      },
    })
  }
}

/** The object properties of the tool-call and app elements. */
const HOST_PROPERTIES = ['client', 'signIn', 'appOptions', 'sampling', 'roots', 'validator', 'theme', 'messages', 'callOptions'] as const

export abstract class McpHostElement extends McpElement {
  /** The properties every host element takes over at the upgrade (see `McpElement`), before its own. */
  static readonly hostProperties: readonly string[] = [...HOST_PROPERTIES, 'arguments', 'sandbox', ...Object.keys(APP_FLAGS)]

  /** The MCP client of the tool's server (`createClient(url, …)`). Property only. */
  declare client: McpClient | undefined
  /** The browser sign-in of the client's `auth` (`browserOAuth().signIn`): the sign-in card shows where a call needs it. Property only. */
  declare signIn: SignInStore | undefined
  /** Further settings of the tool's app (`hostContext`, `displayModes`, `permissions`, `maxHeight`, …). Property only. */
  declare appOptions: McpAppHostOptions | undefined
  /** Produces a sampling answer once the person approved. Property only. */
  declare sampling: CallObserverOptions['onSampling'] | undefined
  /** Roots shared once the person approved. Property only. */
  declare roots: CallObserverOptions['roots'] | undefined
  /** The rjsf validator of every form (default: the no-eval validator, for any CSP). Property only. */
  declare validator: ValidatorType | undefined
  /** An rjsf theme for the forms' fields. Property only. */
  declare theme: ElicitationFormTheme | undefined
  /** Replacement texts (i18n), as `McpToolCall`'s `messages`. Property only. */
  declare messages: Partial<Messages> | undefined
  /** Other options of the calls (host handlers that answer without asking, `maxRounds`, `timeoutMs`, …). Property only. */
  declare callOptions: UseMcpCallOptions | undefined

  declare serverTools: boolean
  declare serverResources: boolean
  declare prompts: boolean
  declare openLinks: boolean
  declare downloadFiles: boolean
  declare appMessages: boolean

  #sandbox: McpAppSandbox | undefined
  #arguments: unknown
  /** The last refusal told, so one bad value is told once. */
  #refused: string | undefined

  /**
   * The call's arguments: an object, or JSON text of one. Setting the
   * `arguments` attribute afterwards replaces it. Not an object: nothing
   * runs, and `error` says why.
   */
  get arguments(): unknown {
    return this.#arguments ?? this.getAttribute('arguments') ?? undefined
  }
  set arguments(value: unknown) {
    this.#arguments = value
    this.requestRender()
  }

  override attributeChangedCallback(name?: string): void {
    // The attribute written last wins over an object set before.
    if (name === 'arguments') this.#arguments = undefined
    super.attributeChangedCallback()
  }

  /** The sandbox proxy page: a URL (or the `sandbox` attribute), or a function of the server giving one host per server. */
  get sandbox(): McpAppSandbox | undefined {
    return sandboxOf(this.#sandbox, this)
  }
  set sandbox(value: McpAppSandbox | undefined) {
    this.#sandbox = value
    this.requestRender()
  }

  /**
   * What the element shows instead of a call or an app whose name or
   * arguments cannot be used (`refusal`), telling the page once per refusal;
   * undefined when there is none.
   */
  protected refused(refusal: McpError | undefined): ReactNode {
    if (!refusal) {
      this.#refused = undefined
      return undefined
    }
    if (this.#refused !== refusal.message) {
      this.#refused = refusal.message
      this.emit('error', { source: 'arguments', error: refusal })
    }
    return createElement('p', { role: 'alert', className: 'mcp-elicit-error', 'data-state': 'refused' }, refusal.message)
  }

  /** The settings of the MCP Apps host as React takes them, with the events they report. */
  protected hostProps(onError: (error: unknown, info: ErrorInfo) => void): McpAppHostProps {
    const flags = appFlags(this)
    return {
      ...this.appOptions,
      sandbox: this.sandbox,
      serverTools: flags.serverTools,
      serverResources: flags.serverResources,
      prompts: flags.prompts,
      openLinks: flags.openLinks,
      downloadFiles: flags.downloadFiles,
      // Only after the person's Send on the message card: never without it.
      dangerouslySkipMessageConsent: false,
      onMessage: flags.appMessages ? (message) => this.emit('message', message) : undefined,
      onAppError: (error) => this.emit('error', { source: 'app', error }),
      onError,
      callOptions: this.callOptions,
      onSampling: this.sampling,
      roots: this.roots,
      validator: this.validator,
      theme: this.theme,
      messages: this.messages,
    }
  }
}

defineRenderingProperties(McpHostElement, HOST_PROPERTIES)

// The boolean switches as properties reflecting their attributes (`serverTools` ↔ `server-tools`).
for (const [property, attribute] of Object.entries(APP_FLAGS)) {
  Object.defineProperty(McpHostElement.prototype, property, {
    configurable: true,
    enumerable: true,
    get(this: Element) {
      return this.hasAttribute(attribute)
    },
    set(this: Element, value: unknown) {
      toggle(this, attribute, value)
    },
  })
}
