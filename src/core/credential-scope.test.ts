import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANONYMOUS, credentialScope } from './credential-scope'

const url = 'http://127.0.0.1:9/mcp'
const scopeOf = (headers: HeadersInit | undefined, token?: string) =>
  credentialScope({ url, headers: async () => headers, auth: token === undefined ? undefined : { authorization: async () => token, challenged: async () => false } })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('credentialScope', () => {
  it('the same credentials give the same scope (names in any case and order), other credentials another; none at all is anonymous', async () => {
    const one = await scopeOf({ 'X-Api-Key': 'k1', Accept: 'x' })()
    expect(await scopeOf({ accept: 'x', 'x-api-key': 'k1' })()).toBe(one)
    expect(await scopeOf({ 'X-Api-Key': 'k2', Accept: 'x' })()).not.toBe(one)
    expect(await scopeOf(undefined, 'Bearer a')()).not.toBe(await scopeOf(undefined, 'Bearer b')())
    expect(await scopeOf(undefined)()).toBe(ANONYMOUS)
    expect(await scopeOf({})()).toBe(ANONYMOUS)
  })

  it('is a salted SHA-256 digest: the secret is not in it', async () => {
    const scope = await scopeOf({ 'X-Api-Key': 'very-secret-key' }, 'Bearer very-secret-token')()
    expect(scope).toMatch(/^[0-9a-f]{64}$/)
    expect(scope).not.toContain('very-secret')
  })

  it('without crypto.subtle, or when the credentials cannot be read, each client is a scope of its own', async () => {
    const failing = credentialScope({ url, headers: async () => undefined, auth: { authorization: async () => Promise.reject(new Error('refresh failed')), challenged: async () => false } })
    expect(await failing()).toBe(await failing())
    expect(await failing()).not.toBe(await scopeOf(undefined, 'Bearer a')())
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => array })
    const a = scopeOf({ 'X-Api-Key': 'k1' })
    const b = scopeOf({ 'X-Api-Key': 'k1' })
    expect(await a()).toBe(await a())
    expect(await a()).not.toBe(await b())
    expect(await a()).not.toContain('k1')
  })
})
