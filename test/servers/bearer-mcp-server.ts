/**
 * An MCP server (official SDK, protocol revision 2026-07-28 with multi
 * round-trip requests) that is an OAuth 2.1 protected resource, for
 * integration tests against a real authorization server.
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
 *
 * Every request is recorded with what the gate decided and the claims of
 * the token it carried, and pushed to an optional shared `timeline`, so a
 * test can order it against other events (credential writes).
 *
 * Tools: `ask_color` (one elicitation round carried by signed requestState,
 * then completes), `read_notes`, `write_note`, `admin_reset` (no input; they
 * differ only in the scopes they need).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler, createRequestStateCodec, inputRequired, inputResponse, type CallToolResult } from '@modelcontextprotocol/server'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'

import { describeRpc, parseBody, readBody } from '../../demo/servers/shared.ts'

export interface BearerMcpServerOptions {
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
}

export type TimelineEntry =
  | { kind: 'mcp'; accessToken: string | undefined; status: number; rpcMethod: string | undefined; tool: string | undefined }
  | { kind: 'store'; key: string; accessToken?: string | undefined; refreshToken?: string | undefined }

/** One request to the MCP endpoint as the gate saw it. */
export interface GatedRequest {
  rpcMethod: string | undefined
  tool: string | undefined
  params: Record<string, unknown> | undefined
  /** The bearer token sent, if any. */
  accessToken: string | undefined
  /** The verified claims, when the token was valid. */
  claims: (JWTPayload & { scope?: string; client_id?: string }) | undefined
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
  /** Refuses this access token from now on (as if the authorization server had revoked it). */
  revoke(accessToken: string): void
  close(): Promise<void>
}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] })
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`

export async function startBearerMcpServer(options: BearerMcpServerOptions): Promise<BearerMcpServer> {
  const baseScope = options.baseScope ?? 'mcp:read'
  const toolScopes = options.toolScopes ?? {}
  const scopesSupported = options.scopesSupported ?? [...new Set([baseScope, ...Object.values(toolScopes).flat()])]
  const jwks = createRemoteJWKSet(new URL(options.jwksUri))
  const requests: GatedRequest[] = []
  const completed: Array<{ color: unknown; nonce: string }> = []
  const revoked = new Set<string>()
  let origin = ''
  let url = ''
  let resourceMetadataUrl = ''

  const codec = createRequestStateCodec<{ tool: 'ask_color'; nonce: string }>({ key: randomBytes(32), ttlSeconds: 600 })
  const build = () => {
    const server = new McpServer(
      { name: 'bearer-protected-test-server', version: '1.0.0' },
      { capabilities: {}, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } },
    )
    server.registerTool('ask_color', { description: 'One elicitation round (with requestState), then completes.' }, async (ctx) => {
      const state = ctx.mcpReq.requestState<{ tool: 'ask_color'; nonce: string }>()
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'color')
      if (state === undefined || answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            color: inputRequired.elicit({
              message: 'Pick a colour',
              requestedSchema: { type: 'object', properties: { color: { type: 'string', enum: ['red', 'green', 'blue'] } }, required: ['color'] },
            }),
          },
          requestState: await codec.mint({ tool: 'ask_color', nonce: state?.nonce ?? randomUUID() }),
        })
      }
      const color = answer.action === 'accept' ? answer.content?.color : answer.action
      completed.push({ color, nonce: state.nonce })
      return text(`colour ${String(color)}`)
    })
    server.registerTool('read_notes', { description: 'Needs the base scope.' }, async () => text('notes: none yet'))
    server.registerTool('write_note', { description: 'Needs mcp:write.' }, async () => text('note written'))
    server.registerTool('admin_reset', { description: 'Needs mcp:admin.' }, async () => text('reset done'))
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)

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

  const http = createServer((req: IncomingMessage, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', origin).pathname
      const method = (req.method ?? 'GET').toUpperCase()
      if (method === 'GET' && path === '/.well-known/oauth-protected-resource/mcp') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ resource: url, authorization_servers: [options.issuer], scopes_supported: scopesSupported, bearer_methods_supported: ['header'] }))
        return
      }
      if (path !== '/mcp') {
        res.writeHead(404, { 'content-type': 'text/plain' })
        res.end('not found')
        return
      }
      const raw = method === 'POST' ? await readBody(req) : ''
      const { body, parsed } = parseBody(raw)
      const { rpcMethod, tool } = describeRpc(body)
      const message = Array.isArray(body) ? body[0] : body
      const params = (message as { params?: Record<string, unknown> } | undefined)?.params
      const header = req.headers.authorization
      const accessToken = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : undefined
      const entry: GatedRequest = { rpcMethod, tool, params, accessToken, claims: undefined, refusal: undefined, status: 200 }
      requests.push(entry)
      const settle = (status: number) => {
        entry.status = status
        options.timeline?.push({ kind: 'mcp', accessToken, status, rpcMethod, tool })
      }

      const needed = [baseScope, ...(tool !== undefined && rpcMethod === 'tools/call' ? (toolScopes[tool] ?? []) : [])]
      if (options.protect?.({ rpcMethod, tool, params }) ?? true) {
        const checked = accessToken === undefined ? { refusal: 'no token' } : await verify(accessToken)
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
      if (raw.length > 0 && !parsed) {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
        return
      }
      await serveMcp(req, res, parsed ? body : undefined)
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = http.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  url = `${origin}/mcp`
  resourceMetadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`

  return {
    url,
    origin,
    resourceMetadataUrl,
    requests,
    completed,
    revoke: (token) => void revoked.add(token),
    async close() {
      await handler.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
