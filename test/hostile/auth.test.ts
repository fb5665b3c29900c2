/**
 * Hostile authorization: the MCP server and the authorization server it
 * names both play the attacker, over real HTTP on 127.0.0.1, through the
 * public API (`oauth()` plugged into `createClient`). Each test names what
 * the attacker wanted: a script run in the app, a token or secret sent
 * where it does not belong, a registration nobody asked for, a tab frozen
 * by an endless document.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { oauth, memoryCredentials, type AuthEvent, type AuthorizationRequest, type CredentialStorage, type OAuthOptions } from '../../src/auth/index.ts'
import { asksForNonce, parseBearerChallenge } from '../../src/auth/challenge.ts'
import { createClient, type McpClient } from '../../src/core/index.ts'
import { approve, REDIRECT_URI, startAuthWorld, type AuthWorld } from './hostile-auth.ts'
import { json, startHostileServer, within } from './hostile-server.ts'

let world: AuthWorld
const clients: McpClient[] = []
beforeEach(async () => {
  world = await startAuthWorld()
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => within(client.close(), 1000)))
  await world.close()
})

interface Session {
  auth: ReturnType<typeof oauth>
  client: McpClient
  /** Every request handed to the person. */
  requests: AuthorizationRequest[]
  events: AuthEvent[]
}

/** A page: a provider (storage shared with other "page loads" when given) and a client of the protected server. */
function page(options: Partial<OAuthOptions> = {}, person: (request: AuthorizationRequest) => Promise<string> = (request) => approve(request)): Session {
  const requests: AuthorizationRequest[] = []
  const events: AuthEvent[] = []
  const auth = oauth({
    redirectUri: REDIRECT_URI,
    redirectToAuthorization: (request) => {
      requests.push(request)
      return person(request)
    },
    onEvent: (event) => events.push(event),
    ...options,
  })
  const client = createClient(world.mcp.url, { auth, onWarning: () => {}, timeoutMs: 5000 })
  clients.push(client)
  return { auth, client, requests, events }
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as { code?: string; name?: string; message?: string })

describe('script and navigation: metadata endpoints that are not https are refused before anything opens them', () => {
  it.each([
    ['javascript:alert(document.domain)//'],
    [' JaVaScRiPt:alert(1)//'],
    ['\u0001javascript:alert(1)//'],
    ['\tjava\nscript:alert(1)//'],
    ['vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['http://sign-in.example/authorize'],
    ['https://sign-in.example/authorize#fragment'],
    ['not a url'],
  ])('authorization_endpoint %j: AUTH_INSECURE_ENDPOINT, redirectToAuthorization never called, nothing registered', async (endpoint) => {
    world.metadata.authorization_endpoint = endpoint
    const session = page()
    const error = await failure(session.client.callTool('whoami', {}))
    expect(error).toMatchObject({ name: 'McpAuthInsecureEndpointError', code: 'AUTH_INSECURE_ENDPOINT' })
    expect(session.requests).toEqual([])
    expect(world.at('/register')).toEqual([])
  })

  it.each([['token_endpoint'], ['registration_endpoint'], ['revocation_endpoint']])('%s of javascript: or plain http elsewhere is refused the same way', async (field) => {
    for (const value of ['javascript:fetch("//evil")', 'http://sign-in.example/x']) {
      world.metadata[field] = value
      const session = page()
      const error = await failure(session.client.callTool('whoami', {}))
      expect(error).toMatchObject({ code: 'AUTH_INSECURE_ENDPOINT' })
      expect(session.requests).toEqual([])
    }
  })
})

describe('tokens and secrets go only where they belong', () => {
  it("mix-up: an issuer whose authorization endpoint is another server's login page is refused before the person is sent there", async () => {
    // The honest authorization server sends no `iss` (RFC 9207), so its code coming back could not be told from the hostile issuer's own:
    // code and PKCE verifier would be posted to the hostile token endpoint.
    const honest = await startHostileServer()
    try {
      world.metadata.authorization_endpoint = `${honest.origin}/authorize`
      const session = page({}, async (request) => {
        const url = await request.authorizationUrl()
        return `${REDIRECT_URI}?code=honest-code&state=${url.searchParams.get('state')}`
      })
      const error = await failure(session.client.callTool('whoami', {}))
      expect(error).toMatchObject({ name: 'McpAuthInsecureEndpointError', code: 'AUTH_INSECURE_ENDPOINT' })
      expect(error?.message).toContain("issuer's origin")
      expect(session.requests).toEqual([])
      expect(world.at('/token')).toEqual([])
      expect(world.at('/register')).toEqual([])
    } finally {
      await honest.close()
    }
  })

  it.each([
    ['sends no iss', ''],
    ['sends its own iss', 'honest'],
  ])("mix-up: an issuer that says its responses carry iss may name a login page on another origin; an honest server there that %s is refused at the callback", async (_label, iss) => {
    const honest = await startHostileServer()
    try {
      world.metadata.authorization_endpoint = `${honest.origin}/authorize`
      world.metadata.authorization_response_iss_parameter_supported = true
      const session = page({}, async (request) => {
        const url = await request.authorizationUrl()
        // The person is sent there: the metadata's promise of iss makes the answer checkable.
        expect(url.origin).toBe(honest.origin)
        return `${REDIRECT_URI}?code=honest-code&state=${url.searchParams.get('state')}${iss ? `&iss=${encodeURIComponent(honest.origin)}` : ''}`
      })
      const error = await failure(session.client.callTool('whoami', {}))
      expect(error).toMatchObject({ name: 'McpAuthIssuerMismatchError' })
      // Neither the honest code nor the PKCE verifier reaches the issuer's token endpoint.
      expect(world.at('/token')).toEqual([])
    } finally {
      await honest.close()
    }
  })

  it("an issuer that says its responses carry iss, with its login page on another host (AWS Cognito's way): signing in there works", async () => {
    world.metadata.authorization_endpoint = 'https://login.sign-in.example/oauth2/authorize'
    world.metadata.authorization_response_iss_parameter_supported = true
    const session = page({}, async (request) => {
      expect((await request.authorizationUrl()).origin).toBe('https://login.sign-in.example')
      return approve(request)
    })
    await expect(session.client.callTool('whoami', {})).resolves.toBeDefined()
    expect(world.at('/token')).toHaveLength(1)
  })

  it('after a reload, a step-up to a new authorization server that is cancelled never receives the old refresh token', async () => {
    const storage = memoryCredentials()
    const first = page({ storage })
    await first.client.callTool('whoami', {})
    const refreshToken = JSON.parse(String(await storage.get(`tokens ${world.issuer} ${world.mcp.url}`))).refreshToken as string
    expect(refreshToken).toMatch(/^refresh-/)

    // The attacker's authorization server, named by the resource after the reload.
    const evil = await startAuthWorld()
    try {
      world.resourceMetadata = { resource: world.mcp.url, authorization_servers: [evil.issuer] }
      let steppedUp = false
      world.gate = (x) => {
        if (steppedUp) return false
        steppedUp = true
        json(x.res, { error: 'insufficient_scope' }, 403, { 'www-authenticate': `Bearer error="insufficient_scope", scope="admin", resource_metadata="${world.mcp.origin}/.well-known/oauth-protected-resource/mcp"` })
        return true
      }
      const reloaded = page({ storage }, async () => {
        throw new Error('the person cancels')
      })
      await failure(reloaded.client.callTool('whoami', {}))
      // The old token dies; the next request meets a 401, which would refresh.
      world.valid.clear()
      await failure(reloaded.client.callTool('whoami', {}))
      const leaked = evil.as.hits.filter((hit) => hit.text.includes(refreshToken))
      expect(leaked).toEqual([])
    } finally {
      await evil.close()
    }
  })

  it("a same-origin redirect from another endpoint of the host never carries this endpoint's token there (one token, one endpoint)", async () => {
    // The person signed in to the protected endpoint; the app opens a second endpoint of the same host with the same provider.
    const signedIn = page()
    await signedIn.client.callTool('whoami', {})
    expect(signedIn.auth.isSignedIn(world.mcp.url)).toBe(true)
    // That endpoint sends every request on to the protected one (307 keeps the method and the body): Node follows it, within the origin.
    const other = `${world.mcp.origin}/other/mcp`
    world.intercept = (x) => x.hit.path === '/other/mcp' && (x.res.writeHead(307, { location: '/mcp' }).end(), true)
    const before = world.mcp.hits.length
    const client = createClient(other, { auth: signedIn.auth, onWarning: () => {}, timeoutMs: 5000 })
    clients.push(client)
    const error = await failure(client.callTool('transfer', { to: 'attacker' }))
    const redirected = world.mcp.hits.slice(before).filter((hit) => hit.path === '/mcp')
    expect(redirected.length).toBeGreaterThan(0)
    // Without the token (nor a proof), the protected endpoint refused: nothing was done with the person's credentials.
    expect(redirected.filter((hit) => hit.headers.authorization !== undefined || hit.headers.dpop !== undefined)).toEqual([])
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 401 })
    // Its challenge was not answered either: nobody was asked to sign in to an endpoint the app did not open.
    expect(signedIn.requests).toHaveLength(1)
  })

  it('a pre-registered secret without client.issuer is refused at oauth() time', () => {
    expect(() => oauth({ redirectUri: REDIRECT_URI, redirectToAuthorization: approve, client: { clientId: 'app', clientSecret: 's3cret' } })).toThrow(/client\.issuer/)
  })

  it('a pre-registered secret is never sent to an authorization server other than its issuer', async () => {
    const session = page({ client: { clientId: 'app', clientSecret: 's3cret', issuer: 'https://accounts.example' } })
    await session.client.callTool('whoami', {})
    const basic = `Basic ${btoa('app:s3cret')}`
    expect(world.as.hits.filter((hit) => hit.headers.authorization === basic || hit.text.includes('s3cret'))).toEqual([])
    // It registered instead, as a client of its own at this server.
    expect(world.at('/register')).toHaveLength(1)
  })

  it.each([
    ['the whole host', (w: AuthWorld) => `${w.mcp.origin}/`],
    ['another path on the host', (w: AuthWorld) => `${w.mcp.origin}/other`],
    ['the endpoint with a query', (w: AuthWorld) => `${w.mcp.url}?tenant=all`],
  ])('protected resource metadata for %s is refused (RFC 9728 §3.3)', async (_, resource) => {
    world.resourceMetadata = { resource: resource(world), authorization_servers: [world.issuer] }
    const session = page()
    const error = await failure(session.client.callTool('whoami', {}))
    expect(error).toMatchObject({ code: 'AUTH_DISCOVERY_FAILED' })
    expect(session.requests).toEqual([])
  })

  it('an https endpoint cannot make the sign-in speak plain http to this machine, nor get an answer from there into an error', async () => {
    // A service on this machine that answers whatever asks (a cache, an admin page): what a Node client must never be steered to.
    const internal = await startHostileServer()
    try {
      internal.on('GET', (x) => json(x.res, { resource: 'internal-secret' }))
      const remote = 'https://tools.example/mcp'
      world.intercept = (x) => (json(x.res, { error: 'invalid_token' }, 401, { 'www-authenticate': `Bearer resource_metadata="${internal.origin}/keys?x=1"` }), true)
      // The network in between: tools.example resolves to the hostile MCP server (TLS ends before it).
      const network: typeof fetch = (input, init) => fetch(String(input instanceof Request ? input.url : input).replace('https://tools.example', world.mcp.origin), init)
      const session = page()
      const client = createClient(remote, { auth: session.auth, fetch: network, onWarning: () => {}, timeoutMs: 5000 })
      clients.push(client)
      const error = await failure(client.callTool('whoami', {}))
      expect(error).toMatchObject({ code: 'AUTH_INSECURE_ENDPOINT' })
      expect(internal.hits).toEqual([])
      expect(session.requests).toEqual([])
    } finally {
      await internal.close()
    }
  })

  it('resource metadata for another resource is refused without its value in the message (a server chose it)', async () => {
    world.resourceMetadata = { resource: `https://evil.example/${'<img src=x onerror=alert(1)>'.repeat(100)}`, authorization_servers: [world.issuer] }
    const error = await failure(page().client.callTool('whoami', {}))
    expect(error).toMatchObject({ code: 'AUTH_DISCOVERY_FAILED' })
    expect(error?.message).not.toContain('evil.example')
    expect(error?.message).toContain(world.mcp.url)
  })

  it('the same endpoint after normalisation (trailing slash, host case) is accepted', async () => {
    world.resourceMetadata = { resource: `${world.mcp.url.replace('http://', 'HTTP://')}/`, authorization_servers: [world.issuer] }
    const session = page()
    await expect(session.client.callTool('whoami', {})).resolves.toBeTruthy()
  })

  it('dynamic client registration happens when the person starts signing in, not on the first 401', async () => {
    const session = page({}, async () => {
      throw new Error('the person looks at the card and cancels')
    })
    await failure(session.client.callTool('whoami', {}))
    expect(session.requests).toHaveLength(1)
    expect(world.at('/register')).toEqual([])
    // When the person does start, the registration comes first, then the URL.
    const started = page()
    await started.client.callTool('whoami', {})
    expect(world.at('/register')).toHaveLength(1)
  })

  it('signOut() revokes the refresh and access tokens at their issuer (RFC 7009) and forgets them', async () => {
    const storage = memoryCredentials()
    const session = page({ storage })
    await session.client.callTool('whoami', {})
    await session.auth.signOut(world.mcp.url)
    const revoked = world.at('/revoke').map((hit) => Object.fromEntries(new URLSearchParams(hit.text)))
    expect(revoked).toEqual([expect.objectContaining({ token: 'refresh-1', token_type_hint: 'refresh_token' }), expect.objectContaining({ token: 'access-1', token_type_hint: 'access_token' })])
    expect(await storage.get(`tokens ${world.issuer} ${world.mcp.url}`)).toBeUndefined()
    expect(session.auth.isSignedIn(world.mcp.url)).toBe(false)
    expect(session.events.map((event) => event.step)).toContain('revoked')
  })

  it('a refused refresh removes the stored tokens, so a reload does not bring them back', async () => {
    const storage = memoryCredentials()
    const session = page({ storage }, async () => {
      throw new Error('not now')
    })
    // Signed in by an earlier page; its access token has expired.
    const earlier = page({ storage })
    await earlier.client.callTool('whoami', {})
    world.valid.clear()
    world.refuseRefresh = true
    await failure(session.client.callTool('whoami', {}))
    expect(world.at('/token').filter((hit) => new URLSearchParams(hit.text).get('grant_type') === 'refresh_token')).toHaveLength(1)
    expect(await storage.get(`tokens ${world.issuer} ${world.mcp.url}`)).toBeUndefined()
    expect(page({ storage }).auth.isSignedIn(world.mcp.url)).toBe(false)
  })

  it('dpop: true against a server that cannot do DPoP: the app is told (event and request field), not a silent Bearer', async () => {
    const session = page({ dpop: true })
    await session.client.callTool('whoami', {})
    expect(session.requests[0]!.dpopUnsupported).toBe(true)
    expect(session.events.filter((event) => event.step === 'dpop-unsupported')).toEqual([expect.objectContaining({ issuer: world.issuer })])
  })

  it('an authorization server that advertises DPoP but answers the proof with a Bearer token: refused, and the next sign-in there is reported as without DPoP', async () => {
    world.metadata.dpop_signing_alg_values_supported = ['ES256']
    const session = page({ dpop: true })
    const error = await failure(session.client.callTool('whoami', {}))
    expect(error).toMatchObject({ name: 'McpAuthTokenError', code: 'AUTH_TOKEN_FAILED' })
    expect(world.at('/token')[0]!.headers.dpop).toBeTruthy()
    // The person was told nothing of a Bearer token, and it never went out.
    expect(session.requests[0]!.dpopUnsupported).toBe(false)
    expect(world.mcp.hits.filter((hit) => hit.headers.authorization === 'Bearer access-1')).toEqual([])
    // Signing in again is what metadata without DPoP gives: said on the request (the card) and as an event, no proof sent.
    await session.client.callTool('whoami', {})
    expect(session.requests[1]!.dpopUnsupported).toBe(true)
    expect(session.events.filter((event) => event.step === 'dpop-unsupported')).toEqual([expect.objectContaining({ issuer: world.issuer })])
    expect(world.at('/token')[1]!.headers.dpop).toBeUndefined()
  })

  it('a refresh of a DPoP-bound token answered with a Bearer token is refused the same way, not a silent downgrade', async () => {
    world.metadata.dpop_signing_alg_values_supported = ['ES256']
    // Binds the code grant's token as asked; the refresh grant comes back Bearer although it carried a proof.
    world.as.on('POST', (x) => {
      if (x.hit.path === '/as/register') return json(x.res, { client_id: 'client-1', token_endpoint_auth_method: 'none' }, 201)
      const grant = new URLSearchParams(x.hit.text).get('grant_type')
      const access = `${grant}-${world.at('/token').length}`
      world.valid.add(access)
      json(x.res, { access_token: access, token_type: grant === 'authorization_code' && x.hit.headers.dpop ? 'DPoP' : 'Bearer', expires_in: 3600, refresh_token: 'refresh-1' })
    })
    const session = page({ dpop: true })
    await session.client.callTool('whoami', {})
    expect(world.mcp.hits.at(-1)!.headers.authorization).toBe('DPoP authorization_code-1')
    world.valid.clear()
    await session.client.callTool('whoami', {})
    const refreshed = world.at('/token').find((hit) => new URLSearchParams(hit.text).get('grant_type') === 'refresh_token')!
    expect(refreshed.headers.dpop).toBeTruthy()
    expect(world.mcp.hits.filter((hit) => hit.headers.authorization === 'Bearer refresh_token-2')).toEqual([])
    // The person signed in again, told this time that the server does not bind tokens.
    expect(session.requests.map((request) => request.dpopUnsupported)).toEqual([false, true])
    expect(session.events.filter((event) => event.step === 'dpop-unsupported')).toHaveLength(1)
  })

  it('a DPoP key pair whose private key can be exported is refused at oauth() time', async () => {
    const keyPair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair
    expect(() => oauth({ redirectUri: REDIRECT_URI, redirectToAuthorization: approve, dpop: { keyPair } })).toThrow(/non-extractable/)
  })
})

describe('sign-in state that tells the truth', () => {
  it('after a reload with a synchronous storage, isSignedIn() is true before any request', async () => {
    const items = new Map<string, string>()
    const sync: CredentialStorage = { get: (key) => items.get(key), set: (key, value) => void items.set(key, value), delete: (key) => void items.delete(key) }
    await page({ storage: sync }).client.callTool('whoami', {})
    const reloaded = page({ storage: sync })
    expect(reloaded.auth.isSignedIn(world.mcp.url)).toBe(true)
  })

  it('after a reload with an asynchronous storage, the restore is read once and told once, however often the UI asks', async () => {
    const items = new Map<string, string>()
    let reads = 0
    const slow: CredentialStorage = {
      get: async (key) => (reads++, items.get(key)),
      set: async (key, value) => void items.set(key, value),
      delete: async (key) => void items.delete(key),
    }
    await page({ storage: slow }).client.callTool('whoami', {})
    const reloaded = page({ storage: slow })
    reads = 0
    expect([reloaded.auth.isSignedIn(world.mcp.url), reloaded.auth.isSignedIn(world.mcp.url), reloaded.auth.isSignedIn(world.mcp.url)]).toEqual([false, false, false])
    await expect.poll(() => reloaded.auth.isSignedIn(world.mcp.url)).toBe(true)
    expect(reloaded.events.filter((event) => event.step === 'signed-in')).toHaveLength(1)
    expect(reads).toBe(2)
  })

  it('the client registration stays across a redirect sign-in, sign-out and signing in again', async () => {
    const pendingItems = new Map<string, string>()
    const pendingStorage: CredentialStorage = { get: (key) => pendingItems.get(key), set: (key, value) => void pendingItems.set(key, value), delete: (key) => void pendingItems.delete(key) }
    // Page 1 sends the person away (a full-page redirect): it never sees the callback.
    let callback: string | undefined
    const leaving = page({ pendingStorage }, async (request) => {
      callback = await approve(request)
      return new Promise<string>(() => {})
    })
    void leaving.client.callTool('whoami', {}).catch(() => {})
    await expect.poll(() => callback).toBeTruthy()
    // Page 2, memory storage (the default), finishes it.
    const back = page({ pendingStorage })
    await expect(back.auth.completeRedirect(callback!)).resolves.toBe(true)
    await back.client.callTool('whoami', {})
    await back.auth.signOut(world.mcp.url)
    await back.client.callTool('whoami', {})
    expect(world.at('/register')).toHaveLength(1)
    // A reload (memory gone, the tab's pending storage kept) still knows the client.
    const reloaded = page({ pendingStorage })
    world.valid.clear()
    await reloaded.client.callTool('whoami', {})
    expect(world.at('/register')).toHaveLength(1)
  })
})

describe('bounded', () => {
  it('a 50 MB metadata document ends in AUTH_RESPONSE_TOO_LARGE after a few hundred KB', async () => {
    let sent = 0
    world.as.on('GET', async (x) => {
      x.res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      for (let i = 0; i < 800 && !x.aborted(); i++) {
        const ok = x.res.write(i === 0 ? Buffer.concat([Buffer.from('{"issuer":"'), chunk]) : chunk)
        sent += chunk.length
        if (!ok) {
          await new Promise<void>((resolve) => {
            const done = () => {
              x.res.off('drain', done).off('close', done)
              resolve()
            }
            x.res.on('drain', done).on('close', done)
          })
        }
      }
      x.res.end()
    })
    const session = page()
    const error = await failure(session.client.callTool('whoami', {}))
    expect(error).toMatchObject({ code: 'AUTH_RESPONSE_TOO_LARGE' })
    expect(sent).toBeLessThan(8 * 1024 * 1024)
  })

  it('a 275 KB WWW-Authenticate is read to its first 16 KB, in one pass: what a server hides past that is not seen', () => {
    // Browsers let a header of about 256 KB through (Node's fetch stops at 16 KB, so it is handed over here as a page would get it).
    // Every "DPoP" of it is where a backtracking pattern would start over: the whole header, for each.
    const padding = 'DPoP error='.repeat(25_000)
    expect(asksForNonce(`${padding}"use_dpop_nonce"`)).toBe(false)
    expect(asksForNonce(padding)).toBe(false)
    expect(asksForNonce(`DPoP error="use_dpop_nonce", ${padding}`)).toBe(true)
    expect(parseBearerChallenge(`${padding}, Bearer scope="admin"`)).toBeUndefined()
    expect(parseBearerChallenge(`Bearer scope="read", ${padding}`)).toMatchObject({ scopes: ['read'] })
  })

  it('a token response larger than the cap is refused the same way', async () => {
    world.as.on('POST', (x) => {
      if (x.hit.path.startsWith('/as/register')) return json(x.res, { client_id: 'c' }, 201)
      json(x.res, { access_token: 'x'.repeat(1024 * 1024), token_type: 'Bearer' })
    })
    const session = page()
    const error = await failure(session.client.callTool('whoami', {}))
    expect(error).toMatchObject({ code: 'AUTH_RESPONSE_TOO_LARGE' })
  })
})
