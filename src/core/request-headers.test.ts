import { describe, expect, it } from 'vitest'
import { buildHeaders } from './request-headers'

const call = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'get weather', arguments: {} } }

describe('buildHeaders', () => {
  it('derives the modern metadata headers from the message', () => {
    const headers = buildHeaders(call, { era: 'modern', protocolVersion: '2026-07-28', paramHeaders: { 'Mcp-Param-Region': 'eu' } })
    expect(Object.fromEntries(headers)).toEqual({
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'get weather',
      'mcp-param-region': 'eu',
    })
  })

  it('encodes an Mcp-Param value that a header cannot carry as it is', () => {
    const headers = buildHeaders(call, { era: 'modern', protocolVersion: '2026-07-28', paramHeaders: { 'Mcp-Param-Region': ' eu ', 'Mcp-Param-City': 'Zürich' } })
    expect(headers.get('mcp-param-region')).toBe('=?base64?IGV1IA==?=')
    expect(headers.get('mcp-param-city')).toBe(`=?base64?${Buffer.from('Zürich').toString('base64')}?=`)
  })

  it('takes Mcp-Name from params.uri for resources/read and encodes it', () => {
    const headers = buildHeaders(
      { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'file:///tmp/ünï.txt' } },
      { era: 'modern', protocolVersion: '2026-07-28' },
    )
    expect(headers.get('mcp-name')).toBe('=?base64?ZmlsZTovLy90bXAvw7xuw68udHh0?=')
  })

  it('sends no Mcp-Name for methods without one', () => {
    const headers = buildHeaders({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { name: 'x' } }, { era: 'modern', protocolVersion: '2026-07-28' })
    expect(headers.has('mcp-name')).toBe(false)
    expect(headers.get('mcp-method')).toBe('tools/list')
  })

  it('never lets extra headers override protocol headers', () => {
    const headers = buildHeaders(call, {
      era: 'modern',
      protocolVersion: '2026-07-28',
      extra: { Authorization: 'Bearer t', 'MCP-Protocol-Version': '1999-01-01', 'Mcp-Name': 'evil', 'mcp-param-x': 'y', Accept: 'text/html' },
    })
    expect(headers.get('authorization')).toBe('Bearer t')
    expect(headers.get('mcp-protocol-version')).toBe('2026-07-28')
    expect(headers.get('mcp-name')).toBe('get weather')
    expect(headers.has('mcp-param-x')).toBe(false)
    expect(headers.get('accept')).toBe('application/json, text/event-stream')
  })

  it('sends the session id and no modern metadata to a legacy server', () => {
    const headers = buildHeaders(call, { era: 'legacy', protocolVersion: '2025-11-25', sessionId: 'abc' })
    expect(headers.get('mcp-session-id')).toBe('abc')
    expect(headers.has('mcp-method')).toBe(false)
    expect(headers.has('mcp-name')).toBe(false)
  })
})
