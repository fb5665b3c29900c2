/**
 * Who the client is at an authorization server, in the order MCP asks for:
 * a client registered beforehand (from the options), else a client ID
 * metadata document (when the server supports them and the app has one),
 * else dynamic client registration (RFC 7591). A registration is kept per
 * issuer, so a server that moves to another issuer gets a new one and no
 * client ID ever travels to a server that did not issue it.
 */
import {
  ClientSecretPost,
  dynamicClientRegistrationRequest,
  None,
  processDynamicClientRegistrationResponse,
  type AuthorizationServer,
  type Client,
  type ClientAuth,
} from 'oauth4webapi'
import { McpAuthRegistrationError, McpAuthStorageError } from './errors.js'
import { applicationTypeFor, type OAuthOptions } from './options.js'
import { oauthRequestOptions, type Wire } from './wire.js'
import { clientKey, parseRecord, type CredentialStorage, type StoredClient } from './storage.js'

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post'

export interface ClientIdentity {
  client: Client
  clientAuth: ClientAuth
  /** How it was obtained, for the timeline. */
  source: 'pre-registered' | 'metadata-document' | 'registered' | 'stored'
}

/**
 * `client_secret_basic` with the id and secret encoded as RFC 6749 §2.3.1
 * asks, but no more than needed: oauth4webapi's version also escapes
 * characters such as `-`, which servers that do not decode the header (there
 * are many) then compare as written.
 */
function secretBasic(secret: string): ClientAuth {
  return (_as, client, _body, headers) => {
    const credentials = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`
    headers.set('authorization', `Basic ${btoa(credentials)}`)
  }
}

function authFor(method: string | undefined, secret: string | undefined): ClientAuth {
  if (secret !== undefined && method === 'client_secret_post') return ClientSecretPost(secret)
  if (secret !== undefined && method !== 'none') return secretBasic(secret)
  return None()
}

/** The method to ask for: none (a public client, as browser apps are) when offered, else what the server offers. */
function preferredMethod(as: AuthorizationServer): TokenEndpointAuthMethod {
  const offered = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
  if (offered.includes('none')) return 'none'
  if (offered.includes('client_secret_basic')) return 'client_secret_basic'
  if (offered.includes('client_secret_post')) return 'client_secret_post'
  return 'none'
}

/**
 * The registration response. oauth4webapi's own reader insists on
 * `client_secret_expires_at` whenever a secret is issued (RFC 7591 §3.2.1),
 * which many deployed servers leave out; only what the sign-in uses is
 * required here, and an error answer still goes through oauth4webapi for its
 * `error` and `error_description`.
 */
async function readRegistration(response: Response): Promise<{ client_id: string; client_secret?: unknown; token_endpoint_auth_method?: unknown }> {
  if (response.status !== 201 && response.status !== 200) return processDynamicClientRegistrationResponse(response)
  const body: unknown = await response.json()
  if (typeof body !== 'object' || body === null || typeof (body as { client_id?: unknown }).client_id !== 'string') {
    throw new TypeError('the registration response names no client_id')
  }
  return body as { client_id: string }
}

/**
 * The identity this client already has at `as` (pre-registered, metadata
 * document, or a registration kept in `storage`), or undefined when only
 * registering would give one. Finishing a full-page redirect uses it: a new
 * registration there would not be the client the code was issued to.
 */
export async function knownClientIdentity(as: AuthorizationServer, options: OAuthOptions, storage: CredentialStorage, mirror?: CredentialStorage): Promise<ClientIdentity | undefined> {
  const pre = options.client
  // A secret goes to its own issuer only (checkClientOptions insists on one); a bare public id may be offered anywhere.
  if (pre && (pre.issuer === undefined ? pre.clientSecret === undefined : pre.issuer === as.issuer)) {
    const method = pre.tokenEndpointAuthMethod ?? (pre.clientSecret === undefined ? 'none' : 'client_secret_basic')
    return { client: { client_id: pre.clientId, token_endpoint_auth_method: method }, clientAuth: authFor(method, pre.clientSecret), source: 'pre-registered' }
  }
  if (options.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    return { client: { client_id: options.clientMetadataUrl, token_endpoint_auth_method: 'none' }, clientAuth: None(), source: 'metadata-document' }
  }
  const stored = parseRecord<StoredClient>(await storage.get(clientKey(as.issuer))) ?? parseRecord<StoredClient>(await mirror?.get(clientKey(as.issuer)))
  if (stored && typeof stored.clientId === 'string') {
    return { client: { client_id: stored.clientId, token_endpoint_auth_method: stored.tokenEndpointAuthMethod }, clientAuth: authFor(stored.tokenEndpointAuthMethod, stored.clientSecret), source: 'stored' }
  }
  return undefined
}

/** A public client (no secret) known only by its id: what a redirect sign-in can rebuild from its pending entry. */
export function publicClientIdentity(clientId: string): ClientIdentity {
  return { client: { client_id: clientId, token_endpoint_auth_method: 'none' }, clientAuth: None(), source: 'stored' }
}

/**
 * A client registration kept: in `storage`, and, when it has no secret, in
 * `mirror` too (the tab's `sessionStorage` of a browser sign-in), so that a
 * page whose credentials live in memory still finds its client after a
 * redirect or a reload instead of registering another one each time. A
 * client id alone grants nothing.
 */
export async function keepClient(issuer: string, client: StoredClient, storage: CredentialStorage, mirror?: CredentialStorage): Promise<void> {
  try {
    await storage.set(clientKey(issuer), JSON.stringify(client))
    if (client.clientSecret === undefined) await mirror?.set(clientKey(issuer), JSON.stringify(client))
  } catch (cause) {
    throw new McpAuthStorageError(cause)
  }
}

export async function clientIdentity(as: AuthorizationServer, options: OAuthOptions, storage: CredentialStorage, wire: Wire, signal: AbortSignal, mirror?: CredentialStorage): Promise<ClientIdentity> {
  const known = await knownClientIdentity(as, options, storage, mirror)
  if (known) return known
  if (!as.registration_endpoint) {
    throw new McpAuthRegistrationError(`The authorization server ${as.issuer} offers no registration and this app has no client there`, { issuer: as.issuer })
  }
  const method = preferredMethod(as)
  const metadata = {
    client_name: options.clientName ?? 'mcp-elicit',
    redirect_uris: [options.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: method,
    application_type: options.applicationType ?? applicationTypeFor(options.redirectUri),
    ...options.clientMetadata,
  }
  let registered: { client_id: string; client_secret?: unknown; token_endpoint_auth_method?: unknown }
  try {
    const response = await dynamicClientRegistrationRequest(as, metadata, oauthRequestOptions(wire, 'registration', signal))
    registered = await readRegistration(response)
  } catch (cause) {
    throw wire.refusal(cause, as.registration_endpoint, as.issuer, (details) => new McpAuthRegistrationError(`The authorization server ${as.issuer} refused to register this client`, details))
  }
  const client: StoredClient = {
    clientId: registered.client_id,
    clientSecret: typeof registered.client_secret === 'string' ? registered.client_secret : undefined,
    tokenEndpointAuthMethod: typeof registered.token_endpoint_auth_method === 'string' ? registered.token_endpoint_auth_method : method,
  }
  await keepClient(as.issuer, client, storage, mirror)
  return { client: { client_id: client.clientId, token_endpoint_auth_method: client.tokenEndpointAuthMethod }, clientAuth: authFor(client.tokenEndpointAuthMethod, client.clientSecret), source: 'registered' }
}
