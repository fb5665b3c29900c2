/**
 * The identifiers of the MCP Apps extension (SEP-1865, ext-apps
 * `specification/2026-01-26/apps.mdx`), in one place so that the host, the
 * bridge and the sandbox page cannot disagree on a spelling.
 */

/** The extension's key in `capabilities.extensions`. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui'

/**
 * The MIME type of an app's HTML resource; the only one this host renders.
 * A server may write it with other spacing or case (`text/html; profile=mcp-app`),
 * so compare with `isAppMimeType` in resource.ts, not with `===`.
 */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app'

/** The version of the View <-> Host bridge protocol (`ui/initialize`) this host speaks. */
export const MCP_APPS_PROTOCOL_VERSION = '2026-01-26'
