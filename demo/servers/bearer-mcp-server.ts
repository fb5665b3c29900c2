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
 * Tools: `ask_color` (one elicitation round carried by signed requestState,
 * then completes), `account_wizard` (three rounds: workspace, plan, confirm;
 * the signed requestState is bound to the signed-in subject), `whoami` (who
 * the token is for, its scopes), `read_notes`, `write_note`, `admin_reset`
 * (no input; they differ only in the scopes they need).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, ProtocolError, ProtocolErrorCode, createMcpHandler, createRequestStateCodec, inputRequired, inputResponse, type CallToolResult } from '@modelcontextprotocol/server'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'

import { dpopCheck } from './dpop-check.ts'
import { countHits, describeRpc, normalizeOrigins, originOf, parseBody, readBody, setCors, type CorsPolicy, type HitLogEntry } from './shared.ts'

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

type StatePayload =
  | { tool: 'ask_color'; nonce: string }
  | { tool: 'account_wizard'; step: 1 | 2 | 3; sub: string | undefined; workspace?: string; plan?: string }

const PLANS = [
  { const: 'hobby', title: 'Hobby (free)' },
  { const: 'team', title: 'Team' },
  { const: 'enterprise', title: 'Enterprise' },
]

/** Response headers a page must be able to read. */
const EXPOSED = ['WWW-Authenticate', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'DPoP-Nonce']

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] })
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`

export async function startBearerMcpServer(options: BearerMcpServerOptions): Promise<BearerMcpServer> {
  const baseScope = options.baseScope ?? 'mcp:read'
  const toolScopes = options.toolScopes ?? {}
  const scopesSupported = options.scopesSupported ?? [...new Set([baseScope, ...Object.values(toolScopes).flat()])]
  const jwks = createRemoteJWKSet(new URL(options.jwksUri))
  const requests: GatedRequest[] = []
  const completed: Array<{ color: unknown; nonce: string }> = []
  const wizards: BearerMcpServer['wizards'] = []
  const log: HitLogEntry[] = []
  const revoked = new Set<string>()
  const policy: CorsPolicy = { origins: normalizeOrigins(options.pageOrigin), expose: EXPOSED }
  /** The verified claims of the request being served, for the tools. */
  const caller = new AsyncLocalStorage<GatedRequest['claims']>()
  let origin = ''
  let url = ''
  let resourceMetadataUrl = ''

  const codec = createRequestStateCodec<StatePayload>({ key: randomBytes(32), ttlSeconds: 600 })
  const build = () => {
    const server = new McpServer(
      { name: options.name ?? 'bearer-protected-test-server', version: '1.0.0' },
      { capabilities: {}, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } },
    )
    server.registerTool('ask_color', { description: 'One elicitation round (with requestState), then completes.' }, async (ctx) => {
      const raw = ctx.mcpReq.requestState<StatePayload>()
      if (raw !== undefined && raw.tool !== 'ask_color') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState belongs to ${raw.tool}`)
      const state = raw
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
    server.registerTool(
      'account_wizard',
      { title: 'Account wizard', description: 'Three rounds (workspace, plan, confirm) behind sign-in; creating the workspace needs mcp:write (a step-up mid-call); the signed requestState is bound to who is signed in.' },
      async (ctx) => {
        const claims = caller.getStore()
        const sub = claims?.sub
        const raw = ctx.mcpReq.requestState<StatePayload>()
        if (raw !== undefined && raw.tool !== 'account_wizard') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState belongs to ${raw.tool}`)
        if (raw !== undefined && raw.sub !== sub) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'requestState belongs to another signed-in user')
        const who = sub ?? 'nobody'
        const askWorkspace = async () =>
          inputRequired({
            inputRequests: {
              workspace: inputRequired.elicit({
                message: `Step 1 of 3: name your workspace (signed in as ${who}).`,
                requestedSchema: {
                  type: 'object',
                  properties: { workspace: { type: 'string', title: 'Workspace name', minLength: 2, maxLength: 40, default: 'my-workspace' } },
                  required: ['workspace'],
                },
              }),
            },
            requestState: await codec.mint({ tool: 'account_wizard', step: 1, sub }),
          })
        const askPlan = async (workspace: string) =>
          inputRequired({
            inputRequests: {
              plan: inputRequired.elicit({
                message: `Step 2 of 3: which plan for ${workspace}?`,
                requestedSchema: { type: 'object', properties: { plan: { type: 'string', title: 'Plan', oneOf: PLANS, default: 'team' } }, required: ['plan'] },
              }),
            },
            requestState: await codec.mint({ tool: 'account_wizard', step: 2, sub, workspace }),
          })
        const askConfirm = async (workspace: string, plan: string) =>
          inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                message: `Step 3 of 3: create ${workspace} on the ${plan} plan for ${who}?`,
                requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Create the workspace', default: true } }, required: ['confirm'] },
              }),
            },
            requestState: await codec.mint({ tool: 'account_wizard', step: 3, sub, workspace, plan }),
          })
        const stopped = (step: string, action: string) => text(`account_wizard: stopped at ${step} (${action})`)
        if (raw === undefined) return askWorkspace()
        if (raw.step === 1) {
          const view = inputResponse(ctx.mcpReq.inputResponses, 'workspace')
          if (view.kind !== 'elicit') return askWorkspace()
          if (view.action !== 'accept') return stopped('workspace', view.action)
          return askPlan(String(view.content?.workspace))
        }
        const workspace = raw.workspace ?? ''
        if (raw.step === 2) {
          const view = inputResponse(ctx.mcpReq.inputResponses, 'plan')
          if (view.kind !== 'elicit') return askPlan(workspace)
          if (view.action !== 'accept') return stopped('plan', view.action)
          return askConfirm(workspace, String(view.content?.plan))
        }
        const plan = raw.plan ?? ''
        const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
        if (view.kind !== 'elicit') return askConfirm(workspace, plan)
        if (view.action !== 'accept') return stopped('confirm', view.action)
        const confirm = view.content?.confirm === true
        wizards.push({ sub, workspace, plan, confirm })
        return text(`account_wizard: ${confirm ? 'created' : 'not created'} workspace ${JSON.stringify(workspace)} on plan ${plan} for ${who}`)
      },
    )
    server.registerTool('whoami', { title: 'Who am I', description: 'Who the access token is for, and its scopes.' }, async () => {
      const claims = caller.getStore()
      return text(`whoami: ${claims?.sub ?? 'nobody'} (scope ${claims?.scope ?? 'none'}; issuer ${claims?.iss ?? 'none'})`)
    })
    server.registerTool('read_notes', { description: 'Needs the base scope.' }, async () => text('notes: none yet'))
    server.registerTool('write_note', { description: 'Needs mcp:write.' }, async () => text('note written'))
    server.registerTool('admin_reset', { description: 'Needs mcp:admin.' }, async () => text('reset done'))
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

  const http = createServer((req: IncomingMessage, res) => {
    void (async () => {
      const target = new URL(req.url ?? '/', origin)
      const path = target.pathname
      const method = (req.method ?? 'GET').toUpperCase()
      setCors(req, res, policy)
      if (method === 'OPTIONS') {
        log.push({ at: Date.now(), method, path: path + target.search })
        res.writeHead(204).end()
        return
      }
      if (method === 'GET' && path === '/.well-known/oauth-protected-resource/mcp') {
        log.push({ at: Date.now(), method, path: path + target.search })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ resource: url, authorization_servers: [options.issuer], scopes_supported: scopesSupported, bearer_methods_supported: ['header'] }))
        return
      }
      if (path !== '/mcp') {
        log.push({ at: Date.now(), method, path: path + target.search })
        res.writeHead(404, { 'content-type': 'text/plain' })
        res.end('not found')
        return
      }
      const raw = method === 'POST' ? await readBody(req) : ''
      const { body, parsed } = parseBody(raw)
      const { rpcMethod, tool } = describeRpc(body)
      log.push({ at: Date.now(), method, path: path + target.search, ...(rpcMethod !== undefined && { rpcMethod }), ...(tool !== undefined && { tool }) })
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
          const refusal = !/^DPoP$/i.test(scheme ?? '') ? `scheme ${scheme ?? 'none'} is not DPoP` : await dpop.verify({ proof, method, url: `${origin}${path}${target.search}`, accessToken: accessToken!, jkt: cnf?.jkt })
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
      if (raw.length > 0 && !parsed) {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
        return
      }
      await caller.run(entry.claims, () => serveMcp(req, res, parsed ? body : undefined))
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = http.address() as AddressInfo
  origin = originOf(options.host ?? '127.0.0.1', port)
  url = `${origin}/mcp`
  resourceMetadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`

  return {
    url,
    origin,
    resourceMetadataUrl,
    requests,
    completed,
    wizards,
    log,
    hits: (path) => countHits(log, path),
    revoke: (token) => void revoked.add(token),
    async close() {
      await handler.close()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
