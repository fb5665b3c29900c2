/**
 * Defining the elements is the page's explicit step, never a side effect of
 * importing the entry: two copies of mcp-elicit on one page (two widgets,
 * each bundling its own) would otherwise race for the same tag names, and
 * `customElements.define` throws for the second. `define({ prefix })` names
 * them `<prefix>-tool-call`, `<prefix>-app` and `<prefix>-sign-in`.
 *
 * Each prefix gets classes of its own (a constructor can be defined under
 * one name only). Defining the same prefix again is a no-op; a name another
 * class already holds (another copy, another library) throws a clear error
 * before anything is defined, naming the way out: another prefix.
 */
import { McpAppElement } from './app.js'
import type { McpElement } from './base.js'
import { McpSignInElement } from './sign-in.js'
import { McpToolCallElement } from './tool-call.js'

/** The prefix of the elements' names, and of the types in `HTMLElementTagNameMap`. */
export const DEFAULT_PREFIX = 'mcp-elicit'

export interface DefineOptions {
  /**
   * The elements' names start with it: `<prefix>-tool-call`, `<prefix>-app`,
   * `<prefix>-sign-in`. Lower-case ASCII letters, digits and `-`, starting
   * with a letter. @defaultValue `'mcp-elicit'`
   */
  prefix?: string | undefined
  /**
   * Adopt the forms' stylesheet into every shadow root an element renders in
   * (its own with `shadow`, or a host component's): the page's own
   * stylesheet does not reach there. `false` leaves their look to you. In the
   * page's light DOM, link `mcp-elicit/forms/styles.css` as with React.
   * @defaultValue true
   */
  styles?: boolean | undefined
  /** The registry to define them in (a scoped registry). @defaultValue `customElements` */
  registry?: CustomElementRegistry | undefined
}

/** The names the elements were defined under. */
export interface DefinedElements {
  toolCall: string
  app: string
  signIn: string
}

const PREFIX = /^[a-z][a-z0-9-]*$/

const defined = new WeakMap<CustomElementRegistry, Map<string, { styles: boolean; classes: Record<keyof DefinedElements, CustomElementConstructor> }>>()

/** The element classes by name part. */
const ELEMENTS: Record<keyof DefinedElements, { suffix: string; base: typeof McpElement }> = {
  toolCall: { suffix: 'tool-call', base: McpToolCallElement },
  app: { suffix: 'app', base: McpAppElement },
  signIn: { suffix: 'sign-in', base: McpSignInElement },
}

/**
 * Defines the elements under `prefix` and returns their names. Call it once
 * before the page (or the framework's app) creates them; again with the same
 * prefix, it does nothing. Where there is no `customElements` (server
 * rendering), it defines nothing and returns the names.
 */
export function define(options: DefineOptions = {}): DefinedElements {
  const prefix = options.prefix ?? DEFAULT_PREFIX
  const styles = options.styles ?? true
  if (typeof prefix !== 'string' || !PREFIX.test(prefix) || prefix.endsWith('-')) {
    throw new TypeError(`mcp-elicit: ${JSON.stringify(prefix)} cannot start an element name: use lower-case ASCII letters, digits and "-", starting with a letter (e.g. "my-chat")`)
  }
  const names = Object.fromEntries(Object.entries(ELEMENTS).map(([key, { suffix }]) => [key, `${prefix}-${suffix}`])) as unknown as DefinedElements
  const registry = options.registry ?? (typeof customElements === 'undefined' ? undefined : customElements)
  if (!registry) return names

  let byPrefix = defined.get(registry)
  if (!byPrefix) defined.set(registry, (byPrefix = new Map()))
  const earlier = byPrefix.get(prefix)
  if (earlier) {
    if (earlier.styles !== styles) throw new Error(`mcp-elicit: the elements "${prefix}-*" are already defined with styles: ${earlier.styles}; define them once, with one setting`)
    return names
  }
  // Every name checked before any is defined: a clash leaves nothing half-defined.
  for (const name of Object.values(names)) {
    if (registry.get(name)) {
      throw new Error(`mcp-elicit: <${name}> is already defined by another script (another copy of mcp-elicit, or another library). Give these elements other names: define({ prefix: 'my-chat' }) defines <my-chat-tool-call>, <my-chat-app> and <my-chat-sign-in>.`)
    }
  }
  const classes = {} as Record<keyof DefinedElements, CustomElementConstructor>
  for (const [key, { base }] of Object.entries(ELEMENTS) as Array<[keyof DefinedElements, (typeof ELEMENTS)[keyof DefinedElements]]>) {
    // A class per prefix: the registry takes a constructor under one name only.
    const element = class extends (base as unknown as new () => HTMLElement) {}
    ;(element as unknown as typeof McpElement).settings = { styles }
    classes[key] = element as unknown as CustomElementConstructor
    registry.define(names[key], classes[key])
  }
  byPrefix.set(prefix, { styles, classes })
  return names
}
