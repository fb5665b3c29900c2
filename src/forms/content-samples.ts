/**
 * Small, valid media samples for tests, stories and the bench (not exported
 * from the package): a 1×1 PNG and an 8-sample silent WAV, as base64, and
 * "pixel bombs" (tiny images whose headers declare huge canvases).
 */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
export const TINY_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA=='

/** A value nested `depth` deep (`{ level: { level: … 0 } }`), built iteratively. */
export function deepValue(depth: number): unknown {
  let value: unknown = 0
  for (let i = 0; i < depth; i++) value = { level: value }
  return value
}

// ——— pixel bombs: a few dozen bytes whose header declares a huge canvas ———

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff]
const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff]
const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff]
const u32le = (n: number) => [...u16le(n & 0xffff), ...u16le(n >>> 16)]
const u32be = (n: number) => [...u16be(n >>> 16), ...u16be(n & 0xffff)]
/** btoa, not Buffer: the samples are built in stories (a browser) too. */
const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))

function crc32(bytes: number[]): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: number[]): number[] {
  const body = [...ascii(type), ...data]
  return [...u32be(data.length), ...body, ...u32be(crc32(body))]
}

/** A PNG whose IHDR declares `width` × `height` (8-bit RGB), with an empty IDAT: what a decoder would allocate for. */
export function pngDeclaring(width: number, height: number): string {
  return base64([0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a, ...pngChunk('IHDR', [...u32be(width), ...u32be(height), 8, 2, 0, 0, 0]), ...pngChunk('IDAT', [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]), ...pngChunk('IEND', [])])
}

/** A GIF whose logical screen is `width` × `height`, with one frame (1 × 1 unless `frame` says otherwise). */
export function gifDeclaring(width: number, height: number, frame = { width: 1, height: 1 }): string {
  const comment = [0x21, 0xfe, 3, ...ascii('hi!'), 0]
  const image = [0x2c, ...u16le(0), ...u16le(0), ...u16le(frame.width), ...u16le(frame.height), 0, 2, 2, 0x4c, 0x01, 0]
  return base64([...ascii('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0, ...comment, ...image, 0x3b])
}

/**
 * A baseline JPEG whose SOF0 declares `width` × `height`. `junk` puts stray
 * bytes before the frame header (decoders skip them with a warning), and
 * `comment` a COM segment of that many bytes: both move the header away
 * from where a naive reader looks.
 */
export function jpegDeclaring(width: number, height: number, { junk = false, comment = 0 } = {}): string {
  const app0 = [0xff, 0xe0, ...u16be(16), ...ascii('JFIF'), 0, 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0]
  const com = comment > 0 ? [0xff, 0xfe, ...u16be(comment + 2), ...new Array<number>(comment).fill(0x20)] : []
  const stray = junk ? [0x00, 0x12, 0x34, 0xff, 0x00] : []
  const sof0 = [0xff, 0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  const sos = [0xff, 0xda, ...u16be(12), 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]
  return base64([0xff, 0xd8, ...app0, ...com, ...stray, ...sof0, ...sos, 0x00, 0xff, 0xd9])
}

/** A WebP of the given kind whose header declares `width` × `height` (VP8 and VP8L hold at most 16,383 and 16,384 a side). */
export function webpDeclaring(kind: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): string {
  const data =
    kind === 'VP8X'
      ? [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]
      : kind === 'VP8L'
        ? [0x2f, ...u32le(((width - 1) | ((height - 1) << 14)) >>> 0)]
        : [0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height)]
  const chunk = [...ascii(kind), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])]
  return base64([...ascii('RIFF'), ...u32le(4 + chunk.length), ...ascii('WEBP'), ...chunk])
}

// ——— formats browsers sniff and decode whose size `imageSize` does not read: refused whatever their label ———

/** A BMP (RLE8, ending at once) whose header declares `width` × `height`: a decoder allocates the whole canvas. */
export function bmpDeclaring(width: number, height: number): string {
  const palette = [0, 0, 0, 0, 255, 255, 255, 0]
  const pixels = [0, 1, 0, 0]
  const offset = 14 + 40 + palette.length
  const info = [...u32le(40), ...u32le(width), ...u32le(height), ...u16le(1), ...u16le(8), ...u32le(1), ...u32le(pixels.length), ...u32le(0), ...u32le(0), ...u32le(2), ...u32le(0)]
  return base64([...ascii('BM'), ...u32le(offset + pixels.length), 0, 0, 0, 0, ...u32le(offset), ...info, ...palette, ...pixels])
}

/** An ICO whose one entry is a PNG declaring `width` × `height` (the directory says 0 × 0, "256 or more"). */
export function icoOfPngDeclaring(width: number, height: number): string {
  const png = [...atob(pngDeclaring(width, height))].map((char) => char.charCodeAt(0))
  return base64([0, 0, 1, 0, 1, 0, 0, 0, 0, 0, ...u16le(1), ...u16le(32), ...u32le(png.length), ...u32le(22), ...png])
}

/** The start of an AVIF: its `ftyp` box, then a `meta` box whose `ispe` property declares `width` × `height`. */
export function avifDeclaring(width: number, height: number): string {
  const box = (type: string, body: number[]) => [...u32be(8 + body.length), ...ascii(type), ...body]
  const ftyp = box('ftyp', [...ascii('avif'), ...u32be(0), ...ascii('avifmif1miaf')])
  const ispe = box('ispe', [0, 0, 0, 0, ...u32be(width), ...u32be(height)])
  const meta = box('meta', [0, 0, 0, 0, ...box('iprp', box('ipco', ispe))])
  return base64([...ftyp, ...meta])
}
