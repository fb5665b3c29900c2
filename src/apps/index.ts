/**
 * mcp-elicit/apps: an MCP Apps host for web pages, framework-free (no React
 * here; that is `mcp-elicit/apps/react`). Advertise the extension
 * (`withMcpApps`), find a tool's app (`appResourceUri`), hide app-only tools
 * from the model (`modelTools`), and mount the app in a sandboxed frame
 * (`mountMcpApp`) served through the sandbox page
 * `mcp-elicit/apps/sandbox.html` on another origin.
 *
 * Spec: ext-apps `specification/2026-01-26/apps.mdx` (SEP-1865); SEP-3118
 * (draft) for questions an app answers.
 */
export { MCP_APPS_EXTENSION, MCP_APP_MIME_TYPE, MCP_APPS_PROTOCOL_VERSION } from './constants.js'
export { withMcpApps } from './capabilities.js'
export type { WithMcpAppsOptions } from './capabilities.js'
export { appResourceUri, toolVisibility, isModelVisible, isAppVisible, modelTools, elicitationAppUri } from './ui-meta.js'
export { readAppResource } from './resource.js'
export type { McpAppResource, ReadAppResourceOptions } from './resource.js'
export { sanitizeCspDomains, buildAppCsp, buildAllowAttribute } from './csp.js'
export { McpAppError, isMcpAppError } from './errors.js'
export type { McpAppErrorCode, McpAppErrorDetails } from './errors.js'
export { AppBridge } from './bridge.js'
export type { AppBridgeClient, AppBridgeOptions, McpAppHandlers, McpAppRequestContext, McpAppViewInfo, ServerToolCaller } from './bridge-options.js'
export type { McpAppDownloadFile } from './download.js'
export type { McpAppMessage, McpAppTextBlock } from './message.js'
export type { ElicitOptions } from './elicitation.js'
export { mountMcpApp } from './mount.js'
export type { McpAppHandle, McpAppOptions } from './mount.js'
export type { McpAppSandbox } from './sandbox-claims.js'
export type * from './types.js'
