/**
 * Where an authorization layer plugs into the client. The core knows nothing
 * of OAuth: it asks the provider for the `Authorization` value of each
 * request, and tells it when the server answered with a challenge (401, or
 * 403 `insufficient_scope`); the provider may then sign in, refresh or step
 * up, and the same request is sent again. Since the retry happens inside the
 * one exchange, a call waiting on an open MRTR round keeps its answers and
 * its `requestState` across a sign-in. `mcp-elicit/auth` provides one.
 */

import { endpointKey } from './endpoint-key.js'

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

/**
 * A fetch that carries the provider's credentials and lets it answer
 * challenges, for the client's own endpoint only (`endpoint`, compared by
 * {@link endpointKey}). Node follows a redirect within the origin
 * (http-exchange.ts), and another endpoint of the host is another server:
 * asked for that URL, the provider would hand out the person's token there,
 * and a request meant for one server would reach the other with the
 * person's credentials at that other one (or this endpoint's token would
 * reach it). Such a hop goes out without credentials, as fetch itself sends
 * a redirect to another origin, and as a client without `auth` sends it;
 * its challenge is not answered (nobody is asked to sign in to a server the
 * app did not open), so its refusal reaches the caller as the HTTP error it
 * is. Not refused here: the redirect rules are the exchange's, one set for
 * every client, and what `auth` adds (the credentials) is what must stay.
 */
export function authorizedFetch(fetch: typeof globalThis.fetch, auth: AuthProvider, endpoint: string): typeof globalThis.fetch {
  const own = endpointKey(endpoint)
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (endpointKey(url) !== own) {
      const headers = new Headers(init.headers)
      headers.delete('Authorization')
      headers.delete('DPoP')
      return fetch(input, { ...init, headers })
    }
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
