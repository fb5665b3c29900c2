/**
 * DPoP (RFC 9449; the MCP extension `io.modelcontextprotocol/auth/dpop`,
 * SEP-1932): tokens bound to a key pair the page holds, so a token that
 * leaks is useless without the private key. oauth4webapi proves possession
 * at the token endpoint (its `DPoP` handle, which also keeps the
 * authorization server's nonces); a proof for the MCP requests is made here,
 * because the core sends those itself and oauth4webapi only signs requests it
 * sends (`protectedResourceRequest`).
 *
 * One key pair per `oauth()` provider, non-extractable, in memory unless the
 * app hands one in: a token bound to a key the next page load no longer has
 * cannot be used, and the person signs in again.
 */
import { DPoP, generateKeyPair, type DPoPHandle } from 'oauth4webapi'

export interface DpopKeys {
  keys: Promise<CryptoKeyPair>
  /** The token endpoint's proof maker (nonces of the authorization server included). */
  handle(): Promise<DPoPHandle>
  /** A proof for one request to the MCP server, with its nonce when it asked for one. */
  proof(request: { method: string; url: string; accessToken: string }): Promise<string>
  /** Keeps the nonce a server asked for (`DPoP-Nonce`), for its origin. */
  rememberNonce(url: string, nonce: string): void
}

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
const encode = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)))

/** `htu`: the request URL without query and fragment (RFC 9449 §4.2). */
function htuOf(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

export function dpopKeys(given?: CryptoKeyPair): DpopKeys {
  let keys: Promise<CryptoKeyPair> | undefined
  let handle: Promise<DPoPHandle> | undefined
  const nonces = new Map<string, string>()
  const get = () => (keys ??= given ? Promise.resolve(given) : generateKeyPair('ES256'))
  return {
    get keys() {
      return get()
    },
    // oauth4webapi reads only the clock skew of the client; none is assumed.
    handle: () => (handle ??= get().then((pair) => DPoP({}, pair))),
    async proof({ method, url, accessToken }) {
      const pair = await get()
      const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
      const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } }
      const ath = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(accessToken))))
      const nonce = nonces.get(new URL(url).origin)
      const claims = { jti: crypto.randomUUID(), htm: method.toUpperCase(), htu: htuOf(url), iat: Math.floor(Date.now() / 1000), ath, ...(nonce === undefined ? {} : { nonce }) }
      const input = `${encode(header)}.${encode(claims)}`
      // WebCrypto's ECDSA signature is r‖s, the form JWS wants for ES256.
      const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, encoder.encode(input))
      return `${input}.${base64url(new Uint8Array(signature))}`
    },
    rememberNonce(url, nonce) {
      nonces.set(new URL(url).origin, nonce)
    },
  }
}
