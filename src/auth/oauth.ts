/**
 * MCP authorization for `createClient(url, { auth: oauth(options) })`. The
 * MCP policy lives here (who to ask, for which scopes, when to refresh or
 * step up, where credentials go); the OAuth protocol operations are
 * oauth4webapi's. On a challenge it discovers afresh (a server may move to
 * another authorization server), signs in through the host's
 * `redirectToAuthorization`, and the refused request is sent again with the
 * new token, so a call waiting on an MRTR round keeps its answers. With
 * `pendingStorage`, a sign-in that leaves the page (a full-page redirect) is
 * finished on the next page load by `completeRedirect()`.
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
  type TokenEndpointResponse,
} from 'oauth4webapi'
import type { AuthChallenge, AuthProvider } from '../core/index.js'
import { displayText } from '../core/index.js'
import { parseBearerChallenge, type BearerChallenge } from './challenge.js'
import { clientIdentity, knownClientIdentity, publicClientIdentity, type ClientIdentity } from './client-identity.js'
import { defaultServer, discover, discoverServer, requirePkce, type Discovered } from './discovery.js'
import { asksForNonce, dpopKeys } from './dpop.js'
import {
  McpAuthAccessDeniedError,
  McpAuthDiscoveryError,
  McpAuthError,
  McpAuthInsufficientScopeError,
  McpAuthIssuerMismatchError,
  McpAuthRegistrationError,
  McpAuthStateMismatchError,
  McpAuthStorageError,
  McpAuthTokenError,
} from './errors.js'
import { authFetch } from './http.js'
import type { AuthEvent, OAuthOptions } from './options.js'
import { memoryCredentials, parseRecord, tokensKey, type CredentialStorage, type StoredTokens } from './storage.js'
import { oauthRequestOptions, wire, type Wire } from './wire.js'

/** What is known of one MCP endpoint's sign-in. */
interface Session {
  discovered?: Discovered | undefined
  identity?: ClientIdentity | undefined
  tokens?: StoredTokens | undefined
  /** Scopes asked for in the latest authorization (the server may grant fewer, or not say). */
  requested: string[]
  stepUps: number
  /** The access token a refresh produced: if the server refuses that one too, the person signs in again. */
  refreshed?: string | undefined
  /** A sign-in or refresh in flight, shared by every request that meets a challenge meanwhile. */
  busy?: Promise<void> | undefined
}

/** The `oauth()` provider: an `AuthProvider` for the core, plus what a sign-in UI needs. */
export interface OAuthProvider extends AuthProvider {
  /** Forgets this endpoint's tokens (the client registration stays); the next request signs in again. */
  signOut(endpoint: string | URL): Promise<void>
  /** True when tokens for this endpoint are held. */
  isSignedIn(endpoint: string | URL): boolean
  /**
   * Finishes a sign-in that left the page (a full-page redirect), on the page
   * load that brought the person back: `callbackUrl` is the URL the
   * authorization server redirected to. Resolves true once its tokens are
   * stored, false when no authorization of `pendingStorage` waits for its
   * `state` (a page load that is no callback, or one already completed).
   * Rejects with the same typed errors as a sign-in (access denied, issuer
   * mismatch, token refused).
   */
  completeRedirect(callbackUrl: string | URL, signal?: AbortSignal): Promise<boolean>
}

/**
 * An authorization in progress, as kept in `pendingStorage` across a
 * full-page redirect: everything needed to check the callback and exchange
 * its code, and nothing granted yet (no token, no client secret).
 */
interface PendingAuthorization {
  endpoint: string
  issuer: string
  resource: string
  scopes: string[]
  stepUp: boolean
  clientId: string
  /** How the client authenticates: a public client (`none`) can be rebuilt from its id alone. */
  clientAuthMethod: string | undefined
  /** The 2025-03-26 default endpoints stood in for metadata: the next page must use them too. */
  defaultEndpoints: boolean
  verifier: string
  state: string
  /** Epoch ms: an entry older than {@link PENDING_TTL_MS} is stale (its code would be expired too). */
  createdAt: number
}

const indexKey = (endpoint: string) => `endpoint ${endpoint}`
/** The state is random per sign-in, so it names its pending entry (and a callback finds it by its own `state`). */
const pendingKey = (state: string) => `pending ${state}`
const PENDING_TTL_MS = 30 * 60_000

function readPending(text: string | undefined): PendingAuthorization | undefined {
  const record = parseRecord<PendingAuthorization>(text)
  if (!record) return undefined
  const strings = [record.endpoint, record.issuer, record.resource, record.clientId, record.verifier, record.state]
  if (!strings.every((value) => typeof value === 'string') || !Array.isArray(record.scopes) || typeof record.createdAt !== 'number') return undefined
  return record
}

/** The endpoint a request belongs to: its URL without query or fragment. */
function endpointOf(url: string | URL): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

const union = (...lists: ReadonlyArray<readonly string[] | undefined>) => [...new Set(lists.flatMap((list) => list ?? []))]

function tokensFrom(response: TokenEndpointResponse, requested: readonly string[], previous?: StoredTokens): StoredTokens {
  const scopes = typeof response.scope === 'string' ? response.scope.split(/\s+/).filter(Boolean) : [...requested]
  return {
    accessToken: response.access_token,
    // RFC 6750 spells it "Bearer", RFC 9449 "DPoP"; servers send any case.
    tokenType: /^bearer$/i.test(response.token_type) ? 'Bearer' : /^dpop$/i.test(response.token_type) ? 'DPoP' : response.token_type,
    expiresAt: typeof response.expires_in === 'number' ? Date.now() + response.expires_in * 1000 : undefined,
    // A server that does not rotate keeps the old refresh token valid.
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    scopes,
  }
}

export function oauth(options: OAuthOptions): OAuthProvider {
  const storage: CredentialStorage = options.storage ?? memoryCredentials()
  const pendingStorage = options.pendingStorage
  /** Redirect completions in flight by `state`: the same callback handled twice exchanges its code once. */
  const completing = new Map<string, Promise<boolean>>()
  const plainFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)
  const net: Wire = wire(authFetch(plainFetch))
  const sessions = new Map<string, Session>()
  const maxStepUps = options.maxStepUps ?? 2
  const margin = options.refreshMarginMs ?? 60_000
  const dpop = options.dpop ? dpopKeys(typeof options.dpop === 'object' ? options.dpop.keyPair : undefined) : undefined

  /**
   * A token request, with a DPoP proof where the app asked for DPoP and the
   * authorization server takes ES256 proofs; sent once more with the
   * server's nonce when it asks for one (RFC 9449 §8).
   */
  async function tokenRequest<T>(as: AuthorizationServer, send: (extra: { DPoP?: Awaited<ReturnType<NonNullable<typeof dpop>['handle']>> }) => Promise<T>): Promise<T> {
    if (!dpop || !as.dpop_signing_alg_values_supported?.includes('ES256')) return send({})
    const handle = await dpop.handle()
    try {
      return await send({ DPoP: handle })
    } catch (error) {
      if (!isDPoPNonceError(error)) throw error
      return send({ DPoP: handle })
    }
  }

  const emit = (event: AuthEvent) => {
    try {
      options.onEvent?.(event)
    } catch {
      // A host's timeline must not break a sign-in.
    }
  }
  const session = (endpoint: string): Session => {
    let found = sessions.get(endpoint)
    if (!found) sessions.set(endpoint, (found = { requested: [], stepUps: 0 }))
    return found
  }

  async function persist(key: string, value: unknown, into: CredentialStorage = storage): Promise<void> {
    try {
      await into.set(key, JSON.stringify(value))
    } catch (cause) {
      throw new McpAuthStorageError(cause)
    }
  }

  /** Drops a pending authorization. A storage that fails here only leaves a stale entry (its state is never sent again), so the sign-in's outcome stands. */
  async function forgetPending(state: string): Promise<void> {
    try {
      await pendingStorage?.delete(pendingKey(state))
    } catch {
      // See above.
    }
  }

  /** Tokens kept by an earlier page (storage survives a reload; memory does not). */
  async function restore(endpoint: string, state: Session): Promise<void> {
    if (state.tokens || state.discovered) return
    const index = parseRecord<{ issuer: string; resource: string }>(await storage.get(indexKey(endpoint)))
    if (!index || typeof index.issuer !== 'string' || typeof index.resource !== 'string') return
    const tokens = parseRecord<StoredTokens>(await storage.get(tokensKey(index.issuer, index.resource)))
    if (tokens && typeof tokens.accessToken === 'string') state.tokens = { ...tokens, scopes: Array.isArray(tokens.scopes) ? tokens.scopes : [] }
  }

  async function signIn(endpoint: string, challenge: BearerChallenge | undefined, stepUp: boolean, signal: AbortSignal): Promise<void> {
    const state = session(endpoint)
    emit({ step: 'metadata', endpoint })
    const discovered = await discover(net.fetch, new URL(endpoint), challenge?.resourceMetadata, signal)
    const { as, resource } = discovered
    if (state.discovered && state.discovered.as.issuer !== as.issuer) {
      // Moved to another authorization server: nothing of the old one is sent to the new one.
      state.identity = undefined
      state.tokens = undefined
      state.requested = []
    }
    state.discovered = discovered
    const identity = await clientIdentity(as, options, storage, net, signal)
    state.identity = identity
    if (identity.source === 'registered') emit({ step: 'registration', endpoint, issuer: as.issuer })

    // Scopes: the challenge's, else what the resource advertises, else none; on a step-up, also what is held.
    const wanted = challenge?.scopes ?? discovered.metadata?.scopesSupported ?? []
    let scopes = stepUp ? union(state.tokens?.scopes, state.requested, wanted) : [...wanted]
    const offline = scopes.length > 0 && as.scopes_supported?.includes('offline_access') === true
    if (offline) scopes = union(scopes, ['offline_access'])
    emit({ step: stepUp ? 'step-up' : 'authorization', endpoint, issuer: as.issuer, scopes })

    const verifier = generateRandomCodeVerifier()
    const expectedState = generateRandomState()
    const url = new URL(as.authorization_endpoint!)
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
    state.requested = scopes

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
    try {
      let callback: URL
      try {
        callback = new URL(String(await options.redirectToAuthorization({ url, issuer: as.issuer, endpoint, resource, scopes, stepUp, signal })))
      } catch (cause) {
        if (cause instanceof McpAuthError) throw cause
        throw new McpAuthAccessDeniedError('The sign-in did not complete', { issuer: as.issuer, endpoint: url.href, cause })
      }
      await finish(state, as, identity, pending, callback, signal)
    } finally {
      await forgetPending(expectedState)
    }
  }

  /** The end of every sign-in, here or after a redirect: check the callback, exchange its code, keep the tokens. */
  async function finish(state: Session, as: AuthorizationServer, identity: ClientIdentity, pending: PendingAuthorization, callback: URL, signal: AbortSignal): Promise<void> {
    const { endpoint, resource } = pending
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
    const tokens = tokensFrom(response, pending.scopes)
    // Stored before use: a token that cannot be kept would be lost on the next reload anyway, and a refresh token with it.
    await persist(tokensKey(as.issuer, resource), tokens)
    await persist(indexKey(endpoint), { issuer: as.issuer, resource })
    state.tokens = tokens
    emit({ step: 'signed-in', endpoint, issuer: as.issuer, scopes: tokens.scopes })
  }

  /** {@link OAuthProvider.completeRedirect} for one pending authorization, found by the callback's `state`. */
  async function completeOnce(expectedState: string, callback: URL, signal: AbortSignal): Promise<boolean> {
    const pending = readPending(await pendingStorage?.get(pendingKey(expectedState)))
    if (!pending || pending.state !== expectedState) return false
    if (Date.now() - pending.createdAt > PENDING_TTL_MS) {
      await forgetPending(expectedState)
      return false
    }
    const { endpoint } = pending
    const state = session(endpoint)
    // A challenge met meanwhile may be signing in already: this completion runs after it, never joined to it.
    while (state.busy) await state.busy.catch(() => {})
    try {
      await exclusive(state, async () => {
        try {
          emit({ step: 'metadata', endpoint, issuer: pending.issuer })
          const as = (await discoverServer(net.fetch, pending.issuer, signal)) ?? (pending.defaultEndpoints ? defaultServer(pending.issuer) : undefined)
          if (!as) throw new McpAuthDiscoveryError(`No authorization server metadata for ${pending.issuer}`, { issuer: pending.issuer })
          requirePkce(as)
          // Never a new registration: the code was issued to the client the sign-in began with.
          const identity = (await knownClientIdentity(as, options, storage)) ?? (pending.clientAuthMethod === 'none' ? publicClientIdentity(pending.clientId) : undefined)
          if (identity?.client.client_id !== pending.clientId) {
            throw new McpAuthRegistrationError(`The client this sign-in began with at ${as.issuer} is no longer known here (keep registrations across the redirect with a persistent \`storage\`)`, { issuer: as.issuer })
          }
          state.discovered = { metadata: undefined, resource: pending.resource, as, defaultEndpoints: pending.defaultEndpoints }
          state.identity = identity
          state.requested = pending.scopes
          await finish(state, as, identity, pending, callback, signal)
        } finally {
          await forgetPending(expectedState)
        }
      })
      return true
    } catch (error) {
      emit({ step: 'failed', endpoint, issuer: pending.issuer, error })
      throw error
    }
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

  async function refresh(endpoint: string, signal: AbortSignal): Promise<boolean> {
    const state = session(endpoint)
    const held = state.tokens
    if (!held?.refreshToken) return false
    emit({ step: 'refresh', endpoint, issuer: state.discovered?.as.issuer })
    try {
      let discovered = state.discovered
      if (!discovered) {
        const index = parseRecord<{ issuer: string; resource: string }>(await storage.get(indexKey(endpoint)))
        const as = index ? await discoverServer(net.fetch, index.issuer, signal) : undefined
        if (!index || !as) return false
        discovered = { metadata: undefined, resource: index.resource, as, defaultEndpoints: false }
        state.discovered = discovered
      }
      const identity = state.identity ?? (await clientIdentity(discovered.as, options, storage, net, signal))
      state.identity = identity
      const as = discovered.as
      const refreshToken = held.refreshToken
      const response = await tokenRequest(as, async (extra) => {
        const request = await refreshTokenGrantRequest(as, identity.client, identity.clientAuth, refreshToken, {
          ...oauthRequestOptions(net, 'token', signal),
          ...extra,
          additionalParameters: { resource: discovered.resource },
        })
        return processRefreshTokenResponse(as, identity.client, request)
      })
      const tokens = tokensFrom(response, held.scopes, held)
      // A rotated refresh token replaces the old one for good: keep it before anything uses the new tokens.
      await persist(tokensKey(discovered.as.issuer, discovered.resource), tokens)
      state.tokens = tokens
      return true
    } catch (error) {
      if (error instanceof McpAuthStorageError) throw error
      // Refused or unreachable: the person signs in again.
      state.tokens = undefined
      emit({ step: 'failed', endpoint, error })
      return false
    }
  }

  /** Runs `work` unless another request of this endpoint already is, then waits for that one. */
  function exclusive(state: Session, work: () => Promise<void>): Promise<void> {
    if (!state.busy) {
      state.busy = work().finally(() => {
        state.busy = undefined
      })
    }
    return state.busy
  }

  return {
    async authorization({ url, signal }) {
      const endpoint = endpointOf(url)
      const state = session(endpoint)
      if (state.busy) await state.busy.catch(() => {})
      await restore(endpoint, state)
      const tokens = state.tokens
      if (!tokens) return undefined
      if (tokens.expiresAt !== undefined && tokens.expiresAt - margin <= Date.now() && tokens.refreshToken) {
        await exclusive(state, async () => void (await refresh(endpoint, signal)))
      }
      return state.tokens ? `${state.tokens.tokenType} ${state.tokens.accessToken}` : undefined
    },

    async proof({ url, method, authorization }) {
      if (!dpop || !authorization.startsWith('DPoP ')) return undefined
      return dpop.proof({ url, method, accessToken: authorization.slice('DPoP '.length) })
    },

    async challenged(challenge: AuthChallenge) {
      const endpoint = endpointOf(challenge.url)
      const state = session(endpoint)
      // The resource server wants its nonce in the proof (RFC 9449 §9): the same token goes again with it.
      if (dpop && challenge.status === 401 && challenge.dpopNonce && asksForNonce(challenge.wwwAuthenticate)) {
        dpop.rememberNonce(challenge.url, challenge.dpopNonce)
        return true
      }
      const bearer = parseBearerChallenge(challenge.wwwAuthenticate)
      const presented = state.tokens?.accessToken
      try {
        if (challenge.status === 403) {
          const required = bearer?.scopes ?? []
          // A 403 that names no scope is no step-up challenge: it stands.
          if (required.length === 0) return false
          const held = union(state.tokens?.scopes, state.requested)
          // Asked for already (granted or not): asking again cannot help, the refusal is final.
          if (required.every((scope) => held.includes(scope)) || state.stepUps >= maxStepUps) throw new McpAuthInsufficientScopeError(required, { issuer: state.discovered?.as.issuer })
          state.stepUps += 1
          await exclusive(state, () => signIn(endpoint, bearer, true, challenge.signal))
          return true
        }
        await exclusive(state, async () => {
          // Someone else already replaced the refused token meanwhile.
          if (state.tokens && state.tokens.accessToken !== presented) return
          if (state.tokens?.refreshToken && state.refreshed !== presented && (await refresh(endpoint, challenge.signal))) {
            state.refreshed = state.tokens?.accessToken
            return
          }
          state.tokens = undefined
          await signIn(endpoint, bearer, false, challenge.signal)
        })
        return true
      } catch (error) {
        emit({ step: 'failed', endpoint, issuer: state.discovered?.as.issuer, error })
        throw error
      }
    },

    async signOut(url) {
      const endpoint = endpointOf(url)
      const state = session(endpoint)
      const discovered = state.discovered
      const index = parseRecord<{ issuer: string; resource: string }>(await storage.get(indexKey(endpoint)))
      sessions.delete(endpoint)
      const issuer = discovered?.as.issuer ?? index?.issuer
      const resource = discovered?.resource ?? index?.resource
      if (issuer !== undefined && resource !== undefined) await storage.delete(tokensKey(issuer, resource))
      await storage.delete(indexKey(endpoint))
      emit({ step: 'signed-out', endpoint, issuer })
    },

    isSignedIn(url) {
      return sessions.get(endpointOf(url))?.tokens !== undefined
    },

    completeRedirect(callbackUrl, signal = new AbortController().signal) {
      let callback: URL
      try {
        callback = new URL(String(callbackUrl))
      } catch {
        return Promise.resolve(false)
      }
      const expectedState = callback.searchParams.get('state')
      if (!pendingStorage || !expectedState) return Promise.resolve(false)
      let running = completing.get(expectedState)
      if (!running) {
        running = completeOnce(expectedState, callback, signal).finally(() => completing.delete(expectedState))
        completing.set(expectedState, running)
      }
      return running
    },
  }
}
