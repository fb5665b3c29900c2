/**
 * What the `oauth()` provider and its sign-in flow share. The provider
 * (oauth.ts) is what every page loads: the tokens held per endpoint, the
 * `Authorization` header, and the decision what a challenge needs. The flow
 * (sign-in-flow.ts) is everything that talks to an authorization server and
 * loads on demand; it reads and changes the same per-endpoint sessions
 * through this context, so that one operation in flight per endpoint stays
 * one, whichever side started it.
 */
import type { AuthEvent, OAuthOptions } from './options.js'
import type { ClientIdentity } from './client-identity.js'
import type { Discovered } from './discovery.js'
import type { EndpointIndex } from './pending.js'
import type { CredentialStorage, StoredTokens } from './storage.js'

/** What is known of one MCP endpoint's sign-in. */
export interface Session {
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

/** The provider's state and helpers, handed to the flow when it has loaded. */
export interface FlowContext {
  options: OAuthOptions
  storage: CredentialStorage
  pendingStorage: CredentialStorage | undefined
  session(endpoint: string): Session
  emit(event: AuthEvent): void
  /** Drops a pending authorization; never rejects. */
  forgetPending(state: string): Promise<void>
  /** Runs `work` unless another operation of this endpoint already is, then waits for that one; no waiter waits past its `signal`. */
  exclusive(state: Session, work: () => Promise<void>, signal: AbortSignal): Promise<void>
}

export const union = (...lists: ReadonlyArray<readonly string[] | undefined>) => [...new Set(lists.flatMap((list) => list ?? []))]
