/**
 * MCP authorization for `createClient(url, { auth: oauth(options) })`. The
 * MCP policy lives here and in the sign-in flow (who to ask, for which
 * scopes, when to refresh or step up, where credentials go); the OAuth
 * protocol operations are oauth4webapi's. On a challenge it discovers afresh
 * (a server may move to another authorization server), signs in through the
 * host's `redirectToAuthorization`, and the refused request is sent again
 * with the new token, so a call waiting on an MRTR round keeps its answers.
 * With `pendingStorage`, a sign-in that leaves the page (a full-page
 * redirect) is finished on the next page load by `completeRedirect()`.
 *
 * This file is what every page loads: the tokens held (read back from
 * storage), the `Authorization` header, and what a challenge needs. Whatever
 * talks to an authorization server (discovery, registration, the redirect,
 * the code exchange, refresh, revocation, DPoP proofs) and oauth4webapi
 * itself are in sign-in-flow.ts, one chunk loaded the first time any of it is
 * needed: a returning visitor whose token is still good never downloads it.
 */
import type { AuthChallenge, AuthProvider } from '../core/index.js'
import { endpointKey as endpointOf, loadChunk, loadOnce } from '../core/index.js'
import { deadline, untilAborted } from './abortable.js'
import { asksForNonce, parseBearerChallenge } from './challenge.js'
import { McpAuthInsufficientScopeError } from './errors.js'
import { checkClientOptions, checkDpopOptions, type AuthEvent, type OAuthOptions } from './options.js'
import { indexKey, pendingKey, PENDING_TTL_MS, readIndex, readPending } from './pending.js'
import { union, type FlowContext, type Session } from './session.js'
import type { SignInFlow } from './sign-in-flow.js'
import { memoryCredentials, parseRecord, tokensKey, type CredentialStorage, type StoredTokens } from './storage.js'

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
   * mismatch, token refused). Bounded by `signal` (rejecting with its
   * reason), or else by {@link REDIRECT_TIMEOUT_MS} (an `McpTimeoutError`):
   * an authorization server that never answers must not hold the page, nor
   * the endpoint's requests waiting behind this completion.
   */
  completeRedirect(callbackUrl: string | URL, signal?: AbortSignal): Promise<boolean>
}

/**
 * How long `completeRedirect()` waits without a signal of the caller's: it
 * is awaited at page load, before the first call, so it must end. Two
 * requests to the authorization server (metadata, token) take well under a
 * second; 30 s is what a slow network still meets.
 */
export const REDIRECT_TIMEOUT_MS = 30_000

/** `then(value)`, synchronously when `value` is no promise: lets a synchronous storage answer within the same call. */
function after<T, R>(value: T | Promise<T>, then: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value)
}

export function oauth(options: OAuthOptions): OAuthProvider {
  checkClientOptions(options)
  checkDpopOptions(options)
  const storage: CredentialStorage = options.storage ?? memoryCredentials()
  const pendingStorage = options.pendingStorage
  /** Redirect completions in flight by `state`: the same callback handled twice exchanges its code once. */
  const completing = new Map<string, Promise<boolean>>()
  const sessions = new Map<string, Session>()
  const maxStepUps = options.maxStepUps ?? 2
  const margin = options.refreshMarginMs ?? 60_000

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

  /** Drops a pending authorization. A storage that fails here only leaves a stale entry (its state is never sent again), so the sign-in's outcome stands. */
  async function forgetPending(state: string): Promise<void> {
    try {
      await pendingStorage?.delete(pendingKey(state))
    } catch {
      // See above.
    }
  }

  /**
   * Runs `work` unless another request of this endpoint already is, then
   * waits for that one. `busy` is set before `work` awaits anything (the
   * flow's chunk included), so a request or challenge arriving while the
   * flow loads waits for it instead of going out without the new token.
   * Each waits no longer than its own `signal`, and the hold ends when its
   * holder's signal aborts, even if `work` ignores the abort (a fetch that
   * never settles): the endpoint's other requests are not held forever.
   */
  function exclusive(state: Session, work: () => Promise<void>, signal: AbortSignal): Promise<void> {
    if (!state.busy) {
      const held: Promise<void> = untilAborted(work(), signal).finally(() => {
        if (state.busy === held) state.busy = undefined
      })
      state.busy = held
    }
    return untilAborted(state.busy, signal)
  }

  const context: FlowContext = { options, storage, pendingStorage, session, emit, forgetPending, exclusive }
  /**
   * The sign-in flow, loaded once per provider. A chunk that cannot be
   * fetched fails what needed it with the core's `McpNetworkError` naming
   * it, as the core's own chunks do (it is the network failing, not the
   * sign-in), and is tried again next time.
   */
  const load = loadOnce((url: string): Promise<SignInFlow> => loadChunk('the sign-in', () => import('./sign-in-flow.js'), { url }).then((module) => module.signInFlow(context)))

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

  /** {@link OAuthProvider.completeRedirect} for one pending authorization, found by the callback's `state`. */
  async function completeOnce(expectedState: string, callback: URL, signal: AbortSignal): Promise<boolean> {
    const pending = readPending(await pendingStorage?.get(pendingKey(expectedState)))
    if (!pending || pending.state !== expectedState) return false
    if (Date.now() - pending.createdAt > PENDING_TTL_MS) {
      await forgetPending(expectedState)
      return false
    }
    try {
      // A chunk that cannot load leaves the pending entry in place: the same callback can be completed again.
      await (await load(pending.endpoint)).complete(pending, callback, signal)
      return true
    } catch (error) {
      emit({ step: 'failed', endpoint: pending.endpoint, issuer: pending.issuer, error })
      throw error
    }
  }

  return {
    async authorization({ url, signal }) {
      const endpoint = endpointOf(url)
      const state = session(endpoint)
      // Behind a sign-in or completion in flight, but no longer than this request's own signal (its timeoutMs).
      if (state.busy) await untilAborted(state.busy.catch(() => {}), signal)
      await restore(endpoint, state)
      const tokens = state.tokens
      if (!tokens) {
        // No token: the server will most likely answer with a challenge, which needs the flow; fetched while this request travels.
        void load(url).catch(() => {})
        return undefined
      }
      if (tokens.expiresAt !== undefined && tokens.expiresAt - margin <= Date.now() && tokens.refreshToken) {
        await exclusive(state, async () => void (await (await load(url)).refresh(endpoint, signal)), signal)
      }
      return state.tokens ? `${state.tokens.tokenType} ${state.tokens.accessToken}` : undefined
    },

    async proof({ url, method, authorization }) {
      // Proofs are signed by the flow: a DPoP-bound token loads it with its first request.
      if (!options.dpop || !authorization.startsWith('DPoP ')) return undefined
      return (await load(url)).proof({ url, method, accessToken: authorization.slice('DPoP '.length) })
    },

    async challenged(challenge: AuthChallenge) {
      const endpoint = endpointOf(challenge.url)
      const state = session(endpoint)
      // The resource server wants its nonce in the proof (RFC 9449 §9): the same token goes again with it.
      if (options.dpop && challenge.status === 401 && challenge.dpopNonce && asksForNonce(challenge.wwwAuthenticate)) {
        ;(await load(challenge.url)).rememberNonce(challenge.url, challenge.dpopNonce)
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
          await exclusive(state, async () => (await load(challenge.url)).signIn(endpoint, bearer, true, challenge.signal), challenge.signal)
          return true
        }
        await exclusive(state, async () => {
          // Someone else already replaced the refused token meanwhile.
          if (state.tokens && state.tokens.accessToken !== presented) return
          const flow = await load(challenge.url)
          if (state.tokens?.refreshToken && state.refreshed !== presented && (await flow.refresh(endpoint, challenge.signal))) {
            state.refreshed = state.tokens?.accessToken
            return
          }
          state.tokens = undefined
          await flow.signIn(endpoint, bearer, false, challenge.signal)
        }, challenge.signal)
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
      // Revocation is best effort: a flow that cannot load (offline) leaves it undone, as an unreachable server does; the local sign-out stands.
      const flow = tokens ? await load(endpoint).catch(() => undefined) : undefined
      const server = await flow?.grantServer(state, endpoint, signal).catch(() => undefined)
      const grant = server?.grant ?? state.grant ?? readIndex(await storage.get(indexKey(endpoint)))
      sessions.delete(endpoint)
      // Forgotten here first: the sign-out stands whatever the server says.
      if (grant) await storage.delete(tokensKey(grant.issuer, endpoint))
      await storage.delete(indexKey(endpoint))
      emit({ step: 'signed-out', endpoint, issuer: grant?.issuer })
      if (tokens && flow && server && (await flow.revoke(server, tokens, signal)) > 0) emit({ step: 'revoked', endpoint, issuer: server.as.issuer })
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

    completeRedirect(callbackUrl, signal) {
      let callback: URL
      try {
        callback = new URL(String(callbackUrl))
      } catch {
        return Promise.resolve(false)
      }
      const expectedState = callback.searchParams.get('state')
      if (!pendingStorage || !expectedState) return Promise.resolve(false)
      const running = completing.get(expectedState)
      // The same callback handled again: its own signal bounds its wait, the first caller's bounds the work.
      if (running) return signal ? untilAborted(running, signal) : running
      const bound = signal ? undefined : deadline(REDIRECT_TIMEOUT_MS, { method: 'completeRedirect' })
      const own = signal ?? bound!.signal
      const completion = untilAborted(completeOnce(expectedState, callback, own), own).finally(() => {
        completing.delete(expectedState)
        bound?.dispose()
      })
      completing.set(expectedState, completion)
      return completion
    },
  }
}
