/**
 * The backend half of `remoteCallStorage()`: a Fetch API request handler
 * (`(request) => Promise<Response>`: a Next.js route handler, Hono, Remix,
 * Bun and Deno take it as it is; Express and plain Node through
 * `toNodeListener`) that keeps the calls of each signed-in user of the host
 * in PostgreSQL. The host's own session decides who the user is
 * (`userOf`); nothing else of the request names one.
 *
 * Routes under `basePath`: `GET /` lists the user's calls, `GET /:key`
 * reads one, `PUT /:key` writes one (a JSON stored call; with its `rev`
 * only over that version: 409 with the current record otherwise), `DELETE
 * /:key` removes one. Answers are JSON only (`nosniff`, a CSP that runs
 * nothing), never a record in HTML. A cross-site request is refused (the
 * host's session may be a cookie: CSRF), and so is a record that is not a
 * stored call, one over `maxRecordBytes`, and one past what a user may keep.
 */
import { isFinishedCall, isStartedCall, readStoredCall, type McpStoreReason } from '../../core/index.js'
import { listRecords, readRecord, removeRecord, writeWithinBound } from './records.js'
import type { SqlPool } from './sql.js'

export interface CallStoreHandlerOptions {
  /** The database (`pg` Pool or Client, PGlite), migrated with `migrate()`. A write runs in a transaction (a pool's connection; a Client's or PGlite's one). */
  db: SqlPool
  /** The signed-in user of the host's own session, or undefined (401). Only this says who the user is. */
  userOf: (request: Request) => string | undefined | Promise<string | undefined>
  /** Where the handler is mounted (`'/api/mcp-calls'`): the routes are under it. @defaultValue `''` */
  basePath?: string | undefined
  /** Origins besides the request's own whose pages may call the handler (a front-end on another origin). @defaultValue none */
  allowedOrigins?: readonly string[] | undefined
  /** How long a call is kept after its last write, in milliseconds. @defaultValue 7 days */
  ttlMs?: number | undefined
  /** The largest record, in bytes of its JSON. @defaultValue 512 KiB */
  maxRecordBytes?: number | undefined
  /** How many calls one user may keep. @defaultValue 500 */
  maxRecordsPerUser?: number | undefined
  /** How many bytes of calls one user may keep. @defaultValue 16 MiB */
  maxBytesPerUser?: number | undefined
  /** The time, for tests of expiry. @defaultValue `Date.now` */
  now?: (() => number) | undefined
}

const DAY_MS = 24 * 60 * 60 * 1000
const KEY = /^[\w.:~@+=-]{1,200}$/
const STATUS: Record<McpStoreReason | 'method', number> = { malformed: 400, refused: 403, not_found: 404, method: 405, conflict: 409, too_large: 413, quota: 429, unavailable: 503 }

/** A JSON answer that no browser renders as anything else. */
function json(status: number, body: unknown): Response {
  // `<` escaped: even a page that sniffs finds no markup in a record.
  return new Response(JSON.stringify(body).replace(/</g, '\\u003c'), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
    },
  })
}

function refuse(reason: McpStoreReason | 'method', message: string, extra: Record<string, unknown> = {}): Response {
  return json(reason === 'refused' && message.startsWith('Not signed in') ? 401 : STATUS[reason], { error: { reason: reason === 'method' ? 'malformed' : reason, message }, ...extra })
}

/**
 * Whether a browser sent the request from a page of another site: its
 * `Sec-Fetch-Site`, else its `Origin`, against the request's own origin and
 * `allowed`. A request with neither (not a browser's, or a same-origin GET
 * of an old one) cannot carry a cross-site page's cookie.
 */
function crossSite(request: Request, allowed: readonly string[]): boolean {
  const origin = request.headers.get('origin')
  const listed = origin !== null && allowed.includes(origin)
  const site = request.headers.get('sec-fetch-site')
  if (site !== null) return site !== 'same-origin' && site !== 'none' && !listed
  return origin !== null && origin !== new URL(request.url).origin && !listed
}

/** The body as text, refused (undefined) past `limit` bytes without reading further. */
async function bodyText(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > limit) return undefined
  let size = 0
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > limit) controller.error(new RangeError('too large'))
        else controller.enqueue(chunk)
      },
    }),
  )
  try {
    return counted ? await new Response(counted).text() : ''
  } catch (error) {
    if (size > limit) return undefined
    throw error
  }
}

/** A request handler that keeps each signed-in user's calls. */
export function createCallStoreHandler(options: CallStoreHandlerOptions): (request: Request) => Promise<Response> {
  const base = (options.basePath ?? '').replace(/\/+$/, '')
  const allowed = options.allowedOrigins ?? []
  const ttlMs = options.ttlMs ?? 7 * DAY_MS
  const maxRecordBytes = options.maxRecordBytes ?? 512 * 1024
  const maxRecords = options.maxRecordsPerUser ?? 500
  const maxBytes = options.maxBytesPerUser ?? 16 * 1024 * 1024
  const clock = options.now ?? Date.now
  const { db } = options

  return async (request) => {
    const path = new URL(request.url).pathname
    if (base && path !== base && !path.startsWith(`${base}/`)) return refuse('not_found', 'No such route.')
    if (crossSite(request, allowed)) return refuse('refused', 'Cross-site requests are refused.')
    let user: string | undefined
    try {
      user = await options.userOf(request)
    } catch {
      user = undefined
    }
    if (typeof user !== 'string' || user === '') return refuse('refused', 'Not signed in.')
    const rest = path.slice(base.length).replace(/^\/+/, '')
    let key: string
    try {
      key = decodeURIComponent(rest)
    } catch {
      return refuse('malformed', 'The call id is not valid.')
    }
    const now = new Date(clock())
    try {
      if (key === '') {
        if (request.method !== 'GET') return refuse('method', 'Only GET lists calls.')
        const limit = Math.min(Math.max(Number(new URL(request.url).searchParams.get('limit')) || 50, 1), 100)
        return json(200, { calls: await listRecords(db, user, now, limit) })
      }
      if (!KEY.test(key)) return refuse('malformed', 'The call id is not valid.')
      if (request.method === 'GET') {
        const record = await readRecord(db, user, key, now)
        // Nothing kept under the key is an answer, not an error: 204, which a browser's console does not
        // report as a failed load on every look a page takes (a resume, a poll).
        return record ? json(200, record) : new Response(null, { status: 204, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } })
      }
      if (request.method === 'DELETE') {
        const rev = new URL(request.url).searchParams.get('rev')
        const removed = await removeRecord(db, user, key, rev === null ? undefined : Number(rev))
        if (!removed && rev !== null) return refuse('conflict', 'The call changed since it was read.', { current: (await readRecord(db, user, key, now)) ?? null })
        return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } })
      }
      if (request.method !== 'PUT') return refuse('method', 'Use GET, PUT or DELETE.')
      if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return refuse('malformed', 'A call is sent as application/json.')
      const text = await bodyText(request, maxRecordBytes)
      if (text === undefined) return refuse('too_large', `A kept call is at most ${maxRecordBytes} bytes.`)
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return refuse('malformed', 'The body is not JSON.')
      }
      const call = readStoredCall(value)
      if (!call) return refuse('malformed', 'The body is not a stored call.')
      const { rev, ...kept } = call
      const stored = JSON.stringify(kept)
      const bytes = new TextEncoder().encode(stored).byteLength
      if (bytes > maxRecordBytes) return refuse('too_large', `A kept call is at most ${maxRecordBytes} bytes.`)
      const params = (call.request.params ?? {}) as { name?: unknown }
      const record = {
        user,
        key,
        rev,
        json: stored,
        bytes,
        tool: typeof params.name === 'string' ? params.name.slice(0, 200) : null,
        status: isFinishedCall(call) ? 'finished' : isStartedCall(call) ? 'started' : 'pending',
        now,
        expiresAt: new Date(now.getTime() + ttlMs),
      }
      const written = await writeWithinBound(db, record, { records: maxRecords, bytes: maxBytes })
      if (written === 'quota') return refuse('quota', `You keep as many calls as this site allows (${maxRecords} calls, ${maxBytes} bytes).`)
      if (written === undefined) return refuse('conflict', 'The call changed since it was read.', { current: (await readRecord(db, user, key, now)) ?? null })
      return json(200, { key, rev: written })
    } catch {
      // The database's own words stay on the server: they may name tables, hosts, users.
      return refuse('unavailable', 'The call store is not available.')
    }
  }
}
