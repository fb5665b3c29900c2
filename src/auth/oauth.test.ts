/**
 * What the conformance suite does not cover, against a scripted
 * authorization server and resource (fetch fixtures): refusals (no S256, a
 * foreign `state`), the order of a rotated refresh token's write and its use,
 * a storage that fails, and two resources of two issuers never sharing a
 * token; and that the sign-in flow loads only when needed. The whole flow
 * against a real provider is test/auth/.
 */
import { describe, expect, it, vi } from 'vitest'
import { McpNetworkError } from '../core/index.js'
import { McpAuthPkceUnsupportedError, McpAuthStateMismatchError, McpAuthStorageError, memoryCredentials, oauth, type CredentialStorage } from './index.js'
import type { AuthEvent, AuthorizationRequest, OAuthOptions } from './index.js'

/**
 * The sign-in flow's chunk as a page fetches it: `available` false is a page
 * gone offline, `hold()` keeps it loading until `release()`. Counted per
 * fetch. Once it has loaded, the module registry keeps it (as a browser
 * does), so the tests that watch it loading come first in this file.
 */
const chunk = vi.hoisted(() => {
  let release = () => {}
  return {
    available: true,
    loads: 0,
    gate: Promise.resolve(),
    hold() {
      this.gate = new Promise<void>((resolve) => (release = resolve))
    },
    release: () => release(),
  }
})
vi.mock('./sign-in-flow.js', async (importOriginal) => {
  chunk.loads += 1
  await chunk.gate
  if (!chunk.available) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

interface WorldOptions {
  pkce?: string[]
  /** Lifetime of access tokens, in seconds. */
  expiresIn?: number
  tamperState?: boolean
}

/** One authorization server and one MCP resource, as a fetch. */
function world(name: string, options: WorldOptions = {}) {
  const as = `http://127.0.0.1:7001/${name}`
  const mcp = `http://127.0.0.1:7002/${name}/mcp`
  const log: string[] = []
  let issued = 0
  const valid = new Set<string>()
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const headers = new Headers(init?.headers)
    const path = url.pathname
    if (url.href === mcp) {
      const token = headers.get('authorization')?.replace(/^Bearer /, '')
      log.push(`mcp ${token ?? '-'}`)
      if (token && valid.has(token)) return json({ ok: true })
      return json({ error: 'invalid_token' }, 401, { 'www-authenticate': `Bearer resource_metadata="http://127.0.0.1:7002/.well-known/oauth-protected-resource/${name}/mcp"` })
    }
    if (path === `/.well-known/oauth-protected-resource/${name}/mcp`) return json({ resource: mcp, authorization_servers: [as], scopes_supported: ['read'] })
    if (path === `/.well-known/oauth-authorization-server/${name}`) {
      return json({
        issuer: as,
        authorization_endpoint: `${as}/authorize`,
        token_endpoint: `${as}/token`,
        registration_endpoint: `${as}/register`,
        code_challenge_methods_supported: options.pkce ?? ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true,
      })
    }
    if (path === `/${name}/register`) return json({ client_id: `${name}-client` }, 201)
    if (path === `/${name}/token`) {
      const body = new URLSearchParams(String(init?.body))
      log.push(`token ${body.get('grant_type')} ${body.get('refresh_token') ?? ''}`.trim())
      issued += 1
      const access = `${name}-access-${issued}`
      valid.clear()
      valid.add(access)
      return json({ access_token: access, token_type: 'bearer', expires_in: options.expiresIn ?? 3600, refresh_token: `${name}-refresh-${issued}`, scope: 'read' })
    }
    return new Response('not found', { status: 404 })
  }
  const authorizations: Array<AuthorizationRequest & { url: URL }> = []
  const redirectToAuthorization = async (request: AuthorizationRequest) => {
    const url = await request.authorizationUrl()
    authorizations.push({ ...request, url })
    log.push('authorize')
    const state = options.tamperState ? 'forged' : url.searchParams.get('state')!
    return `http://127.0.0.1:7003/callback?code=c&state=${state}&iss=${encodeURIComponent(as)}`
  }
  return { as, mcp, fetch, log, valid, authorizations, redirectToAuthorization }
}

const base = (w: ReturnType<typeof world>, extra: Partial<OAuthOptions> = {}): OAuthOptions => ({
  redirectUri: 'http://127.0.0.1:7003/callback',
  redirectToAuthorization: w.redirectToAuthorization,
  fetch: w.fetch,
  ...extra,
})

/** What the core does with a provider: ask, send, and on a challenge ask the provider and send again. */
async function request(provider: ReturnType<typeof oauth>, w: ReturnType<typeof world>): Promise<Response> {
  const signal = new AbortController().signal
  for (let attempt = 0; attempt < 3; attempt++) {
    const authorization = await provider.authorization({ url: w.mcp, signal })
    const response = await w.fetch(w.mcp, { headers: authorization ? { authorization } : {} })
    if (response.status !== 401) return response
    if (!(await provider.challenged({ url: w.mcp, status: 401, wwwAuthenticate: response.headers.get('www-authenticate'), signal }))) return response
  }
  throw new Error('too many challenges')
}

/** Tokens (and the client registration) an earlier page left in `storage`, as `sessionStorageCredentials` keeps them across a reload. */
function stored(w: ReturnType<typeof world>, tokens: { accessToken: string; expiresAt?: number; refreshToken?: string }): CredentialStorage {
  const storage = memoryCredentials()
  storage.set(`client ${w.as}`, JSON.stringify({ clientId: 'earlier-client', tokenEndpointAuthMethod: 'none' }))
  storage.set(`endpoint ${w.mcp}`, JSON.stringify({ issuer: w.as, resource: w.mcp }))
  storage.set(`tokens ${w.as} ${w.mcp}`, JSON.stringify({ issuer: w.as, tokenType: 'Bearer', scopes: ['read'], ...tokens }))
  return storage
}

describe('the sign-in flow loads on demand', () => {
  const signal = new AbortController().signal

  it('not for a returning visitor whose token is good; a challenge that cannot load it fails with McpNetworkError', async () => {
    chunk.available = false
    const w = world('returning')
    w.valid.add('kept')
    const events: AuthEvent[] = []
    const provider = oauth(base(w, { storage: stored(w, { accessToken: 'kept' }), onEvent: (event) => events.push(event) }))
    expect(provider.isSignedIn(w.mcp)).toBe(true)
    expect((await request(provider, w)).status).toBe(200)
    expect(chunk.loads).toBe(0)

    // Without a token a challenge is sure to come: the flow is fetched while the request travels, a failure left for the challenge to report.
    expect(await oauth(base(w)).authorization({ url: w.mcp, signal })).toBeUndefined()
    await vi.waitFor(() => expect(chunk.loads).toBe(1))

    w.valid.clear()
    const error = await request(provider, w).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(McpNetworkError)
    expect((error as McpNetworkError).message).toContain('could not load the sign-in of mcp-elicit')
    expect(events.at(-1)).toMatchObject({ step: 'failed', endpoint: w.mcp, error })
    expect(w.log.filter((line) => !line.startsWith('mcp'))).toEqual([])
  })

  it('is fetched again once back online; requests and a challenge arriving while it loads wait for it: one refresh, each carrying the new token', async () => {
    const w = world('loading')
    const provider = oauth(base(w, { storage: stored(w, { accessToken: 'old', expiresAt: Date.now() - 1000, refreshToken: 'loading-refresh-0' }) }))
    // Offline: the refresh the expired token needs fails typed, and nothing is sent.
    await expect(provider.authorization({ url: w.mcp, signal })).rejects.toBeInstanceOf(McpNetworkError)

    chunk.available = true
    chunk.hold()
    const loads = chunk.loads
    const first = provider.authorization({ url: w.mcp, signal })
    const challenge = provider.challenged({ url: w.mcp, status: 401, wwwAuthenticate: 'Bearer error="invalid_token"', signal })
    const second = provider.authorization({ url: w.mcp, signal })
    // Another page's provider without a token, signing in meanwhile: its next request waits for that sign-in, not sent bare.
    const fresh = world('fresh')
    const other = oauth(base(fresh))
    const signingIn = other.challenged({ url: fresh.mcp, status: 401, wwwAuthenticate: null, signal })
    const next = other.authorization({ url: fresh.mcp, signal })
    await vi.waitFor(() => expect(chunk.loads).toBeGreaterThan(loads))
    // Nothing of the expired token's provider goes out while its flow loads. (The
    // other provider's sign-in may already run by then: vitest does not always
    // share one pending import of a mocked module between two importers.)
    expect(w.log).toEqual([])
    chunk.release()
    expect(await Promise.all([first, challenge, second])).toEqual(['Bearer loading-access-1', true, 'Bearer loading-access-1'])
    expect(w.log).toEqual(['token refresh_token loading-refresh-0'])
    expect(await Promise.all([signingIn, next])).toEqual([true, 'Bearer fresh-access-1'])
    expect(fresh.authorizations).toHaveLength(1)
  })
})

describe('oauth()', () => {
  it('signs in once and sends the token it got', async () => {
    const w = world('one')
    const provider = oauth(base(w))
    expect((await request(provider, w)).status).toBe(200)
    expect((await request(provider, w)).status).toBe(200)
    expect(w.authorizations).toHaveLength(1)
    expect(w.authorizations[0]!.url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(w.authorizations[0]!.url.searchParams.get('resource')).toBe(w.mcp)
    expect(provider.isSignedIn(w.mcp)).toBe(true)
  })

  it('refuses an authorization server that does not advertise S256, before anyone is asked', async () => {
    const w = world('plain', { pkce: ['plain'] })
    await expect(request(oauth(base(w)), w)).rejects.toBeInstanceOf(McpAuthPkceUnsupportedError)
    expect(w.authorizations).toHaveLength(0)
    expect(w.log.filter((line) => line.startsWith('token'))).toEqual([])
  })

  it('refuses a callback whose state is not this sign-in\'s, and never exchanges its code', async () => {
    const w = world('forged', { tamperState: true })
    await expect(request(oauth(base(w)), w)).rejects.toBeInstanceOf(McpAuthStateMismatchError)
    expect(w.authorizations).toHaveLength(1)
    expect(w.log.filter((line) => line.startsWith('token'))).toEqual([])
  })

  it('stores a rotated refresh token before the new access token is used, and refreshes without asking the person', async () => {
    const w = world('rotate', { expiresIn: 1 })
    const events: string[] = []
    const inner = memoryCredentials()
    const storage: CredentialStorage = {
      get: (key) => inner.get(key),
      set: (key, value) => {
        if (key.startsWith('tokens ')) events.push(`store ${(JSON.parse(value) as { refreshToken: string }).refreshToken}`)
        return inner.set(key, value)
      },
      delete: (key) => inner.delete(key),
    }
    const provider = oauth(base(w, { storage, refreshMarginMs: 0 }))
    const logged = (line: string) => events.push(line)
    const original = w.fetch
    w.fetch = async (input, init) => {
      const response = await original(input, init)
      const auth = new Headers(init?.headers).get('authorization')
      if (String(input) === w.mcp && auth) logged(`use ${auth.replace('Bearer ', '')}`)
      return response
    }
    expect((await request(provider, w)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await request(provider, w)).status).toBe(200)
    expect(w.authorizations).toHaveLength(1)
    expect(w.log).toContain('token refresh_token rotate-refresh-1')
    expect(events).toEqual(['store rotate-refresh-1', 'use rotate-access-1', 'store rotate-refresh-2', 'use rotate-access-2'])
  })

  it('a storage that cannot be written fails the sign-in with a typed error instead of losing tokens', async () => {
    const w = world('full')
    const storage: CredentialStorage = { get: () => undefined, set: () => { throw new Error('QuotaExceededError') }, delete: () => {} }
    const error = await request(oauth(base(w, { storage })), w).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpAuthStorageError)
    expect((error as McpAuthStorageError).code).toBe('AUTH_STORAGE_FAILED')
  })

  it('keeps the pending authorization in pendingStorage while the person is away, and drops it when the sign-in ends either way', async () => {
    for (const tamperState of [false, true]) {
      const w = world(tamperState ? 'pending-forged' : 'pending', { tamperState })
      const pendingStorage = memoryCredentials()
      const keys: string[] = []
      const watched: CredentialStorage = {
        get: (key) => pendingStorage.get(key),
        // The public client's registration is mirrored here too (see keepClient); only pending entries are counted.
        set: (key, value) => (key.startsWith('pending ') && keys.push(key), pendingStorage.set(key, value)),
        delete: (key) => pendingStorage.delete(key),
      }
      const seen: Array<Record<string, unknown> | undefined> = []
      const provider = oauth(base(w, {
        pendingStorage: watched,
        redirectToAuthorization: async (request) => {
          // Written before the person is sent away, under the state's key.
          const url = await request.authorizationUrl()
          seen.push(JSON.parse(String(pendingStorage.get(`pending ${url.searchParams.get('state')}`))) as Record<string, unknown>)
          return w.redirectToAuthorization(request)
        },
      }))
      const outcome = await request(provider, w).then((response) => response.status, (error: unknown) => error)
      if (tamperState) expect(outcome).toBeInstanceOf(McpAuthStateMismatchError)
      else expect(outcome).toBe(200)
      expect(seen[0]).toMatchObject({ endpoint: w.mcp, issuer: w.as, resource: w.mcp, clientId: `${w.as.split('/').pop()}-client`, stepUp: false, scopes: ['read'] })
      expect(typeof seen[0]?.verifier).toBe('string')
      expect(keys).toHaveLength(1)
      expect(pendingStorage.get(keys[0]!)).toBeUndefined()
    }
  })

  it('two resources behind two issuers never share a token, even through one provider and one storage', async () => {
    const a = world('alpha')
    const b = world('beta')
    const storage = memoryCredentials()
    const both: typeof globalThis.fetch = (input, init) => (String(input).includes('/beta') ? b.fetch(input, init) : a.fetch(input, init))
    const provider = oauth({
      redirectUri: 'http://127.0.0.1:7003/callback',
      fetch: both,
      storage,
      redirectToAuthorization: (request) => (request.issuer === a.as ? a.redirectToAuthorization(request) : b.redirectToAuthorization(request)),
    })
    const viaBoth = { ...a, fetch: both }
    expect((await request(provider, viaBoth)).status).toBe(200)
    expect((await request(provider, { ...b, fetch: both })).status).toBe(200)
    const signal = new AbortController().signal
    expect(await provider.authorization({ url: a.mcp, signal })).toBe('Bearer alpha-access-1')
    expect(await provider.authorization({ url: b.mcp, signal })).toBe('Bearer beta-access-1')
    expect(a.log.filter((line) => line.startsWith('mcp beta'))).toEqual([])
    expect(b.log.filter((line) => line.startsWith('mcp alpha'))).toEqual([])
    await provider.signOut(a.mcp)
    expect(await provider.authorization({ url: a.mcp, signal })).toBeUndefined()
    expect(await provider.authorization({ url: b.mcp, signal })).toBe('Bearer beta-access-1')
  })
})
