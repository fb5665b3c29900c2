import { describe, expect, it } from 'vitest'
import { isValidToolName, toToolName } from './tool-names'

describe('tool names', () => {
  it('keeps names the providers take as they are', () => {
    for (const name of ['wizard', 'trip_wizard', 'get-weather', 'A1', 'x'.repeat(64)]) {
      expect(isValidToolName(name)).toBe(true)
      expect(toToolName(name)).toBe(name)
    }
  })

  it('maps dotted, slashed, spaced and non-ASCII names to the allowed characters', () => {
    expect(toToolName('notes.search')).toBe('notes_search')
    expect(toToolName('github/create issue')).toBe('github_create_issue')
    expect(toToolName('météo')).toBe('m_t_o')
    expect(toToolName('  spaced  ')).toBe('spaced')
  })

  it('cuts long names to 64 characters, with a hash so two long names that share a prefix stay apart', () => {
    const a = toToolName(`${'a'.repeat(70)}.one`)!
    const b = toToolName(`${'a'.repeat(70)}.two`)!
    expect(a).toHaveLength(64)
    expect(b).toHaveLength(64)
    expect(a).not.toBe(b)
    expect(isValidToolName(a)).toBe(true)
  })

  it('gives up on names with no letter or digit, and never yields an Object.prototype name', () => {
    expect(toToolName('...')).toBeUndefined()
    expect(toToolName('')).toBeUndefined()
    expect(toToolName('._.')).toBeUndefined()
    expect(isValidToolName('__proto__')).toBe(false)
    expect(isValidToolName('constructor')).toBe(false)
    expect(toToolName('.constructor.')).toBe('constructor_tool')
  })
})
