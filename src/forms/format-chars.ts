/**
 * Characters that are invisible or that reorder text, in one place: the
 * explicit bidi controls removed from server text set inline in our own
 * sentences (`inlineText`, `IsolatedLine.tsx`), and the wider set written
 * out as `\u202E`-style escapes where a server's data is shown as data
 * (a result's structured value, as a tree and as raw JSON).
 *
 * Data is escaped, not stripped: a person inspecting a value should see that
 * a key is `"\u202Eexe.txt"` or that a string hides a zero-width space,
 * rather than read a reordered or silently altered value.
 */

/** LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM ALM: explicit bidi formatting. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

/**
 * Every format character (`Cf`: the bidi controls above, zero-width space,
 * joiners, word joiner, BOM, soft hyphen, interlinear annotations, the
 * invisible tag characters U+E0000 block used to smuggle text), the line and
 * paragraph separators (which JSON.stringify leaves as they are, and which
 * end every bidi isolate), DEL and the C1 controls (NEL among them).
 * C0 controls are not in the set: JSON.stringify already escapes them, and a
 * string shown as text keeps its tabs and line breaks.
 */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\u007F-\u009F]/gu

/** One UTF-16 unit as `\uXXXX` (upper-case hex, as the issue and Unicode charts write them). */
const escapeUnit = (unit: number) => `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * `text` with every invisible or reordering character written as its
 * `\uXXXX` escape; a character beyond the BMP (a tag character) as its
 * surrogate pair, so escaped JSON stays JSON that parses to the same value.
 */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => {
    let escaped = ''
    for (let index = 0; index < char.length; index++) escaped += escapeUnit(char.charCodeAt(index))
    return escaped
  })
}

/** A string as a JSON literal (quotes, C0 escapes) with the invisible characters escaped too. */
export function visibleJsonString(value: string): string {
  return escapeInvisible(JSON.stringify(value))
}
