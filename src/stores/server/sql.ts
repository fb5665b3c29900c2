/**
 * What the handler needs of a PostgreSQL client: `query(text, params)`
 * resolving with `rows`. A `pg` Pool or Client has it, and so has a PGlite
 * instance (`@electric-sql/pglite`, Postgres in WASM, in-process): the same
 * SQL runs on both, and on any Postgres a `DATABASE_URL` names.
 */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/** A pool (`pg.Pool`) hands out one connection for a transaction; a single connection (PGlite, `pg.Client`) is one. */
export interface SqlPool extends SqlClient {
  connect?(): Promise<SqlClient & { release(): void }>
}
