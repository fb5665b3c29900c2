/**
 * What the handler needs of a PostgreSQL client: `query(text, params)`
 * resolving with `rows`. A `pg` Pool or Client has it, and so has a PGlite
 * instance (`@electric-sql/pglite`, Postgres in WASM, in-process): the same
 * SQL runs on both, and on any Postgres a `DATABASE_URL` names.
 */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/**
 * What runs a transaction: a pool (`pg.Pool`) hands out one connection for
 * it; PGlite runs it on its one connection with every other query held
 * back (`transaction`); any other client (a `pg` Client) is one
 * connection, its transactions one at a time.
 */
export interface SqlPool extends SqlClient {
  /** A pool's: a connection of its own (a `pg` Client's connects itself, and is told apart by its `connection`). */
  connect?(): Promise<unknown>
  transaction?<T>(run: (tx: SqlClient) => Promise<T>): Promise<T>
}

/** A client of one connection, no pool, no `transaction`: its transactions go one at a time in this process. */
const queues = new WeakMap<SqlClient, Promise<unknown>>()

/** Runs `run` in one transaction (committed when it resolves, rolled back when it throws). */
export async function inTransaction<T>(db: SqlPool, run: (tx: SqlClient) => Promise<T>): Promise<T> {
  if (typeof db.transaction === 'function') return db.transaction(run)
  const connection = await connectionOf(db)
  if (connection) {
    try {
      return await between(connection, run)
    } finally {
      connection.release()
    }
  }
  const turn = (queues.get(db) ?? Promise.resolve()).catch(() => {}).then(() => between(db, run))
  queues.set(db, turn)
  return turn
}

/**
 * A connection of the pool's own, or undefined when `db` is no pool. A `pg`
 * Client has `connect` too, but it opens its own one connection (and
 * refuses a second call): it keeps that `connection`, a pool has none.
 */
export async function connectionOf(db: SqlPool): Promise<(SqlClient & { release(): void }) | undefined> {
  if (typeof db.connect !== 'function' || 'connection' in db) return undefined
  return (await db.connect()) as SqlClient & { release(): void }
}

async function between<T>(db: SqlClient, run: (tx: SqlClient) => Promise<T>): Promise<T> {
  await db.query('BEGIN')
  try {
    const result = await run(db)
    await db.query('COMMIT')
    return result
  } catch (error) {
    await db.query('ROLLBACK').catch(() => {})
    throw error
  }
}
