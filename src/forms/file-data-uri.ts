/**
 * File inputs (experimental): SEP-2356 "Declarative File Inputs for Tools and
 * Elicitation" (modelcontextprotocol/modelcontextprotocol, seps/2356-declarative-
 * file-inputs-for-tools-and-elicitation.md, branch claude/file-upload-sep-sdks-8Rub5,
 * 2026-05-13). What it says and how it is followed here:
 *
 * - The JSON Schema extension keyword `x-mcp-file` marks a property of the form
 *   `{"type": "string", "format": "uri"}` as a file input; elsewhere the keyword
 *   is ignored ("Clients that encounter x-mcp-file on a schema that does not
 *   match the permitted shape SHOULD ignore the keyword").
 * - Its value is a `FileInputDescriptor`: `accept?: string[]` (exact MIME types
 *   "image/png", wildcard subtypes "image/*", dot-prefixed extensions ".pdf",
 *   the HTML accept grammar; "Extension entries are picker hints only") and
 *   `maxSize?: number` ("Maximum decoded file size in bytes").
 * - Wire encoding: an RFC 2397 data URI `data:[<mediatype>][;base64],<data>`;
 *   the media type as the platform reports it, `application/octet-stream` when
 *   it reports none; base64 for binary content. No file name: the SEP dropped
 *   the earlier draft's `name=` parameter ("Why not carry the filename in the
 *   URI?"), so none is written; one a server put in is read as any parameter.
 * - `accept` is compared on `type/subtype` only, parameters ignored, case
 *   insensitive, `image/*` matching any image subtype (§Server-side validation).
 * - Size is checked before encoding (§Client-side validation); `format: "uri"`
 *   is not asserted on these fields ("SHOULD NOT enable format: uri as a JSON
 *   Schema validation assertion on x-mcp-file fields").
 * - Multiple files: the SEP leaves multi-file elicitation to a future ArraySchema
 *   SEP but says "the keyword applies unchanged to an array-of-uri-strings
 *   schema"; `{type: "array", items: <a file field>}` is read that way here.
 *
 * Everything here is pure and never throws on what a server sends: a
 * descriptor that is not one is reported as a reason in words.
 */
import { base64Bytes } from './base64-bytes.js'
import { FILE_KEYWORD, MIME_PATTERN, type FileDescriptor } from './file-descriptor.js'

// The keyword and its descriptor live apart (`file-descriptor.ts`): the schema
// mapping needs them on every form, the rest of this file only a file field does.
export { DEFAULT_MAX_FILE_BYTES, FILE_KEYWORD, readFileDescriptor, type FileDescriptor } from './file-descriptor.js'

/** `type/subtype` without parameters, lower case; '' when it is not a media type. */
export function baseMediaType(value: string): string {
  const type = (value.split(';')[0] ?? '').trim().toLowerCase()
  return MIME_PATTERN.test(type) && !type.includes('*') ? type : ''
}

/** The media type a chosen file is sent with: the platform's, or `application/octet-stream` (SEP-2356 §Wire encoding). */
export function fileMediaType(file: { type: string }): string {
  return baseMediaType(file.type) || 'application/octet-stream'
}

/**
 * Whether a media type (and, when known, a file name) is among `accept`. MIME
 * entries compare `type/subtype` ignoring case, `image/*` any image;
 * extension entries compare the name's ending. A list of extensions only
 * cannot be checked without a name: it lets the type through.
 */
export function isAccepted(accept: readonly string[] | undefined, mediaType: string, name?: string): boolean {
  if (!accept || accept.length === 0) return true
  const type = baseMediaType(mediaType)
  const lowerName = name?.toLowerCase()
  let extensionsOnly = true
  for (const entry of accept) {
    if (entry.startsWith('.')) {
      if (lowerName?.endsWith(entry)) return true
      continue
    }
    extensionsOnly = false
    if (entry === '*/*' || entry === type || (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1)))) return true
  }
  return extensionsOnly && name === undefined
}

/** A parsed data URI: its media type (without parameters), decoded size and base64 payload (when base64). */
export interface ParsedDataUri {
  mediaType: string
  bytes: number
  base64?: string
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const URL_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/

/**
 * Reads an RFC 2397 `data:` URI; `undefined` when it is not a well-formed one.
 * With `maxBytes`, a payload whose length alone says it is larger is reported
 * as `{bytes}` without being scanned.
 */
export function parseDataUri(value: string, maxBytes = Infinity): ParsedDataUri | undefined {
  if (!/^data:/i.test(value)) return undefined
  const comma = value.indexOf(',')
  if (comma < 0 || comma > 1024) return undefined
  const header = value.slice(5, comma).split(';')
  const isBase64 = header.length > 1 && header[header.length - 1]!.toLowerCase() === 'base64'
  const typePart = header[0]!.trim()
  const mediaType = typePart === '' ? 'text/plain' : baseMediaType(typePart)
  if (!mediaType) return undefined
  const data = value.slice(comma + 1)
  if (isBase64) {
    const bytes = base64Bytes(data)
    if (bytes > maxBytes) return { mediaType, bytes }
    if (data.length % 4 !== 0 || !BASE64.test(data)) return undefined
    return { mediaType, bytes, base64: data }
  }
  // Each byte takes one to three characters: a length over three times the limit is too large unscanned.
  if (data.length > maxBytes * 3) return { mediaType, bytes: Math.ceil(data.length / 3) }
  if (!URL_CHARS.test(data)) return undefined
  return { mediaType, bytes: data.length - 2 * (data.match(/%/g)?.length ?? 0) }
}

/** Why a value of a file field is refused: not a data URI, too large, or a type not accepted. */
export type FileProblem = { reason: 'data' } | { reason: 'size'; bytes: number; limit: number } | { reason: 'type'; mediaType: string; accept: string[] }

/** Checks a value of a file field against its descriptor; `undefined` when it passes. */
export function checkFileValue(value: string, descriptor: { accept?: readonly string[]; maxSize?: number }): FileProblem | undefined {
  const limit = typeof descriptor.maxSize === 'number' ? descriptor.maxSize : Infinity
  const parsed = parseDataUri(value, limit)
  if (!parsed) return { reason: 'data' }
  if (parsed.bytes > limit) return { reason: 'size', bytes: parsed.bytes, limit }
  if (!isAccepted(descriptor.accept, parsed.mediaType)) return { reason: 'type', mediaType: parsed.mediaType, accept: [...(descriptor.accept ?? [])] }
  return undefined
}

/** The message of a validation error of a file field, the same from both validators (rjsf words it by `params.reason`). */
export const FILE_ERROR_MESSAGE = 'must be a data: URI of an accepted file within the size limit'

/**
 * The `x-mcp-file` keyword for ajv (`ajv.addKeyword(fileKeyword)`; SEP-2356
 * §Implementation Notes: validators "MUST either register the keyword … or
 * disable strict-schema mode"). It asserts what {@link checkFileValue} checks,
 * with the same error as the no-eval validator; `chooseValidator()` registers
 * it. Register it in an ajv validator of your own (rjsf `customizeValidator({
 * extenderFn })`) for file fields to be checked there too.
 */
export const fileKeyword = {
  keyword: FILE_KEYWORD,
  type: 'string' as const,
  schemaType: 'object' as const,
  errors: true,
  validate: function validateFile(descriptor: { accept?: string[]; maxSize?: number }, data: string): boolean {
    const problem = checkFileValue(data, descriptor)
    ;(validateFile as { errors?: unknown[] }).errors = problem ? [{ keyword: FILE_KEYWORD, message: FILE_ERROR_MESSAGE, params: { ...problem } }] : []
    return !problem
  },
}

/** Checks a chosen file BEFORE it is read: its size and its type. */
export function checkChosenFile(file: { size: number; type: string; name: string }, descriptor: FileDescriptor): FileProblem | undefined {
  if (file.size > descriptor.maxSize) return { reason: 'size', bytes: file.size, limit: descriptor.maxSize }
  const mediaType = fileMediaType(file)
  if (!isAccepted(descriptor.accept, mediaType, file.name)) return { reason: 'type', mediaType, accept: [...(descriptor.accept ?? [])] }
  return undefined
}

/**
 * Reads a file into a base64 `data:` URI, chunk by chunk from `file.stream()`:
 * `signal` stops it (the stream is cancelled, the promise rejects with the
 * signal's reason), and reading past `maxBytes` rejects (a file whose size
 * changed since it was chosen). Nothing leaves the page.
 */
export async function encodeFile(file: Blob, options: { signal?: AbortSignal | undefined; maxBytes?: number } = {}): Promise<string> {
  const { signal, maxBytes = Infinity } = options
  signal?.throwIfAborted()
  // A Blob without stream() (jsdom) is read whole.
  const stream = typeof file.stream === 'function' ? file.stream() : new Response(await file.arrayBuffer()).body!
  const reader = stream.getReader()
  const stop = () => void reader.cancel().catch(() => {})
  signal?.addEventListener('abort', stop, { once: true })
  const parts: string[] = [`data:${fileMediaType(file)};base64,`]
  let carry = new Uint8Array(0)
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      signal?.throwIfAborted()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) throw new RangeError(`The file grew past ${maxBytes} bytes while it was read.`)
      const bytes = carry.length > 0 ? concat(carry, value) : value
      const whole = bytes.length - (bytes.length % 3)
      parts.push(toBase64(bytes.subarray(0, whole)))
      carry = bytes.slice(whole)
    }
    parts.push(toBase64(carry))
    return parts.join('')
  } finally {
    signal?.removeEventListener('abort', stop)
    reader.releaseLock()
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  return btoa(binary)
}
