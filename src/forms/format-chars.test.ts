import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BIDI_CONTROLS, escapeInvisible, visibleJsonString } from './format-chars'

describe('escapeInvisible', () => {
  it('writes every bidi control, zero-width and format character, separator and C1 control as \\uXXXX', () => {
    expect(escapeInvisible('a\u202Eb\u2066c\u2069d\u200Be\u200Df\uFEFFg\u061Ch\u2028i\u2029j\u0085k\u007Fl\u00ADm')).toBe(
      'a\\u202Eb\\u2066c\\u2069d\\u200Be\\u200Df\\uFEFFg\\u061Ch\\u2028i\\u2029j\\u0085k\\u007Fl\\u00ADm',
    )
  })

  it('a tag character beyond the BMP becomes its surrogate pair, as JSON writes it', () => {
    expect(escapeInvisible('x\u{E0041}\u{E007F}')).toBe('x\\uDB40\\uDC41\\uDB40\\uDC7F')
  })

  it('leaves visible text alone: tabs and line breaks, right-to-left letters, emoji', () => {
    const visible = 'line one\n\tline two: مرحبا שלום 名前 🙂 <b>&amp;</b>'
    expect(escapeInvisible(visible)).toBe(visible)
  })

  it('the bidi controls removed from inline text are all among those escaped', () => {
    for (const control of '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C') {
      expect(control).toMatch(new RegExp(BIDI_CONTROLS.source))
      expect(escapeInvisible(control)).toMatch(/^\\u[0-9A-F]{4}$/)
    }
  })
})

describe('visibleJsonString', () => {
  it('is a JSON literal that parses back to the string, with nothing invisible left in it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const literal = visibleJsonString(value)
        expect(JSON.parse(literal)).toBe(value)
        expect(literal).not.toMatch(/[\p{Cf}\p{Zl}\p{Zp}\p{Cc}]/u)
      }),
    )
  })
})
