/**
 * The elements' events: lower-case names, a `CustomEvent` each with a typed
 * `detail`, so Vue's `@status`, Svelte's `onstatus` / `on:status` and
 * Angular's `(status)` bind to them as they are.
 *
 * They are dispatched on the element and neither bubble nor cross a shadow
 * boundary (`bubbles: false`, `composed: false`), on purpose: `error` and
 * `message` are names the window already hears (`window.onerror` and error
 * reporters, `postMessage` listeners, the apps host's own bridge among
 * them), and a bubbling one would reach them as if it were theirs. Every
 * framework binds on the element itself; a page that follows many elements
 * from one ancestor listens in the capture phase
 * (`list.addEventListener('result', …, { capture: true })`).
 */
import type { McpAppError, McpAppMessage } from '../apps/index.js'
import type { McpError, McpResult } from '../core/index.js'
import type { McpAuthStatus, McpCallStatus, McpCallView } from '../react/index.js'

/** `status` of a tool call: the status it now reports (`needs_auth` included) and the call as reported. */
export interface McpCallStatusDetail {
  status: McpCallStatus
  state: McpCallView
}

/** `status` of a sign-in element: the endpoint's sign-in status. */
export interface McpSignInStatusDetail {
  status: McpAuthStatus
  /** The endpoint it is about (the client's URL without query). */
  endpoint: string
}

/** `result`: the call completed (a tool's own failure, `isError`, is a result too). */
export interface McpResultDetail {
  result: McpResult
}

/**
 * `error`, with where it came from:
 * - `call`: the call failed (an `McpError`; the card shows it too);
 * - `arguments`: the element's `name` or `arguments` cannot be sent (an `McpArgumentError`), so nothing ran;
 * - `app`: the tool's app failed (an `McpAppError`; the plain result shows instead);
 * - `render`: a card failed to render (it is replaced by a short notice).
 */
export type McpErrorDetail =
  | { source: 'call'; error: McpError }
  | { source: 'arguments'; error: McpError }
  | { source: 'app'; error: McpAppError }
  | { source: 'render'; error: unknown }

/** `message`: words an app asked to put in the conversation, after the person clicked Send on its card. */
export type McpMessageDetail = McpAppMessage

/** Every event of the elements, by name. */
export interface McpElementEventMap {
  status: CustomEvent<McpCallStatusDetail | McpSignInStatusDetail>
  result: CustomEvent<McpResultDetail>
  error: CustomEvent<McpErrorDetail>
  message: CustomEvent<McpMessageDetail>
}

/** The events of `<mcp-elicit-tool-call>`. */
export interface McpToolCallEventMap {
  status: CustomEvent<McpCallStatusDetail>
  result: CustomEvent<McpResultDetail>
  error: CustomEvent<McpErrorDetail>
  message: CustomEvent<McpMessageDetail>
}

/** The events of `<mcp-elicit-app>`. */
export interface McpAppEventMap {
  error: CustomEvent<McpErrorDetail>
  message: CustomEvent<McpMessageDetail>
}

/** The events of `<mcp-elicit-sign-in>`. */
export interface McpSignInEventMap {
  status: CustomEvent<McpSignInStatusDetail>
  error: CustomEvent<McpErrorDetail>
}
