/**
 * mcp-elicit/auth: MCP authorization (OAuth 2.1, both 2025-11-25 and
 * 2026-07-28) for browsers, workers and Node, plugged into the core with
 * `createClient(url, { auth: oauth({...}) })`. The OAuth protocol operations
 * are oauth4webapi's; this entry holds the MCP policy on top of them.
 */
export { oauth } from './oauth.js'
export type { OAuthProvider } from './oauth.js'
export type { AuthEvent, AuthorizationRequest, OAuthOptions } from './options.js'
export { browserOAuth, browserSignIn } from './browser/browser-sign-in.js'
export type { BrowserOAuthOptions, BrowserSignIn, BrowserSignInOptions, SignInProvider, SignInWindow } from './browser/browser-sign-in.js'
export { completeSignIn } from './browser/complete-sign-in.js'
export type { CallbackWindow, CompleteSignInOptions } from './browser/complete-sign-in.js'
export type { SignInChannelOptions } from './browser/protocol.js'
export type { PendingSignIn, SignInState, SignInStore } from './browser/sign-in-store.js'
export { memoryCredentials, sessionStorageCredentials } from './storage.js'
export type { CredentialStorage, StoredClient, StoredTokens } from './storage.js'
export { parseBearerChallenge } from './challenge.js'
export type { BearerChallenge } from './challenge.js'
export { applicationTypeFor } from './options.js'
export type { TokenEndpointAuthMethod } from './client-identity.js'
export {
  McpAuthError,
  McpAuthDiscoveryError,
  McpAuthPkceUnsupportedError,
  McpAuthRegistrationError,
  McpAuthAccessDeniedError,
  McpAuthStateMismatchError,
  McpAuthIssuerMismatchError,
  McpAuthTokenError,
  McpAuthBlockedError,
  McpAuthStorageError,
  McpAuthInsufficientScopeError,
  McpAuthInsecureEndpointError,
  McpAuthResponseTooLargeError,
  isMcpAuthError,
  isMcpAuthAccessDeniedError,
  isMcpAuthIssuerMismatchError,
} from './errors.js'
export type { McpAuthErrorCode } from './errors.js'
