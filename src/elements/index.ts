/**
 * mcp-elicit/elements: the question cards and the MCP Apps host as custom
 * elements, for any page (Vue, Svelte, Angular, plain HTML). React renders
 * inside each element (`react`, `react-dom` and rjsf stay peers); the page
 * sets `client` (and the rest) as properties, the tool's name and arguments
 * as attributes or properties, and listens to DOM events.
 *
 * Importing defines nothing: call `define()` (or `define({ prefix })`) once.
 */
export { define, DEFAULT_PREFIX } from './define.js'
export type { DefinedElements, DefineOptions } from './define.js'
export { McpToolCallElement } from './tool-call.js'
export { McpAppElement } from './app.js'
export { McpSignInElement } from './sign-in.js'
export { McpElement } from './base.js'
export type { McpAppHostOptions, AppFlag } from './app-host.js'
export { MAX_ARGUMENTS_LENGTH, MAX_NAME_LENGTH } from './attributes.js'
export type {
  McpAppEventMap,
  McpCallStatusDetail,
  McpElementEventMap,
  McpErrorDetail,
  McpMessageDetail,
  McpResultDetail,
  McpSignInEventMap,
  McpSignInStatusDetail,
  McpToolCallEventMap,
} from './events.js'

import type { McpAppElement } from './app.js'
import type { McpSignInElement } from './sign-in.js'
import type { McpToolCallElement } from './tool-call.js'

declare global {
  /** The elements under the default prefix (`define()`); with another prefix, `document.querySelector<McpToolCallElement>('my-chat-tool-call')`. */
  interface HTMLElementTagNameMap {
    'mcp-elicit-tool-call': McpToolCallElement
    'mcp-elicit-app': McpAppElement
    'mcp-elicit-sign-in': McpSignInElement
  }
}
