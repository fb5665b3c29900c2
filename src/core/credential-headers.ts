/**
 * The credential-bearing headers a client's next request would carry: every
 * header of its own `headers` option (any of them may be an API key) and the
 * auth provider's `Authorization`. Read one way for the two that need them:
 * the result cache's partition is their digest (credential-scope.ts), and a
 * result is kept only if they did not change while its request was out
 * (cache-handle.ts). In the first load, with the cache handle; small.
 */
import type { AuthProvider } from './auth-hook.js'

export interface CacheCredentials {
  url: string
  headers: () => Promise<HeadersInit | undefined>
  auth: AuthProvider | undefined
}

/** The headers, lower-cased and sorted (as `Headers` iterate), so the same credentials give the same list. */
export async function credentialHeaders(credentials: CacheCredentials, signal: AbortSignal): Promise<Array<[string, string]>> {
  const headers = new Headers(await credentials.headers())
  const authorization = await credentials.auth?.authorization({ url: credentials.url, signal })
  if (authorization !== undefined) headers.set('authorization', authorization)
  return [...headers]
}
