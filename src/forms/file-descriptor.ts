/**
 * SEP-2356's `x-mcp-file` keyword and its descriptor (`accept`, `maxSize`),
 * read and checked: what the schema mapping needs to tell a file field and its
 * limit on every form. Reading, encoding and checking the files themselves is
 * `file-data-uri.ts`, which loads with the file widget or a validator.
 */

/** The SEP-2356 keyword. */
export const FILE_KEYWORD = 'x-mcp-file'

/** The largest file the form reads, whatever the server allows. @defaultValue 5 MiB */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024

/** A checked `x-mcp-file` descriptor; `maxSize` is the limit in force (the server's, or the client's cap when lower). */
export interface FileDescriptor {
  accept?: string[]
  maxSize: number
}

/** A media type or range as `accept` and the wire may give it: `type/subtype`, a wildcard subtype, or any type. */
export const MIME_PATTERN = /^(?:\*\/\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126}))$/i
const EXTENSION = /^\.[a-z0-9][a-z0-9._+-]{0,30}$/i
const MAX_ACCEPT = 64

/**
 * Reads a server's `x-mcp-file` value: a descriptor with the limit in force
 * (`min(maxSize, cap)`), or a reason in words why it cannot be used.
 */
export function readFileDescriptor(value: unknown, cap = DEFAULT_MAX_FILE_BYTES): FileDescriptor | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Its file description (x-mcp-file) is not an object.'
  const { accept, maxSize } = value as { accept?: unknown; maxSize?: unknown }
  const descriptor: FileDescriptor = { maxSize: cap }
  if (accept !== undefined) {
    if (!Array.isArray(accept) || accept.length > MAX_ACCEPT || !accept.every((entry) => typeof entry === 'string' && (MIME_PATTERN.test(entry) || EXTENSION.test(entry)))) {
      return 'Its accepted file types (x-mcp-file accept) are not a list of media types or file extensions.'
    }
    if (accept.length > 0) descriptor.accept = accept.map((entry: string) => entry.toLowerCase())
  }
  if (maxSize !== undefined) {
    if (typeof maxSize !== 'number' || !Number.isSafeInteger(maxSize) || maxSize < 0) return 'Its size limit (x-mcp-file maxSize) is not a number of bytes.'
    descriptor.maxSize = Math.min(maxSize, cap)
  }
  return descriptor
}
