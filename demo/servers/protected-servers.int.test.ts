/**
 * The demo stack's protected deployments, as a browser page would meet them
 * (CORS, the callback page) and as our client uses them from Node: a
 * headless sign-in through the demo's real oidc-provider (its own login and
 * consent pages), then a three-round tool with `createClient` + `oauth`.
 *
 * The stack runs in static mode WITHOUT building the page (`build: false`):
 * these tests are about the servers, not the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createClient, type InputRequests, type InputResponses, type McpResult } from '../../src/core/index.ts'
import { memoryCredentials, oauth, type CredentialStorage, type OAuthOptions, type StoredTokens } from '../../src/auth/index.ts'
import { headlessUser, type HeadlessUser } from '../../servers/headless-user.ts'
import { OAUTH_CALLBACK_PATH, contentSecurityPolicy, startDemoStack, type DemoStack, type ProtectedDeployment } from '../stack.ts'

const CALL = { timeoutMs: 8_000 }

let stack: DemoStack
let pageOrigin: string

beforeAll(async () => {
  stack = await startDemoStack({ mode: 'static', build: false })
  pageOrigin = new URL(stack.pageUrl).origin
})

afterAll(async () => {
  await stack?.close()
  for (const deployment of Object.values(stack?.protected ?? {})) expect(deployment.as.errors).toEqual([])
})

function textOf(result: McpResult): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('')
}

interface Session {
  user: HeadlessUser
  storage: CredentialStorage
  auth: ReturnType<typeof oauth>
}

function signInAs(accountId: string, options: Partial<OAuthOptions> = {}): Session {
  const user = headlessUser({ accountId, redirectUri: stack.redirectUri })
  const storage = options.storage ?? memoryCredentials()
  const auth = oauth({ redirectUri: stack.redirectUri, redirectToAuthorization: user.redirectToAuthorization, clientName: 'mcp-elicit demo stack test', storage, ...options })
  return { user, storage, auth }
}

function connect(deployment: ProtectedDeployment, session: Session, onInputRequests?: (requests: InputRequests) => Promise<InputResponses>) {
  return createClient(deployment.mcp.url, {
    auth: session.auth,
    protocolVersion: '2026-07-28',
    capabilities: { elicitation: { form: {} } },
    ...(onInputRequests && { onInputRequests }),
    onWarning: () => {},
    timeoutMs: CALL.timeoutMs,
  })
}

async function tokensOf(session: Session, deployment: ProtectedDeployment): Promise<StoredTokens> {
  const raw = await session.storage.get(`tokens ${deployment.as.issuer} ${deployment.mcp.url}`)
  expect(raw, 'tokens are stored').toBeTypeOf('string')
  return JSON.parse(raw!) as StoredTokens
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

function preflight(url: string, origin: string, method: string, headers: string) {
  return fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } })
}

describe('demo stack: protected deployments', () => {
  it('lists the protected servers in /demo-config.json (auth, issuer) and allows their origins in the CSP', async () => {
    const response = await fetch(new URL('/demo-config.json', stack.pageUrl))
    const config = (await response.json()) as DemoStack['config']
    expect(config).toEqual(stack.config)
    expect(config.oauthCallbackPath).toBe(OAUTH_CALLBACK_PATH)
    const ids = config.servers.map((server) => server.id)
    expect(ids).toEqual(['demo', 'legacy', 'protected', 'protected-2', 'protected-nocors', 'protected-coop'])
    const { primary, second, noCors, coop } = stack.protected
    for (const deployment of [primary, second, noCors, coop]) {
      const entry = config.servers.find((server) => server.id === deployment.id)
      expect(entry).toMatchObject({ url: deployment.mcp.url, era: 'modern', auth: true, issuer: deployment.as.issuer })
    }
    // Every provider and every MCP server on its own origin.
    expect(new Set([primary, second, noCors, coop].flatMap((d) => [d.as.origin, d.mcp.origin])).size).toBe(8)
    expect(primary.as.issuer).not.toBe(second.as.issuer)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toBe(contentSecurityPolicy(config))
    const connectSrc = csp.split('; ').find((directive) => directive.startsWith('connect-src '))!.split(' ')
    for (const deployment of [primary, second, noCors, coop]) expect(connectSrc).toEqual(expect.arrayContaining([deployment.as.origin, deployment.mcp.origin]))
  })

  it('serves the callback page path, with Cross-Origin-Opener-Policy only when asked (?coop=1)', async () => {
    const plain = await fetch(new URL(`${OAUTH_CALLBACK_PATH}?code=x&state=y`, stack.pageUrl))
    expect(plain.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(plain.headers.get('content-security-policy')).toBeTruthy()
    const cut = await fetch(new URL(`${OAUTH_CALLBACK_PATH}?coop=1&code=x`, stack.pageUrl))
    expect(cut.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    // 200 once the page exists (public/oauth/callback.html or the build), 404 before.
    expect([200, 404]).toContain(plain.status)
    const index = await fetch(new URL('/?coop=1', stack.pageUrl))
    expect(index.headers.get('cross-origin-opener-policy')).toBeNull()
  })

  it('protected-coop: its provider sends Cross-Origin-Opener-Policy on its pages, not on what is fetched; the others send none', async () => {
    const { coop, primary } = stack.protected
    // The authorization endpoint (an error page without a client, still a page) and the login page's path.
    for (const path of ['/auth?client_id=nobody', '/interaction/none']) {
      const response = await fetch(`${coop.as.issuer}${path}`, { redirect: 'manual' })
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin')
      const plain = await fetch(`${primary.as.issuer}${path}`, { redirect: 'manual' })
      expect(plain.headers.get('cross-origin-opener-policy'), path).toBeNull()
    }
    const metadata = await fetch(`${coop.as.issuer}/.well-known/oauth-authorization-server`, { headers: { origin: pageOrigin } })
    expect(metadata.status).toBe(200)
    expect(metadata.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    expect(metadata.headers.get('cross-origin-opener-policy')).toBeNull()
  })

  it('authorization server: CORS on discovery, JWKS, registration and token for the page, preflights answered', async () => {
    const { as } = stack.protected.primary
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration', '/jwks']) {
      const response = await fetch(`${as.issuer}${path}`, { headers: { origin: pageOrigin } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('access-control-allow-origin'), path).toBe(pageOrigin)
    }
    const metadata = (await (await fetch(`${as.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>
    expect(metadata).toMatchObject({ registration_endpoint: as.registrationEndpoint, token_endpoint: as.tokenEndpoint, code_challenge_methods_supported: ['S256'] })
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['offline_access']))

    const registration = await preflight(as.registrationEndpoint, pageOrigin, 'POST', 'content-type')
    expect(registration.status).toBe(204)
    expect(registration.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    expect(registration.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization')
    expect(registration.headers.get('access-control-allow-methods')).toContain('POST')
    const foreign = await preflight(as.registrationEndpoint, 'http://evil.example', 'POST', 'content-type')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()

    const token = await preflight(as.tokenEndpoint, pageOrigin, 'POST', 'content-type, authorization')
    expect(token.status).toBe(204)
    expect(token.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    expect(token.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect(token.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('registers a public client from the page origin (CORS on the answer), and refuses a redirect URI off the page', async () => {
    const { as } = stack.protected.primary
    const register = (redirectUri: string) =>
      fetch(as.registrationEndpoint, {
        method: 'POST',
        headers: { origin: pageOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', application_type: 'native', grant_types: ['authorization_code', 'refresh_token'] }),
      })
    const ok = await register(`${stack.redirectUri}?coop=1`)
    expect(ok.status).toBe(201)
    expect(ok.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    const refused = await register('http://127.0.0.1:1/elsewhere')
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error?: string }).error).toBe('invalid_redirect_uri')
  })

  it('the no-CORS variant: discovery and registration have CORS, the token endpoint none (preflight and POST)', async () => {
    const { as } = stack.protected.noCors
    const discovery = await fetch(`${as.issuer}/.well-known/oauth-authorization-server`, { headers: { origin: pageOrigin } })
    expect(discovery.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    const registration = await preflight(as.registrationEndpoint, pageOrigin, 'POST', 'content-type')
    expect(registration.headers.get('access-control-allow-origin')).toBe(pageOrigin)

    const token = await preflight(as.tokenEndpoint, pageOrigin, 'POST', 'content-type')
    expect(token.headers.get('access-control-allow-origin')).toBeNull()
    expect([...token.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
    const post = await fetch(as.tokenEndpoint, {
      method: 'POST',
      headers: { origin: pageOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=nope&client_id=nope',
    })
    expect(post.status).toBeGreaterThanOrEqual(400)
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('protected MCP server: 401 challenge readable cross-origin, preflight allows Authorization and the Mcp-* headers, metadata with CORS', async () => {
    const { mcp, as } = stack.protected.primary
    const requested = 'authorization, content-type, mcp-method, mcp-name, mcp-protocol-version, mcp-param-city'
    const allowed = await preflight(mcp.url, pageOrigin, 'POST', requested)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('*')
    const allowHeaders = (allowed.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(', ')
    for (const name of requested.split(', ')) expect(allowHeaders).toContain(name)

    const refused = await fetch(mcp.url, {
      method: 'POST',
      headers: { origin: pageOrigin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer scope="mcp:read", resource_metadata="${mcp.resourceMetadataUrl}"`)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    expect(refused.headers.get('access-control-expose-headers')?.split(', ')).toEqual(expect.arrayContaining(['WWW-Authenticate', 'Mcp-Session-Id']))

    const metadata = await fetch(mcp.resourceMetadataUrl, { headers: { origin: pageOrigin } })
    expect(metadata.headers.get('access-control-allow-origin')).toBe('*')
    expect(await metadata.json()).toMatchObject({ resource: mcp.url, authorization_servers: [as.issuer], scopes_supported: ['mcp:read', 'mcp:write', 'mcp:admin'] })
  })

  it('signs in headlessly through the demo provider and completes the three-round account_wizard, stepping up for its last answer (mcp:write), after which write_note needs no sign-in', async () => {
    const deployment = stack.protected.primary
    const session = signInAs('alice', { maxStepUps: 1 })
    const asked: string[] = []
    const client = connect(deployment, session, async (requests) => {
      const [key] = Object.keys(requests)
      asked.push(key!)
      const content = key === 'workspace' ? { workspace: 'alice-space' } : key === 'plan' ? { plan: 'enterprise' } : { confirm: true }
      return { [key!]: { action: 'accept', content } }
    })

    const result = await client.callTool('account_wizard', {}, CALL)

    expect(textOf(result)).toBe('account_wizard: created workspace "alice-space" on plan enterprise for alice')
    expect(asked).toEqual(['workspace', 'plan', 'confirm'])
    // Creating the workspace needs mcp:write: the last retry steps up (consent only), and nobody is asked again.
    expect(session.user.pages).toEqual([['login', 'consent'], ['consent']])
    expect(session.user.requests.map((r) => r.stepUp)).toEqual([false, true])
    const [request] = session.user.requests
    expect(request!.issuer).toBe(deployment.as.issuer)
    expect(request!.url.searchParams.get('redirect_uri')).toBe(stack.redirectUri)
    expect(request!.url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(deployment.mcp.wizards.at(-1)).toEqual({ sub: 'alice', workspace: 'alice-space', plan: 'enterprise', confirm: true })
    const tokens = await tokensOf(session, deployment)
    expect(tokens.refreshToken, 'a refresh token').toBeTypeOf('string')
    const claims = claimsOf(tokens.accessToken)
    expect(claims).toMatchObject({ iss: deployment.as.issuer, aud: deployment.mcp.url, sub: 'alice' })
    expect(String(claims.scope).split(' ').sort()).toEqual(['mcp:read', 'mcp:write'])
    expect(Number(claims.exp) - Number(claims.iat)).toBe(600)

    // Already granted by the step-up: no further sign-in.
    expect(textOf(await client.callTool('write_note', {}, CALL))).toBe('note written')
    expect(session.user.requests).toHaveLength(2)
    expect(textOf(await client.callTool('whoami', {}, CALL))).toMatch(/^whoami: alice \(scope (mcp:read mcp:write|mcp:write mcp:read);/)
  })

  it('the second server has its own provider: its token is refused by the first server, and the first asks for its own sign-in', async () => {
    const { primary, second } = stack.protected
    const storage = memoryCredentials()
    const atSecond = signInAs('bob', { storage })
    expect(textOf(await connect(second, atSecond).callTool('whoami', {}, CALL))).toBe(`whoami: bob (scope mcp:read; issuer ${second.as.issuer})`)
    const secondToken = (await tokensOf(atSecond, second)).accessToken

    const replay = await fetch(primary.mcp.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secondToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
    })
    expect(replay.status).toBe(401)
    expect(replay.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect(primary.mcp.requests.at(-1)?.refusal).toBeTruthy()

    // Same credential storage, same person: the first server still needs a sign-in at ITS provider.
    const atFirst = signInAs('bob', { storage })
    expect(textOf(await connect(primary, atFirst).callTool('whoami', {}, CALL))).toBe(`whoami: bob (scope mcp:read; issuer ${primary.as.issuer})`)
    expect(atFirst.user.requests).toHaveLength(1)
    expect(atFirst.user.requests[0]!.issuer).toBe(primary.as.issuer)
    expect((await tokensOf(atFirst, primary)).accessToken).not.toBe(secondToken)
  })
})

describe('demo stack: options', () => {
  it('accessTokenTtl shortens the protected servers’ access tokens', async () => {
    const short = await startDemoStack({ mode: 'static', build: false, accessTokenTtl: 3 })
    try {
      const deployment = short.protected.primary
      const user = headlessUser({ accountId: 'carol', redirectUri: short.redirectUri })
      const storage = memoryCredentials()
      const auth = oauth({ redirectUri: short.redirectUri, redirectToAuthorization: user.redirectToAuthorization, storage })
      const client = createClient(deployment.mcp.url, { auth, protocolVersion: '2026-07-28', onWarning: () => {}, timeoutMs: CALL.timeoutMs })
      expect(textOf(await client.callTool('whoami', {}, CALL))).toMatch(/^whoami: carol /)
      const tokens = JSON.parse((await storage.get(`tokens ${deployment.as.issuer} ${deployment.mcp.url}`))!) as StoredTokens
      const claims = claimsOf(tokens.accessToken)
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3)
    } finally {
      await short.close()
    }
  })
})
