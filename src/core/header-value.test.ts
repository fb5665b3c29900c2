import { describe, expect, it } from 'vitest'
import { decodeHeaderValue, encodeHeaderValue } from './header-value'

describe('encodeHeaderValue', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('follows the specification table for %j', (raw, encoded) => {
    expect(encodeHeaderValue(raw)).toBe(encoded)
  })

  it('encodes tabs, other control characters and a single trailing space', () => {
    expect(encodeHeaderValue('a\tb')).toMatch(/^=\?base64\?/)
    expect(encodeHeaderValue('bell\u0007')).toMatch(/^=\?base64\?/)
    expect(encodeHeaderValue('x ')).toBe('=?base64?eCA=?=')
    expect(encodeHeaderValue('caf\u00e9')).toBe('=?base64?Y2Fmw6k=?=')
  })

  it('keeps inner spaces and all visible ASCII plain', () => {
    const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('')
    expect(encodeHeaderValue(`a b ${visible}`)).toBe(`a b ${visible}`)
  })

  it('round-trips through decodeHeaderValue, emoji included', () => {
    for (const value of ['plain', ' x', '日本語', '🙂 ok', '=?base64?x?=']) {
      expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value)
    }
  })

  it('produces values fetch Headers accept unchanged', () => {
    for (const value of [' lead', 'trail ', 'ünïcode', 'a\r\nInjected: yes']) {
      const encoded = encodeHeaderValue(value)
      expect(new Headers({ 'Mcp-Name': encoded }).get('Mcp-Name')).toBe(encoded)
    }
  })
})
