/**
 * Which clients may share a cached result: those of one endpoint that send
 * the same credentials. `cacheScope: 'public'` says a result holds nothing
 * private, but a server may list to each caller only what that caller may
 * see (tools by role, resources by tenant) and still mark it public: a
 * listing fetched with one person's token must never be served to a client
 * with another's.
 *
 * The scope is a SHA-256 digest of the credential-bearing headers the next
 * request would carry: the auth provider's `Authorization` and every header
 * of the client's own `headers` option (any of them may be an API key, so
 * all count). It is salted with a random value of this page, so the digest
 * is no stable fingerprint of a token, and the secret itself is never kept
 * as a key. Credentials the runtime adds (cookies) or a custom `fetch`
 * adds are invisible here; such an app should answer with `private`
 * listings or turn the cache off.
 */
import { credentialHeaders, type CacheCredentials } from './credential-headers.js'

/** The partition of the cache the client's current credentials may use. */
export type CredentialScope = (signal?: AbortSignal) => Promise<string>

/** Clients that send no credentials at all: one partition, shared. */
export const ANONYMOUS = ''

let salt: Uint8Array<ArrayBuffer> | undefined
let clients = 0

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function credentialScope(options: CacheCredentials): CredentialScope {
  // Without crypto.subtle (a page served over plain http) there is no digest to compare:
  // the client keeps a partition of its own, and shares nothing but with itself.
  const alone = `client-${++clients}`
  return async (signal = new AbortController().signal) => {
    try {
      const entries = await credentialHeaders(options, signal)
      if (entries.length === 0) return ANONYMOUS
      const subtle = globalThis.crypto?.subtle
      if (!subtle) return alone
      salt ??= globalThis.crypto.getRandomValues(new Uint8Array(32))
      const text = new TextEncoder().encode(JSON.stringify(entries))
      const input = new Uint8Array(salt.length + text.length)
      input.set(salt)
      input.set(text, salt.length)
      return hex(await subtle.digest('SHA-256', input))
    } catch {
      // Credentials that cannot be read now (a failed refresh) match nobody's.
      return alone
    }
  }
}
