/**
 * The MCP Apps settings the tool-call and app elements share: the sandbox
 * page and the capabilities an app may be given, each off unless its
 * attribute (or property) turns it on, as on `<McpAppsProvider>`.
 */
import type { McpAppSandbox } from '../apps/index.js'
import type { McpAppHostProps } from '../apps/react/index.js'

/** Boolean attributes, by property: present means on. */
export const APP_FLAGS = {
  serverTools: 'server-tools',
  serverResources: 'server-resources',
  prompts: 'prompts',
  openLinks: 'open-links',
  downloadFiles: 'download-files',
  appMessages: 'app-messages',
} as const

export type AppFlag = keyof typeof APP_FLAGS

/** The attributes an element with apps observes. */
export const APP_ATTRIBUTES: readonly string[] = ['sandbox', ...Object.values(APP_FLAGS)]

/** Reads the flags from `element`'s attributes. */
export function appFlags(element: Element): Record<AppFlag, boolean> {
  return Object.fromEntries(Object.entries(APP_FLAGS).map(([property, attribute]) => [property, element.hasAttribute(attribute)])) as Record<AppFlag, boolean>
}

/** Sets or removes a boolean attribute. */
export function toggle(element: Element, attribute: string, on: unknown): void {
  element.toggleAttribute(attribute, Boolean(on))
}

/**
 * Other host settings of `McpAppHostProps` (hostContext, displayModes,
 * permissions, maxHeight, …), given as one property. Not
 * `dangerouslySkipMessageConsent`: an element's `message` event comes only
 * after the person's Send on the message card.
 */
export type McpAppHostOptions = Omit<McpAppHostProps, 'sandbox' | 'dangerouslySkipMessageConsent' | 'serverTools' | 'serverResources' | 'prompts' | 'openLinks' | 'downloadFiles' | 'onMessage' | 'onAppError' | 'onError'>

/** The sandbox: the property when set (a URL or a function of the server), else the attribute. */
export function sandboxOf(property: McpAppSandbox | undefined, element: Element): McpAppSandbox | undefined {
  return property ?? element.getAttribute('sandbox') ?? undefined
}
