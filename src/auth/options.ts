/**
 * What a host tells the sign-in: where the authorization server sends the
 * person back, how to get them there (the one step that needs a person), and
 * who this client is. The same options serve a browser popup, a full-page
 * redirect, a Node test driver and a CLI: only `redirectToAuthorization`
 * differs. The checks of those options are here too: `oauth()` runs them
 * when called, before anything of the sign-in has loaded.
 */
import type { TokenEndpointAuthMethod } from './client-identity.js'
import type { CredentialStorage } from './storage.js'

/** What the person is asked to approve, handed to {@link OAuthOptions.redirectToAuthorization}. */
export interface AuthorizationRequest {
  /**
   * The authorization server's URL to open (PKCE, `state`, `resource` and
   * scopes in it), made when first called: call it once the person has
   * chosen to sign in. It registers this client first where it has none at
   * that server, so a server that only answered `401` never gets a
   * registration. Every call returns the same URL; it is always https (http
   * only on loopback). Rejects with the sign-in's typed error (registration
   * refused, storage failed).
   */
  authorizationUrl(): Promise<URL>
  /** The authorization server's issuer, to show who asks. */
  issuer: string
  /** The MCP endpoint that asked (its URL without query), for a sign-in UI to name. */
  endpoint: string
  /** The MCP resource the access is for. */
  resource: string
  /** The scopes asked for (may be empty). */
  scopes: readonly string[]
  /** True when this asks for more scope than the person already granted. */
  stepUp: boolean
  /**
   * True when the app asked for DPoP (`dpop`) and this authorization server
   * offers no ES256 proofs, or answered one with a Bearer token before (that
   * token was refused): its tokens will be plain Bearer tokens. A UI should
   * say so (the `dpop-unsupported` event says it too).
   */
  dpopUnsupported: boolean
  signal: AbortSignal
}

/** One step of a sign-in, for a host's timeline. Never carries a token, a code or a secret. */
export interface AuthEvent {
  /**
   * `dpop-unsupported`: DPoP was asked for, and this issuer cannot bind
   * tokens, so they are Bearer tokens (never silently). `revoked`: sign-out
   * revoked the tokens at the issuer (RFC 7009).
   */
  step: 'metadata' | 'registration' | 'authorization' | 'token' | 'refresh' | 'step-up' | 'signed-in' | 'signed-out' | 'revoked' | 'dpop-unsupported' | 'failed'
  /** The MCP endpoint the sign-in is for. */
  endpoint: string
  issuer?: string | undefined
  scopes?: readonly string[] | undefined
  /** For `failed`: the error. */
  error?: unknown
}

export interface OAuthOptions {
  /** Where the authorization server sends the person back (registered with the server). */
  redirectUri: string
  /**
   * Takes the person to `request.url` and resolves with the URL the
   * authorization server redirected back to (the callback URL, with its
   * query). Reject (or abort) when the person gives up.
   */
  redirectToAuthorization: (request: AuthorizationRequest) => Promise<string | URL>
  /**
   * A client registered beforehand. `issuer` limits it to that authorization
   * server, and is required with a `clientSecret` (`oauth()` throws
   * otherwise): a secret is never sent to a server someone else named.
   */
  client?: { clientId: string; clientSecret?: string | undefined; tokenEndpointAuthMethod?: TokenEndpointAuthMethod | undefined; issuer?: string | undefined } | undefined
  /** The URL of this app's client ID metadata document, used where the server supports those. */
  clientMetadataUrl?: string | undefined
  /** @defaultValue `'mcp-elicit'` */
  clientName?: string | undefined
  /** @defaultValue `'web'` for an https redirect URI on a public host, else `'native'` */
  applicationType?: 'web' | 'native' | undefined
  /** More dynamic-registration metadata (RFC 7591), e.g. `logo_uri`, `client_uri`. */
  clientMetadata?: Record<string, unknown> | undefined
  /** @defaultValue in memory */
  storage?: CredentialStorage | undefined
  /**
   * Where an authorization in progress waits (PKCE verifier, expected
   * `state`, issuer, client id) so that a full-page redirect can finish it on
   * the next page load with `completeRedirect()`. It is written before the
   * person is sent away and removed when the sign-in ends. The verifier is
   * short-lived and useless without the code, so `sessionStorage` is fine
   * here even when tokens stay in memory. Without it, only a sign-in that
   * comes back to the same page (a popup) can complete.
   */
  pendingStorage?: CredentialStorage | undefined
  /** @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch | undefined
  /**
   * Step-ups (403 `insufficient_scope`) allowed per endpoint before the
   * refusal is final.
   * @defaultValue 2
   */
  maxStepUps?: number | undefined
  /** Refresh this long before the access token expires. @defaultValue 60,000 ms */
  refreshMarginMs?: number | undefined
  onEvent?: ((event: AuthEvent) => void) | undefined
  /**
   * Binds tokens to a key pair (DPoP, RFC 9449; MCP extension
   * `io.modelcontextprotocol/auth/dpop`) where the authorization server takes
   * ES256 proofs: a leaked token is useless without the private key. `true`
   * makes a non-extractable key pair in memory, so a token kept in storage
   * cannot be used after a reload (the person signs in again); pass a
   * `keyPair` the app keeps (in IndexedDB, say) to use it across loads. Its
   * private key must be non-extractable (`oauth()` throws otherwise): a key
   * script could export would be as good as a stolen token.
   * @defaultValue false
   */
  dpop?: boolean | { keyPair: CryptoKeyPair } | undefined
}

/** `native` for loopback and app-scheme redirects, `web` for a site's https callback (OpenID DCR 1.0 §2). */
export function applicationTypeFor(redirectUri: string): 'web' | 'native' {
  const url = new URL(redirectUri)
  if (url.protocol === 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return 'web'
  return 'native'
}

/**
 * A pre-registered secret must name the issuer it belongs to: without one,
 * any authorization server a (malicious) MCP server names would receive
 * `Basic clientId:secret`. Said when `oauth()` is called, not at the first sign-in.
 */
export function checkClientOptions(options: OAuthOptions): void {
  const pre = options.client
  if (pre?.clientSecret !== undefined && (typeof pre.issuer !== 'string' || pre.issuer === '')) {
    throw new TypeError('oauth(): client.clientSecret needs client.issuer, the one authorization server the secret may be sent to')
  }
}

/** A key pair handed in must not be exportable: script that can export it can use every token bound to it. */
export function checkDpopOptions(options: OAuthOptions): void {
  const given = typeof options.dpop === 'object' ? options.dpop.keyPair : undefined
  if (given && given.privateKey.extractable) throw new TypeError('oauth(): dpop.keyPair.privateKey must be non-extractable (generate it with extractable: false)')
}
