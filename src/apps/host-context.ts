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

/** The initial host context: theme, locale, time zone, platform, display modes, container size, the tool; then the author's. */
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
  return { ...context, ...inputs.hostContext }
}
