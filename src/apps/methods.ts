/**
 * The JSON-RPC method names of the View <-> Host bridge (ext-apps
 * `specification/2026-01-26/apps.mdx`, "MCP Apps Specific Messages" and
 * "Reserved Messages (Sandbox Proxy)"), spelled once for the bridge, the
 * frame and the sandbox proxy page, which must agree byte for byte.
 */

/** View -> host: the handshake request, answered with hostInfo, hostCapabilities and hostContext. */
export const INITIALIZE = 'ui/initialize'
/** View -> host: the handshake is done; before it the host sends the view nothing. */
export const INITIALIZED = 'ui/notifications/initialized'

/** Host -> view notifications. */
export const TOOL_INPUT = 'ui/notifications/tool-input'
export const TOOL_INPUT_PARTIAL = 'ui/notifications/tool-input-partial'
export const TOOL_RESULT = 'ui/notifications/tool-result'
export const TOOL_CANCELLED = 'ui/notifications/tool-cancelled'
export const HOST_CONTEXT_CHANGED = 'ui/notifications/host-context-changed'
/** Host -> view request: clean up, the frame goes away once answered. */
export const RESOURCE_TEARDOWN = 'ui/resource-teardown'
/** Host -> view request (SEP-3118, draft): the unchanged form question. */
export const ELICITATION_CREATE = 'elicitation/create'

/** View -> host requests. */
export const OPEN_LINK = 'ui/open-link'
export const DOWNLOAD_FILE = 'ui/download-file'
export const MESSAGE = 'ui/message'
export const UPDATE_MODEL_CONTEXT = 'ui/update-model-context'
export const REQUEST_DISPLAY_MODE = 'ui/request-display-mode'

/** View -> host notifications. */
export const SIZE_CHANGED = 'ui/notifications/size-changed'
export const REQUEST_TEARDOWN = 'ui/notifications/request-teardown'
export const LOG_MESSAGE = 'notifications/message'
/** Either way: the sender gave up on a request it made (MCP base protocol). */
export const CANCELLED = 'notifications/cancelled'

/** Sandbox proxy -> host: the proxy listens; the host answers with the resource. */
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready'
/** Host -> sandbox proxy: the app's HTML, CSP and permissions. */
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready'
/** Methods between host and proxy only: the proxy never relays them, in either direction. */
export const SANDBOX_PREFIX = 'ui/notifications/sandbox-'

/** Whether `data` is a message whose method is reserved for host <-> proxy. */
export function isSandboxMessage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false
  const method = (data as { method?: unknown }).method
  return typeof method === 'string' && method.startsWith(SANDBOX_PREFIX)
}
