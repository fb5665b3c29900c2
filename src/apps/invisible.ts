/**
 * Characters a person cannot see, in one place for what an app hands the
 * host to show: file names (`download.ts`) and messages (`message.ts`).
 * What the person reads on a card must be all there is: an invisible
 * character could hide a file's real extension (`gnp.exe` behind U+202E), or
 * words a model reads and the person never saw (the tag characters of
 * U+E0000, bytes packed into variation selectors).
 */

/**
 * Letters that draw nothing: the Hangul fillers (U+115F, U+1160, U+3164,
 * U+FFA0), the braille blank (U+2800) and the combining grapheme joiner
 * (U+034F). They are letters or marks to Unicode, not format characters, so
 * `\p{Cf}` misses them; a name or a message made of them looks empty.
 */
export const BLANK_LETTERS = '\u115F\u1160\u3164\uFFA0\u2800\u034F'

/**
 * Removed from what is shown: every format character (`Cf`: bidi overrides
 * such as U+202E, zero-width characters, the BOM, soft hyphens, the tag
 * characters), the C0 controls but tab and line feed, DEL and the C1
 * controls, and the blank letters above.
 */
const HIDDEN = new RegExp(`[\\p{Cf}\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F${BLANK_LETTERS}]`, 'gu')
/** Line and paragraph separators (and CR, alone or before LF), kept as plain line breaks. */
const LINE_BREAKS = /\r\n?|[\u2028\u2029\u0085]/g
/**
 * Variation selectors beyond the first after a character (one picks a
 * glyph; a run of them carries data a model reads), and every selector of
 * the supplement (U+E0100–U+E01EF, the other 240 "bytes").
 */
const EXTRA_SELECTORS = /(?<=[\uFE00-\uFE0F])[\uFE00-\uFE0F]+|[\u{E0100}-\u{E01EF}]/gu

/**
 * `text` as a person sees it: line breaks made plain, every invisible
 * character above removed. Emoji joined with U+200D fall apart into their
 * parts (the joiner is a format character): visible, and never a hiding place.
 */
export function visibleText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(HIDDEN, '').replace(EXTRA_SELECTORS, '')
}
