import { describe, expect, it } from 'vitest'
import { isMcpArgumentError } from './errors'
import { checkToolHeaders, paramHeaders } from './tool-headers'

const tool = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  inputSchema: { type: 'object', properties, ...extra },
})

describe('checkToolHeaders', () => {
  it('binds annotated top-level and nested properties', () => {
    const check = checkToolHeaders(
      tool({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        options: { type: 'object', properties: { dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' } } },
        limit: { type: 'integer', 'x-mcp-header': 'Limit' },
        query: { type: 'string' },
      }),
    )
    expect(check).toEqual({
      ok: true,
      bindings: [
        { header: 'Region', path: ['region'], type: 'string' },
        { header: 'Dry-Run', path: ['options', 'dryRun'], type: 'boolean' },
        { header: 'Limit', path: ['limit'], type: 'integer' },
      ],
    })
  })

  it.each([
    ['empty name', tool({ a: { type: 'string', 'x-mcp-header': '' } })],
    ['space in name', tool({ a: { type: 'string', 'x-mcp-header': 'Bad Name' } })],
    ['colon in name', tool({ a: { type: 'string', 'x-mcp-header': 'Bad:Name' } })],
    ['CRLF in name', tool({ a: { type: 'string', 'x-mcp-header': 'A\r\nB' } })],
    ['non-string name', tool({ a: { type: 'string', 'x-mcp-header': 42 } })],
    ['number type', tool({ a: { type: 'number', 'x-mcp-header': 'A' } })],
    ['object type', tool({ a: { type: 'object', 'x-mcp-header': 'A' } })],
    ['array type', tool({ a: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'A' } })],
    ['case-insensitive duplicate', tool({ a: { type: 'string', 'x-mcp-header': 'Id' }, b: { type: 'string', 'x-mcp-header': 'ID' } })],
    ['inside items', tool({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['inside anyOf', tool({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } })],
    ['inside $defs', tool({ a: { $ref: '#/$defs/x' } }, { $defs: { x: { type: 'string', 'x-mcp-header': 'A' } } })],
    ['inside then', tool({ a: { type: 'string' } }, { if: {}, then: { properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } })],
    ['on the root', { inputSchema: { type: 'object', 'x-mcp-header': 'Root' } }],
  ])('rejects %s', (_label, definition) => {
    const check = checkToolHeaders(definition)
    expect(check.ok).toBe(false)
    expect(check.ok === false && check.reason).toMatch(/x-mcp-header/)
  })

  it('does not mistake data or a property named x-mcp-header for an annotation', () => {
    expect(checkToolHeaders(tool({ 'x-mcp-header': { type: 'string' }, a: { type: 'object', default: { 'x-mcp-header': 1 } } }))).toEqual({ ok: true, bindings: [] })
  })
})

describe('paramHeaders', () => {
  const bindings = [
    { header: 'Region', path: ['region'], type: 'string' as const },
    { header: 'Limit', path: ['limit'], type: 'integer' as const },
    { header: 'Dry', path: ['opts', 'dry'], type: 'boolean' as const },
  ]

  it('converts strings, integers and booleans to text', () => {
    expect(paramHeaders(bindings, { region: ' eu ', limit: -7, opts: { dry: false } })).toEqual({
      'Mcp-Param-Region': ' eu ',
      'Mcp-Param-Limit': '-7',
      'Mcp-Param-Dry': 'false',
    })
  })

  it('omits absent and null values', () => {
    expect(paramHeaders(bindings, { region: null, opts: {} })).toEqual({})
    expect(paramHeaders(bindings, undefined)).toEqual({})
  })

  it('refuses values a header cannot mirror', () => {
    expect(() => paramHeaders(bindings, { limit: 1.5 })).toThrow(/safe integer/)
    expect(() => paramHeaders(bindings, { limit: 2 ** 60 })).toSatisfy((fn: () => unknown) => {
      try {
        fn()
        return false
      } catch (error) {
        return isMcpArgumentError(error)
      }
    })
  })
})
