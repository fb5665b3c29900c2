/**
 * The host context a view starts with, read from the page it is embedded
 * in, so an app matches the page without the host author spelling it out.
 * The author's own `hostContext` is merged over these defaults.
 *
 * Spec: ext-apps apps.mdx, "Host Context in McpUiInitializeResult" and
 * "Container Dimensions" (a `maxHeight` means the view sizes itself up to
 * it, reporting with `size-changed`).
 */
import type { Tool } from '../core/index.js'
import type { McpUiDisplayMode, McpUiHostContext, McpUiTheme } from './types.js'

/** What the defaults depend on besides the page. */
export interface HostContextInputs {
  /** Where the app is drawn: its computed look becomes the standard style variables. */
  element?: Element | undefined
  tool?: Tool | undefined
  displayModes?: McpUiDisplayMode[] | undefined
  maxHeight: number
  hostContext?: McpUiHostContext | undefined
}

function matches(window: Window, query: string): boolean | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : undefined
}

/**
 * The page's theme: its `data-theme` (`dark` / `light`) on `<html>` when
 * set, else a `color-scheme` of only `dark`, else the reader's
 * `prefers-color-scheme`.
 */
export function pageTheme(window: Window): McpUiTheme {
  const root = window.document.documentElement
  const declared = root.dataset.theme
  if (declared === 'dark' || declared === 'light') return declared
  const scheme = window.getComputedStyle?.(root).colorScheme?.trim()
  if (scheme === 'dark' || scheme === 'only dark') return 'dark'
  if (scheme === 'light' || scheme === 'only light') return 'light'
  return matches(window, '(prefers-color-scheme: dark)') ? 'dark' : 'light'
}

/**
 * The standard style variables an app reads (`hostContext.styles.variables`),
 * from the look around the app: the forms' own variables where the page sets
 * them (`--mcp-elicit-bg`, `-fg`, `-muted`, `-border`, `-accent`, `-radius`),
 * else the element's computed colours and font. Only what has a value is sent.
 */
export function pageStyles(window: Window, element: Element): Record<string, string> {
  const style = window.getComputedStyle?.(element)
  if (!style) return {}
  const own = (name: string) => style.getPropertyValue(name).trim()
  const pairs: [string, string][] = [
    ['--color-background-primary', own('--mcp-elicit-bg') || style.backgroundColor],
    ['--color-text-primary', own('--mcp-elicit-fg') || style.color],
    ['--color-text-secondary', own('--mcp-elicit-muted')],
    ['--color-border-primary', own('--mcp-elicit-border')],
    ['--color-ring-primary', own('--mcp-elicit-accent')],
    ['--border-radius-md', own('--mcp-elicit-radius')],
    ['--font-sans', style.fontFamily],
  ]
  // A transparent background says nothing about the colour the app sits on.
  return Object.fromEntries(pairs.filter(([, value]) => value !== '' && value !== 'rgba(0, 0, 0, 0)' && value !== 'transparent'))
}

/** The initial host context: theme, locale, time zone, platform, display modes, container size, the page's look, the tool; then the author's. */
export function defaultHostContext(window: Window, inputs: HostContextInputs): McpUiHostContext {
  const context: McpUiHostContext = {
    theme: pageTheme(window),
    platform: 'web',
    displayMode: 'inline',
    availableDisplayModes: inputs.displayModes ?? ['inline'],
    containerDimensions: { maxHeight: inputs.maxHeight },
  }
  if (window.navigator?.language) context.locale = window.navigator.language
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  if (timeZone) context.timeZone = timeZone
  const hover = matches(window, '(hover: hover)')
  const touch = matches(window, '(pointer: coarse)')
  if (hover !== undefined && touch !== undefined) context.deviceCapabilities = { hover, touch }
  if (inputs.tool) context.toolInfo = { tool: inputs.tool }
  const variables = inputs.element ? pageStyles(window, inputs.element) : {}
  if (Object.keys(variables).length > 0) context.styles = { variables } as McpUiHostContext['styles']
  return { ...context, ...inputs.hostContext }
}

/** The parts of the page's look a view follows while it is shown: its theme and the style variables read from it. */
export function pageLook(window: Window, element: Element): McpUiHostContext {
  const variables = pageStyles(window, element)
  return { theme: pageTheme(window), ...(Object.keys(variables).length > 0 && { styles: { variables } as McpUiHostContext['styles'] }) }
}

/**
 * Calls `onChange` with the page's look ({@link pageLook}) whenever it may
 * have changed: the reader's `prefers-color-scheme` changed (the system
 * went dark), or the page switched its own theme (`data-theme`, `class` or
 * `style` of `<html>`). Returns the stop. A host pinning the theme in
 * `hostContext` is not overridden here: the caller leaves out what the host
 * author set.
 */
export function followPageLook(window: Window, element: Element, onChange: (look: McpUiHostContext) => void): () => void {
  const changed = () => onChange(pageLook(window, element))
  const scheme = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined
  scheme?.addEventListener?.('change', changed)
  const Observer = (window as Window & { MutationObserver?: typeof MutationObserver }).MutationObserver
  const observer = Observer ? new Observer(changed) : undefined
  observer?.observe(window.document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] })
  return () => {
    scheme?.removeEventListener?.('change', changed)
    observer?.disconnect()
  }
}
