/**
 * `describe_image`, the file-input demo of both demo servers (SEP-2356
 * `x-mcp-file`, experimental): the question (an image, by an `x-mcp-file`
 * field) and the server's own check of what comes back. The client is
 * untrusted (SEP-2356 §Server-side validation: "Servers MUST validate received
 * file inputs against their declared constraints"; `accept` is "a UX filter;
 * servers MUST NOT assume it was enforced"; the media type "is advisory"): the
 * value must be a well-formed base64 `data:` URI, at most `maxSize` bytes
 * decoded, of an accepted type, whose bytes start like that type. The answer
 * describes the image by type and size and returns it as an image content block.
 * Both eras ask `IMAGE_QUESTION` and finish with `imageAnswered`; only how
 * the question travels differs.
 *
 * Runs under Node 22 type stripping: `import type`, `.ts` on relative imports.
 */

/** The image types the demo accepts (those the forms preview and the result shows). */
export const IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
/** The demo's `maxSize`: 2 MiB, as in the SEP's elicitation example. */
export const IMAGE_MAX_SIZE = 2 * 1024 * 1024
/** Request bodies the demo servers read: an image at `maxSize` as base64, with room for the envelope. */
export const DEMO_MAX_BODY_BYTES = 4_000_000

export const IMAGE_MESSAGE = 'Choose an image: the server describes it (type and size) and shows it back.'

/** The `requestedSchema` of the question, as SEP-2356 §Elicitation surface writes one. */
export const IMAGE_SCHEMA = {
  type: 'object' as const,
  properties: {
    image: {
      type: 'string' as const,
      format: 'uri' as const,
      title: 'Image',
      description: 'A PNG, JPEG, GIF or WebP image.',
      'x-mcp-file': { accept: IMAGE_ACCEPT, maxSize: IMAGE_MAX_SIZE },
    },
  },
  required: ['image'],
}

/** The first bytes of each accepted type. */
const MAGIC: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
}

export type ImageCheck = { ok: true; mediaType: string; bytes: number; base64: string } | { ok: false; reason: string }

/** Checks a value the client sent for `image`. Never throws. */
export function checkImage(value: unknown): ImageCheck {
  if (typeof value !== 'string') return { ok: false, reason: 'image is missing or not a string' }
  const match = /^data:([^,;]*)((?:;[^,;]*)*?);base64,/i.exec(value.slice(0, 1024))
  if (!match) return { ok: false, reason: 'image is not a base64 data: URI (URI form)' }
  const mediaType = (match[1] ?? '').trim().toLowerCase()
  const data = value.slice(match[0].length)
  // The size from the length first: an oversized value is refused unscanned.
  const bytes = Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)
  if (bytes > IMAGE_MAX_SIZE) return { ok: false, reason: `image exceeds maxSize: received ${bytes} bytes, limit is ${IMAGE_MAX_SIZE}` }
  if (!IMAGE_ACCEPT.includes(mediaType)) return { ok: false, reason: `image has media type "${mediaType.slice(0, 80)}", not one of ${IMAGE_ACCEPT.join(', ')}` }
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return { ok: false, reason: 'image is not valid base64 (URI form)' }
  if (!MAGIC[mediaType]!(Buffer.from(data.slice(0, 16), 'base64'))) return { ok: false, reason: `image does not start like ${mediaType} (content)` }
  return { ok: true, mediaType, bytes, base64: data }
}

/** What the tool answers: a description and the image, or an error naming the broken constraint (SEP-1303 style). */
export function describeImage(tool: string, answer: { action: string; content?: Record<string, unknown> | undefined }) {
  if (answer.action !== 'accept') return { content: [{ type: 'text' as const, text: `${tool}: ${answer.action}` }] }
  const check = checkImage(answer.content?.image)
  if (!check.ok) return { content: [{ type: 'text' as const, text: `${tool}: refused: ${check.reason}` }], isError: true }
  return {
    content: [
      { type: 'text' as const, text: `${tool}: a ${check.mediaType} image of ${check.bytes} bytes` },
      { type: 'image' as const, data: check.base64, mimeType: check.mediaType },
    ],
  }
}

/** What the servers record of an answer: never the file's bytes (SEP-2356 §Logging: redact them). */
export function redactedAnswer(answer: { action: string; content?: Record<string, unknown> | undefined }): unknown {
  const check = checkImage(answer.content?.image)
  return { action: answer.action, image: check.ok ? `data:${check.mediaType};base64,[${check.bytes} bytes]` : answer.content === undefined ? undefined : check.reason }
}

/** The question of `describe_image` (and `legacy_describe_image`): its message and schema. */
export const IMAGE_QUESTION = { message: IMAGE_MESSAGE, requestedSchema: IMAGE_SCHEMA }

/** How `tool` ends, in either era: records the answer (redacted) and answers with {@link describeImage}. */
export function imageAnswered(record: (tool: string, data: unknown) => void, tool: string, answer: { action: string; content?: Record<string, unknown> | undefined }) {
  const given = { action: answer.action, content: answer.content }
  record(tool, redactedAnswer(given))
  return describeImage(tool, given)
}
