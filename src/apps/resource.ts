/**
 * Fetching an app's HTML and its security settings with `resources/read`.
 *
 * Spec: ext-apps `specification/2026-01-26/apps.mdx`, "UI Resource Format":
 * the HTML comes as `text` or base64 `blob` with MIME type
 * `text/html;profile=mcp-app`; `_meta.ui` (CSP, permissions, border) may sit
 * on the content item, on the `resources/list` entry, or both, and the
 * content item's wins. Everything read here is untrusted: the MIME type is
 * checked, the size capped, the CSP domains sanitised (csp.ts).
 */
import { McpCancelledError, isMcpCancelledError } from '../core/index.js'
import type { JsonObject, McpClient } from '../core/index.js'
import { sanitizeCspDomains } from './csp.js'
import { McpAppError } from './errors.js'
import { isObject } from './json-object.js'
import type { McpUiResourceCsp, McpUiResourcePermissions } from './types.js'

/** An app's resource, ready for the sandbox. */
export interface McpAppResource {
  /** The `ui://` URI it was read from. */
  uri: string
  /** The HTML document, decoded. */
  html: string
  /** Sanitised: only canonical origins, only non-empty lists. */
  csp: McpUiResourceCsp
  /** The known permissions asked for (`camera`, `microphone`, `geolocation`, `clipboardWrite`), each `{}`. */
  permissions: McpUiResourcePermissions
  /** Whether the view wants a border and background from the host; absent means the host decides. */
  prefersBorder?: boolean
}

/** Options of {@link readAppResource}. */
export interface ReadAppResourceOptions {
  signal?: AbortSignal
  /**
   * The largest HTML accepted, in bytes (UTF-8, after base64 decoding).
   * @defaultValue 5 MiB
   */
  maxBytes?: number
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024
/** A MIME type longer than this is not one this host renders, whatever it says. */
const MAX_MIME_LENGTH = 256
const PERMISSION_KEYS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const
const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const

/**
 * Whether a MIME type is `text/html;profile=mcp-app`, as servers write it:
 * case-insensitive, spaces around `;` and `=` ignored, the profile value
 * possibly quoted, other parameters (`charset=utf-8`) allowed.
 */
export function isAppMimeType(mimeType: unknown): boolean {
  if (typeof mimeType !== 'string' || mimeType.length > MAX_MIME_LENGTH) return false
  const [type, ...parameters] = mimeType.toLowerCase().split(';').map((part) => part.trim())
  if (type !== 'text/html') return false
  return parameters.some((parameter) => {
    const [name, value] = parameter.split('=').map((part) => part.trim())
    return name === 'profile' && (value === 'mcp-app' || value === '"mcp-app"')
  })
}

function invalid(uri: string, reason: string): McpAppError {
  return new McpAppError('APP_RESOURCE_INVALID', `The app resource ${uri} ${reason}.`, { uri })
}

function tooLarge(uri: string, maxBytes: number): McpAppError {
  return new McpAppError('APP_RESOURCE_TOO_LARGE', `The app resource ${uri} is larger than ${maxBytes} bytes; raise maxBytes if it is trusted.`, { uri })
}

/** The HTML of a `text` or base64 `blob` content item, checked for size before anything is decoded. */
function decodeHtml(item: JsonObject, uri: string, maxBytes: number): string {
  if (typeof item.text === 'string') {
    // A UTF-16 code unit is at least one UTF-8 byte, so a long string is too large unencoded.
    if (item.text.length > maxBytes) throw tooLarge(uri, maxBytes)
    if (item.text.length * 3 > maxBytes && new TextEncoder().encode(item.text).length > maxBytes) throw tooLarge(uri, maxBytes)
    return item.text
  }
  if (typeof item.blob !== 'string') throw invalid(uri, 'has neither text nor a base64 blob')
  // Line breaks are allowed in base64 (RFC 2045 wraps at 76); the core already capped the whole message.
  const base64 = item.blob.replace(/[\t\n\f\r ]/g, '')
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalid(uri, 'has a blob that is not base64')
  // Four characters make three bytes, less the padding: the size is known before decoding.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  if ((base64.length / 4) * 3 - padding > maxBytes) throw tooLarge(uri, maxBytes)
  const binary = atob(base64)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch (error) {
    throw new McpAppError('APP_RESOURCE_INVALID', `The app resource ${uri} has a blob that is not UTF-8 text.`, { uri, cause: error })
  }
}

/** The known permissions asked for, each as `{}`: nothing else from the server is passed on. */
function permissionsOf(ui: JsonObject): McpUiResourcePermissions {
  const asked = isObject(ui.permissions) ? ui.permissions : {}
  const permissions: McpUiResourcePermissions = {}
  for (const key of PERMISSION_KEYS) if (isObject(asked[key]) || asked[key] === true) permissions[key] = {}
  return permissions
}

function cspOf(ui: JsonObject): McpUiResourceCsp {
  const declared = isObject(ui.csp) ? ui.csp : {}
  const csp: McpUiResourceCsp = {}
  for (const key of CSP_KEYS) {
    const origins = sanitizeCspDomains(declared[key])
    if (origins.length > 0) csp[key] = origins
  }
  return csp
}

/**
 * `_meta.ui` of the `resources/list` entry for `uri`, the spec's fallback.
 * Servers MAY leave app resources out of the listing, and some have no
 * listing at all: a failed listing means "nothing declared", not a failed
 * app. Only a cancellation is passed on.
 */
async function listedUi(client: McpClient, uri: string, signal: AbortSignal | undefined): Promise<JsonObject | undefined> {
  try {
    const entries = await client.listResources({ signal })
    const entry = entries.find((candidate) => isObject(candidate) && candidate.uri === uri)
    const meta = entry?._meta
    return isObject(meta) && isObject(meta.ui) ? meta.ui : undefined
  } catch (error) {
    if (isMcpCancelledError(error)) throw error
    return undefined
  }
}

/**
 * Reads an app's `ui://` resource: its HTML (from `text` or a base64 `blob`),
 * its sanitised CSP, the permissions it asks for and its border preference.
 * The content item whose `uri` is the one asked for is used (else the first);
 * it must be `text/html;profile=mcp-app`. Its `_meta.ui` wins; only when it
 * has none is the `resources/list` entry's used.
 *
 * Fails with {@link McpAppError}: `APP_RESOURCE_INVALID` (not `ui://`, read
 * failed (the core's error in `cause`), no content, wrong MIME type, empty,
 * bad base64 or UTF-8) or `APP_RESOURCE_TOO_LARGE`. A cancellation through
 * `signal` rejects with the core's `McpCancelledError` unchanged.
 * @example
 * ```ts
 * const uri = appResourceUri(tool)
 * if (uri) mountMcpApp(element, { client, sandbox, tool, resource: await readAppResource(client, uri) })
 * ```
 */
export async function readAppResource(client: McpClient, uri: string, options: ReadAppResourceOptions = {}): Promise<McpAppResource> {
  const maxBytes = typeof options.maxBytes === 'number' && Number.isFinite(options.maxBytes) && options.maxBytes > 0 ? Math.floor(options.maxBytes) : DEFAULT_MAX_BYTES
  if (typeof uri !== 'string' || uri.slice(0, 5).toLowerCase() !== 'ui://') {
    throw new McpAppError('APP_RESOURCE_INVALID', `An app resource URI starts with ui://; got ${JSON.stringify(String(uri).slice(0, 100))}.`)
  }
  // Checked here rather than left to the client: nothing is sent for a read nobody waits for, and
  // the core's round loop, given a signal already aborted, leaves its connect's rejection unhandled.
  if (options.signal?.aborted) throw new McpCancelledError({ method: 'resources/read', cause: options.signal.reason })
  let result: JsonObject
  try {
    result = await client.readResource(uri, { signal: options.signal })
  } catch (error) {
    if (isMcpCancelledError(error)) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new McpAppError('APP_RESOURCE_INVALID', `Reading the app resource ${uri} failed: ${message}`, { uri, cause: error })
  }
  const contents = Array.isArray(result.contents) ? result.contents.filter(isObject) : []
  const item = contents.find((candidate) => candidate.uri === uri) ?? contents[0]
  if (item === undefined) throw invalid(uri, 'came back with no content')
  if (!isAppMimeType(item.mimeType)) {
    throw invalid(uri, `is ${JSON.stringify(String(item.mimeType).slice(0, 100))}, not text/html;profile=mcp-app`)
  }
  const html = decodeHtml(item, uri, maxBytes)
  if (html.trim() === '') throw invalid(uri, 'is empty')
  const own = isObject(item._meta) && isObject(item._meta.ui) ? item._meta.ui : undefined
  const ui = own ?? (await listedUi(client, uri, options.signal)) ?? {}
  const resource: McpAppResource = { uri, html, csp: cspOf(ui), permissions: permissionsOf(ui) }
  if (typeof ui.prefersBorder === 'boolean') resource.prefersBorder = ui.prefersBorder
  return resource
}
