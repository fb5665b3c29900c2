/**
 * The auth provider's hook, loaded on demand with the first request of a
 * client given `auth` (client.ts): what it sends once loaded. A hook that
 * cannot be loaded: load-chunk.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { json, result, scriptedFetch } from '../../test/support/scripted-fetch'
import { authorizedFetch, type AuthChallenge, type AuthProvider } from './auth-hook'
import { createClient } from './client'

const url = 'http://127.0.0.1:9/mcp'

/** A provider that hands out `token-1`, `token-2`, … : a new one after each challenge it accepts. */
function provider(overrides: Partial<AuthProvider> = {}) {
  let token = 1
  const challenges: AuthChallenge[] = []
  const auth: AuthProvider = {
    authorization: async () => `Bearer token-${token}`,
    challenged: async (challenge) => {
      challenges.push(challenge)
      token += 1
      return true
    },
    ...overrides,
  }
  return { auth, challenges }
}

describe('a client with an auth provider', () => {
  it("sends the provider's Authorization and DPoP proof, and the same request again after a challenge it answered", async () => {
    const refused = json({ error: 'invalid_token' }, 401, { 'www-authenticate': 'Bearer error="invalid_token"', 'dpop-nonce': 'n-1' })
    const { fetch, requests } = scriptedFetch([() => refused, result({ tools: [] })])
    const proofs: string[] = []
    const { auth, challenges } = provider({
      proof: async ({ method, authorization }) => {
        proofs.push(`${method} ${authorization}`)
        return `proof-${proofs.length}`
      },
    })
    const client = createClient(url, { fetch, auth, protocolVersion: '2026-07-28', cache: false })
    await expect(client.request('tools/list')).resolves.toEqual({ tools: [] })
    expect(requests.map((r) => [r.headers.get('authorization'), r.headers.get('dpop')])).toEqual([
      ['Bearer token-1', 'proof-1'],
      ['Bearer token-2', 'proof-2'],
    ])
    expect(requests[1]!.body.method).toBe('tools/list')
    expect(proofs).toEqual(['POST Bearer token-1', 'POST Bearer token-2'])
    expect(challenges).toMatchObject([{ url, status: 401, wwwAuthenticate: 'Bearer error="invalid_token"', dpopNonce: 'n-1' }])
  })

  it('lets a 403 without insufficient_scope through, and a refusal the provider declines', async () => {
    const { fetch, requests } = scriptedFetch([
      () => json({}, 403),
      () => json({}, 401, { 'www-authenticate': 'Bearer' }),
    ])
    const { auth, challenges } = provider({ challenged: async () => false })
    const client = createClient(url, { fetch, auth, protocolVersion: '2026-07-28', cache: false })
    await expect(client.request('tools/list')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 403 })
    await expect(client.request('tools/list')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 401 })
    expect(requests).toHaveLength(2)
    expect(challenges).toEqual([])
  })

  it('lets the refusal through after five answered challenges', async () => {
    const refuse = () => json({}, 401)
    const { fetch, requests } = scriptedFetch(Array.from({ length: 6 }, () => refuse))
    const { auth, challenges } = provider()
    const client = createClient(url, { fetch, auth, protocolVersion: '2026-07-28', cache: false })
    await expect(client.request('tools/list')).rejects.toMatchObject({ code: 'HTTP_ERROR', status: 401 })
    expect(requests).toHaveLength(6)
    expect(challenges).toHaveLength(5)
  })

  it('credits only its own endpoint (by endpoint key): another one gets neither Authorization nor DPoP, and its challenge is not answered', async () => {
    const { fetch, requests } = scriptedFetch([() => json({}, 200), () => json({}, 401, { 'www-authenticate': 'Bearer' })])
    const { auth, challenges } = provider({ proof: async () => 'proof' })
    const hooked = authorizedFetch(fetch, auth, url)
    await hooked(`${url}?session=1`, { method: 'POST' })
    const other = await hooked('http://127.0.0.1:9/other/mcp', { method: 'POST', headers: { authorization: 'Bearer stale', dpop: 'stale' } })
    expect(other.status).toBe(401)
    expect(requests.map((r) => [r.headers.get('authorization'), r.headers.get('dpop')])).toEqual([
      ['Bearer token-1', 'proof'],
      [null, null],
    ])
    expect(challenges).toEqual([])
  })
})
