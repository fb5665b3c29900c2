/**
 * `mcp-elicit/auth` against a REAL authorization server: oidc-provider (the
 * certified OpenID provider) with dynamic registration, PKCE, resource
 * indicators, JWT access tokens, rotating refresh tokens and its own
 * development login/consent pages, in front of MCP servers built with the
 * official SDK that require its bearer tokens (JWKS-verified, audience and
 * scope checked). Nothing of the authorization server is faked: the
 * person's step is driven through the provider's real pages
 * (`headless-user.ts`).
 *
 * Every test has its own `oauth()` provider, credential storage and browser
 * (cookie jar), so each starts signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createClient, type InputContext, type InputRequests, type InputResponses, type McpResult } from '../../src/core/index.ts'
import {
  McpAuthError,
  isMcpAuthError,
  memoryCredentials,
  oauth,
  type AuthEvent,
  type CredentialStorage,
  type OAuthOptions,
  type StoredTokens,
} from '../../src/auth/index.ts'
import { startBearerMcpServer, type BearerMcpServer, type TimelineEntry } from '../../servers/bearer-mcp-server.ts'
import { startAuthorizationServer, type AuthorizationServer } from '../../servers/authorization-server.ts'
import { headlessUser, type HeadlessUser } from '../../servers/headless-user.ts'

const REDIRECT_URI = 'http://127.0.0.1:53682/callback'
const CALL = { timeoutMs: 8_000 }

let as: AuthorizationServer
/** Every request needs a token: mcp:read for all, mcp:write / mcp:admin for two tools. */
let guarded: BearerMcpServer
/** Only the retries of an open round (requests that carry answers or requestState) need a token. */
let lateGate: BearerMcpServer
/** Access tokens live 2 s; its requests go to a shared timeline. */
let shortLived: BearerMcpServer
/** DPoP-bound tokens only, with a nonce of its own in every proof. */
let senderBound: BearerMcpServer
const timeline: TimelineEntry[] = []

beforeAll(async () => {
  as = await startAuthorizationServer()
  const common = { issuer: as.issuer, jwksUri: as.jwksUri }
  guarded = await startBearerMcpServer({ ...common, toolScopes: { write_note: ['mcp:write'], admin_reset: ['mcp:admin'] } })
  lateGate = await startBearerMcpServer({ ...common, protect: ({ params }) => params?.inputResponses !== undefined || params?.requestState !== undefined })
  shortLived = await startBearerMcpServer({ ...common, timeline })
  senderBound = await startBearerMcpServer({ ...common, dpop: { requireNonce: true } })
  // The provider never grants mcp:admin, though the server asks for it.
  as.addResource(guarded.url, { scopes: ['mcp:read', 'mcp:write'] })
  as.addResource(lateGate.url, { scopes: ['mcp:read'] })
  as.addResource(shortLived.url, { scopes: ['mcp:read'], accessTokenTtl: 2 })
  as.addResource(senderBound.url, { scopes: ['mcp:read'] })
})

afterAll(async () => {
  await Promise.all([guarded, lateGate, shortLived, senderBound].map((server) => server?.close()))
  await as?.close()
  // The provider reported no internal error in the whole file.
  expect(as?.errors ?? []).toEqual([])
})

function textOf(result: McpResult): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('')
}

/** Answers every elicitation with `color`, recording each round it was asked. */
function answering(color: string) {
  const rounds: Array<{ requests: InputRequests; context: InputContext }> = []
  const onInputRequests = async (requests: InputRequests, context: InputContext): Promise<InputResponses> => {
    rounds.push({ requests, context })
    return Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { color } }]))
  }
  return { rounds, onInputRequests }
}

interface Session {
  user: HeadlessUser
  events: AuthEvent[]
  storage: CredentialStorage
  auth: ReturnType<typeof oauth>
}

function signInAs(accountId: string, options: Partial<OAuthOptions> = {}): Session {
  const user = headlessUser({ accountId, redirectUri: REDIRECT_URI })
  const events: AuthEvent[] = []
  const storage = options.storage ?? memoryCredentials()
  const auth = oauth({
    redirectUri: REDIRECT_URI,
    redirectToAuthorization: user.redirectToAuthorization,
    clientName: 'mcp-elicit oidc-provider integration test',
    storage,
    onEvent: (event) => events.push(event),
    ...options,
  })
  return { user, events, storage, auth }
}

function connect(server: BearerMcpServer, session: Session, onInputRequests?: ReturnType<typeof answering>['onInputRequests']) {
  return createClient(server.url, {
    auth: session.auth,
    protocolVersion: '2026-07-28',
    capabilities: { elicitation: { form: {} } },
    onInputRequests,
    onWarning: () => {},
    timeoutMs: CALL.timeoutMs,
  })
}

async function storedTokens(storage: CredentialStorage, resource: string): Promise<StoredTokens> {
  const raw = await storage.get(`tokens ${as.issuer} ${resource}`)
  expect(raw, `tokens for ${resource} are stored`).toBeTypeOf('string')
  return JSON.parse(raw!) as StoredTokens
}

const registrations = () => as.events.filter((event) => event.name === 'registration')
const grants = (type: string) => as.events.filter((event) => event.name === 'grant.success' && event.detail?.grantType === type)

describe('mcp-elicit/auth against oidc-provider', () => {
  it('signs in (dynamic registration, PKCE S256, resource, iss) and completes a tool with one input round', async () => {
    const registeredBefore = registrations().length
    const session = signInAs('alice')
    const input = answering('green')
    const client = connect(guarded, session, input.onInputRequests)

    const result = await client.callTool('ask_color', {}, CALL)

    expect(textOf(result)).toBe('colour green')
    expect(guarded.completed.at(-1)?.color).toBe('green')
    expect(input.rounds).toHaveLength(1)
    expect(Object.keys(input.rounds[0]!.requests)).toEqual(['color'])

    // Exactly one sign-in, through the provider's real login and consent pages.
    expect(session.user.requests).toHaveLength(1)
    expect(session.user.pages).toEqual([['login', 'consent']])
    const [request] = session.user.requests
    expect(request!.issuer).toBe(as.issuer)
    expect(request!.resource).toBe(guarded.url)
    expect(request!.stepUp).toBe(false)
    const asked = request!.url.searchParams
    expect(asked.get('code_challenge_method')).toBe('S256')
    expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(asked.get('resource')).toBe(guarded.url)
    expect(asked.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:read']))

    // The client registered itself at the provider (public client), and used that id.
    const registered = registrations().slice(registeredBefore)
    expect(registered).toHaveLength(1)
    expect(registered[0]!.detail?.tokenEndpointAuthMethod).toBe('none')
    const clientId = registered[0]!.clientId!
    expect(asked.get('client_id')).toBe(clientId)

    // The provider answered with code, state and its issuer (RFC 9207); the code had a S256 challenge.
    const [callback] = session.user.callbacks
    expect(callback!.searchParams.get('iss')).toBe(as.issuer)
    expect(callback!.searchParams.get('state')).toBe(asked.get('state'))
    expect(callback!.searchParams.get('code')).toBeTruthy()
    const code = as.events.find((event) => event.name === 'authorization_code.saved' && event.clientId === clientId)
    expect(code?.detail?.codeChallengeMethod).toBe('S256')
    expect(grants('authorization_code').filter((event) => event.clientId === clientId)).toHaveLength(1)

    // The MCP server saw no token first (401), then only valid tokens for its audience.
    const seen = guarded.requests.filter((entry) => entry.claims?.client_id === clientId || entry.accessToken === undefined)
    expect(seen[0]?.status).toBe(401)
    const calls = guarded.requests.filter((entry) => entry.tool === 'ask_color' && entry.status === 200)
    expect(calls).toHaveLength(2) // the round, then its retry with the answer
    for (const call of calls) {
      expect(call.claims).toMatchObject({ iss: as.issuer, aud: guarded.url, sub: 'alice', client_id: clientId })
      expect(call.claims!.scope!.split(' ')).toContain('mcp:read')
    }
    expect(session.events.map((event) => event.step)).toEqual(expect.arrayContaining(['registration', 'authorization', 'token', 'signed-in']))
    expect(session.auth.isSignedIn(guarded.url)).toBe(true)
  })

  it('keeps an open round across a sign-in: the first 401 is the retry of the round', async () => {
    const session = signInAs('carol')
    const input = answering('blue')
    const client = connect(lateGate, session, input.onInputRequests)
    const before = lateGate.requests.length

    const result = await client.callTool('ask_color', {}, CALL)

    expect(textOf(result)).toBe('colour blue')
    expect(input.rounds).toHaveLength(1) // nobody asked twice
    expect(session.user.requests).toHaveLength(1) // one sign-in
    const calls = lateGate.requests.slice(before).filter((entry) => entry.tool === 'ask_color')
    // round 1 (no token needed), its retry refused (401), the same retry with a token.
    expect(calls.map((entry) => entry.status)).toEqual([200, 401, 200])
    expect(lateGate.requests.slice(before).findIndex((entry) => entry.status === 401)).toBe(
      lateGate.requests.slice(before).indexOf(calls[1]!),
    )
    const [, refused, retried] = calls
    expect(refused!.accessToken).toBeUndefined()
    expect(refused!.params?.inputResponses).toEqual({ color: { action: 'accept', content: { color: 'blue' } } })
    expect(typeof refused!.params?.requestState).toBe('string')
    // The retry is the same round: same answers, same requestState.
    expect(retried!.params?.inputResponses).toEqual(refused!.params?.inputResponses)
    expect(retried!.params?.requestState).toBe(refused!.params?.requestState)
    expect(retried!.claims).toMatchObject({ aud: lateGate.url, sub: 'carol' })
    expect(lateGate.completed.at(-1)?.color).toBe('blue')
  })

  it('refreshes an expired access token silently, storing the rotated refresh token before using the new access token', async () => {
    const writes: TimelineEntry[] = []
    const inner = memoryCredentials()
    const storage: CredentialStorage = {
      get: (key) => inner.get(key),
      delete: (key) => inner.delete(key),
      set(key, value) {
        inner.set(key, value)
        if (!key.startsWith('tokens ')) return
        const tokens = JSON.parse(value) as StoredTokens
        const entry: TimelineEntry = { kind: 'store', key, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }
        writes.push(entry)
        timeline.push(entry)
      },
    }
    // No margin: the token is used until it has expired.
    const session = signInAs('dave', { storage, refreshMarginMs: 0 })
    const client = connect(shortLived, session)

    expect(textOf(await client.callTool('read_notes', {}, CALL))).toBe('notes: none yet')
    expect(session.user.requests).toHaveLength(1)
    expect(session.user.requests[0]!.scopes).toContain('offline_access')
    const first = await storedTokens(storage, shortLived.url)
    expect(first.refreshToken, 'offline_access gave a refresh token').toBeTypeOf('string')
    expect(first.expiresAt! - Date.now()).toBeLessThanOrEqual(2_000)

    // Past expiry, at the client and at the server (whole seconds in the JWT).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, first.expiresAt! - Date.now()) + 150))
    const refreshesBefore = grants('refresh_token').length
    expect(textOf(await client.callTool('read_notes', {}, CALL))).toBe('notes: none yet')

    expect(session.user.requests).toHaveLength(1) // no second sign-in
    expect(grants('refresh_token').length).toBe(refreshesBefore + 1)
    expect(grants('refresh_token').at(-1)?.detail?.resource, 'the refresh names the resource (RFC 8707)').toBe(shortLived.url)
    expect(session.events.map((event) => event.step)).toContain('refresh')
    const second = await storedTokens(storage, shortLived.url)
    expect(second.accessToken).not.toBe(first.accessToken)
    expect(second.refreshToken).toBeTypeOf('string')
    expect(second.refreshToken, 'the refresh token was rotated').not.toBe(first.refreshToken)
    // The write of the rotated refresh token came before the first MCP request with the new access token.
    const stored = timeline.findIndex((entry) => entry.kind === 'store' && entry.refreshToken === second.refreshToken)
    const used = timeline.findIndex((entry) => entry.kind === 'mcp' && entry.accessToken === second.accessToken)
    expect(stored).toBeGreaterThanOrEqual(0)
    expect(used).toBeGreaterThan(stored)
    // No request went out with the expired token after it expired and got refused.
    expect(shortLived.requests.filter((entry) => entry.accessToken === first.accessToken && entry.status === 401)).toEqual([])

    // A token the server refuses before its time (revoked) is refreshed too, without a sign-in.
    shortLived.revoke(second.accessToken)
    expect(textOf(await client.callTool('read_notes', {}, CALL))).toBe('notes: none yet')
    expect(session.user.requests).toHaveLength(1)
    const third = await storedTokens(storage, shortLived.url)
    expect(third.refreshToken).not.toBe(second.refreshToken)
    expect(timeline.findIndex((entry) => entry.kind === 'mcp' && entry.accessToken === third.accessToken)).toBeGreaterThan(
      timeline.findIndex((entry) => entry.kind === 'store' && entry.refreshToken === third.refreshToken),
    )
    expect(writes.map((entry) => (entry as { refreshToken?: string }).refreshToken)).toEqual([first.refreshToken, second.refreshToken, third.refreshToken])

    // The provider really rotated: the first refresh token is dead.
    const reuse = await fetch(`${as.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refreshToken!, client_id: session.user.requests[0]!.url.searchParams.get('client_id')! }),
    })
    expect(reuse.status).toBe(400)
    expect(((await reuse.json()) as { error?: string }).error).toBe('invalid_grant')
  })

  it('steps up from mcp:read to mcp:write on 403 insufficient_scope, then the call succeeds', async () => {
    const session = signInAs('erin', { maxStepUps: 2 })
    const client = connect(guarded, session)

    expect(textOf(await client.callTool('read_notes', {}, CALL))).toBe('notes: none yet')
    expect(session.user.requests).toHaveLength(1)
    const [signIn] = session.user.requests
    expect(signIn!.stepUp).toBe(false)
    expect(signIn!.scopes).toContain('mcp:read')
    expect(signIn!.scopes).not.toContain('mcp:write')
    const firstToken = (await storedTokens(session.storage, guarded.url)).accessToken
    expect(guarded.requests.find((entry) => entry.accessToken === firstToken)?.claims?.scope).toBe('mcp:read')

    // mcp:write: refused with 403, a second authorization for the union, then the call goes through.
    const before = guarded.requests.length
    expect(textOf(await client.callTool('write_note', {}, CALL))).toBe('note written')
    expect(session.user.requests).toHaveLength(2)
    const stepUp = session.user.requests[1]!
    expect(stepUp.stepUp).toBe(true)
    expect(stepUp.scopes).toEqual(expect.arrayContaining(['mcp:read', 'mcp:write']))
    expect(stepUp.url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp:read', 'mcp:write']))
    expect(stepUp.url.searchParams.get('resource')).toBe(guarded.url)
    expect(session.user.pages[1]).toEqual(['consent']) // still signed in at the provider: consent only
    const writes = guarded.requests.slice(before).filter((entry) => entry.tool === 'write_note')
    expect(writes.map((entry) => entry.status)).toEqual([403, 200])
    expect(writes[1]!.claims!.scope!.split(' ').sort()).toEqual(['mcp:read', 'mcp:write'])
    expect(writes[1]!.claims!.sub).toBe('erin')
    expect(session.events.some((event) => event.step === 'step-up')).toBe(true)
    // The new token serves the tools of the first scope too, with no further authorization.
    expect(textOf(await client.callTool('read_notes', {}, CALL))).toBe('notes: none yet')
    expect(session.user.requests).toHaveLength(2)
  })

  it('with maxStepUps 0, a 403 insufficient_scope ends in McpAuthInsufficientScopeError without a second authorization', async () => {
    const session = signInAs('frank', { maxStepUps: 0 })
    const client = connect(guarded, session)

    const failure = await client.callTool('write_note', {}, CALL).then(() => undefined, (error: unknown) => error)

    expect(failure).toBeInstanceOf(McpAuthError)
    expect((failure as McpAuthError).code).toBe('AUTH_INSUFFICIENT_SCOPE')
    expect(session.user.requests).toHaveLength(1) // the sign-in, no step-up
  })

  it('ends a scope the provider never grants (mcp:admin) in a typed McpAuthError, after at most maxStepUps authorizations', async () => {
    const maxStepUps = 2
    const session = signInAs('grace', { maxStepUps })
    const client = connect(guarded, session)
    const before = guarded.requests.length

    const failure = await client.callTool('admin_reset', {}, CALL).then(() => undefined, (error: unknown) => error)

    // Bounded: the sign-in, then at most maxStepUps step-ups, each refused again by the server.
    expect(session.user.requests.length).toBeGreaterThanOrEqual(2)
    expect(session.user.requests.length).toBeLessThanOrEqual(1 + maxStepUps)
    expect(session.user.requests.slice(1).every((request) => request.stepUp && request.scopes.includes('mcp:admin'))).toBe(true)
    const admins = guarded.requests.slice(before).filter((entry) => entry.tool === 'admin_reset' && entry.accessToken !== undefined)
    expect(admins.length).toBeGreaterThanOrEqual(1)
    expect(admins.every((entry) => entry.status === 403 && !entry.claims!.scope!.split(' ').includes('mcp:admin'))).toBe(true)
    // The provider granted everything but mcp:admin; the failure is the auth layer's, typed.
    expect(failure, 'the call fails').toBeDefined()
    expect(isMcpAuthError(failure), `an McpAuthError, got ${String(failure)}`).toBe(true)
    expect(failure).toBeInstanceOf(McpAuthError)
    expect(['AUTH_INSUFFICIENT_SCOPE', 'AUTH_ACCESS_DENIED']).toContain((failure as McpAuthError).code)
  })
})

describe('mcp-elicit/auth against oidc-provider with its default refresh-token policy', () => {
  it('gets a refresh token where the provider issues them only for offline_access (OpenID Connect Core §11)', async () => {
    // oidc-provider's default: a refresh token only for a grant with `offline_access`, a scope it
    // keeps only when the authorization request also carries `prompt=consent`.
    const strict = await startAuthorizationServer({ refreshTokens: 'offline-access' })
    const server = await startBearerMcpServer({ issuer: strict.issuer, jwksUri: strict.jwksUri })
    try {
      strict.addResource(server.url, { scopes: ['mcp:read'] })
      const session = signInAs('heidi')
      const client = connect(server, session)

      expect(textOf(await client.callTool('read_notes', {}, CALL))).toBe('notes: none yet')

      const [request] = session.user.requests
      expect(request!.scopes, 'the client asks for offline_access, which the provider advertises').toContain('offline_access')
      const code = strict.events.find((event) => event.name === 'authorization_code.saved')
      const tokensFor = JSON.parse((await session.storage.get(`tokens ${strict.issuer} ${server.url}`))!) as StoredTokens
      expect(
        tokensFor.refreshToken,
        `a refresh token (authorization URL scope=${request!.url.searchParams.get('scope')}, prompt=${request!.url.searchParams.get('prompt')}; the provider kept scope "${String(code?.detail?.scope)}")`,
      ).toBeTypeOf('string')
      expect(strict.errors).toEqual([])
    } finally {
      await server.close()
      await strict.close()
    }
  })
})

describe('DPoP against oidc-provider', () => {
  it('gets a DPoP-bound token and presents it with a fresh proof per request, taking up the resource server\'s nonce', async () => {
    const session = signInAs('dora', { dpop: true })
    const input = answering('teal')
    const client = connect(senderBound, session, input.onInputRequests)
    expect(textOf(await client.callTool('ask_color', {}, CALL))).toBe('colour teal')
    expect(textOf(await client.callTool('whoami', {}, CALL))).toContain('whoami: dora')

    const tokens = await storedTokens(session.storage, senderBound.url)
    expect(tokens.tokenType).toBe('DPoP')
    const presented = senderBound.requests.filter((r) => r.accessToken === tokens.accessToken)
    expect(presented.every((r) => r.scheme === 'DPoP')).toBe(true)
    // The first proof had no nonce and was asked for one; every request after it was let through.
    expect(presented[0]!.refusal).toBe('no nonce')
    expect(presented.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3)
    expect(presented.filter((r) => r.refusal !== undefined && r.refusal !== 'no nonce')).toEqual([])
  })

  it('a bound token is useless without its key: the same token as a Bearer is refused', async () => {
    const session = signInAs('dora', { dpop: true })
    await connect(senderBound, session).callTool('whoami', {}, CALL)
    const tokens = await storedTokens(session.storage, senderBound.url)
    const stolen = await fetch(senderBound.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } }),
    })
    expect(stolen.status).toBe(401)
    expect(senderBound.requests.at(-1)!.refusal).toBe('scheme Bearer is not DPoP')
  })

  it('without dpop the same provider issues plain bearer tokens', async () => {
    const session = signInAs('bert')
    await connect(guarded, session).callTool('whoami', {}, CALL)
    expect((await storedTokens(session.storage, guarded.url)).tokenType).toBe('Bearer')
  })
})
