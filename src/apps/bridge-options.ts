/**
 * The options of the host side of the bridge: what the host lets a view do
 * (shared by `mountMcpApp` and `AppBridge`) and how the bridge talks.
 *
 * Deny by default: a view can ask for anything, but each capability is
 * off until its option is given, and only what is on is advertised in
 * `hostCapabilities` (so a well-behaved view does not even try the rest).
 */
import type { Implementation, JsonObject, McpClient, McpResult } from '../core/index.js'
import type { McpAppDownloadFile } from './download.js'
import type { McpAppError } from './errors.js'
import type { McpAppMessage } from './message.js'
import type { McpUiAppCapabilities, McpUiDisplayMode, McpUiHostContext, McpUiResourceCsp, McpUiResourcePermissions } from './types.js'

/**
 * The client calls a bridge makes on the view's behalf; an `McpClient` has
 * them all. With `watch`, the tool listing is kept per view until the server
 * says its tools changed; without it, each `tools/call` lists the tools first.
 */
export type AppBridgeClient = Pick<McpClient, 'listTools' | 'callTool' | 'readResource' | 'listResources' | 'listResourceTemplates' | 'listPrompts'> & Partial<Pick<McpClient, 'watch'>>

/**
 * Runs a server tool call the view asked for, when the host wants to route
 * it itself (ask the person first, log it, add options). It is only called
 * for a tool of this server's listing that apps may call.
 */
export type ServerToolCaller = (name: string, args: JsonObject, options: { signal: AbortSignal }) => Promise<McpResult>

/** What a view learned about itself in `ui/initialize`. */
export interface McpAppViewInfo {
  appInfo: Implementation
  appCapabilities: McpUiAppCapabilities
  /** The bridge protocol version the view asked for. */
  protocolVersion: string
}

/** What a handler of a view's request gets besides the request. */
export interface McpAppRequestContext {
  /** Aborted when the view cancels the request (`notifications/cancelled`) or the app is torn down. */
  signal: AbortSignal
}

/** What the host lets a view do; each is off unless given. */
export interface McpAppHandlers {
  /**
   * `tools/call` and `tools/list` to this server: `true` calls through the
   * client, a function routes each call. Only tools whose
   * `_meta.ui.visibility` includes `"app"` are listed or callable, and only
   * tools of this server's own listing.
   * @defaultValue off
   */
  serverTools?: boolean | ServerToolCaller | undefined
  /** `resources/read`, `resources/list`, `resources/templates/list` to this server. @defaultValue off */
  serverResources?: boolean | undefined
  /** `prompts/list` to this server. @defaultValue off */
  prompts?: boolean | undefined
  /**
   * `ui/open-link` (http and https only). Return `false` to refuse (the
   * view gets an error); open the link yourself, e.g. after asking.
   * `signal` aborts when the view cancels the request or the app is torn
   * down: close what you asked the person then. Until the returned promise
   * settles the request counts against `maxInFlight`, cancelled or not.
   * @example `onOpenLink: (url) => { window.open(url, '_blank', 'noopener') }`
   */
  onOpenLink?: ((url: URL, context: McpAppRequestContext) => void | boolean | Promise<void | boolean>) | undefined
  /**
   * `ui/download-file`: the view asks to save files (a sandboxed frame cannot
   * download). The files arrive checked and decoded, with a bare file name
   * and a plain media type; save them yourself, e.g. after asking. Return
   * `false` when the person or the host declined (the view gets
   * `{ isError: true }`). Also advertises `hostCapabilities.downloadFile`.
   * `signal`: as for {@link onOpenLink}.
   * @defaultValue off
   */
  onDownloadFile?: ((files: McpAppDownloadFile[], context: McpAppRequestContext) => void | boolean | Promise<void | boolean>) | undefined
  /** The decoded bytes of one `ui/download-file` request's files together (the message cap, `maxParamsBytes`, applies too). @defaultValue 10 MiB */
  maxDownloadBytes?: number | undefined
  /**
   * `ui/message`: the app wants words in the conversation as the person's
   * own. Ask the person first, showing `message.text` as text, and resolve
   * `true` once they agreed and the message went into the conversation,
   * `false` when they declined (the app gets -32000 "Message sending denied";
   * anything but `true` counts as declined). The message arrives checked:
   * text blocks only (anything else is refused with -32602), invisible
   * characters removed, at most 4,000 characters (`clipped` when more were
   * sent). One message of a view waits at a time: the next is refused with
   * -32000 until this promise settles. `signal` aborts when the app cancels
   * the request or is torn down: take the question down then.
   * Never hand it to a model unasked: an app's words become the person's turn.
   * @defaultValue off
   */
  onMessage?: ((message: McpAppMessage, context: McpAppRequestContext) => boolean | Promise<boolean>) | undefined
  /** `ui/update-model-context`: what the view wants the model to know next turn; each call replaces the last. */
  onUpdateModelContext?: ((context: { content?: unknown[]; structuredContent?: JsonObject }) => void) | undefined
  /** The display modes this host can show. @defaultValue `['inline']` */
  displayModes?: McpUiDisplayMode[] | undefined
  /**
   * A view asked for another display mode, one of {@link displayModes} that
   * it declared itself: return the mode actually set (nothing means the
   * asked one).
   */
  onDisplayModeChange?: ((mode: McpUiDisplayMode) => McpUiDisplayMode | void) | undefined
  /** SEP-3118 (draft): advertise `hostCapabilities.elicitation`, so `elicit()` may forward form questions. @defaultValue false */
  elicitation?: boolean | undefined
  /** `notifications/message` from the view (its log); also advertises `logging`. */
  onLog?: ((params: JsonObject) => void) | undefined
  /** The view asked to be closed (`ui/notifications/request-teardown`); call `teardown()` to agree. */
  onRequestTeardown?: (() => void) | undefined
  /** The view's content size changed (`ui/notifications/size-changed`), CSS pixels. */
  onSizeChange?: ((size: { width?: number; height?: number }) => void) | undefined
  /** Messages dropped, handlers that threw, refused calls. @defaultValue `console.warn` */
  onWarning?: ((message: string) => void) | undefined
}

/** Options of {@link AppBridge}. */
export interface AppBridgeOptions extends McpAppHandlers {
  /** Sends one message to the view (through the sandbox proxy). */
  post: (message: JsonObject) => void
  /** The view's server; needed by `serverTools`, `serverResources` and `prompts`. */
  client?: AppBridgeClient | undefined
  /** @defaultValue `{ name: 'mcp-elicit', version: '0.1.0' }` */
  hostInfo?: Implementation | undefined
  /** The context given in `ui/initialize`. @defaultValue `{}` */
  hostContext?: McpUiHostContext | undefined
  /** The sandbox applied (granted permissions, approved CSP origins), told to the view in `hostCapabilities.sandbox`. */
  sandbox?: { permissions?: McpUiResourcePermissions; csp?: McpUiResourceCsp } | undefined
  /** The view finished the handshake; host -> view messages flow from now on. */
  onInitialized?: ((view: McpAppViewInfo) => void) | undefined
  /** Requests from the view in flight at once; more are refused. @defaultValue 16 */
  maxInFlight?: number | undefined
  /** The largest serialised `params` of a view message. @defaultValue 1 MiB */
  maxParamsBytes?: number | undefined
  /** How long `teardown()` waits for the view's answer. @defaultValue 3000 */
  teardownTimeoutMs?: number | undefined
  /** Refused messages after which the view is given up on (`onError` gets `APP_TOO_MANY_REFUSALS`). @defaultValue 2000 */
  maxRefusals?: number | undefined
  /**
   * The bridge gave up on the view: it refused `maxRefusals` of its messages
   * (`APP_TOO_MANY_REFUSALS`). The bridge is closed already, without a
   * teardown request; remove the view's frame.
   */
  onError?: ((error: McpAppError) => void) | undefined
}

/** Who the host says it is when no `hostInfo` is given. */
export const DEFAULT_HOST_INFO: Implementation = { name: 'mcp-elicit', version: '0.1.0' }
/** Requests a view may have open at once: enough for any real app, few enough that a loop cannot flood the server. */
export const DEFAULT_MAX_IN_FLIGHT = 16
/** The spec says to wait for the teardown answer "to prevent data loss"; a view that never answers must not keep the frame forever. */
export const DEFAULT_TEARDOWN_TIMEOUT_MS = 3000
/** A person answers an app-rendered question; ten minutes is long for a form and short for a leaked frame. */
export const DEFAULT_ELICIT_TIMEOUT_MS = 10 * 60 * 1000
