/**
 * Images and audio a server sent as base64 (`image` / `audio` content
 * blocks), checked before anything reaches an element: an allow-list of
 * MIME types that cannot run script (no SVG, no HTML, nothing unknown), a
 * cap on the decoded size, well-formed base64, and for an image a cap on
 * the pixels its header declares (`image-size.ts`: a tiny file can declare
 * a canvas that takes gigabytes to decode). An image whose size cannot be
 * read is refused: the browser picks its decoder by sniffing the bytes, not
 * by the `mimeType`, so a BMP, an ICO or an AVIF labelled `image/png` would
 * be decoded at whatever size it declares, past the cap. What passes becomes a
 * `data:` URL built here from the allowed type (never from the server's
 * string as given), so nothing is fetched from anywhere.
 */
import { base64Bytes } from './base64-bytes.js'
import { imageSize } from './image-size.js'

export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']
export const AUDIO_TYPES: readonly string[] = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/webm']

/** Decoded bytes shown at most. @defaultValue 5 MiB */
export const DEFAULT_MAX_MEDIA_BYTES = 5 * 1024 * 1024

/**
 * Pixels (width × height, as the image's header declares them) of an image
 * shown at most: 50 megapixels, more than an 8,000 × 6,000 photo, far less
 * than the 10 gigapixels of a 100,000 × 100,000 pixel bomb.
 * @defaultValue 50,000,000
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 50_000_000

export type MediaKind = 'image' | 'audio'

export type MediaCheck =
  | { ok: true; src: string; mimeType: string; bytes: number }
  | { ok: false; reason: 'type'; mimeType: string }
  | { ok: false; reason: 'size'; bytes: number; limit: number }
  | { ok: false; reason: 'data' }
  | { ok: false; reason: 'pixels'; width: number; height: number; limit: number }
  /** An image whose bytes are no PNG, JPEG, GIF or WebP with a size in its header (the label does not count). */
  | { ok: false; reason: 'unreadable' }

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/


/** The type without parameters, lower case: `audio/ogg; codecs=opus` → `audio/ogg`. */
function baseType(mimeType: unknown): string {
  return typeof mimeType === 'string' ? (mimeType.split(';')[0] ?? '').trim().toLowerCase() : ''
}

/**
 * Checks an `image` or `audio` block's `mimeType` and `data`, and an image's
 * declared pixels; an image whose size cannot be read (none of the four
 * formats by its bytes, or a header cut short) is refused. Never throws.
 */
export function checkMedia(kind: MediaKind, mimeType: unknown, data: unknown, maxBytes = DEFAULT_MAX_MEDIA_BYTES, maxPixels = DEFAULT_MAX_IMAGE_PIXELS): MediaCheck {
  const type = baseType(mimeType)
  const allowed = kind === 'image' ? IMAGE_TYPES : AUDIO_TYPES
  if (!allowed.includes(type)) return { ok: false, reason: 'type', mimeType: typeof mimeType === 'string' ? mimeType : '' }
  if (typeof data !== 'string') return { ok: false, reason: 'data' }
  // The size first, from the length alone: a huge string is refused without scanning it.
  const roughBytes = base64Bytes(data)
  if (roughBytes > maxBytes * 1.01 + 1024) return { ok: false, reason: 'size', bytes: roughBytes, limit: maxBytes }
  const clean = /\s/.test(data) ? data.replace(/\s+/g, '') : data
  if (clean.length === 0 || clean.length % 4 !== 0 || !BASE64.test(clean)) return { ok: false, reason: 'data' }
  const bytes = base64Bytes(clean)
  if (bytes > maxBytes) return { ok: false, reason: 'size', bytes, limit: maxBytes }
  if (kind === 'image') {
    const size = imageSize(clean)
    if (!size) return { ok: false, reason: 'unreadable' }
    if (size.width * size.height > maxPixels) return { ok: false, reason: 'pixels', width: size.width, height: size.height, limit: maxPixels }
  }
  return { ok: true, src: `data:${type};base64,${clean}`, mimeType: type, bytes }
}
