/**
 * Finding who signs a person in for an MCP endpoint: the protected resource
 * metadata (RFC 9728) from the challenge's `resource_metadata`, else the
 * path-aware and root well-known URLs; then the authorization server's
 * metadata (RFC 8414, then OpenID discovery, with the path-insertion
 * variants), whose `issuer` must be the one asked for. Servers of the
 * 2025-03-26 revision have no resource metadata: their origin is the
 * authorization server, and without metadata its default endpoints are used.
 */
import { processDiscoveryResponse, type AuthorizationServer } from 'oauth4webapi'
import { redactUrl } from '../core/index.js'
import { McpAuthDiscoveryError, McpAuthInsecureEndpointError, McpAuthIssuerMismatchError, McpAuthPkceUnsupportedError } from './errors.js'
import type { AuthFetch } from './http.js'
import { allowsLocalHttp, checkSecure } from './secure-url.js'

export interface ResourceMetadata {
  /** The `resource` exactly as the server wrote it: sent verbatim as the RFC 8707 `resource` parameter. */
  resource: string
  authorizationServers: string[]
  scopesSupported: string[] | undefined
}

export interface Discovered {
  /** Absent for a 2025-03-26 server, which has no resource metadata. */
  metadata: ResourceMetadata | undefined
  /** The `resource` parameter to send. */
  resource: string
  as: AuthorizationServer
  /** True when no metadata document was found and the 2025-03-26 default endpoints stand in. */
  defaultEndpoints: boolean
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined
}

/**
 * Whether resource metadata speaks for exactly `endpoint` (RFC 9728 §3.3:
 * the `resource` must be the identifier the client asked about). Compared
 * after WHATWG normalisation (scheme and host case, default port, one
 * trailing slash), never as a prefix. The one exception is the root
 * document, which may name the origin it was built from (see
 * resourceMetadataUrls); tokens are filed per endpoint all the same, so
 * even then one token never serves another endpoint of the host.
 */
export function sameResource(resource: string, endpoint: URL): boolean {
  let url: URL
  try {
    url = new URL(resource)
  } catch {
    return false
  }
  if (url.hash !== '' || url.search !== '' || url.origin !== endpoint.origin || url.username !== '' || url.password !== '') return false
  const trim = (path: string) => path.replace(/\/$/, '')
  return trim(url.pathname) === trim(endpoint.pathname)
}

/** The endpoints of authorization server metadata that the sign-in opens, posts to or navigates to. */
const ENDPOINT_FIELDS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint'] as const

/**
 * Every endpoint the metadata names must be https (plain http only on
 * loopback): an `authorization_endpoint` of `javascript:…` would run the
 * server's script in the app the moment the sign-in window is sent there,
 * and a plain-http token endpoint would carry codes and secrets in clear.
 * The authorization endpoint may also carry no fragment (RFC 6749 §3.1),
 * and must be on the issuer's origin: a hostile issuer could otherwise send
 * the person to an honest server's login page and keep its own token
 * endpoint (a mix-up), and the honest server's code would come back with
 * the PKCE verifier to be posted there, unnoticed whenever that server
 * sends no `iss` (RFC 9207). Unless the metadata says its responses carry
 * `iss` (`authorization_response_iss_parameter_supported`): the sign-in then
 * requires it and requires it to be this issuer, so an honest server's
 * answer, with its own `iss` or none, is refused all the same, and a
 * login page on another host (AWS Cognito's, say) can be used.
 */
export function checkEndpoints(as: AuthorizationServer, localHttp: boolean): void {
  for (const field of ENDPOINT_FIELDS) {
    const value: unknown = as[field]
    if (value === undefined) continue
    if (typeof value !== 'string') throw new McpAuthInsecureEndpointError(String(value), as.issuer)
    const url = checkSecure(value, localHttp, as.issuer)
    if (field !== 'authorization_endpoint') continue
    if (url.hash !== '') throw new McpAuthInsecureEndpointError(value, as.issuer, 'an authorization endpoint carries no fragment (RFC 6749 §3.1)')
    const issuer = new URL(as.issuer).origin
    if (url.origin !== issuer && as.authorization_response_iss_parameter_supported !== true) throw new McpAuthInsecureEndpointError(value, as.issuer, `an authorization endpoint must be on its issuer's origin (${issuer})`)
  }
}

/**
 * The candidate URLs of a resource's metadata, most specific first, each
 * with whether it is the root document: RFC 9728 §3.3 has a document speak
 * for the identifier its URL was built from, so the root one may name the
 * origin; a challenge's URL and the path-aware one must name the endpoint.
 */
function resourceMetadataUrls(endpoint: URL, fromChallenge: string | undefined): Array<{ url: string; root: boolean }> {
  if (fromChallenge) return [{ url: new URL(fromChallenge, endpoint).href, root: false }]
  const path = endpoint.pathname.replace(/\/+$/, '')
  const root = `${endpoint.origin}/.well-known/oauth-protected-resource`
  return path === '' ? [{ url: root, root: true }] : [{ url: `${root}${path}`, root: false }, { url: root, root: true }]
}

/** The candidate URLs of an authorization server's metadata, in the order MCP prescribes. */
export function serverMetadataUrls(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/+$/, '')
  if (path === '') return [`${issuer.origin}/.well-known/oauth-authorization-server`, `${issuer.origin}/.well-known/openid-configuration`]
  // Never the root document for an issuer with a path: it belongs to another issuer on that host.
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}/.well-known/openid-configuration${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ]
}

async function fetchJson(fetch: AuthFetch, url: string, signal: AbortSignal): Promise<{ response: Response; body: unknown } | undefined> {
  const response = await fetch(url, { method: 'GET', headers: { Accept: 'application/json' }, signal }, 'metadata')
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    return undefined
  }
  try {
    return { response, body: await response.clone().json() }
  } catch {
    return undefined
  }
}

export async function discoverResource(fetch: AuthFetch, endpoint: URL, fromChallenge: string | undefined, signal: AbortSignal): Promise<ResourceMetadata | undefined> {
  for (const { url, root } of resourceMetadataUrls(endpoint, fromChallenge)) {
    const found = await fetchJson(fetch, url, signal)
    if (!found) continue
    const body = found.body as { resource?: unknown; authorization_servers?: unknown; scopes_supported?: unknown }
    if (typeof body.resource !== 'string') throw new McpAuthDiscoveryError(`The protected resource metadata at ${redactUrl(url)} names no resource`, { endpoint: url })
    if (!sameResource(body.resource, endpoint) && !(root && sameResource(body.resource, new URL(endpoint.origin)))) {
      // What it names instead stays out of the message: a server chose it (in Node, it could be what a service on this machine answered).
      throw new McpAuthDiscoveryError(`The protected resource metadata at ${redactUrl(url)} is for another resource than ${redactUrl(endpoint)}`, { endpoint: url })
    }
    return { resource: body.resource, authorizationServers: strings(body.authorization_servers) ?? [], scopesSupported: strings(body.scopes_supported) }
  }
  if (fromChallenge) throw new McpAuthDiscoveryError(`No protected resource metadata at ${redactUrl(fromChallenge)}`, { endpoint: fromChallenge })
  return undefined
}

/**
 * The issuer's metadata, its `issuer` checked against the one asked for;
 * undefined when no document exists. `localHttp`: the MCP endpoint is on
 * this machine (secure-url.ts).
 */
export async function discoverServer(fetch: AuthFetch, issuer: string, signal: AbortSignal, localHttp: boolean): Promise<AuthorizationServer | undefined> {
  const expected = new URL(issuer)
  for (const url of serverMetadataUrls(expected)) {
    const found = await fetchJson(fetch, url, signal)
    if (!found) continue
    const claimed = (found.body as { issuer?: unknown }).issuer
    // RFC 8414 §3.3: the document must name the issuer it was fetched for; nothing else of it is used otherwise.
    if (typeof claimed !== 'string' || (claimed !== issuer && claimed !== expected.href)) {
      throw new McpAuthIssuerMismatchError(`The authorization server metadata at ${redactUrl(url)} is for another issuer than ${redactUrl(issuer)}`, { endpoint: url, issuer })
    }
    let as: AuthorizationServer
    try {
      as = await processDiscoveryResponse(expected, found.response)
    } catch (cause) {
      throw new McpAuthDiscoveryError(`The authorization server metadata at ${redactUrl(url)} is not usable`, { endpoint: url, issuer, cause })
    }
    checkEndpoints(as, localHttp)
    return as
  }
  return undefined
}

/** MCP requires PKCE with S256; a server that does not say it supports it is not used. */
export function requirePkce(as: AuthorizationServer): void {
  if (!as.code_challenge_methods_supported?.includes('S256')) throw new McpAuthPkceUnsupportedError(as.issuer)
}

/** Everything the sign-in needs, from the endpoint and its challenge. */
export async function discover(fetch: AuthFetch, endpoint: URL, fromChallenge: string | undefined, signal: AbortSignal): Promise<Discovered> {
  const metadata = await discoverResource(fetch, endpoint, fromChallenge, signal)
  if (metadata) {
    const issuer = metadata.authorizationServers[0]
    if (!issuer) throw new McpAuthDiscoveryError(`The protected resource metadata of ${redactUrl(endpoint)} names no authorization server`, { endpoint: endpoint.href })
    const as = await discoverServer(fetch, issuer, signal, allowsLocalHttp(endpoint))
    if (!as) throw new McpAuthDiscoveryError(`No authorization server metadata for ${redactUrl(issuer)}`, { issuer, endpoint: serverMetadataUrls(new URL(issuer))[0] })
    requirePkce(as)
    return { metadata, resource: metadata.resource, as, defaultEndpoints: false }
  }
  // 2025-03-26: the endpoint's origin is the authorization server.
  const issuer = endpoint.origin
  const as = await discoverServer(fetch, issuer, signal, allowsLocalHttp(endpoint))
  if (as) {
    requirePkce(as)
    return { metadata: undefined, resource: endpoint.href, as, defaultEndpoints: false }
  }
  return { metadata: undefined, resource: endpoint.href, as: defaultServer(issuer), defaultEndpoints: true }
}

/** The 2025-03-26 default endpoints of an origin that publishes no metadata. */
export function defaultServer(issuer: string): AuthorizationServer {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    // That revision made PKCE mandatory for clients; a server without metadata cannot say more.
    code_challenge_methods_supported: ['S256'],
  }
}
