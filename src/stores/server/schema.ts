/**
 * The tables the call store handler keeps, as migrations: numbered, each run
 * once in a transaction and recorded in `mcp_elicit_migrations`, so
 * `migrate()` at every start brings any database to the current schema
 * (another instance migrating at the same time waits on the advisory lock).
 */
import { connectionOf, type SqlClient, type SqlPool } from './sql.js'

/** Each migration's statements, in order; never edited once released, only added to. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'calls',
    sql: `
CREATE SEQUENCE mcp_elicit_call_rev;
CREATE TABLE mcp_elicit_calls (
  user_id    text        NOT NULL,
  key        text        NOT NULL,
  rev        bigint      NOT NULL DEFAULT nextval('mcp_elicit_call_rev'),
  call       jsonb       NOT NULL,
  bytes      integer     NOT NULL,
  tool       text,
  status     text        NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX mcp_elicit_calls_listing ON mcp_elicit_calls (user_id, updated_at DESC);
CREATE INDEX mcp_elicit_calls_expiry ON mcp_elicit_calls (expires_at);`,
  },
]

/** Brings the database to the current schema; safe to call at every start, from several instances. */
export async function migrate(pool: SqlPool): Promise<number> {
  // A transaction needs one connection throughout.
  const connection = await connectionOf(pool)
  try {
    return await migrateOn(connection ?? pool)
  } finally {
    connection?.release()
  }
}

async function migrateOn(db: SqlClient): Promise<number> {
  await db.query(`CREATE TABLE IF NOT EXISTS mcp_elicit_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
  let applied = 0
  for (const migration of MIGRATIONS) {
    await db.query('BEGIN')
    try {
      // One instance at a time (a lock of this transaction, released at its end).
      await db.query(`SELECT pg_advisory_xact_lock(7236152)`)
      const done = await db.query(`SELECT 1 FROM mcp_elicit_migrations WHERE version = $1`, [migration.version])
      if (done.rows.length === 0) {
        for (const statement of migration.sql.split(';').map((text) => text.trim()).filter(Boolean)) await db.query(statement)
        await db.query(`INSERT INTO mcp_elicit_migrations (version, name) VALUES ($1, $2)`, [migration.version, migration.name])
        applied++
      }
      await db.query('COMMIT')
    } catch (error) {
      await db.query('ROLLBACK').catch(() => {})
      throw error
    }
  }
  return applied
}
