/**
 * Where an authorization layer plugs into the client. The core knows nothing
 * of OAuth: it asks the provider for the `Authorization` value of each
 * request, and tells it when the server answered with a challenge (401, or
 * 403 `insufficient_scope`); the provider may then sign in, refresh or step
 * up, and the same request is sent again. Since the retry happens inside the
 * one exchange, a call waiting on an open MRTR round keeps its answers and
 * its `requestState` across a sign-in. `mcp-elicit/auth` provides one.
 */

export interface AuthChallenge {
  /** The endpoint that answered. */
  url: string
  status: number
  /** The `WWW-Authenticate` header, if the runtime let us read it. */
  wwwAuthenticate: string | null
  /** The `DPoP-Nonce` header (RFC 9449 §9), if any. */
  dpopNonce?: string | null | undefined
  signal: AbortSignal
}

export interface AuthProvider {
  /** The `Authorization` header value for a request to `url` (`"Bearer …"`), or undefined for none. */
  authorization(request: { url: string; signal: AbortSignal }): Promise<string | undefined>
  /**
   * The server refused the request. Resolve true once new credentials are in
   * place (the request is sent again, with a fresh {@link authorization}),
   * false to let the refusal through as an error. Rejecting fails the request
   * with that error.
   */
  challenged(challenge: AuthChallenge): Promise<boolean>
  /**
   * A proof of possession for this request (the `DPoP` header, RFC 9449),
   * when the credentials are sender-constrained; undefined for none.
   */
  proof?(request: { url: string; method: string; authorization: string; signal: AbortSignal }): Promise<string | undefined>
}

/** Challenges answered within one request before the refusal is let through. */
const MAX_CHALLENGES = 5

function isChallenge(response: Response): boolean {
  if (response.status === 401) return true
  return response.status === 403 && /insufficient_scope/i.test(response.headers.get('www-authenticate') ?? '')
}

/** A fetch that carries the provider's credentials and lets it answer challenges. */
export function authorizedFetch(fetch: typeof globalThis.fetch, auth: AuthProvider): typeof globalThis.fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const signal = init.signal ?? new AbortController().signal
    for (let challenges = 0; ; challenges++) {
      const headers = new Headers(init.headers)
      const authorization = await auth.authorization({ url, signal })
      if (authorization !== undefined) {
        headers.set('Authorization', authorization)
        // A fresh proof per attempt: a server may refuse a proof it saw before, or one without its nonce.
        const proof = await auth.proof?.({ url, method: init.method ?? 'GET', authorization, signal })
        if (proof !== undefined) headers.set('DPoP', proof)
      }
      const response = await fetch(input, { ...init, headers })
      if (!isChallenge(response) || challenges >= MAX_CHALLENGES) return response
      const challenge: AuthChallenge = { url, status: response.status, wwwAuthenticate: response.headers.get('www-authenticate'), dpopNonce: response.headers.get('dpop-nonce'), signal }
      if (!(await auth.challenged(challenge))) return response
      await response.body?.cancel().catch(() => {})
    }
  }
}
