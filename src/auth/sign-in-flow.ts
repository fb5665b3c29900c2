/**
 * Everything of `oauth()` that talks to an authorization server: discovery,
 * the client's identity there, the authorization redirect with PKCE, the
 * code exchange (here or after a full-page redirect), refresh, revocation
 * and DPoP proofs, with oauth4webapi underneath. It loads on demand (one
 * dynamic `import()` in oauth.ts), the first time a page needs any of it: a
 * returning visitor whose token is still good never downloads it.
 *
 * Why one file: sign-in, redirect completion and refresh are steps of one
 * per-endpoint session (its tokens, their issuer, the scopes asked for) that
 * each step reads and changes; what stands alone is in its own module
 * already (discovery, client identity, the pending entry, revocation, DPoP,
 * the wire). The session itself belongs to the provider (session.ts).
 */
import {
  AuthorizationResponseError,
  authorizationCodeGrantRequest,
  calculatePKCECodeChallenge,
  generateRandomCodeVerifier,
  generateRandomState,
  isDPoPNonceError,
  processAuthorizationCodeResponse,
  processRefreshTokenResponse,
  refreshTokenGrantRequest,
  validateAuthResponse,
  type AuthorizationServer,
  type DPoPHandle,
  type TokenEndpointResponse,
} from 'oauth4webapi'
import { displayText } from '../core/index.js'
import { untilAborted } from './abortable.js'
import type { BearerChallenge } from './challenge.js'
import { clientIdentity, keepClient, knownClientIdentity, publicClientIdentity, type ClientIdentity } from './client-identity.js'
import { defaultServer, discover, discoverServer, requirePkce } from './discovery.js'
import { dpopKeys } from './dpop.js'
import {
  McpAuthAccessDeniedError,
  McpAuthBlockedError,
  McpAuthDiscoveryError,
  McpAuthError,
  McpAuthIssuerMismatchError,
  McpAuthRegistrationError,
  McpAuthStateMismatchError,
  McpAuthStorageError,
  McpAuthTokenError,
} from './errors.js'
import { authFetch } from './http.js'
import { allowsLocalHttp, checkSecure } from './secure-url.js'
import { indexKey, pendingKey, readIndex, type EndpointIndex, type PendingAuthorization } from './pending.js'
import { revokeTokens } from './revocation.js'
import { union, type FlowContext, type Session } from './session.js'
import { tokensKey, type CredentialStorage, type StoredTokens } from './storage.js'
import { oauthRequestOptions, wire, type Wire } from './wire.js'

/** Where held tokens came from: that issuer's metadata, this client's identity there, and where the tokens are filed. */
export interface GrantServer {
  as: AuthorizationServer
  identity: ClientIdentity
  grant: EndpointIndex
  /** The sign-in's requests for the endpoint the tokens serve. */
  net: Wire
}

/** Whether the authorization server binds tokens to our ES256 proofs (RFC 9449 metadata). */
const takesDpop = (as: AuthorizationServer) => as.dpop_signing_alg_values_supported?.includes('ES256') === true

function tokensFrom(issuer: string, response: TokenEndpointResponse, requested: readonly string[], previous?: StoredTokens): StoredTokens {
  const scopes = typeof response.scope === 'string' ? response.scope.split(/\s+/).filter(Boolean) : [...requested]
  return {
    issuer,
    accessToken: response.access_token,
    // RFC 6750 spells it "Bearer", RFC 9449 "DPoP"; servers send any case.
    tokenType: /^bearer$/i.test(response.token_type) ? 'Bearer' : /^dpop$/i.test(response.token_type) ? 'DPoP' : response.token_type,
    expiresAt: typeof response.expires_in === 'number' ? Date.now() + response.expires_in * 1000 : undefined,
    // A server that does not rotate keeps the old refresh token valid.
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    scopes,
  }
}

/** The flow of one `oauth()` provider, over its sessions. */
export function signInFlow(context: FlowContext) {
  const { options, storage, pendingStorage, session, emit, forgetPending, exclusive } = context
  const plainFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)
  // Plain http to this machine only for the sign-in of an endpoint on this machine itself (secure-url.ts).
  const local: Wire = wire(authFetch(plainFetch, true))
  const remote: Wire = wire(authFetch(plainFetch, false))
  const netFor = (endpoint: string): Wire => (allowsLocalHttp(endpoint) ? local : remote)
  const dpop = options.dpop ? dpopKeys(typeof options.dpop === 'object' ? options.dpop.keyPair : undefined) : undefined

  /**
   * Issuers whose metadata offers DPoP but whose token endpoint answered a
   * proof with a Bearer token. That token is refused: the sign-in's request
   * (and the card) said nothing of Bearer tokens, so using one now would be
   * the silent fall back to Bearer that `dpop` promises never to make. From then on such an
   * issuer counts as one without DPoP, said on the next sign-in there as for
   * metadata without it (the `dpop-unsupported` event, `dpopUnsupported` on
   * the request and the card), and its Bearer tokens are taken as such.
   */
  const unbound = new Set<string>()
  const binds = (as: AuthorizationServer) => dpop !== undefined && takesDpop(as) && !unbound.has(as.issuer)

  /**
   * A token request, with a DPoP proof where the app asked for DPoP and the
   * authorization server takes ES256 proofs; sent once more with the
   * server's nonce when it asks for one (RFC 9449 §8). A proof answered with
   * a Bearer token is an {@link McpAuthTokenError} (see `unbound`).
   */
  async function tokenRequest(as: AuthorizationServer, send: (extra: { DPoP?: DPoPHandle }) => Promise<TokenEndpointResponse>): Promise<TokenEndpointResponse> {
    if (!dpop || !binds(as)) return send({})
    const handle = await dpop.handle()
    let response: TokenEndpointResponse
    try {
      response = await send({ DPoP: handle })
    } catch (error) {
      if (!isDPoPNonceError(error)) throw error
      response = await send({ DPoP: handle })
    }
    if (/^dpop$/i.test(response.token_type)) return response
    unbound.add(as.issuer)
    // oauth4webapi has let through only "dpop" and "bearer".
    throw new McpAuthTokenError(`The token endpoint of ${as.issuer} answered a DPoP proof with a Bearer token, which is not used; signing in there again goes without DPoP`, { endpoint: as.token_endpoint, issuer: as.issuer })
  }

  async function persist(key: string, value: unknown, into: CredentialStorage = storage): Promise<void> {
    try {
      await into.set(key, JSON.stringify(value))
    } catch (cause) {
      throw new McpAuthStorageError(cause)
    }
  }

  async function signIn(endpoint: string, challenge: BearerChallenge | undefined, stepUp: boolean, signal: AbortSignal): Promise<void> {
    const state = session(endpoint)
    const net = netFor(endpoint)
    emit({ step: 'metadata', endpoint })
    const discovered = await discover(net.fetch, new URL(endpoint), challenge?.resourceMetadata, signal)
    const { as, resource } = discovered
    const previous = state.discovered?.as.issuer ?? state.grant?.issuer
    if (previous !== undefined && previous !== as.issuer) {
      // Moved to another authorization server: nothing of the old one is sent to the new one (its tokens stay filed under their issuer).
      state.identity = undefined
      state.tokens = undefined
      state.grant = undefined
      state.requested = []
    }
    state.discovered = discovered
    // Checked at discovery already; checked again here, since this is what the person's browser is sent to.
    const endpointUrl = checkSecure(as.authorization_endpoint ?? '', allowsLocalHttp(endpoint), as.issuer)

    // Scopes: the challenge's, else what the resource advertises, else none; on a step-up, also what is held.
    const wanted = challenge?.scopes ?? discovered.metadata?.scopesSupported ?? []
    let scopes = stepUp ? union(state.tokens?.scopes, state.requested, wanted) : [...wanted]
    const offline = scopes.length > 0 && as.scopes_supported?.includes('offline_access') === true
    if (offline) scopes = union(scopes, ['offline_access'])
    const dpopUnsupported = dpop !== undefined && !binds(as)
    if (dpopUnsupported) emit({ step: 'dpop-unsupported', endpoint, issuer: as.issuer })
    emit({ step: stepUp ? 'step-up' : 'authorization', endpoint, issuer: as.issuer, scopes })
    state.requested = scopes

    /** Registration, PKCE and the pending entry: only once the person starts signing in. */
    const prepare = async (): Promise<{ url: URL; pending: PendingAuthorization; identity: ClientIdentity }> => {
      const identity = await clientIdentity(as, options, storage, net, signal, pendingStorage)
      state.identity = identity
      if (identity.source === 'registered') emit({ step: 'registration', endpoint, issuer: as.issuer })
      const verifier = generateRandomCodeVerifier()
      const expectedState = generateRandomState()
      const url = new URL(endpointUrl.href)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('client_id', identity.client.client_id)
      url.searchParams.set('redirect_uri', options.redirectUri)
      url.searchParams.set('code_challenge', await calculatePKCECodeChallenge(verifier))
      url.searchParams.set('code_challenge_method', 'S256')
      url.searchParams.set('state', expectedState)
      if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '))
      // OpenID providers grant offline_access only with prompt=consent (OpenID Connect Core §11); plain OAuth servers ignore it.
      if (offline) url.searchParams.set('prompt', 'consent')
      url.searchParams.set('resource', resource)
      const pending: PendingAuthorization = {
        endpoint,
        issuer: as.issuer,
        resource,
        scopes,
        stepUp,
        clientId: identity.client.client_id,
        clientAuthMethod: typeof identity.client.token_endpoint_auth_method === 'string' ? identity.client.token_endpoint_auth_method : undefined,
        defaultEndpoints: discovered.defaultEndpoints,
        verifier,
        state: expectedState,
        createdAt: Date.now(),
      }
      // Written before the person is sent away: a full-page redirect unloads this page, and the next one needs it.
      if (pendingStorage) await persist(pendingKey(expectedState), pending, pendingStorage)
      return { url, pending, identity }
    }
    let prepared: ReturnType<typeof prepare> | undefined
    const authorizationUrl = async () => {
      if (!prepared) {
        prepared = prepare()
        // Handled here too: a host that never awaits it must not cause an unhandled rejection.
        prepared.catch(() => {})
      }
      return new URL((await prepared).url.href)
    }
    try {
      let callback: URL
      try {
        callback = new URL(String(await options.redirectToAuthorization({ authorizationUrl, issuer: as.issuer, endpoint, resource, scopes, stepUp, dpopUnsupported, signal })))
      } catch (cause) {
        if (cause instanceof McpAuthError) throw cause
        throw new McpAuthAccessDeniedError('The sign-in did not complete', { issuer: as.issuer, endpoint: endpointUrl.href, cause })
      }
      if (!prepared) throw new McpAuthAccessDeniedError('The sign-in answered without opening its authorization URL', { issuer: as.issuer, endpoint: endpointUrl.href })
      const { pending, identity } = await prepared
      await finish(state, as, identity, pending, callback, signal)
    } finally {
      await prepared?.then(({ pending }) => forgetPending(pending.state), () => {})
    }
  }

  /** The end of every sign-in, here or after a redirect: check the callback, exchange its code, keep the tokens. */
  async function finish(state: Session, as: AuthorizationServer, identity: ClientIdentity, pending: PendingAuthorization, callback: URL, signal: AbortSignal): Promise<void> {
    const { endpoint, resource } = pending
    const net = netFor(endpoint)
    const params = checkedCallback(as, identity, callback, pending.state)

    emit({ step: 'token', endpoint, issuer: as.issuer })
    let response: TokenEndpointResponse
    try {
      response = await tokenRequest(as, async (extra) => {
        const request = await authorizationCodeGrantRequest(as, identity.client, identity.clientAuth, params, options.redirectUri, pending.verifier, {
          ...oauthRequestOptions(net, 'token', signal),
          ...extra,
          additionalParameters: { resource },
        })
        return processAuthorizationCodeResponse(as, identity.client, request)
      })
    } catch (cause) {
      throw net.refusal(cause, as.token_endpoint, as.issuer, (details) => new McpAuthTokenError(`The token endpoint of ${as.issuer} refused the authorization code`, details))
    }
    const tokens = tokensFrom(as.issuer, response, pending.scopes)
    // Stored before use: a token that cannot be kept would be lost on the next reload anyway, and a refresh token with it.
    await persist(tokensKey(as.issuer, endpoint), tokens)
    await persist(indexKey(endpoint), { issuer: as.issuer, resource })
    state.tokens = tokens
    state.grant = { issuer: as.issuer, resource }
    emit({ step: 'signed-in', endpoint, issuer: as.issuer, scopes: tokens.scopes })
  }

  /**
   * `completeRedirect()` for one pending authorization the provider found
   * by the callback's `state` (still fresh): exchanges its code once, after
   * whatever the endpoint has in flight.
   */
  async function complete(pending: PendingAuthorization, callback: URL, signal: AbortSignal): Promise<void> {
    const { endpoint } = pending
    const state = session(endpoint)
    // A challenge met meanwhile may be signing in already: this completion runs after it, never joined to it (and waits no longer than its signal).
    while (state.busy) await untilAborted(state.busy.catch(() => {}), signal)
    await exclusive(state, async () => {
      try {
        emit({ step: 'metadata', endpoint, issuer: pending.issuer })
        const as = (await discoverServer(netFor(endpoint).fetch, pending.issuer, signal, allowsLocalHttp(endpoint))) ?? (pending.defaultEndpoints ? defaultServer(pending.issuer) : undefined)
        if (!as) throw new McpAuthDiscoveryError(`No authorization server metadata for ${pending.issuer}`, { issuer: pending.issuer })
        requirePkce(as)
        // Never a new registration: the code was issued to the client the sign-in began with.
        let identity = await knownClientIdentity(as, options, storage, pendingStorage)
        if (!identity && pending.clientAuthMethod === 'none') {
          identity = publicClientIdentity(pending.clientId)
          // Kept, as a registration is: signing out and in again must not register a second client.
          await keepClient(as.issuer, { clientId: pending.clientId, tokenEndpointAuthMethod: 'none' }, storage, pendingStorage)
        }
        if (identity?.client.client_id !== pending.clientId) {
          throw new McpAuthRegistrationError(`The client this sign-in began with at ${as.issuer} is no longer known here (keep registrations across the redirect with a persistent \`storage\`)`, { issuer: as.issuer })
        }
        state.discovered = { metadata: undefined, resource: pending.resource, as, defaultEndpoints: pending.defaultEndpoints }
        state.identity = identity
        state.requested = pending.scopes
        await finish(state, as, identity, pending, callback, signal)
      } finally {
        await forgetPending(pending.state)
      }
    }, signal)
  }

  /** The callback's parameters, once they are known to answer this sign-in, from this issuer. */
  function checkedCallback(as: AuthorizationServer, identity: ClientIdentity, callback: URL, expectedState: string): URLSearchParams {
    const got = callback.searchParams.get('state')
    if (got !== expectedState) throw new McpAuthStateMismatchError({ issuer: as.issuer, endpoint: as.authorization_endpoint })
    try {
      return validateAuthResponse(as, identity.client, callback, expectedState)
    } catch (cause) {
      if (cause instanceof AuthorizationResponseError) {
        const description = cause.error_description === undefined ? undefined : displayText(cause.error_description).slice(0, 1000)
        throw new McpAuthAccessDeniedError(`The authorization server ${as.issuer} did not grant access (${displayText(cause.error)})`, { issuer: as.issuer, oauthError: displayText(cause.error), description, cause })
      }
      // RFC 9207: a missing or foreign `iss` means the answer may come from another server.
      throw new McpAuthIssuerMismatchError(`The authorization response does not come from ${as.issuer} (iss check failed)`, { issuer: as.issuer, cause })
    }
  }

  /**
   * Where the held tokens came from, with that issuer's metadata and this
   * client's identity there: the refresh token and a revocation go to the
   * issuer that issued the tokens, never to whichever server the resource
   * names now. No registration happens here (a new client could not use
   * tokens issued to another); undefined when the client is not known.
   */
  async function grantServer(state: Session, endpoint: string, signal: AbortSignal): Promise<GrantServer | undefined> {
    const grant = state.grant ?? readIndex(await storage.get(indexKey(endpoint)))
    if (!grant) return undefined
    const net = netFor(endpoint)
    if (state.discovered?.as.issuer === grant.issuer && state.identity) return { as: state.discovered.as, identity: state.identity, grant, net }
    const as = await discoverServer(net.fetch, grant.issuer, signal, allowsLocalHttp(endpoint))
    const identity = as ? await knownClientIdentity(as, options, storage, pendingStorage) : undefined
    return as && identity ? { as, identity, grant, net } : undefined
  }

  async function refresh(endpoint: string, signal: AbortSignal): Promise<boolean> {
    const state = session(endpoint)
    const held = state.tokens
    if (!held?.refreshToken) return false
    emit({ step: 'refresh', endpoint, issuer: held.issuer })
    let found: GrantServer | undefined
    try {
      found = await grantServer(state, endpoint, signal)
      if (!found || (held.issuer !== undefined && found.grant.issuer !== held.issuer)) return false
      const { as, identity, grant, net } = found
      const refreshToken = held.refreshToken
      const response = await tokenRequest(as, async (extra) => {
        const request = await refreshTokenGrantRequest(as, identity.client, identity.clientAuth, refreshToken, {
          ...oauthRequestOptions(net, 'token', signal),
          ...extra,
          additionalParameters: { resource: grant.resource },
        })
        return processRefreshTokenResponse(as, identity.client, request)
      })
      const tokens = tokensFrom(as.issuer, response, held.scopes, held)
      // A rotated refresh token replaces the old one for good: keep it before anything uses the new tokens.
      await persist(tokensKey(as.issuer, endpoint), tokens)
      state.tokens = tokens
      state.grant = grant
      return true
    } catch (error) {
      if (error instanceof McpAuthStorageError) throw error
      state.tokens = undefined
      // Refused (not merely unreachable): the stored tokens are dead too, and must not come back on the next load.
      if (found && !(error instanceof McpAuthBlockedError) && !signal.aborted) {
        await Promise.resolve(storage.delete(tokensKey(found.grant.issuer, endpoint))).catch(() => {})
      }
      emit({ step: 'failed', endpoint, error })
      return false
    }
  }

  return {
    signIn,
    refresh,
    complete,
    grantServer,
    /** RFC 7009 at the issuer of `server`; resolves with how many tokens it accepted, never rejects. */
    revoke: (server: GrantServer, tokens: StoredTokens, signal: AbortSignal) => revokeTokens(server.as, server.identity, tokens, server.net, signal),
    /** A DPoP proof for one MCP request (the provider asks only when the app asked for DPoP). */
    proof: (request: { method: string; url: string; accessToken: string }) => dpop?.proof(request),
    rememberNonce: (url: string, nonce: string) => dpop?.rememberNonce(url, nonce),
  }
}

export type SignInFlow = ReturnType<typeof signInFlow>
