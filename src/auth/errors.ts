/**
 * The errors of signing in. One family under {@link McpAuthError}, itself an
 * `McpError` of the core, each with a `code` and what a caller needs to act:
 * which step, which endpoint, which issuer. Text a server sent
 * (`error_description`) is kept as data to show as text, never as markup,
 * and never after an issuer mismatch (it would come from a server that is
 * not who it claims to be).
 */
import { McpError, redactUrl } from '../core/index.js'

export type McpAuthErrorCode =
  | 'AUTH_DISCOVERY_FAILED'
  | 'AUTH_PKCE_UNSUPPORTED'
  | 'AUTH_REGISTRATION_FAILED'
  | 'AUTH_ACCESS_DENIED'
  | 'AUTH_STATE_MISMATCH'
  | 'AUTH_ISSUER_MISMATCH'
  | 'AUTH_TOKEN_FAILED'
  | 'AUTH_BLOCKED'
  | 'AUTH_STORAGE_FAILED'
  | 'AUTH_INSUFFICIENT_SCOPE'
  | 'AUTH_INSECURE_ENDPOINT'
  | 'AUTH_RESPONSE_TOO_LARGE'

interface AuthErrorDetails {
  /** The endpoint involved (metadata, authorization, token, registration URL). */
  endpoint?: string | undefined
  /** The authorization server's issuer, once known. */
  issuer?: string | undefined
  /** The OAuth `error` code the server answered with. */
  oauthError?: string | undefined
  /** The server's `error_description`: show it as text only. */
  description?: string | undefined
  status?: number | undefined
  cause?: unknown
}

/** Base class of every sign-in failure. */
export class McpAuthError extends McpError {
  override name = 'McpAuthError'
  declare readonly code: McpAuthErrorCode
  readonly endpoint: string | undefined
  readonly issuer: string | undefined
  readonly oauthError: string | undefined
  readonly description: string | undefined

  constructor(code: McpAuthErrorCode, message: string, details: AuthErrorDetails = {}) {
    super(code, message, { url: details.endpoint, status: details.status, cause: details.cause, data: details.oauthError })
    this.endpoint = details.endpoint
    this.issuer = details.issuer
    this.oauthError = details.oauthError
    this.description = details.description
  }
}

/** No usable protected-resource or authorization-server metadata was found. */
export class McpAuthDiscoveryError extends McpAuthError {
  override name = 'McpAuthDiscoveryError'
  constructor(message: string, details: AuthErrorDetails = {}) {
    super('AUTH_DISCOVERY_FAILED', message, details)
  }
}

/** The authorization server does not advertise PKCE with S256, which MCP requires. */
export class McpAuthPkceUnsupportedError extends McpAuthError {
  override name = 'McpAuthPkceUnsupportedError'
  constructor(issuer: string) {
    super('AUTH_PKCE_UNSUPPORTED', `The authorization server ${issuer} does not advertise PKCE with S256 (code_challenge_methods_supported); signing in there is refused`, { issuer })
  }
}

/** No client identity: registration refused, or none of the ways to get one is available. */
export class McpAuthRegistrationError extends McpAuthError {
  override name = 'McpAuthRegistrationError'
  constructor(message: string, details: AuthErrorDetails = {}) {
    super('AUTH_REGISTRATION_FAILED', message, details)
  }
}

/** The person (or the server on their behalf) did not grant access, or the sign-in was cancelled. */
export class McpAuthAccessDeniedError extends McpAuthError {
  override name = 'McpAuthAccessDeniedError'
  /**
   * True when nobody refused: the person closed the window or pressed
   * cancel, or the app gave up. A UI offers "try again" rather than showing
   * a refusal.
   */
  readonly cancelled: boolean
  constructor(message: string, details: AuthErrorDetails & { cancelled?: boolean | undefined } = {}) {
    super('AUTH_ACCESS_DENIED', message, details)
    this.cancelled = details.cancelled === true
  }
}

/** The callback's `state` is not the one this sign-in sent: another page's answer, or a forged one. */
export class McpAuthStateMismatchError extends McpAuthError {
  override name = 'McpAuthStateMismatchError'
  constructor(details: AuthErrorDetails = {}) {
    super('AUTH_STATE_MISMATCH', 'The authorization response does not belong to this sign-in (state mismatch)', details)
  }
}

/** Metadata or an authorization response names an issuer other than the expected one (RFC 8414, RFC 9207). */
export class McpAuthIssuerMismatchError extends McpAuthError {
  override name = 'McpAuthIssuerMismatchError'
  constructor(message: string, details: AuthErrorDetails = {}) {
    // Whatever such a server says about itself is not shown.
    super('AUTH_ISSUER_MISMATCH', message, { ...details, description: undefined })
  }
}

/** The token endpoint refused the code or the refresh token. */
export class McpAuthTokenError extends McpAuthError {
  override name = 'McpAuthTokenError'
  constructor(message: string, details: AuthErrorDetails = {}) {
    super('AUTH_TOKEN_FAILED', message, details)
  }
}

/**
 * A request never reached the server, or its answer could not be read. In a
 * browser this is usually CORS: `header` names what the server most likely
 * has to send.
 */
export class McpAuthBlockedError extends McpAuthError {
  override name = 'McpAuthBlockedError'
  readonly header: string | undefined
  constructor(endpoint: string, header: string | undefined, cause: unknown) {
    super(
      'AUTH_BLOCKED',
      `The request to ${redactUrl(endpoint)} was blocked before it reached the server${header ? ` (in a browser, most likely CORS: the server must send ${header})` : ''}`,
      { endpoint, cause },
    )
    this.header = header
  }
}

/** The credential storage could not be written: a rotated refresh token would be lost, so the sign-in stops. */
export class McpAuthStorageError extends McpAuthError {
  override name = 'McpAuthStorageError'
  constructor(cause: unknown) {
    super('AUTH_STORAGE_FAILED', 'The credentials could not be stored', { cause })
  }
}

/** The server keeps asking for more scope after the allowed number of step-ups. */
export class McpAuthInsufficientScopeError extends McpAuthError {
  override name = 'McpAuthInsufficientScopeError'
  readonly scopes: readonly string[]
  constructor(scopes: readonly string[], details: AuthErrorDetails = {}) {
    super('AUTH_INSUFFICIENT_SCOPE', `The server still requires more scope (${scopes.join(' ') || 'unnamed'}) after the allowed step-ups`, details)
    this.scopes = scopes
  }
}

/**
 * An endpoint the sign-in will not use. Most often one that is not https
 * (plain http is allowed only to this machine): tokens would travel in
 * clear, and a `javascript:` or `data:` "endpoint" would run the server's
 * script in the app. Also an authorization endpoint with a fragment, or on
 * another origin than its issuer (`rule` says which). The endpoint is kept
 * as the server wrote it, shortened, for a message shown as text.
 */
export class McpAuthInsecureEndpointError extends McpAuthError {
  override name = 'McpAuthInsecureEndpointError'
  constructor(endpoint: string, issuer?: string | undefined, rule = 'OAuth endpoints must be https URLs (plain http only on loopback)') {
    const shown = JSON.stringify(endpoint.length > 200 ? `${endpoint.slice(0, 200)}…` : endpoint)
    super('AUTH_INSECURE_ENDPOINT', `Refusing ${shown}: ${rule}`, { endpoint, issuer })
  }
}

/** A sign-in response (metadata, registration, token) larger than any real one: read no further. */
export class McpAuthResponseTooLargeError extends McpAuthError {
  override name = 'McpAuthResponseTooLargeError'
  readonly limit: number
  constructor(endpoint: string, limit: number) {
    super('AUTH_RESPONSE_TOO_LARGE', `The response of ${redactUrl(endpoint)} is larger than ${limit} bytes; it was not read further`, { endpoint })
    this.limit = limit
  }
}

function guard<T extends McpAuthError>(ctor: abstract new (...args: never[]) => T, name: string) {
  return (error: unknown): error is T =>
    error instanceof ctor || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name)
}

export const isMcpAuthError = (error: unknown): error is McpAuthError =>
  error instanceof McpAuthError ||
  (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && String((error as { code: string }).code).startsWith('AUTH_'))
export const isMcpAuthAccessDeniedError = guard(McpAuthAccessDeniedError, 'McpAuthAccessDeniedError')
export const isMcpAuthIssuerMismatchError = guard(McpAuthIssuerMismatchError, 'McpAuthIssuerMismatchError')
