/**
 * An MCP server (official SDK, protocol revision 2026-07-28 with multi
 * round-trip requests) that is an OAuth 2.1 protected resource, shared by the
 * demo stack (its "protected" servers) and the auth integration tests.
 *
 * - Serves its RFC 9728 protected resource metadata at
 *   `/.well-known/oauth-protected-resource/mcp`: `resource` is the MCP URL,
 *   `authorization_servers` the configured issuer, `scopes_supported`.
 * - Requires `Authorization: Bearer <JWT access token>` on the MCP endpoint
 *   (or only on the requests `protect` picks). A token is valid when its
 *   signature checks against the issuer's JWKS, `typ` is `at+jwt`, `iss` is
 *   the issuer, `aud` is this server's URL and it has not expired (no clock
 *   tolerance) and has not been revoked here with {@link BearerMcpServer.revoke}.
 *   Missing or invalid: 401 with
 *   `WWW-Authenticate: Bearer [error="invalid_token", ]scope="<base>", resource_metadata="<url>"`.
 * - Checks scopes: every request needs `baseScope`; a tool listed in
 *   `toolScopes` needs those too, else 403 with
 *   `WWW-Authenticate: Bearer error="insufficient_scope", scope="<all needed>", resource_metadata="<url>"`.
 * - CORS for browser pages on every response (metadata, 401, 403, MCP
 *   answers) and preflights answered: `Access-Control-Allow-Origin` (`*`, or
 *   the `pageOrigin`s), `Access-Control-Allow-Headers` with `Authorization`,
 *   `Content-Type`, `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and every
 *   requested `Mcp-*` name (the `Mcp-Param-*` headers cannot be listed in
 *   advance), and `Access-Control-Expose-Headers: WWW-Authenticate,
 *   Mcp-Session-Id, MCP-Protocol-Version` (without it a page cannot read the
 *   challenge, so it cannot find the authorization server).
 *
 * Every request is recorded with what the gate decided and the claims of
 * the token it carried, and pushed to an optional shared `timeline`, so a
 * test can order it against other events (credential writes). Every HTTP hit
 * (preflights and metadata too) is in `log`.
 *
 * Tools (`tools/protected.ts`): `ask_color`, `account_wizard`, `whoami`,
 * `read_notes`, `write_note`, `admin_reset`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler, createRequestStateCodec } from '@modelcontextprotocol/server'
import { createRemoteJWKSet, jwtVerify } from 'jose'

import { dpopCheck } from './dpop-check.ts'
import { normalizeOrigins, startHost } from './host.ts'
import type { HitLogEntry } from './host.ts'
import { registerProtectedTools } from './tools/protected.ts'
import type { ProtectedState, TokenClaims } from './tools/protected.ts'

export interface BearerMcpServerOptions {
  /** @defaultValue `127.0.0.1` */
  host?: string
  /** @defaultValue 0 (a free port) */
  port?: number
  /** Page origin(s) allowed by CORS. @defaultValue any (`Access-Control-Allow-Origin: *`; bearer tokens, no cookies) */
  pageOrigin?: string | string[]
  /** `serverInfo.name` (tells two protected servers apart). @defaultValue `bearer-protected-test-server` */
  name?: string
  /** The authorization server's issuer, named in the resource metadata and checked in tokens. */
  issuer: string
  /** Where its signing keys are. */
  jwksUri: string
  /** Needed for every request. @defaultValue `'mcp:read'` */
  baseScope?: string
  /** More scopes per tool name. */
  toolScopes?: Record<string, readonly string[]>
  /** `scopes_supported` of the resource metadata. @defaultValue base scope plus every tool scope */
  scopesSupported?: readonly string[]
  /** Which requests need a token. @defaultValue every request to the MCP endpoint */
  protect?: (request: { rpcMethod: string | undefined; tool: string | undefined; params: Record<string, unknown> | undefined }) => boolean
  /** A shared, ordered log: each MCP request is pushed to it as it arrives. */
  timeline?: TimelineEntry[]
  /**
   * Sender-constrained tokens only (DPoP, RFC 9449): `Authorization: DPoP`,
   * a valid proof bound to the token's `cnf.jkt`; with `requireNonce`, the
   * proof must carry this server's nonce (the first one is refused with
   * `use_dpop_nonce`).
   */
  dpop?: { requireNonce?: boolean } | undefined
}

export type TimelineEntry =
  | { kind: 'mcp'; accessToken: string | undefined; status: number; rpcMethod: string | undefined; tool: string | undefined }
  | { kind: 'store'; key: string; accessToken?: string | undefined; refreshToken?: string | undefined }

/** One request to the MCP endpoint as the gate saw it. */
export interface GatedRequest {
  rpcMethod: string | undefined
  tool: string | undefined
  params: Record<string, unknown> | undefined
  /** The access token sent, if any. */
  accessToken: string | undefined
  /** The scheme it came with (`Bearer`, `DPoP`). */
  scheme: string | undefined
  /** The verified claims, when the token was valid. */
  claims: TokenClaims | undefined
  /** Why the token was refused, when it was. */
  refusal: string | undefined
  /** 401, 403, or 200 for a request handed to the MCP server. */
  status: number
}

export interface BearerMcpServer {
  url: string
  origin: string
  resourceMetadataUrl: string
  requests: GatedRequest[]
  /** What `ask_color` got, per completed call. */
  completed: Array<{ color: unknown; nonce: string }>
  /** What `account_wizard` finished with, per completed call. */
  wizards: Array<{ sub: string | undefined; workspace: string; plan: string; confirm: boolean }>
  /** Every HTTP hit, in arrival order (preflights and metadata included). */
  log: HitLogEntry[]
  /** Hits on `path` (any query unless `path` has one). */
  hits(path: string): number
  /** Refuses this access token from now on (as if the authorization server had revoked it). */
  revoke(accessToken: string): void
  close(): Promise<void>
}

/** Response headers a page must be able to read. */
const EXPOSED = ['WWW-Authenticate', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'DPoP-Nonce']

const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`

export async function startBearerMcpServer(options: BearerMcpServerOptions): Promise<BearerMcpServer> {
  const baseScope = options.baseScope ?? 'mcp:read'
  const toolScopes = options.toolScopes ?? {}
  const scopesSupported = options.scopesSupported ?? [...new Set([baseScope, ...Object.values(toolScopes).flat()])]
  const jwks = createRemoteJWKSet(new URL(options.jwksUri))
  const requests: GatedRequest[] = []
  const completed: Array<{ color: unknown; nonce: string }> = []
  const wizards: BearerMcpServer['wizards'] = []
  const revoked = new Set<string>()
  /** The verified claims of the request being served, for the tools. */
  const caller = new AsyncLocalStorage<GatedRequest['claims']>()
  let origin = ''
  let url = ''
  let resourceMetadataUrl = ''

  const codec = createRequestStateCodec<ProtectedState>({ key: randomBytes(32), ttlSeconds: 600 })
  const build = () => {
    const server = new McpServer(
      { name: options.name ?? 'bearer-protected-test-server', version: '1.0.0' },
      { capabilities: {}, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } },
    )
    registerProtectedTools(server, { mint: (state) => codec.mint(state), claims: () => caller.getStore(), completed, wizards })
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)
  const dpop = options.dpop ? dpopCheck({ requireNonce: options.dpop.requireNonce === true }) : undefined

  async function verify(token: string): Promise<{ claims?: GatedRequest['claims']; refusal?: string }> {
    if (revoked.has(token)) return { refusal: 'revoked' }
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, audience: url, typ: 'at+jwt', algorithms: ['RS256'], clockTolerance: 0 })
      return { claims: payload as GatedRequest['claims'] }
    } catch (error) {
      return { refusal: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
    }
  }

  const challenge = (extra: string) => `Bearer ${extra}resource_metadata=${quote(resourceMetadataUrl)}`

  const host = await startHost({
    host: options.host,
    port: options.port,
    cors: { origins: normalizeOrigins(options.pageOrigin), expose: EXPOSED },
    page: ({ url: target, method }, _req, res) => {
      if (method !== 'GET' || target.pathname !== '/.well-known/oauth-protected-resource/mcp') return false
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ resource: url, authorization_servers: [options.issuer], scopes_supported: scopesSupported, bearer_methods_supported: ['header'] }))
      return true
    },
    serve: (req, res, { url: target, method, body, entry: { rpcMethod, tool } }) => gate(req, res, target, method, body, rpcMethod, tool),
    onClose: () => handler.close(),
  })
  origin = host.origin
  url = host.url
  resourceMetadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`

  /** Checks the token (and its DPoP proof) and the scopes, then hands the request to the MCP server with the caller's claims. */
  async function gate(req: IncomingMessage, res: ServerResponse, target: URL, method: string, body: unknown, rpcMethod: string | undefined, tool: string | undefined): Promise<void> {
    const message = Array.isArray(body) ? body[0] : body
    const params = (message as { params?: Record<string, unknown> } | undefined)?.params
    const header = req.headers.authorization
    const presented = typeof header === 'string' ? /^(Bearer|DPoP) +(.+)$/i.exec(header.trim()) : null
    const scheme = presented?.[1]
    const accessToken = presented?.[2]
    const entry: GatedRequest = { rpcMethod, tool, params, accessToken, scheme, claims: undefined, refusal: undefined, status: 200 }
    requests.push(entry)
    const settle = (status: number) => {
      entry.status = status
      options.timeline?.push({ kind: 'mcp', accessToken, status, rpcMethod, tool })
    }

    const needed = [baseScope, ...(tool !== undefined && rpcMethod === 'tools/call' ? (toolScopes[tool] ?? []) : [])]
    // Creating the workspace (the wizard's last answer) writes: it needs mcp:write, a step-up in the middle of the call.
    const answers = (params as { inputResponses?: unknown } | undefined)?.inputResponses
    if (tool === 'account_wizard' && rpcMethod === 'tools/call' && typeof answers === 'object' && answers !== null && 'confirm' in answers) needed.push('mcp:write')
    if (options.protect?.({ rpcMethod, tool, params }) ?? true) {
      const checked = accessToken === undefined ? { refusal: 'no token' } : await verify(accessToken)
      // A DPoP-only server takes a token only with its scheme and a proof of the key it is bound to.
      if (dpop && checked.claims) {
        const proof = typeof req.headers.dpop === 'string' ? req.headers.dpop : undefined
        const cnf = checked.claims.cnf as { jkt?: unknown } | undefined
        const refusal = !/^DPoP$/i.test(scheme ?? '') ? `scheme ${scheme ?? 'none'} is not DPoP` : await dpop.verify({ proof, method, url: `${origin}${target.pathname}${target.search}`, accessToken: accessToken!, jkt: cnf?.jkt })
        if (refusal === 'nonce') {
          entry.refusal = 'no nonce'
          settle(401)
          res.writeHead(401, { 'www-authenticate': 'DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"', 'dpop-nonce': dpop.nonce(), 'content-type': 'application/json' })
          res.end(JSON.stringify({ error: 'use_dpop_nonce' }))
          return
        }
        if (refusal !== undefined) {
          checked.claims = undefined
          checked.refusal = refusal
        }
      }
      entry.claims = checked.claims
      entry.refusal = checked.refusal
      if (!checked.claims) {
        settle(401)
        const error = accessToken === undefined ? '' : 'error="invalid_token", '
        res.writeHead(401, { 'www-authenticate': challenge(`${error}scope=${quote(baseScope)}, `), 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: accessToken === undefined ? 'unauthorized' : 'invalid_token' }))
        return
      }
      const granted = new Set((checked.claims.scope ?? '').split(' ').filter(Boolean))
      if (!needed.every((scope) => granted.has(scope))) {
        settle(403)
        res.writeHead(403, { 'www-authenticate': challenge(`error="insufficient_scope", scope=${quote(needed.join(' '))}, `), 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: 'insufficient_scope' }))
        return
      }
    }
    settle(200)
    await caller.run(entry.claims, () => serveMcp(req, res, body))
  }

  return {
    url,
    origin,
    resourceMetadataUrl,
    requests,
    completed,
    wizards,
    log: host.log,
    hits: host.hits,
    revoke: (token) => void revoked.add(token),
    close: host.close,
  }
}
