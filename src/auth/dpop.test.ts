import { describe, expect, it } from 'vitest'
import { asksForNonce } from './challenge'
import { dpopKeys } from './dpop'

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

async function verify(proof: string): Promise<{ header: any; claims: any; valid: boolean }> {
  const [h, c, s] = proof.split('.') as [string, string, string]
  const header = decode(h)
  const key = await crypto.subtle.importKey('jwk', header.jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify'])
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, Buffer.from(s, 'base64url'), new TextEncoder().encode(`${h}.${c}`))
  return { header, claims: decode(c), valid }
}

describe('DPoP proofs for MCP requests', () => {
  it('signs a proof (RFC 9449 §4.2) bound to the method, the URL without query, and the access token', async () => {
    const keys = dpopKeys()
    const proof = await keys.proof({ method: 'post', url: 'http://127.0.0.1:3000/mcp?session=1#x', accessToken: 'token-1' })
    const { header, claims, valid } = await verify(proof)
    expect(valid).toBe(true)
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } })
    expect(header.jwk).not.toHaveProperty('d')
    expect(claims).toMatchObject({ htm: 'POST', htu: 'http://127.0.0.1:3000/mcp' })
    const ath = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('token-1'))).toString('base64url')
    expect(claims.ath).toBe(ath)
    expect(claims).not.toHaveProperty('nonce')
    expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60)
  })

  it('makes a fresh jti every time, with one key, and carries the nonce a server asked for, per origin', async () => {
    const keys = dpopKeys()
    keys.rememberNonce('http://127.0.0.1:3000/mcp', 'n-1')
    const first = await verify(await keys.proof({ method: 'POST', url: 'http://127.0.0.1:3000/mcp', accessToken: 't' }))
    const second = await verify(await keys.proof({ method: 'POST', url: 'http://127.0.0.1:3000/other', accessToken: 't' }))
    const elsewhere = await verify(await keys.proof({ method: 'POST', url: 'http://127.0.0.1:4000/mcp', accessToken: 't' }))
    expect(first.claims.jti).not.toBe(second.claims.jti)
    expect(first.header.jwk).toEqual(second.header.jwk)
    expect([first.claims.nonce, second.claims.nonce, elsewhere.claims.nonce]).toEqual(['n-1', 'n-1', undefined])
  })

  it('uses a key pair the app hands in, and keeps its private key unexportable when it makes its own', async () => {
    const own = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    const given = dpopKeys(own)
    expect(await given.keys).toBe(own)
    expect((await dpopKeys().keys).privateKey.extractable).toBe(false)
  })

  it('tells a nonce challenge from other DPoP and Bearer challenges', () => {
    expect(asksForNonce('DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"')).toBe(true)
    expect(asksForNonce('Bearer resource_metadata="x", DPoP algs="ES256" error=use_dpop_nonce')).toBe(true)
    expect(asksForNonce('DPoP error="invalid_token"')).toBe(false)
    expect(asksForNonce('Bearer error="use_dpop_nonce"')).toBe(false)
    expect(asksForNonce(null)).toBe(false)
  })
})
