/**
 * Files in a kept call as a browser store keeps them: a `data:` URI of an
 * answer or a draft (SEP-2356 `x-mcp-file`) becomes a Blob in IndexedDB (its
 * bytes, not three characters for every two of base64) and a `data:` URI
 * again when read back, with the same header (`name=` included).
 */
import type { StoredCall } from '../core/index.js'

/** What stands for a file in a stored record. */
export interface KeptFile {
  mcpElicitFile: { header: string; blob: Blob }
}

/** Data URIs shorter than this stay text (as in the core's stored-files.ts). */
const FILE_CHARS = 1024

function isKeptFile(value: unknown): value is KeptFile {
  return typeof value === 'object' && value !== null && 'mcpElicitFile' in value && (value as KeptFile).mcpElicitFile?.blob instanceof Blob
}

/** A base64 `data:` URI's bytes as a Blob, or undefined for another string. */
function toFile(value: string): KeptFile | undefined {
  if (value.length < FILE_CHARS || !/^data:/i.test(value)) return undefined
  const comma = value.indexOf(',')
  const header = value.slice(0, comma)
  if (comma < 0 || !/;base64$/i.test(header)) return undefined
  let binary: string
  try {
    binary = atob(value.slice(comma + 1))
  } catch {
    return undefined
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return { mcpElicitFile: { header, blob: new Blob([bytes], { type: header.slice(5).split(';')[0] ?? '' }) } }
}

async function toDataUri(file: KeptFile): Promise<string> {
  const bytes = new Uint8Array(await file.mcpElicitFile.blob.arrayBuffer())
  let binary = ''
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `${file.mcpElicitFile.header},${btoa(binary)}`
}

/** Maps the values of answers' contents and drafts, where files are. */
function mapFiles<T>(call: StoredCall, map: (value: unknown) => T): Array<{ set: (value: T | unknown) => void; value: T }> {
  const slots: Array<{ set: (value: unknown) => void; value: T }> = []
  const walk = (object: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(object)) {
      if (Array.isArray(value)) {
        value.forEach((item, index) => slots.push({ set: (next) => (value[index] = next), value: map(item) }))
      } else slots.push({ set: (next) => (object[name] = next), value: map(value) })
    }
  }
  for (const answer of Object.values((call as { answers?: Record<string, { content?: unknown }> }).answers ?? {})) {
    if (answer && typeof answer.content === 'object' && answer.content !== null && !Array.isArray(answer.content)) walk(answer.content as Record<string, unknown>)
  }
  for (const draft of Object.values((call as { drafts?: Record<string, unknown> }).drafts ?? {})) {
    if (typeof draft === 'object' && draft !== null && !Array.isArray(draft)) walk(draft as Record<string, unknown>)
  }
  return slots
}

/** A copy of `call` with its files as Blobs (synchronous: done before an IndexedDB transaction opens). */
export function withFilesAsBlobs(call: StoredCall): StoredCall {
  const copy = structuredClone(call)
  for (const slot of mapFiles(copy, (value) => (typeof value === 'string' ? toFile(value) : undefined))) if (slot.value) slot.set(slot.value)
  return copy
}

/** `call` with its Blobs back as `data:` URIs (in place). */
export async function withFilesAsDataUris(call: StoredCall): Promise<StoredCall> {
  await Promise.all(mapFiles(call, (value) => value).map(async (slot) => isKeptFile(slot.value) && slot.set(await toDataUri(slot.value))))
  return call
}
