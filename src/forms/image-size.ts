/**
 * The pixel size an image declares in its header, read from its base64 text
 * before any `<img>` is made of it.
 *
 * The byte cap (`content-media.ts`) does not bound what decoding costs: a
 * PNG of under 100 bytes can declare 100,000 × 100,000 pixels, and a
 * browser that decodes it allocates 40 GB or kills the tab (a "pixel
 * bomb"). So the declared size is read from the header first.
 *
 * The format is taken from the bytes' signature, not from the `mimeType`
 * the server gave: browsers pick the decoder by sniffing the bytes, so a
 * GIF labelled `image/png` is decoded as a GIF and must be measured as one.
 * Each reader follows the decoder far enough to find the size the decoder
 * would use (JPEG: markers after fill bytes and stray bytes, as libjpeg
 * resynchronises; GIF: frames that reach past the logical screen).
 * The base64 is decoded a chunk at a time as far as the walk goes (a PNG's
 * size is in its first 24 bytes), and every walk is bounded by the data's
 * length, which the byte cap has already bounded.
 */

export interface ImageSize {
  /** The format the bytes are in (by signature), whatever the block's `mimeType` said. */
  format: 'png' | 'gif' | 'jpeg' | 'webp'
  width: number
  height: number
}

/** Bytes decoded at a time: a PNG needs 24 bytes of a 5 MB image, so the rest is never decoded. */
const CHUNK_BYTES = 48 * 1024
const CHUNK_CHARS = (CHUNK_BYTES / 3) * 4

/** The bytes of well-formed base64 (no whitespace), decoded a chunk at a time as a walk reaches them. */
class Base64Bytes {
  readonly length: number
  #data: string
  #chunk = -1
  /** The current chunk as a binary string (one char per byte), as `atob` gives it. */
  #binary = ''

  constructor(data: string) {
    this.#data = data
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
    this.length = Math.max(0, Math.floor(data.length / 4) * 3 - padding)
  }

  #load(chunk: number): string {
    if (chunk !== this.#chunk) {
      this.#binary = atob(this.#data.slice(chunk * CHUNK_CHARS, (chunk + 1) * CHUNK_CHARS))
      this.#chunk = chunk
    }
    return this.#binary
  }

  /** The byte at `index`, or -1 past the end. */
  at(index: number): number {
    if (index < 0 || index >= this.length) return -1
    return this.#load(Math.floor(index / CHUNK_BYTES)).charCodeAt(index % CHUNK_BYTES)
  }

  /** The index of the next `byte` from `from` on, or `length` when there is none (a native search per chunk). */
  next(byte: number, from: number): number {
    const char = String.fromCharCode(byte)
    for (let index = Math.max(0, from); index < this.length; index = (Math.floor(index / CHUNK_BYTES) + 1) * CHUNK_BYTES) {
      const found = this.#load(Math.floor(index / CHUNK_BYTES)).indexOf(char, index % CHUNK_BYTES)
      if (found !== -1) return Math.floor(index / CHUNK_BYTES) * CHUNK_BYTES + found
    }
    return this.length
  }

  /** Unsigned big-endian integer of `size` bytes at `index`, -1 when past the end. */
  be(index: number, size: number): number {
    if (index < 0 || index + size > this.length) return -1
    let value = 0
    for (let offset = 0; offset < size; offset++) value = value * 256 + this.at(index + offset)
    return value
  }

  /** Unsigned little-endian integer of `size` bytes at `index`, -1 when past the end. */
  le(index: number, size: number): number {
    if (index < 0 || index + size > this.length) return -1
    let value = 0
    for (let offset = size - 1; offset >= 0; offset--) value = value * 256 + this.at(index + offset)
    return value
  }

  startsWith(signature: readonly number[], at = 0): boolean {
    return signature.every((byte, offset) => this.at(at + offset) === byte)
  }
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const PNG = [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a]
const IHDR = ascii('IHDR')
const GIF87 = ascii('GIF87a')
const GIF89 = ascii('GIF89a')
const RIFF = ascii('RIFF')
const WEBP = ascii('WEBP')

/**
 * The declared size of a PNG, GIF, JPEG or WebP image given as well-formed
 * base64 (whitespace removed); `undefined` when the bytes are none of those
 * or the header is cut short. Never throws.
 */
export function imageSize(base64: string): ImageSize | undefined {
  try {
    const bytes = new Base64Bytes(base64)
    if (bytes.startsWith(PNG)) return png(bytes)
    if (bytes.startsWith(GIF87) || bytes.startsWith(GIF89)) return gif(bytes)
    if (bytes.startsWith([0xff, 0xd8])) return jpeg(bytes)
    if (bytes.startsWith(RIFF) && bytes.startsWith(WEBP, 8)) return webp(bytes)
    return undefined
  } catch {
    // atob refused the text: it was not well-formed base64, so no header could be read either.
    return undefined
  }
}

const sized = (format: ImageSize['format'], width: number, height: number): ImageSize | undefined =>
  width >= 0 && height >= 0 ? { format, width, height } : undefined

/** PNG: the first chunk must be IHDR, width and height as 32-bit big-endian. */
function png(bytes: Base64Bytes): ImageSize | undefined {
  if (!bytes.startsWith(IHDR, 12)) return undefined
  return sized('png', bytes.be(16, 4), bytes.be(20, 4))
}

/**
 * GIF: the logical screen, and every frame's far edge (some decoders grow
 * the canvas to a frame larger than the screen, so such a frame counts).
 * Blocks are walked by their lengths up to the trailer.
 */
function gif(bytes: Base64Bytes): ImageSize | undefined {
  let width = bytes.le(6, 2)
  let height = bytes.le(8, 2)
  if (width < 0 || height < 0) return undefined
  const flags = bytes.at(10)
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  const skipSubBlocks = (from: number) => {
    let position = from
    for (let size = bytes.at(position); size > 0; size = bytes.at(position)) position += size + 1
    return position + 1
  }
  while (at < bytes.length) {
    const block = bytes.at(at)
    if (block === 0x21) {
      at = skipSubBlocks(at + 2)
    } else if (block === 0x2c) {
      const left = bytes.le(at + 1, 2)
      const top = bytes.le(at + 3, 2)
      const frameWidth = bytes.le(at + 5, 2)
      const frameHeight = bytes.le(at + 7, 2)
      if (frameHeight < 0) break
      width = Math.max(width, left + frameWidth)
      height = Math.max(height, top + frameHeight)
      const local = bytes.at(at + 9)
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0)
      // The LZW minimum code size, then the image data's sub-blocks.
      at = skipSubBlocks(at + 1)
    } else {
      break
    }
  }
  return sized('gif', width, height)
}

/** Start-of-frame markers: baseline, extended, progressive, lossless, hierarchical, arithmetic (not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])
/** Markers without a length: TEM, RST0–7, SOI. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)

/**
 * JPEG: the first SOFn segment's height and width. Like libjpeg, stray
 * bytes before a marker are skipped (a decoder warns and goes on), so junk
 * between segments cannot hide the frame header from this walk. Stops at
 * the scan (SOS) or the end (EOI): a decoder needs the frame before either.
 */
function jpeg(bytes: Base64Bytes): ImageSize | undefined {
  let at = 2
  while (at < bytes.length) {
    // Find the next 0xFF that starts a marker: skip stray bytes, fill bytes (0xFF 0xFF…) and stuffed zeros (0xFF 0x00).
    at = bytes.next(0xff, at)
    while (bytes.at(at + 1) === 0xff) at++
    const marker = bytes.at(at + 1)
    if (marker < 0) return undefined
    if (marker === 0x00 || STANDALONE(marker)) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined
    const length = bytes.be(at + 2, 2)
    if (length < 2) return undefined
    // Height 0 means "given later by a DNL marker", which browsers' decoders refuse: no size to cap.
    if (SOF.has(marker)) return bytes.be(at + 5, 2) > 0 ? sized('jpeg', bytes.be(at + 7, 2), bytes.be(at + 5, 2)) : undefined
    at += 2 + length
  }
  return undefined
}

/**
 * WebP: the first chunk after `WEBP` gives the canvas. `VP8X`: 24-bit
 * width and height minus one; `VP8L`: 14-bit width and height minus one
 * after the 0x2F signature; `VP8 `: 14-bit width and height after the key
 * frame's start code.
 */
function webp(bytes: Base64Bytes): ImageSize | undefined {
  const chunk = String.fromCharCode(bytes.at(12), bytes.at(13), bytes.at(14), bytes.at(15))
  if (chunk === 'VP8X') {
    const width = bytes.le(24, 3)
    const height = bytes.le(27, 3)
    return width < 0 || height < 0 ? undefined : sized('webp', width + 1, height + 1)
  }
  if (chunk === 'VP8L') {
    if (bytes.at(20) !== 0x2f) return undefined
    const bits = bytes.le(21, 4)
    return bits < 0 ? undefined : sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (chunk === 'VP8 ') {
    if (!bytes.startsWith([0x9d, 0x01, 0x2a], 23)) return undefined
    const width = bytes.le(26, 2)
    const height = bytes.le(28, 2)
    return width < 0 || height < 0 ? undefined : sized('webp', width & 0x3fff, height & 0x3fff)
  }
  return undefined
}
