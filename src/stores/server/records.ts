/**
 * The call records of one user in PostgreSQL: read, written over a version
 * (compare-and-set in one statement), removed, listed, and what the user
 * keeps. Every query names the user: a key is only ever looked up within
 * the signed-in user's records, so another user's id finds nothing.
 */
import type { CallSummary } from '../wire.js'
import { inTransaction, type SqlClient, type SqlPool } from './sql.js'

export type { CallSummary }

/** One record as the handler answers it. */
export interface CallRecordRow {
  key: string
  rev: number
  call: unknown
  updatedAt: string
  expiresAt: string
}


const COLUMNS = `key, rev::float8 AS rev, call, updated_at AS "updatedAt", expires_at AS "expiresAt"`

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))
const row = (r: Record<string, unknown>): CallRecordRow => ({ key: String(r.key), rev: Number(r.rev), call: typeof r.call === 'string' ? JSON.parse(r.call) : r.call, updatedAt: iso(r.updatedAt), expiresAt: iso(r.expiresAt) })

export async function readRecord(db: SqlClient, user: string, key: string, now: Date): Promise<CallRecordRow | undefined> {
  const result = await db.query(`SELECT ${COLUMNS} FROM mcp_elicit_calls WHERE user_id = $1 AND key = $2 AND expires_at > $3`, [user, key, now])
  return result.rows[0] && row(result.rows[0])
}

export interface WriteRecord {
  user: string
  key: string
  /** Written only over this version when given; over anything (or nothing) without. */
  rev: number | undefined
  json: string
  bytes: number
  tool: string | null
  status: string
  now: Date
  expiresAt: Date
}

/** Writes the record; resolves with its new version, or undefined when `rev` is not the version there (a conflict). */
export async function writeRecord(db: SqlClient, w: WriteRecord): Promise<number | undefined> {
  if (w.rev !== undefined) {
    const updated = await db.query(
      `UPDATE mcp_elicit_calls SET rev = nextval('mcp_elicit_call_rev'), call = $3::jsonb, bytes = $4, tool = $5, status = $6, updated_at = $7, expires_at = $8
       WHERE user_id = $1 AND key = $2 AND rev = $9 AND expires_at > $7 RETURNING rev::float8 AS rev`,
      [w.user, w.key, w.json, w.bytes, w.tool, w.status, w.now, w.expiresAt, w.rev],
    )
    return updated.rows[0] ? Number(updated.rows[0].rev) : undefined
  }
  const written = await db.query(
    `INSERT INTO mcp_elicit_calls (user_id, key, call, bytes, tool, status, created_at, updated_at, expires_at) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $7, $8)
     ON CONFLICT (user_id, key) DO UPDATE SET rev = nextval('mcp_elicit_call_rev'), call = EXCLUDED.call, bytes = EXCLUDED.bytes, tool = EXCLUDED.tool, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at
     RETURNING rev::float8 AS rev`,
    [w.user, w.key, w.json, w.bytes, w.tool, w.status, w.now, w.expiresAt],
  )
  return Number(written.rows[0]!.rev)
}

/** Removes the record (over version `rev` when given); true when one was removed. */
export async function removeRecord(db: SqlClient, user: string, key: string, rev: number | undefined): Promise<boolean> {
  const result = rev === undefined
    ? await db.query(`DELETE FROM mcp_elicit_calls WHERE user_id = $1 AND key = $2 RETURNING key`, [user, key])
    : await db.query(`DELETE FROM mcp_elicit_calls WHERE user_id = $1 AND key = $2 AND rev = $3 RETURNING key`, [user, key, rev])
  return result.rows.length > 0
}

/** The user's live records, newest first, at most `limit` (the listing index keeps it bounded whatever the table holds). */
export async function listRecords(db: SqlClient, user: string, now: Date, limit: number): Promise<CallSummary[]> {
  const result = await db.query(
    `SELECT key, rev::float8 AS rev, tool, status, updated_at AS "updatedAt", expires_at AS "expiresAt" FROM mcp_elicit_calls
     WHERE user_id = $1 AND expires_at > $2 ORDER BY updated_at DESC LIMIT $3`,
    [user, now, limit],
  )
  return result.rows.map((r) => ({ key: String(r.key), rev: Number(r.rev), tool: r.tool === null ? null : String(r.tool), status: String(r.status) as CallSummary['status'], updatedAt: iso(r.updatedAt), expiresAt: iso(r.expiresAt) }))
}

/** What one user may keep: live records and their bytes. */
export interface UserBound {
  records: number
  bytes: number
}

/**
 * Writes the record unless the user would then keep more than `bound`
 * ('quota'); its new version, or undefined on a conflict. One transaction
 * holding a lock of the user's: two writes of one user at once are counted
 * one after the other (each statement after the lock sees what the one
 * before committed), so saves sent together never pass the bound.
 */
export async function writeWithinBound(db: SqlPool, w: WriteRecord, bound: UserBound): Promise<number | undefined | 'quota'> {
  return inTransaction(db, async (tx) => {
    // Per user (two keys: apart from migrate()'s lock); another user's writes go on.
    await tx.query(`SELECT pg_advisory_xact_lock(7236153, hashtext($1))`, [w.user])
    await tx.query(`DELETE FROM mcp_elicit_calls WHERE user_id = $1 AND expires_at <= $2`, [w.user, w.now])
    const used = await tx.query(`SELECT count(*)::float8 AS count, coalesce(sum(bytes), 0)::float8 AS bytes FROM mcp_elicit_calls WHERE user_id = $1 AND key <> $2`, [w.user, w.key])
    const count = Number(used.rows[0]?.count ?? 0)
    const bytes = Number(used.rows[0]?.bytes ?? 0)
    if (count + 1 > bound.records || bytes + w.bytes > bound.bytes) return 'quota'
    return writeRecord(tx, w)
  })
}

/** Removes every expired record of every user (for a scheduled job; writes sweep their own user's). */
export async function sweepExpired(db: SqlClient, now = new Date()): Promise<number> {
  const result = await db.query(`DELETE FROM mcp_elicit_calls WHERE expires_at <= $1 RETURNING key`, [now])
  return result.rows.length
}
