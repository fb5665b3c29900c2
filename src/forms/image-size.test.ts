import { describe, expect, it } from 'vitest'
import { checkMedia, DEFAULT_MAX_IMAGE_PIXELS } from './content-media'
import { gifDeclaring, jpegDeclaring, pngDeclaring, TINY_PNG, webpDeclaring } from './content-samples'
import { imageSize } from './image-size'

const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))

describe('imageSize: the size a header declares', () => {
  it('reads PNG, GIF, JPEG and WebP (VP8X, VP8L, VP8) headers', () => {
    expect(imageSize(TINY_PNG)).toEqual({ format: 'png', width: 1, height: 1 })
    expect(imageSize(pngDeclaring(640, 480))).toEqual({ format: 'png', width: 640, height: 480 })
    expect(imageSize(gifDeclaring(320, 200))).toEqual({ format: 'gif', width: 320, height: 200 })
    expect(imageSize(jpegDeclaring(1024, 768))).toEqual({ format: 'jpeg', width: 1024, height: 768 })
    expect(imageSize(webpDeclaring('VP8X', 4000, 3000))).toEqual({ format: 'webp', width: 4000, height: 3000 })
    expect(imageSize(webpDeclaring('VP8L', 800, 600))).toEqual({ format: 'webp', width: 800, height: 600 })
    expect(imageSize(webpDeclaring('VP8 ', 16_383, 2))).toEqual({ format: 'webp', width: 16_383, height: 2 })
  })

  it('goes by the bytes, not the label: what a browser would decode', () => {
    // checkMedia passes the data alone; the format comes from the signature.
    expect(imageSize(gifDeclaring(65_535, 65_535))?.format).toBe('gif')
  })

  it('a GIF frame that reaches past the logical screen counts', () => {
    expect(imageSize(gifDeclaring(10, 10, { width: 30_000, height: 20 }))).toEqual({ format: 'gif', width: 30_000, height: 20 })
  })

  it('a JPEG frame header after stray bytes, fill bytes and a 60 KB segment is found', () => {
    expect(imageSize(jpegDeclaring(12_345, 6_789, { junk: true, comment: 60_000 }))).toEqual({ format: 'jpeg', width: 12_345, height: 6_789 })
  })

  it('no size when the header is cut short, the bytes are no known image, or a JPEG scan comes before any frame', () => {
    expect(imageSize(pngDeclaring(1, 1).slice(0, 20))).toBeUndefined()
    expect(imageSize(base64([...'GIF89a'].map((c) => c.charCodeAt(0))))).toBeUndefined()
    expect(imageSize(base64([0xff, 0xd8, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0]))).toBeUndefined()
    expect(imageSize(btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(imageSize('')).toBeUndefined()
  })

  it('5 MB of stray bytes after a JPEG start are walked in bounded time', () => {
    const junk = btoa(String.fromCharCode(0xff, 0xd8, ...new Array<number>(30).fill(0x41))) + 'QUFB'.repeat(1_700_000)
    const started = performance.now()
    expect(imageSize(junk)).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('checkMedia: the pixel cap', () => {
  it('refuses an image declaring more than maxPixels (50 megapixels by default), whatever its label', () => {
    expect(DEFAULT_MAX_IMAGE_PIXELS).toBe(50_000_000)
    expect(checkMedia('image', 'image/png', pngDeclaring(100_000, 100_000))).toEqual({ ok: false, reason: 'pixels', width: 100_000, height: 100_000, limit: 50_000_000 })
    expect(checkMedia('image', 'image/webp', gifDeclaring(10_000, 10_000))).toMatchObject({ ok: false, reason: 'pixels' })
    expect(checkMedia('image', 'image/png', pngDeclaring(8_000, 6_000))).toMatchObject({ ok: true })
    expect(checkMedia('image', 'image/png', pngDeclaring(8_000, 6_000), undefined, 1_000_000)).toMatchObject({ ok: false, reason: 'pixels', limit: 1_000_000 })
  })

  it('audio is not measured, and the byte and type checks come first', () => {
    expect(checkMedia('audio', 'audio/wav', pngDeclaring(100_000, 100_000))).toMatchObject({ ok: true })
    expect(checkMedia('image', 'image/svg+xml', pngDeclaring(100_000, 100_000))).toMatchObject({ ok: false, reason: 'type' })
    expect(checkMedia('image', 'image/png', pngDeclaring(100_000, 100_000), 10)).toMatchObject({ ok: false, reason: 'size' })
  })
})
