/**
 * The decoded size of base64 data, without decoding it. Apart from the media
 * checks (`content-media.ts`) because a form's file field needs it too, and
 * the media checks load only with the result renderer.
 */

/** The decoded size of base64 text (whitespace already removed). */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding)
}
