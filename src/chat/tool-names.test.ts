import { describe, expect, it } from 'vitest'
import { MODEL_TOOL_NAME, assignModelNames } from './tool-names.js'

describe('assignModelNames', () => {
  it('keeps names the providers accept', () => {
    expect(assignModelNames(['trip_wizard', 'slow-report', 'A1'])).toEqual(['trip_wizard', 'slow-report', 'A1'])
  })

  it('replaces refused characters and clips to 64', () => {
    const long = 'x'.repeat(100)
    expect(assignModelNames(['notes.read', 'a/b c', long])).toEqual(['notes_read', 'a_b_c', 'x'.repeat(64)])
  })

  it('renames the keys every object has, so the tool set never reads or replaces its prototype', () => {
    const names = assignModelNames(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
    expect(names).toEqual(['tool___proto__', 'tool_constructor', 'tool_toString', 'tool_hasOwnProperty'])
  })

  it('gives colliding names a suffix, never taking the name of a tool that needed no renaming', () => {
    expect(assignModelNames(['a.b', 'a_b', 'a b'])).toEqual(['a_b_2', 'a_b', 'a_b_3'])
  })

  it('keeps a suffixed name within 64 characters', () => {
    const base = 'y'.repeat(64)
    const names = assignModelNames([base, `${base}.`, `${base}!`])
    expect(names[0]).toBe(base)
    for (const name of names) expect(name).toMatch(MODEL_TOOL_NAME)
    expect(new Set(names).size).toBe(3)
  })

  it('names a tool whose name has no acceptable character at all', () => {
    expect(assignModelNames(['', '...'])).toEqual(['tool', '___'])
  })

  it('never gives a reserved name (a tool registered beside these): that tool gets the suffix', () => {
    expect(assignModelNames(['search', 'search_2', 'notes'], ['search'])).toEqual(['search_3', 'search_2', 'notes'])
  })
})
