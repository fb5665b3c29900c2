/**
 * The texts of the result renderer (`ToolResult`: the tree, the blocks, the
 * media checks). They load with the renderer, not up front.
 */
import type { Messages } from '../messages.js'
import { plural, formatBytes } from './words.js'

export const resultTexts = {
  resultIsError: 'The tool reported an error:',
  resultTreeLabel: 'Structured result',
  resultTreeKeys: (count) => `${count} ${plural(count, 'key', 'keys')}`,
  resultTreeItems: (count) => `${count} ${plural(count, 'item', 'items')}`,
  resultTreeMore: (shown, total) => `Show more (${shown} of ${total} shown)`,
  resultTreeLongText: (length) => `${length} characters; expand to read all`,
  resultRawJson: 'As JSON',
  resultImageAlt: (mimeType) => `Image returned by the tool (${mimeType})`,
  resultAudioLabel: (mimeType) => `Audio returned by the tool (${mimeType})`,
  resultMediaRefused: (kind, mimeType) => `[${kind} of type "${mimeType}" not shown: only common image and audio formats are shown]`,
  resultMediaTooLarge: (kind, bytes, limit) => `[${kind} not shown: ${formatBytes(bytes)}, over the limit of ${formatBytes(limit)}]`,
  resultMediaInvalid: (kind) => `[${kind} not shown: its data is not valid base64]`,
  resultImageTooManyPixels: (width, height, limit) => `[image not shown: it declares ${formatCount(width)} × ${formatCount(height)} pixels, over the limit of ${formatMegapixels(limit)}]`,
  resultImageUnreadable: '[image not shown: it is not a PNG, JPEG, GIF or WebP image whose size can be read]',
  resultResourceLabel: 'Resource',
  resultResourceBlob: (mimeType, bytes) => `[binary content${mimeType ? ` (${mimeType})` : ''}, ${formatBytes(bytes)}, not shown]`,
  resultResourceNotWeb: 'Not a web address: shown as text, not opened.',
} satisfies Partial<Messages>

/** A whole number with thousands separators, the same on every machine: `100,000`. */
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** A pixel limit for people: `50 megapixels`, `1 megapixel`, `2.5 megapixels`, `640 pixels`. */
function formatMegapixels(pixels: number): string {
  if (pixels < 1_000_000) return `${formatCount(pixels)} ${plural(pixels, 'pixel', 'pixels')}`
  const megapixels = Number((pixels / 1_000_000).toFixed(1))
  return `${megapixels} ${plural(megapixels, 'megapixel', 'megapixels')}`
}
