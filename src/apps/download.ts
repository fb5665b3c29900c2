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
const MAX_URI_LENGTH = 8192
const METHOD = 'ui/download-file'

/** RFC 9110 token characters, as media types spell type and subtype. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,63}\/[a-z0-9!#$&^_.+-]{1,63}$/
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
/**
 * Removed from names: controls (C0, DEL, C1), every format character (bidi
 * overrides such as U+202E that make `gnp.exe` read as `exe.png`, zero-width
 * characters), line and paragraph separators, path separators and the
 * characters Windows refuses in names.
 */
const UNSAFE_NAME_CHARS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\<>:"|?*]/gu

function invalid(what: string): BridgeRpcError {
  return new BridgeRpcError(RpcCode.invalidParams, `${METHOD}: ${what}`)
}

/**
 * A file name from a resource URI: its last path segment (query and
 * fragment dropped, percent-escapes decoded), cleaned of anything that could
 * name another folder, hide the real extension or make a hidden file.
 */
export function downloadFileName(uri: string): string {
  // The scheme and authority are not a name (`https://example.com` names no file).
  const path = uri.replace(/[?#].*$/s, '').replace(/^[a-z][a-z0-9+.-]*:(?:\/\/[^/\\]*)?/i, '')
  const segments = path.split(/[/\\]/)
  let name = segments.filter((segment) => segment !== '').at(-1) ?? ''
  try {
    name = decodeURIComponent(name)
  } catch {
    // A malformed escape stays as written.
  }
  // Decoding may bring back separators (%2F): only the part after the last one is a name.
  name = name.split(/[/\\]/).at(-1) ?? ''
  name = name.replace(UNSAFE_NAME_CHARS, '').replace(/^[\s.]+/, '').replace(/[\s.]+$/, '')
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.')
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension
  }
  return name === '' ? DEFAULT_DOWNLOAD_NAME : name
}

/** A media type the browser can be given: its `type/subtype` lower-cased, parameters dropped, or `application/octet-stream`. */
export function downloadMediaType(mimeType: unknown): string {
  if (typeof mimeType !== 'string') return 'application/octet-stream'
  const essence = (mimeType.split(';')[0] ?? '').trim().toLowerCase()
  return MEDIA_TYPE.test(essence) ? essence : 'application/octet-stream'
}

function decodeBase64(blob: string): Uint8Array {
  const binary = atob(blob)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/**
 * The files of a `ui/download-file` request, or a -32602 error: `contents`
 * must be a non-empty array of at most {@link MAX_DOWNLOAD_FILES} embedded
 * resources, each with a string `uri` and either a string `text` or a
 * base64 `blob`, whose decoded sizes together stay within `maxBytes`.
 */
export function readDownloadFiles(params: Record<string, unknown>, maxBytes = DEFAULT_MAX_DOWNLOAD_BYTES): McpAppDownloadFile[] {
  const { contents } = params
  if (!Array.isArray(contents) || contents.length === 0) throw invalid('contents must be a non-empty array')
  if (contents.length > MAX_DOWNLOAD_FILES) throw invalid(`at most ${MAX_DOWNLOAD_FILES} files at once`)
  const files: McpAppDownloadFile[] = []
  let total = 0
  const encoder = new TextEncoder()
  for (const [index, item] of contents.entries()) {
    if (isObject(item) && item.type === 'resource_link') throw invalid(`contents[${index}]: resource links are not supported; embed the contents (type "resource")`)
    if (!isObject(item) || item.type !== 'resource' || !isObject(item.resource)) throw invalid(`contents[${index}] must be an embedded resource`)
    const { uri, mimeType, text, blob } = item.resource
    if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH) throw invalid(`contents[${index}].resource.uri must be a string`)
    if (mimeType !== undefined && typeof mimeType !== 'string') throw invalid(`contents[${index}].resource.mimeType must be a string`)
    let data: Uint8Array
    if (typeof text === 'string' && blob === undefined) {
      // UTF-8 is at most 3 bytes per UTF-16 unit: a text far over the cap is refused before it is encoded.
      if (total + text.length > maxBytes) throw invalid(`the files are over ${maxBytes} bytes`)
      data = encoder.encode(text)
    } else if (typeof blob === 'string' && text === undefined) {
      if (!BASE64.test(blob)) throw invalid(`contents[${index}].resource.blob must be base64`)
      if (total + (blob.length / 4) * 3 - 2 > maxBytes) throw invalid(`the files are over ${maxBytes} bytes`)
      data = decodeBase64(blob)
    } else {
      throw invalid(`contents[${index}].resource needs either text or blob`)
    }
    total += data.byteLength
    if (total > maxBytes) throw invalid(`the files are over ${maxBytes} bytes`)
    files.push({ name: downloadFileName(uri), mimeType: downloadMediaType(mimeType), data, uri })
  }
  return files
}
