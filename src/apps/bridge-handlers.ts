/**
 * The view's requests and notifications to the host, one handler each, and
 * the `hostCapabilities` that advertise exactly the handlers that are on.
 * Both are built from the same options so a capability is never advertised
 * without its handler, nor a handler reachable without its capability.
 *
 * Spec: ext-apps apps.mdx, "Standard MCP Messages", "Requests (View → Host)",
 * "Notifications (View → Host)", "Host Capabilities", "Display Modes".
 */
import { isMcpCancelledError, isMcpProtocolError, type JsonObject } from '../core/index.js'
import type { AppBridgeOptions } from './bridge-options.js'
import { BridgeRpcError, MAX_PARAMS_BYTES, RpcCode } from './bridge-messages.js'
import { DEFAULT_MAX_DOWNLOAD_BYTES, readDownloadFiles } from './download.js'
import { isObject } from './json-object.js'
import { readAppMessage, type MessageGate } from './message.js'
import * as Method from './methods.js'
import type { McpUiAppCapabilities, McpUiDisplayMode, McpUiHostCapabilities } from './types.js'
import type { AppToolListing } from './tool-listing.js'
import { isAppVisible } from './ui-meta.js'

/** What a handler may use besides the params. */
export interface HandlerContext {
  options: AppBridgeOptions
  /** Aborted when the view cancels the request or the bridge is torn down. */
  signal: AbortSignal
  appCapabilities: McpUiAppCapabilities
  /** The server's tools as this view knows them (tool-listing.ts); there whenever `client` is. */
  tools?: AppToolListing | undefined
  displayMode(): McpUiDisplayMode
  /** Sets the display mode and tells the view (`host-context-changed`). */
  setDisplayMode(mode: McpUiDisplayMode): void
  /** The view's one message slot (`ui/message`). */
  messages: MessageGate
  /** Reports to the host (rate-limited). */
  warn(message: string): void
}

type Handler = (params: JsonObject, context: HandlerContext) => Promise<JsonObject>

const DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip']
/** Browsers cut URLs around 2 MB; a link a person should follow is far shorter. */
const MAX_LINK_LENGTH = 8192

function invalid(method: string, what: string): BridgeRpcError {
  return new BridgeRpcError(RpcCode.invalidParams, `${method}: ${what}`)
}

function clientOf(context: HandlerContext) {
  // Routes that need a client are only on when it is there (see `routeEnabled`).
  return context.options.client!
}

/**
 * An error from a call made for the view, as the JSON-RPC error it gets: a
 * server error keeps its code and the server's own message; anything else
 * says little (our messages name the server URL, which the view need not
 * learn), with the original kept as `cause` for the host's warning.
 */
function forwarded(error: unknown): BridgeRpcError {
  if (error instanceof BridgeRpcError) return error
  if (isMcpProtocolError(error)) return new BridgeRpcError(error.code, error.rpcMessage)
  if (isMcpCancelledError(error)) return new BridgeRpcError(RpcCode.refused, 'Request cancelled', error)
  return new BridgeRpcError(RpcCode.internalError, 'The request failed', error)
}

const callTool: Handler = async (params, context) => {
  const { name } = params
  const args = params.arguments ?? {}
  if (typeof name !== 'string' || name === '') throw invalid('tools/call', 'name must be a non-empty string')
  if (!isObject(args)) throw invalid('tools/call', 'arguments must be an object')
  const client = clientOf(context)
  // The listing, not the view, says which tools exist: a view can only reach this server's tools, and only those open to apps.
  const tool = await context.tools!.find(name, context.signal)
  if (!tool) throw new BridgeRpcError(RpcCode.invalidParams, `tools/call: no tool "${name}" on this server`)
  if (!isAppVisible(tool)) throw new BridgeRpcError(RpcCode.refused, `tools/call: "${name}" is not callable by apps (its _meta.ui.visibility lacks "app")`)
  const route = context.options.serverTools
  const signal = context.signal
  return typeof route === 'function' ? route(name, args, { signal }) : client.callTool(name, args, { signal })
}

const listTools: Handler = async (_params, context) => {
  const tools = await context.tools!.tools(context.signal)
  return { tools: tools.filter((tool) => isAppVisible(tool)) }
}

const readResource: Handler = async (params, context) => {
  if (typeof params.uri !== 'string' || params.uri === '') throw invalid('resources/read', 'uri must be a non-empty string')
  return clientOf(context).readResource(params.uri, { signal: context.signal })
}

const listResources: Handler = async (_params, context) => ({ resources: await clientOf(context).listResources({ signal: context.signal }) })
const listTemplates: Handler = async (_params, context) => ({ resourceTemplates: await clientOf(context).listResourceTemplates({ signal: context.signal }) })
const listPrompts: Handler = async (_params, context) => ({ prompts: await clientOf(context).listPrompts({ signal: context.signal }) })

function absoluteUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

const openLink: Handler = async (params, context) => {
  const { url } = params
  const parsed = typeof url === 'string' && url.length <= MAX_LINK_LENGTH ? absoluteUrl(url) : undefined
  if (!parsed) throw invalid(Method.OPEN_LINK, 'url must be an absolute URL')
  // javascript:, data:, file: and app-specific schemes would run or open something other than a web page.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalid(Method.OPEN_LINK, 'only http and https links can be opened')
  const answer = await context.options.onOpenLink!(parsed, { signal: context.signal })
  if (answer === false) throw new BridgeRpcError(RpcCode.refused, 'Link opening denied')
  return {}
}

const downloadFile: Handler = async (params, context) => {
  const files = readDownloadFiles(params, context.options.maxDownloadBytes)
  // Declined is an answer, not an error: the spec's result says so with isError.
  const answer = await context.options.onDownloadFile!(files, { signal: context.signal })
  return answer === false ? { isError: true } : {}
}

const message: Handler = async (params, context) => {
  const checked = readAppMessage(params)
  const release = context.messages.hold((warning) => context.warn(warning))
  try {
    const sent = await context.options.onMessage!(checked, { signal: context.signal })
    if (sent === true) return {}
    if (sent !== false) context.warn(`onMessage returned ${String(sent)}; return true once the person agreed and the message was sent (taken as declined)`)
    throw new BridgeRpcError(RpcCode.refused, 'Message sending denied', undefined, { declined: true })
  } finally {
    release()
  }
}

const updateModelContext: Handler = async (params, context) => {
  const { content, structuredContent } = params
  if (content !== undefined && !Array.isArray(content)) throw invalid(Method.UPDATE_MODEL_CONTEXT, 'content must be an array')
  if (structuredContent !== undefined && !isObject(structuredContent)) throw invalid(Method.UPDATE_MODEL_CONTEXT, 'structuredContent must be an object')
  context.options.onUpdateModelContext!({ ...(content !== undefined && { content }), ...(structuredContent !== undefined && { structuredContent }) })
  return {}
}

const requestDisplayMode: Handler = async (params, context) => {
  const wanted = params.mode as McpUiDisplayMode
  if (!DISPLAY_MODES.includes(wanted)) throw invalid(Method.REQUEST_DISPLAY_MODE, 'mode must be inline, fullscreen or pip')
  const available = context.options.displayModes ?? ['inline']
  const declared = context.appCapabilities.availableDisplayModes
  // The host MUST NOT switch a view to a mode it did not declare, and SHOULD answer the current mode when it cannot switch.
  const allowed = available.includes(wanted) && (!Array.isArray(declared) || declared.includes(wanted))
  if (allowed && wanted !== context.displayMode()) {
    const chosen = context.options.onDisplayModeChange?.(wanted) ?? wanted
    if (available.includes(chosen) && chosen !== context.displayMode()) context.setDisplayMode(chosen)
  }
  return { mode: context.displayMode() }
}

/** Each request method, with the option that turns it on (none: always on). */
const ROUTES: Record<string, { run: Handler; on?: (options: AppBridgeOptions) => boolean }> = {
  ping: { run: async () => ({}) },
  'tools/call': { run: callTool, on: (options) => Boolean(options.serverTools && options.client) },
  'tools/list': { run: listTools, on: (options) => Boolean(options.serverTools && options.client) },
  'resources/read': { run: readResource, on: (options) => Boolean(options.serverResources && options.client) },
  'resources/list': { run: listResources, on: (options) => Boolean(options.serverResources && options.client) },
  'resources/templates/list': { run: listTemplates, on: (options) => Boolean(options.serverResources && options.client) },
  'prompts/list': { run: listPrompts, on: (options) => Boolean(options.prompts && options.client) },
  [Method.OPEN_LINK]: { run: openLink, on: (options) => options.onOpenLink !== undefined },
  [Method.DOWNLOAD_FILE]: { run: downloadFile, on: (options) => options.onDownloadFile !== undefined },
  [Method.MESSAGE]: { run: message, on: (options) => options.onMessage !== undefined },
  [Method.UPDATE_MODEL_CONTEXT]: { run: updateModelContext, on: (options) => options.onUpdateModelContext !== undefined },
  [Method.REQUEST_DISPLAY_MODE]: { run: requestDisplayMode },
}

/**
 * Answers one request of the view: its result, or a {@link BridgeRpcError}
 * (-32601 for a method that is unknown or not turned on, -32602 for bad
 * params, the server's own code for a server error).
 */
export async function handleViewRequest(method: string, params: JsonObject, context: HandlerContext): Promise<JsonObject> {
  const route = Object.hasOwn(ROUTES, method) ? ROUTES[method] : undefined
  if (!route || (route.on && !route.on(context.options))) throw new BridgeRpcError(RpcCode.methodNotFound, `Method not found: ${method}`)
  try {
    return await route.run(params, context)
  } catch (error) {
    throw forwarded(error)
  }
}

/**
 * The largest serialised params of one view message: `maxParamsBytes`, but
 * room for the files' base64 (and the JSON around them) on `ui/download-file`
 * when the host takes downloads, so `maxDownloadBytes` is the cap there.
 * `method` undefined: a response of the view (to `elicitation/create`,
 * `ui/resource-teardown`), held to `maxParamsBytes`.
 */
export function paramsLimit(method: string | undefined, options: AppBridgeOptions): number {
  const base = options.maxParamsBytes ?? MAX_PARAMS_BYTES
  if (method !== Method.DOWNLOAD_FILE || !options.onDownloadFile) return base
  return Math.max(base, Math.ceil(((options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES) * 4) / 3) + 64 * 1024)
}

/** The finite, non-negative number, or undefined. */
function size(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}

/**
 * Takes one notification of the view (initialized and cancelled are the
 * bridge's own). Unknown ones are ignored, as JSON-RPC allows; the host's
 * handlers are the host author's code, so a throw is reported, not raised.
 */
export function handleViewNotification(method: string, params: JsonObject, options: AppBridgeOptions): void {
  if (method === Method.SIZE_CHANGED) {
    const width = size(params.width)
    const height = size(params.height)
    if (width !== undefined || height !== undefined) options.onSizeChange?.({ ...(width !== undefined && { width }), ...(height !== undefined && { height }) })
  } else if (method === Method.REQUEST_TEARDOWN) {
    options.onRequestTeardown?.()
  } else if (method === Method.LOG_MESSAGE) {
    options.onLog?.(params)
  }
}

/** `hostCapabilities` with exactly what the options turn on (SEP-3118's `elicitation` included). */
export function buildHostCapabilities(options: AppBridgeOptions): McpUiHostCapabilities {
  const capabilities: McpUiHostCapabilities = {}
  if (options.onOpenLink) capabilities.openLinks = {}
  if (options.onDownloadFile) capabilities.downloadFile = {}
  if (options.serverTools && options.client) capabilities.serverTools = {}
  if (options.serverResources && options.client) capabilities.serverResources = {}
  if (options.onLog) capabilities.logging = {}
  const sandbox = options.sandbox
  if (sandbox && (sandbox.permissions || sandbox.csp)) {
    capabilities.sandbox = { ...(sandbox.permissions && { permissions: sandbox.permissions }), ...(sandbox.csp && { csp: sandbox.csp }) }
  }
  if (options.onUpdateModelContext) capabilities.updateModelContext = { text: {}, structuredContent: {} }
  if (options.onMessage) capabilities.message = { text: {} }
  if (options.elicitation) capabilities.elicitation = {}
  return capabilities
}
