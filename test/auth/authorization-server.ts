/**
 * A real OAuth 2.1 authorization server for the auth integration tests:
 * `oidc-provider` (the certified OpenID provider) on 127.0.0.1, port 0,
 * plain http (the client under test allows http only for loopback).
 *
 * What it is configured for, and nothing more:
 * - open dynamic client registration (RFC 7591), public clients
 *   (`token_endpoint_auth_method: none`) allowed;
 * - PKCE required for every client (oidc-provider 9 only knows S256);
 * - resource indicators (RFC 8707): each MCP server the test starts is
 *   registered with {@link AuthorizationServer.addResource} (its URL is the
 *   resource, and the audience of its JWT access tokens), with the scopes
 *   the provider will ever grant for it and the access-token lifetime;
 * - refresh tokens for clients registered for the `refresh_token` grant
 *   (or oidc-provider's own `offline_access` policy), rotated on every use;
 * - its built-in development login and consent pages (`devInteractions`),
 *   which the tests drive headlessly (see `headless-user.ts`);
 * - RFC 9207 `iss` in every authorization response (on by default).
 *
 * Everything the provider emits is recorded in `events`, so a test can check
 * what the authorization server really did (a registration, a code exchange
 * with PKCE, a refresh token consumed).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider'

/** What the provider knows of one MCP server. */
export interface ResourceServerSettings {
  /** The scopes the provider grants for this resource (space-separated in the token). */
  scopes: readonly string[]
  /** Access-token lifetime in seconds. @defaultValue 600 */
  accessTokenTtl?: number
}

/** One thing the provider did, from its own events. */
export interface ProviderEvent {
  name: string
  /** For a registration: the client id; for a code or token: its client id. */
  clientId?: string | undefined
  /** For an authorization code: its PKCE method; for tokens: their scope; and so on. */
  detail?: Record<string, unknown>
}

export interface AuthorizationServer {
  issuer: string
  jwksUri: string
  provider: Provider
  events: ProviderEvent[]
  /** Server errors the provider reported (a test fails if any show up). */
  errors: unknown[]
  addResource(url: string, settings: ResourceServerSettings): void
  close(): Promise<void>
}

export interface AuthorizationServerOptions {
  /**
   * When refresh tokens are issued. `grant-type` (the default here): to every
   * client registered for the `refresh_token` grant. `offline-access`:
   * oidc-provider's own default, only when the grant has the `offline_access`
   * scope, which oidc-provider keeps (OpenID Connect Core §11) only in a
   * request that also says `prompt=consent`.
   */
  refreshTokens?: 'grant-type' | 'offline-access'
}

export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  const resources = new Map<string, ResourceServerSettings>()
  const events: ProviderEvent[] = []
  const failures: unknown[] = []

  // Our own signing key: oidc-provider's development keys are public.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-rs256', use: 'sig', alg: 'RS256' }

  const http = createServer()
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = http.address() as AddressInfo
  const issuer = `http://127.0.0.1:${port}`

  const provider = new Provider(issuer, {
    clients: [],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // OpenID scopes only; the MCP scopes belong to each resource server.
    scopes: ['openid', 'offline_access'],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    pkce: { required: () => true },
    // Refresh tokens for every client allowed the grant, unless asked for oidc-provider's default.
    ...(options.refreshTokens !== 'offline-access' && { issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token') }),
    // Every refresh returns a new refresh token and retires the old one.
    rotateRefreshToken: true,
    ttl: {
      // The resource server's own lifetime (see addResource), else 10 minutes.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 600,
      AuthorizationCode: 60,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
      RefreshToken: 3600,
    },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A token request that omits `resource` gets the one the grant is for.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
          const settings = resources.get(indicator)
          if (!settings) throw new errors.InvalidTarget(`unknown resource ${indicator}`)
          return {
            scope: settings.scopes.join(' '),
            audience: indicator,
            accessTokenFormat: 'jwt' as const,
            accessTokenTTL: settings.accessTokenTtl ?? 600,
          }
        },
      },
    },
  })

  const record = (name: string, clientId?: string, detail?: Record<string, unknown>) => events.push({ name, clientId, ...(detail && { detail }) })
  provider.on('registration_create.success', (_ctx: unknown, client: { clientId: string; tokenEndpointAuthMethod?: string; applicationType?: string }) =>
    record('registration', client.clientId, { tokenEndpointAuthMethod: client.tokenEndpointAuthMethod, applicationType: client.applicationType }),
  )
  provider.on('authorization_code.saved', (code) =>
    record('authorization_code.saved', code.clientId, { codeChallengeMethod: code.codeChallengeMethod, scope: code.scope, resource: code.resource }),
  )
  provider.on('authorization_code.consumed', (code) => record('authorization_code.consumed', code.clientId))
  provider.on('refresh_token.saved', (token) => record('refresh_token.saved', token.clientId, { jti: token.jti }))
  provider.on('refresh_token.consumed', (token) => record('refresh_token.consumed', token.clientId, { jti: token.jti }))
  provider.on('grant.success', (ctx: KoaContextWithOIDC) =>
    record('grant.success', ctx.oidc.client?.clientId, { grantType: ctx.oidc.params?.grant_type, resource: ctx.oidc.params?.resource }),
  )
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: Error) => record('grant.error', ctx.oidc.client?.clientId, { error: error.message }))
  provider.on('authorization.error', (_ctx: unknown, error: Error) => record('authorization.error', undefined, { error: error.message }))
  provider.on('server_error', (_ctx: unknown, error: unknown) => failures.push(error))

  http.on('request', provider.callback())

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    provider,
    events,
    errors: failures,
    addResource(url, settings) {
      resources.set(url, settings)
    },
    async close() {
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
