/**
 * `ui/download-file`: the files a view asks the host to save, read as
 * untrusted input. A sandboxed frame cannot download by itself, so the view
 * sends the contents as embedded resources and the host saves them (after
 * asking the person, in the React layer).
 *
 * Only embedded resources (`type: "resource"` with `text` or base64 `blob`)
 * are taken. A `resource_link` (the host would fetch the URI itself) is
 * refused, the whole request with it: the host would be fetching a URL of the
 * view's choosing with the page's network position, and a person who agreed
 * to save some of the files would not get what the view meant.
 *
 * Spec: ext-apps apps.mdx, `ui/download-file` (`McpUiDownloadFileRequest`).
 */
import { BridgeRpcError, RpcCode } from './bridge-messages.js'
import { BLANK_LETTERS } from './invisible.js'
import { isObject } from './json-object.js'

/** One file to save, as the host gets it: name and media type already sanitised, contents decoded. */
export interface McpAppDownloadFile {
  /** A bare file name (no path, no control or bidi characters, no leading dot). */
  name: string
  /** A `type/subtype` media type without parameters, or `application/octet-stream`. */
  mimeType: string
  /** The decoded contents (a `text` resource as UTF-8). */
  data: Uint8Array
  /** The URI the view gave, as it gave it (for logs, not for display as a link). */
  uri: string
}

/** Files one request may carry. */
export const MAX_DOWNLOAD_FILES = 16
/** Decoded bytes of one request's files together. @defaultValue 10 MiB */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024
/** The name used when the URI gives none. */
export const DEFAULT_DOWNLOAD_NAME = 'download'
const MAX_NAME_LENGTH = 120

/** RFC 9110 token characters, as media types spell type and subtype (lower-cased first). */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
/**
 * Removed from names: controls (C0, DEL, C1), every format character (bidi
 * overrides such as U+202E that make `gnp.exe` read as `exe.png`, zero-width
 * characters), line and paragraph separators, letters that draw nothing
 * (Hangul fillers, the braille blank: `invisible.ts`), path separators and
 * the characters Windows refuses in names.
 */
const UNSAFE_NAME_CHARS = new RegExp(`[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}${BLANK_LETTERS}/\\\\<>:"|?*]`, 'gu')

function invalid(what: string): BridgeRpcError {
  return new BridgeRpcError(RpcCode.invalidParams, `ui/download-file: ${what}`)
}

/**
 * A file name from a resource URI: its last path segment (scheme, authority,
 * query and fragment dropped, percent-escapes decoded), cleaned of anything
 * that could name another folder, hide the real extension or make a hidden
 * file; a long one keeps its end (the extension).
 */
export function downloadFileName(uri: string): string {
  // The scheme and authority are not a name (`https://example.com` names no file).
  let name = uri.replace(/[?#].*$/s, '').replace(/^[a-z][a-z0-9+.-]*:(?:\/\/[^/\\]*)?/i, '')
  try {
    name = decodeURIComponent(name)
  } catch {
    // A malformed escape stays as written.
  }
  // After decoding, so that an escaped separator (%2F) separates too.
  name = (name.split(/[/\\]/).filter(Boolean).pop() ?? '').replace(UNSAFE_NAME_CHARS, '').replace(/^[\s.]+|[\s.]+$/g, '')
  return name.slice(-MAX_NAME_LENGTH) || DEFAULT_DOWNLOAD_NAME
}

/** A media type the browser can be given: its `type/subtype` lower-cased, parameters dropped, or `application/octet-stream`. */
export function downloadMediaType(mimeType: unknown): string {
  const essence = typeof mimeType === 'string' ? mimeType.split(';')[0]!.trim().toLowerCase() : ''
  return essence.length < 128 && MEDIA_TYPE.test(essence) ? essence : 'application/octet-stream'
}

/**
 * The files of a `ui/download-file` request, or a -32602 error: `contents`
 * must be a non-empty array of at most {@link MAX_DOWNLOAD_FILES} embedded
 * resources, each with a string `uri` and either a string `text` or a
 * base64 `blob`, whose decoded sizes together stay within `maxBytes` (the
 * message cap, which the bridge sets from it, bounds what is decoded).
 */
export function readDownloadFiles(params: Record<string, unknown>, maxBytes = DEFAULT_MAX_DOWNLOAD_BYTES): McpAppDownloadFile[] {
  const { contents } = params
  if (!Array.isArray(contents) || contents.length === 0 || contents.length > MAX_DOWNLOAD_FILES) throw invalid(`contents must be an array of 1 to ${MAX_DOWNLOAD_FILES} files`)
  let total = 0
  return contents.map((item, index) => {
    const resource = isObject(item) && item.type === 'resource' && isObject(item.resource) ? item.resource : {}
    const { uri, mimeType, text, blob } = resource
    const isText = typeof text === 'string' && blob === undefined
    const isBlob = typeof blob === 'string' && text === undefined && blob.length % 4 === 0 && BASE64.test(blob)
    // A resource_link (the host fetching a URI of the view's choosing) is refused here too.
    if (typeof uri !== 'string' || !(mimeType === undefined || typeof mimeType === 'string') || !(isText || isBlob)) {
      throw invalid(`contents[${index}] must be an embedded resource (type "resource") with a uri and either text or a base64 blob`)
    }
    const data = isText ? new TextEncoder().encode(text) : Uint8Array.from(atob(blob as string), (char) => char.charCodeAt(0))
    if ((total += data.byteLength) > maxBytes) throw invalid(`the files are over ${maxBytes} bytes`)
    return { name: downloadFileName(uri), mimeType: downloadMediaType(mimeType), data, uri }
  })
}
