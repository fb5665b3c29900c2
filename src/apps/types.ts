/**
 * The MCP Apps wire shapes this host reads or writes, written from the
 * specification (ext-apps `specification/2026-01-26/apps.mdx`, SEP-1865) and
 * SEP-3118 (app-rendered elicitation, draft). Only what the host uses is
 * spelled out; every object keeps an index signature or is read through
 * guards, so fields added by a later revision pass through untouched.
 *
 * Our own types on purpose: `@modelcontextprotocol/ext-apps` is a dev
 * dependency only, and its types pull in the official SDK's.
 */
import type { Implementation, JsonObject, Tool } from '../core/index.js'

/** Who may see and call a tool (`_meta.ui.visibility`); the default is both. */
export type McpUiVisibility = 'model' | 'app'

/** The colour scheme the host shows. */
export type McpUiTheme = 'light' | 'dark'

/** How the view is shown: in the flow of the page, over all of it, or as a floating picture-in-picture. */
export type McpUiDisplayMode = 'inline' | 'fullscreen' | 'pip'

/** `_meta.ui` of a tool. */
export interface McpUiToolMeta {
  /** The `ui://` resource to render the tool's calls with. */
  resourceUri?: string
  /** @defaultValue `['model', 'app']` */
  visibility?: McpUiVisibility[]
  [key: string]: unknown
}

/**
 * The origins an app asks to reach (`_meta.ui.csp` of its resource). Each
 * list is sanitised (csp.ts) before it becomes a Content-Security-Policy;
 * an empty or missing list allows nothing beyond the defaults.
 */
export interface McpUiResourceCsp {
  /** `connect-src`: fetch, XHR, WebSocket. */
  connectDomains?: string[]
  /** `script-src`, `style-src`, `img-src`, `font-src`, `media-src`. `https://*.example.com` allowed. */
  resourceDomains?: string[]
  /** `frame-src`: nested frames. */
  frameDomains?: string[]
  /** `base-uri`; `'self'` when empty. */
  baseUriDomains?: string[]
}

/**
 * Browser features an app asks for (`_meta.ui.permissions`). Each present
 * key (value `{}`) is one request; a host grants at most what its author
 * allows (see `buildAllowAttribute`).
 */
export interface McpUiResourcePermissions {
  camera?: JsonObject
  microphone?: JsonObject
  geolocation?: JsonObject
  /** Permissions Policy `clipboard-write`. */
  clipboardWrite?: JsonObject
}

/** `_meta.ui` of an app resource (on the `resources/read` content item, else on the `resources/list` entry). */
export interface McpUiResourceMeta {
  csp?: McpUiResourceCsp
  permissions?: McpUiResourcePermissions
  /** A dedicated sandbox origin the server would like; host-specific, not honoured by this host. */
  domain?: string
  /** Whether the view wants the host to draw a border and background; omitted means the host decides. */
  prefersBorder?: boolean
  [key: string]: unknown
}

/** CSS custom properties a host gives the view for theming, e.g. `--color-text-primary`. */
export type McpUiStyleVariables = { [name: `--${string}`]: string | undefined }

/** `hostContext.styles`. */
export interface McpUiHostStyles {
  variables?: McpUiStyleVariables
  /** `fonts`: `@font-face` rules or `@import`s the view may apply. */
  css?: { fonts?: string; [key: string]: unknown }
}

/** Size of the box the view lives in: a fixed size or a maximum, per axis, in CSS pixels. */
export interface McpUiContainerDimensions {
  height?: number
  maxHeight?: number
  width?: number
  maxWidth?: number
}

/**
 * What the view learns about the host in `ui/initialize` and, in part, in
 * each `ui/notifications/host-context-changed`.
 */
export interface McpUiHostContext {
  /** The call that made this view: its JSON-RPC id and the tool. */
  toolInfo?: { id?: string | number; tool: Tool }
  theme?: McpUiTheme
  styles?: McpUiHostStyles
  displayMode?: McpUiDisplayMode
  availableDisplayModes?: McpUiDisplayMode[]
  containerDimensions?: McpUiContainerDimensions
  /** BCP 47, e.g. `en-GB`. */
  locale?: string
  /** IANA, e.g. `Europe/Paris`. */
  timeZone?: string
  userAgent?: string
  platform?: 'web' | 'desktop' | 'mobile'
  deviceCapabilities?: { touch?: boolean; hover?: boolean }
  safeAreaInsets?: { top: number; right: number; bottom: number; left: number }
  [key: string]: unknown
}

/** Content kinds a host accepts in `ui/message` or `ui/update-model-context`; a present key means accepted. */
export interface McpUiContentModalities {
  text?: JsonObject
  image?: JsonObject
  audio?: JsonObject
  resource?: JsonObject
  resourceLink?: JsonObject
  structuredContent?: JsonObject
}

/** What the host offers the view (`ui/initialize` result); a present key means offered. */
export interface McpUiHostCapabilities {
  experimental?: Record<string, JsonObject>
  openLinks?: JsonObject
  downloadFile?: JsonObject
  serverTools?: { listChanged?: boolean }
  serverResources?: { listChanged?: boolean }
  logging?: JsonObject
  /** The sandbox the host applied: granted permissions and approved CSP origins. */
  sandbox?: { permissions?: McpUiResourcePermissions; csp?: McpUiResourceCsp }
  updateModelContext?: McpUiContentModalities
  message?: McpUiContentModalities
  sampling?: { tools?: JsonObject }
  /** SEP-3118 (draft): the host may forward form questions to the view. */
  elicitation?: JsonObject
  [key: string]: unknown
}

/** What the view declares in `ui/initialize`. */
export interface McpUiAppCapabilities {
  experimental?: Record<string, JsonObject>
  /** The view has tools of its own the host may call. */
  tools?: { listChanged?: boolean }
  availableDisplayModes?: McpUiDisplayMode[]
  /** SEP-3118 (draft): the view can answer forwarded `elicitation/create` requests. */
  elicitation?: JsonObject
  [key: string]: unknown
}

/** `ui/initialize` params (view -> host). */
export interface McpUiInitializeParams {
  appInfo: Implementation
  appCapabilities: McpUiAppCapabilities
  protocolVersion: string
  [key: string]: unknown
}

/** `ui/initialize` result (host -> view). */
export interface McpUiInitializeResult {
  protocolVersion: string
  hostInfo: Implementation
  hostCapabilities: McpUiHostCapabilities
  hostContext: McpUiHostContext
  [key: string]: unknown
}

/** `ui/notifications/sandbox-resource-ready` params (host -> sandbox proxy). */
export interface McpUiSandboxResourceReadyParams {
  /** The app's HTML, written into the inner frame after the CSP meta. */
  html: string
  /** Overrides the inner frame's `sandbox` tokens (filtered by the proxy to an allowlist). */
  sandbox?: string
  csp?: McpUiResourceCsp
  permissions?: McpUiResourcePermissions
}

/** `ui/notifications/size-changed` params (view -> host), CSS pixels. */
export interface McpUiSizeChangedParams {
  width?: number
  height?: number
}

/** The extension's settings in `capabilities.extensions['io.modelcontextprotocol/ui']`. */
export interface McpUiClientCapabilities {
  /** Must include `text/html;profile=mcp-app`. */
  mimeTypes?: string[]
  /** SEP-3118 (draft): app-rendered questions. */
  elicitation?: JsonObject
  [key: string]: unknown
}
