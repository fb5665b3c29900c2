/**
 * A resource server's side of DPoP (RFC 9449 §7): the `DPoP` proof of one
 * request, checked with `jose` against the request's method and URL, the
 * access token's hash, the key the token is bound to (`cnf.jkt`), a jti not
 * seen before, and the nonce the server handed out when it wants one. Used by
 * the bearer-protected demo/test server so sign-in tests meet real
 * sender-constrained tokens from oidc-provider.
 */
import { createHash, randomBytes } from 'node:crypto'
import { EmbeddedJWK, calculateJwkThumbprint, jwtVerify, type JWK } from 'jose'

export interface DpopCheck {
  /** The reason the proof is refused, or undefined when it holds. `nonce` means: ask for one. */
  verify(request: { proof: string | undefined; method: string; url: string; accessToken: string; jkt: unknown }): Promise<string | undefined>
  /** The nonce to send with a `use_dpop_nonce` challenge (RFC 9449 §9). */
  nonce(): string
}

/** Proofs older than this (or from the future) are refused. */
const MAX_AGE_S = 60

export function dpopCheck(options: { requireNonce: boolean }): DpopCheck {
  const seen = new Set<string>()
  const current = randomBytes(16).toString('base64url')
  return {
    nonce: () => current,
    async verify({ proof, method, url, accessToken, jkt }) {
      if (!proof) return 'no DPoP proof'
      try {
        const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256', 'EdDSA'] })
        const htu = new URL(url)
        htu.search = ''
        htu.hash = ''
        if (payload.htm !== method) return `htm ${String(payload.htm)} is not ${method}`
        if (payload.htu !== htu.href) return `htu ${String(payload.htu)} is not ${htu.href}`
        if (typeof payload.iat !== 'number' || Math.abs(Date.now() / 1000 - payload.iat) > MAX_AGE_S) return 'iat out of range'
        if (payload.ath !== createHash('sha256').update(accessToken).digest('base64url')) return 'ath does not match the token'
        if (jkt !== (await calculateJwkThumbprint(protectedHeader.jwk as JWK, 'sha256'))) return 'the token is bound to another key'
        if (typeof payload.jti !== 'string' || seen.has(payload.jti)) return 'jti reused'
        if (options.requireNonce && payload.nonce !== current) return 'nonce'
        seen.add(payload.jti)
        return undefined
      } catch (error) {
        return `proof: ${error instanceof Error ? error.message : String(error)}`
      }
    },
  }
}
