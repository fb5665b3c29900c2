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
 *
 * Why one long file: sign-in, redirect completion, refresh and sign-out are
 * steps of one per-endpoint session (its tokens, their issuer, the step-ups
 * counted, the one operation in flight) that each step reads and changes;
 * what stands alone is in its own module already (discovery, client
 * identity, the pending entry, revocation, DPoP, the wire). Splitting the
 * steps would pass that session around instead of closing over it.
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
import { displayText, endpointKey as endpointOf } from '../core/index.js'
import { parseBearerChallenge, type BearerChallenge } from './challenge.js'
import { checkClientOptions, clientIdentity, keepClient, knownClientIdentity, publicClientIdentity, type ClientIdentity } from './client-identity.js'
import { defaultServer, discover, discoverServer, requirePkce, type Discovered } from './discovery.js'
import { checkSecure } from './http.js'
import { indexKey, pendingKey, PENDING_TTL_MS, readIndex, readPending, type EndpointIndex, type PendingAuthorization } from './pending.js'
import { revokeTokens } from './revocation.js'
import { asksForNonce, dpopKeys } from './dpop.js'
import {
  McpAuthAccessDeniedError,
  McpAuthBlockedError,
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
  /** Reading stored tokens from an asynchronous storage, shared by whoever asks meanwhile. */
  restoring?: Promise<void> | undefined
  /** Where `tokens` are filed: their issuer (the only one their refresh token goes to) and resource. */
  grant?: EndpointIndex | undefined
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
  /**
   * Forgets this endpoint's tokens (the client registration stays), then
   * revokes them at their issuer where it offers revocation (RFC 7009, best
   * effort, bounded by `signal`, 10 s by default); the next request signs in again.
   */
  signOut(endpoint: string | URL, signal?: AbortSignal): Promise<void>
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

/** `then(value)`, synchronously when `value` is no promise: lets a synchronous storage answer within the same call. */
function after<T, R>(value: T | Promise<T>, then: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value)
}

/** Whether the authorization server binds tokens to our ES256 proofs (RFC 9449 metadata). */
const takesDpop = (as: AuthorizationServer) => as.dpop_signing_alg_values_supported?.includes('ES256') === true

const union = (...lists: ReadonlyArray<readonly string[] | undefined>) => [...new Set(lists.flatMap((list) => list ?? []))]

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

/** A key pair handed in must not be exportable: script that can export it can use every token bound to it. */
function checkDpopOptions(options: OAuthOptions): void {
  const given = typeof options.dpop === 'object' ? options.dpop.keyPair : undefined
  if (given && given.privateKey.extractable) throw new TypeError('oauth(): dpop.keyPair.privateKey must be non-extractable (generate it with extractable: false)')
}

export function oauth(options: OAuthOptions): OAuthProvider {
  checkClientOptions(options)
  checkDpopOptions(options)
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
    if (!dpop || !takesDpop(as)) return send({})
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

  /**
   * Tokens kept by an earlier page (storage survives a reload; memory does
   * not). Synchronous when the storage answers synchronously (the
   * `sessionStorage` adapter), so `isSignedIn` is right from the first
   * render after a reload, not only after the first request.
   */
  function restore(endpoint: string, state: Session): void | Promise<void> {
    if (state.tokens || state.discovered) return
    // One read at a time per endpoint: a UI asks isSignedIn() on every render.
    if (state.restoring) return state.restoring
    const reading = after(storage.get(indexKey(endpoint)), (text) => {
      const index = readIndex(text)
      if (!index) return
      return after(storage.get(tokensKey(index.issuer, endpoint)), (stored) => {
        const tokens = parseRecord<StoredTokens>(stored)
        if (!tokens || typeof tokens.accessToken !== 'string' || state.tokens || state.discovered) return
        // Records written before the issuer was kept with the tokens: the index names it.
        const issuer = typeof tokens.issuer === 'string' ? tokens.issuer : index.issuer
        if (issuer !== index.issuer) return
        state.tokens = { ...tokens, issuer, scopes: Array.isArray(tokens.scopes) ? tokens.scopes : [] }
        state.grant = index
      })
    })
    if (!(reading instanceof Promise)) return reading
    state.restoring = reading.finally(() => {
      state.restoring = undefined
    })
    return state.restoring
  }

  async function signIn(endpoint: string, challenge: BearerChallenge | undefined, stepUp: boolean, signal: AbortSignal): Promise<void> {
    const state = session(endpoint)
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
    const endpointUrl = checkSecure(as.authorization_endpoint ?? '', as.issuer)

    // Scopes: the challenge's, else what the resource advertises, else none; on a step-up, also what is held.
    const wanted = challenge?.scopes ?? discovered.metadata?.scopesSupported ?? []
    let scopes = stepUp ? union(state.tokens?.scopes, state.requested, wanted) : [...wanted]
    const offline = scopes.length > 0 && as.scopes_supported?.includes('offline_access') === true
    if (offline) scopes = union(scopes, ['offline_access'])
    const dpopUnsupported = dpop !== undefined && !takesDpop(as)
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

  /**
   * Where the held tokens came from, with that issuer's metadata and this
   * client's identity there: the refresh token and a revocation go to the
   * issuer that issued the tokens, never to whichever server the resource
   * names now. No registration happens here (a new client could not use
   * tokens issued to another); undefined when the client is not known.
   */
  async function grantServer(state: Session, endpoint: string, signal: AbortSignal): Promise<{ as: AuthorizationServer; identity: ClientIdentity; grant: EndpointIndex } | undefined> {
    const grant = state.grant ?? readIndex(await storage.get(indexKey(endpoint)))
    if (!grant) return undefined
    if (state.discovered?.as.issuer === grant.issuer && state.identity) return { as: state.discovered.as, identity: state.identity, grant }
    const as = await discoverServer(net.fetch, grant.issuer, signal)
    const identity = as ? await knownClientIdentity(as, options, storage, pendingStorage) : undefined
    return as && identity ? { as, identity, grant } : undefined
  }

  async function refresh(endpoint: string, signal: AbortSignal): Promise<boolean> {
    const state = session(endpoint)
    const held = state.tokens
    if (!held?.refreshToken) return false
    emit({ step: 'refresh', endpoint, issuer: held.issuer })
    let found: Awaited<ReturnType<typeof grantServer>>
    try {
      found = await grantServer(state, endpoint, signal)
      if (!found || (held.issuer !== undefined && found.grant.issuer !== held.issuer)) return false
      const { as, identity, grant } = found
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

    async signOut(url, signal = AbortSignal.timeout(10_000)) {
      const endpoint = endpointOf(url)
      const state = session(endpoint)
      await restore(endpoint, state)
      const tokens = state.tokens
      const server = tokens ? await grantServer(state, endpoint, signal).catch(() => undefined) : undefined
      const grant = server?.grant ?? state.grant ?? readIndex(await storage.get(indexKey(endpoint)))
      sessions.delete(endpoint)
      // Forgotten here first: the sign-out stands whatever the server says.
      if (grant) await storage.delete(tokensKey(grant.issuer, endpoint))
      await storage.delete(indexKey(endpoint))
      emit({ step: 'signed-out', endpoint, issuer: grant?.issuer })
      if (tokens && server && (await revokeTokens(server.as, server.identity, tokens, net, signal)) > 0) emit({ step: 'revoked', endpoint, issuer: server.as.issuer })
    },

    isSignedIn(url) {
      const endpoint = endpointOf(url)
      const state = session(endpoint)
      const first = !state.restoring
      const restoring = restore(endpoint, state)
      // An asynchronous storage: say so once it has answered (once, however often the UI asked meanwhile).
      if (restoring && first) void restoring.then(() => state.tokens && emit({ step: 'signed-in', endpoint, issuer: state.grant?.issuer, scopes: state.tokens.scopes }), () => {})
      return state.tokens !== undefined
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
