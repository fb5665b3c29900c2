/**
 * Signing out at the authorization server (RFC 7009): the refresh token
 * first (revoking it ends the grant, and with it the access tokens on most
 * servers), then the access token. Best effort: a server without a
 * revocation endpoint, or one that fails, leaves the local sign-out done.
 */
import { processRevocationResponse, revocationRequest, type AuthorizationServer } from 'oauth4webapi'
import type { ClientIdentity } from './client-identity.js'
import type { StoredTokens } from './storage.js'
import { oauthRequestOptions, type Wire } from './wire.js'

/** Resolves with the number of tokens the server accepted for revocation; never rejects. */
export async function revokeTokens(as: AuthorizationServer, identity: ClientIdentity, tokens: StoredTokens, net: Wire, signal: AbortSignal): Promise<number> {
  if (!as.revocation_endpoint) return 0
  const hints: Array<[string, 'refresh_token' | 'access_token']> = []
  if (tokens.refreshToken) hints.push([tokens.refreshToken, 'refresh_token'])
  hints.push([tokens.accessToken, 'access_token'])
  let revoked = 0
  for (const [token, hint] of hints) {
    try {
      const response = await revocationRequest(as, identity.client, identity.clientAuth, token, {
        ...oauthRequestOptions(net, 'revocation', signal),
        additionalParameters: { token_type_hint: hint },
      })
      await processRevocationResponse(response)
      revoked += 1
    } catch {
      // See above: the tokens are forgotten here either way.
    }
  }
  return revoked
}
