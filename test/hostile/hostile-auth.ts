/**
 * A protected MCP server and the authorization server it names, both
 * scripted and both hostile at a test's word: real HTTP on 127.0.0.1 (two
 * hostile servers of the kit, so two origins), every request recorded. The
 * defaults are a well-behaved pair (RFC 9728 metadata, RFC 8414 metadata,
 * dynamic registration, authorization code and refresh grants, RFC 7009
 * revocation); a test changes `metadata`, `resourceMetadata` or the hooks to
 * play the attacker.
 *
 * The person is played by {@link approve}: it asks the request for its
 * authorization URL (what a browser would open) and answers as the
 * authorization server would redirect back.
 */
import type { AuthorizationRequest } from '../../src/auth/index.ts'
import { json, MODERN, result, startHostileServer, text, type Exchange, type HostileServer, type Hit } from './hostile-server.ts'

export const REDIRECT_URI = 'http://127.0.0.1:9/callback'

export interface AuthWorld {
  mcp: HostileServer
  as: HostileServer
  /** `<as origin>/as`: an issuer with a path, as RFC 8414 path insertion asks. */
  issuer: string
  /** The authorization server's metadata, served as is (edit to misbehave). */
  metadata: Record<string, unknown>
  /** The MCP server's protected resource metadata, served as is. */
  resourceMetadata: Record<string, unknown>
  /** Access tokens the MCP server accepts. */
  valid: Set<string>
  /** Refresh grants are refused with `invalid_grant`. */
  refuseRefresh: boolean
  /** Seconds an access token lives. */
  expiresIn: number
  /** Answers a request with valid token before the MCP route does (e.g. a 403 step-up); return true when answered. */
  gate?: ((exchange: Exchange) => boolean) | undefined
  /** Answers any POST before the token is even looked at (a redirect to another endpoint, say); return true when answered. */
  intercept?: ((exchange: Exchange) => boolean) | undefined
  /** Requests to the authorization server at `path` (under the issuer). */
  at(path: string): Hit[]
  close(): Promise<void>
}

const form = (hit: Hit) => new URLSearchParams(hit.text)

export async function startAuthWorld(): Promise<AuthWorld> {
  const mcp = await startHostileServer()
  const as = await startHostileServer()
  const issuer = `${as.origin}/as`
  let issued = 0
  const world: AuthWorld = {
    mcp,
    as,
    issuer,
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
      revocation_endpoint: `${issuer}/revoke`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
      response_types_supported: ['code'],
    },
    resourceMetadata: { resource: mcp.url, authorization_servers: [issuer] },
    valid: new Set(),
    refuseRefresh: false,
    expiresIn: 3600,
    at: (path) => as.hits.filter((hit) => hit.path.split('?')[0] === `/as${path}`),
    async close() {
      await Promise.all([mcp.close(), as.close()])
    },
  }
  const prmPath = '/.well-known/oauth-protected-resource/mcp'
  const challenge = `Bearer resource_metadata="${mcp.origin}${prmPath}"`

  mcp.on('GET', (x) => {
    if (x.hit.path === prmPath) return json(x.res, world.resourceMetadata)
    x.res.writeHead(405).end()
  })
  mcp.on('POST', (x) => {
    if (world.intercept?.(x)) return
    const token = /^(?:Bearer|DPoP) (.+)$/.exec(x.hit.headers.authorization ?? '')?.[1]
    if (!token || !world.valid.has(token)) return json(x.res, { error: 'invalid_token' }, 401, { 'www-authenticate': challenge })
    if (world.gate?.(x)) return
    switch (x.hit.rpc) {
      case 'server/discover':
        return result(x, { supportedVersions: [MODERN], capabilities: { tools: {} }, serverInfo: { name: 'protected', version: '1' } })
      case 'tools/list':
        return result(x, { tools: [{ name: 'whoami', inputSchema: { type: 'object' } }] })
      default:
        return result(x, text(`ok ${token}`))
    }
  })

  const issue = () => {
    issued += 1
    const access = `access-${issued}`
    world.valid.add(access)
    return { access_token: access, token_type: 'Bearer', expires_in: world.expiresIn, refresh_token: `refresh-${issued}`, scope: 'read' }
  }
  as.on('GET', (x) => {
    if (x.hit.path === '/.well-known/oauth-authorization-server/as') return json(x.res, world.metadata)
    x.res.writeHead(404).end()
  })
  as.on('POST', (x) => {
    const path = x.hit.path.split('?')[0]
    if (path === '/as/register') return json(x.res, { client_id: `client-${world.at('/register').length}`, token_endpoint_auth_method: 'none' }, 201)
    if (path === '/as/revoke') return x.res.writeHead(200).end()
    if (path === '/as/token') {
      const grant = form(x.hit).get('grant_type')
      if (grant === 'refresh_token' && world.refuseRefresh) return json(x.res, { error: 'invalid_grant' }, 400)
      return json(x.res, issue())
    }
    x.res.writeHead(404).end()
  })
  return world
}

/** The person approves: the authorization URL is made (as a browser would open it) and the server redirects back. */
export async function approve(request: AuthorizationRequest, issuer = request.issuer): Promise<string> {
  const url = await request.authorizationUrl()
  return `${REDIRECT_URI}?code=the-code&state=${encodeURIComponent(url.searchParams.get('state') ?? '')}&iss=${encodeURIComponent(issuer)}`
}
