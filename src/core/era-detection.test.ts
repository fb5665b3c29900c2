import { describe, expect, it } from 'vitest'
import { McpHttpError, McpProtocolError, McpResponseFormatError } from './errors'
import { decideEra, isLegacySignal } from './era-detection'

const http = (status: number) => new McpHttpError(new Response('', { status }), '')
const rpc = (code: number, status = 400, data?: unknown) => new McpProtocolError({ code, message: 'x', data }, { status })

describe('decideEra', () => {
  it('reads supportedVersions from a discover result', () => {
    expect(decideEra({ result: { supportedVersions: ['2026-07-28'] } })).toEqual({ era: 'modern', version: '2026-07-28' })
    expect(decideEra({ result: { supportedVersions: ['2025-06-18'] } })).toEqual({ era: 'legacy', version: '2025-06-18' })
  })

  it('treats a 200 with an empty result as a legacy server', () => {
    expect(decideEra({ result: {} })).toEqual({ era: 'legacy', version: '2025-11-25' })
  })

  it('picks the mutual version from -32022', () => {
    expect(decideEra({ error: rpc(-32022, 400, { supported: ['2025-11-25', '2026-07-28'] }) })).toEqual({ era: 'modern', version: '2026-07-28' })
    expect(decideEra({ error: rpc(-32022, 400, { supported: ['2025-03-26'] }) })).toEqual({ era: 'legacy', version: '2025-03-26' })
    expect(decideEra({ error: rpc(-32022, 400, { supported: ['1999-01-01'] }) })).toBeUndefined()
  })

  it.each([
    ['HTTP 400 without a JSON-RPC body', http(400)],
    ['HTTP 404 without a JSON-RPC body', http(404)],
    ['HTTP 405', http(405)],
    ['-32000 missing session', rpc(-32000)],
    ['-32001 session not found', rpc(-32001, 404)],
    ['-32601 over SSE', rpc(-32601, 200)],
    ['-32600 on HTTP 400', rpc(-32600)],
  ])('falls back to legacy on %s', (_label, error) => {
    expect(decideEra({ error })).toEqual({ era: 'legacy', version: '2025-11-25' })
  })

  it.each([
    ['HTTP 401', http(401)],
    ['HTTP 500', http(500)],
    ['-32021 missing capability', rpc(-32021)],
    ['-32602 invalid params', rpc(-32602)],
    ['a network failure', new TypeError('fetch failed')],
  ])('does not guess on %s', (_label, error) => {
    expect(decideEra({ error })).toBeUndefined()
  })

  it('treats a 200 that is no JSON-RPC response as a legacy server', () => {
    expect(decideEra({ error: new McpResponseFormatError('x', { status: 200 }) })).toEqual({ era: 'legacy', version: '2025-11-25' })
  })
})

describe('isLegacySignal after the probe', () => {
  it('keeps a modern method-not-found a modern error', () => {
    expect(isLegacySignal(rpc(-32601, 404), false)).toBe(false)
    expect(isLegacySignal(rpc(-32020, 400), false)).toBe(false)
    expect(isLegacySignal(http(405), false)).toBe(true)
  })
})
