/**
 * A real OAuth 2.1 authorization server, shared by the demo stack and the
 * auth integration tests: `oidc-provider` (the certified OpenID provider) on
 * 127.0.0.1 (port 0 by default), plain http (the client allows http only for
 * loopback).
 *
 * What it is configured for, and nothing more:
 * - open dynamic client registration (RFC 7591), public clients
 *   (`token_endpoint_auth_method: none`) allowed; an optional
 *   {@link AuthorizationServerOptions.redirectUriAllowed} policy refuses
 *   other redirect URIs at registration (`invalid_redirect_uri`);
 * - PKCE required for every client (oidc-provider 9 only knows S256);
 * - resource indicators (RFC 8707): each MCP server is registered with
 *   {@link AuthorizationServer.addResource} (its URL is the resource, and the
 *   audience of its JWT access tokens), with the scopes the provider will
 *   ever grant for it and the access-token lifetime;
 * - refresh tokens for clients registered for the `refresh_token` grant
 *   (or oidc-provider's own `offline_access` policy), rotated on every use;
 * - its built-in development login and consent pages (`devInteractions`):
 *   a login form (`login`, `password`: any account id, any password; button
 *   "Sign-in") and a consent form (button "Continue");
 * - RFC 9207 `iss` in every authorization response (on by default);
 * - CORS for browser clients. oidc-provider itself answers preflights and
 *   sets `Access-Control-Allow-Origin` on discovery and JWKS (any origin),
 *   and on the token, revocation and introspection endpoints for the origins
 *   `clientBasedCORS` accepts (here: the allowed page origins, and the origin
 *   of one of the client's redirect URIs). It has NO CORS on the registration
 *   endpoint; this module adds it (preflight included) for the allowed page
 *   origins (any origin when none is configured). `tokenCors: false` strips
 *   every CORS header from the token endpoint, preflight included: the broken
 *   deployment a browser client must report clearly.
 *
 * - `openerPolicy`: a `Cross-Origin-Opener-Policy` on its pages (the
 *   authorization endpoint, the login and consent pages), as many real
 *   providers send: a sign-in popup that reaches them is severed from the
 *   page that opened it (`window.opener` null, and `closed` reads true there).
 *
 * Every instance uses its own cookie names: browsers do not separate cookies
 * by port, so two providers on 127.0.0.1 would otherwise overwrite each
 * other's sessions.
 *
 * Everything the provider emits is recorded in `events`, so a test can check
 * what the authorization server really did (a registration, a code exchange
 * with PKCE, a refresh token consumed).
 */
import { generateKeyPair, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { promisify } from 'node:util'

import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider'

import { closeServer, listen } from './host.ts'

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

/**
 * oidc-provider announces, on every start, that the demo uses its in-memory
 * store and its built-in login pages: both deliberate here (a demo and tests
 * on loopback). Those two notices are dropped while the provider is built;
 * every other warning goes through.
 */
function quietly<T>(build: () => T): T {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: a quick start development-only')) return
    warn(...args)
  }
  try {
    return build()
  } finally {
    console.warn = warn
  }
}

export interface AuthorizationServer {
  issuer: string
  /** `http://127.0.0.1:<port>` (the issuer has no path). */
  origin: string
  jwksUri: string
  /** Where the token endpoint is (for CORS checks). */
  tokenEndpoint: string
  registrationEndpoint: string
  provider: Provider
  events: ProviderEvent[]
  /** Server errors the provider reported (a test fails if any show up). */
  errors: unknown[]
  addResource(url: string, settings: ResourceServerSettings): void
  /** Allows one more page origin for CORS (registration, token endpoint). */
  allowOrigin(origin: string): void
  close(): Promise<void>
}

export interface AuthorizationServerOptions {
  /** @defaultValue `127.0.0.1` */
  host?: string
  /** @defaultValue 0 (a free port) */
  port?: number
  /**
   * When refresh tokens are issued. `grant-type` (the default here): to every
   * client registered for the `refresh_token` grant. `offline-access`:
   * oidc-provider's own default, only when the grant has the `offline_access`
   * scope, which oidc-provider keeps (OpenID Connect Core §11) only in a
   * request that also says `prompt=consent`.
   */
  refreshTokens?: 'grant-type' | 'offline-access'
  /**
   * Page origins allowed by CORS on the registration and token endpoints
   * (more with {@link AuthorizationServer.allowOrigin}). None: registration
   * answers any origin, the token endpoint the origin of a client's redirect URI.
   */
  pageOrigins?: readonly string[]
  /** `false`: no CORS headers at all on the token endpoint (preflights included). @defaultValue true */
  tokenCors?: boolean
  /** Which redirect URIs a registration may name. @defaultValue any oidc-provider accepts */
  redirectUriAllowed?: (uri: string) => boolean
  /** Title of the login page's card; only for people telling several providers apart. */
  label?: string
  /** `Cross-Origin-Opener-Policy` on its pages (e.g. `same-origin`). @defaultValue none */
  openerPolicy?: string | undefined
}

const REGISTRATION_PATH = '/reg'
const TOKEN_PATH = '/token'
const CORS_MAX_AGE = '600'
/** A metadata name no client sends: its validator is where the redirect URI policy runs. */
const POLICY_PROPERTY = 'x_redirect_uri_policy'

export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  const resources = new Map<string, ResourceServerSettings>()
  const events: ProviderEvent[] = []
  const failures: unknown[] = []
  const pageOrigins = new Set((options.pageOrigins ?? []).map((origin) => origin.replace(/\/+$/, '')))
  const host = options.host ?? '127.0.0.1'

  // Our own signing key: oidc-provider's development keys are public. Made
  // off the main thread, while the port is bound.
  const keyPair = promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const http = createServer()
  const { port, origin: issuer } = await listen(http, options.port ?? 0, host)
  const { privateKey } = await keyPair.catch(async (error: unknown) => {
    await closeServer(http)
    throw error
  })
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `as-${port}-rs256`, use: 'sig', alg: 'RS256' }
  // Unique per instance (see the module comment); cookie names are tokens, so letters, digits and `_`.
  const cookiePrefix = `_as${port}`

  const provider = quietly(() => new Provider(issuer, {
    clients: [],
    jwks: { keys: [jwk as never] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: `${cookiePrefix}_session`, interaction: `${cookiePrefix}_interaction`, resume: `${cookiePrefix}_resume` },
    },
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
    // The token endpoint (and revocation, introspection) answers a browser
    // origin that is an allowed page, or that of one of the client's redirect URIs.
    clientBasedCORS: (_ctx, origin, client) =>
      origin !== 'null' && (pageOrigins.has(origin) || (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin)),
    ...(options.redirectUriAllowed && {
      // The validator runs for each registration; it sees the whole metadata, so it checks redirect_uris.
      extraClientMetadata: {
        properties: [POLICY_PROPERTY],
        validator: (_ctx: unknown, key: string, _value: unknown, metadata: { redirect_uris?: readonly string[] | undefined }) => {
          if (key !== POLICY_PROPERTY) return
          const refused = (metadata.redirect_uris ?? []).find((uri) => !options.redirectUriAllowed!(uri))
          if (refused !== undefined) throw new errors.InvalidRedirectUri(`redirect_uris: ${refused} is not allowed by this server`)
        },
      },
    }),
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
  }))

  // CORS on the registration endpoint (oidc-provider has none there), and
  // none at all on the token endpoint of the `tokenCors: false` variant.
  provider.use(async (ctx, next) => {
    if (ctx.path === REGISTRATION_PATH || ctx.path.startsWith(`${REGISTRATION_PATH}/`)) {
      const origin = ctx.get('Origin')
      if (origin) {
        ctx.vary('Origin')
        if (pageOrigins.size === 0) ctx.set('Access-Control-Allow-Origin', '*')
        else if (pageOrigins.has(origin)) ctx.set('Access-Control-Allow-Origin', origin)
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        ctx.set('Access-Control-Allow-Headers', 'Content-Type, Authorization')
        ctx.set('Access-Control-Max-Age', CORS_MAX_AGE)
        if (ctx.method === 'OPTIONS') {
          ctx.status = 204
          return
        }
      }
    }
    await next()
    // On its pages only (JSON endpoints are fetched, never opened): the browser applies it to documents.
    if (options.openerPolicy && !ctx.path.startsWith('/.well-known/') && ctx.path !== TOKEN_PATH && !ctx.path.startsWith(REGISTRATION_PATH) && ctx.path !== '/jwks') {
      ctx.set('Cross-Origin-Opener-Policy', options.openerPolicy)
    }
    if (options.tokenCors === false && ctx.path === TOKEN_PATH) {
      for (const name of Object.keys(ctx.response.headers)) if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name)
    }
  })

  const record = (name: string, clientId?: string, detail?: Record<string, unknown>) => events.push({ name, clientId, ...(detail && { detail }) })
  provider.on('registration_create.success', (_ctx: unknown, client: { clientId: string; tokenEndpointAuthMethod?: string; applicationType?: string; redirectUris?: readonly string[] }) =>
    record('registration', client.clientId, { tokenEndpointAuthMethod: client.tokenEndpointAuthMethod, applicationType: client.applicationType, redirectUris: client.redirectUris }),
  )
  provider.on('registration_create.error', (_ctx: unknown, error: Error) => record('registration.error', undefined, { error: error.message }))
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
    origin: issuer,
    jwksUri: `${issuer}/jwks`,
    tokenEndpoint: `${issuer}${TOKEN_PATH}`,
    registrationEndpoint: `${issuer}${REGISTRATION_PATH}`,
    provider,
    events,
    errors: failures,
    addResource(url, settings) {
      resources.set(url, settings)
    },
    allowOrigin(origin) {
      pageOrigins.add(origin.replace(/\/+$/, ''))
    },
    close: () => closeServer(http),
  }
}
