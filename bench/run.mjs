/**
 * `npm run bench`: builds if dist/ is stale, then measures, each part in its
 * own child process and bounded in time (and all parts together by
 * RUN_CAP_MS): bundle size, round-trip cost, a new client's first call and
 * a 10-call session, the cold start of what loads on demand, streaming, forms in Chromium, memory over 1,000 calls,
 * load (N concurrent calls on one client), the call stores. Prints each part, then one compact table, and
 * writes everything as JSON to bench/results.json (`node bench/readme.mjs`
 * puts the table into the README). Loopback only; nothing here is a test and
 * nothing asserts timing.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { formatColdStart } from './cold-start.mjs'
import { formatForms } from './forms.mjs'
import { formatLoad } from './load.mjs'
import { formatMemory } from './memory.mjs'
import { formatRoundTrip } from './round-trip.mjs'
import { formatSession } from './session.mjs'
import { formatSizes } from './size.mjs'
import { formatStreaming } from './stream.mjs'
import { formatStores } from './stores-format.mjs'
import { formatSummaryText, machineLine, summaryRows } from './summary.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

/** Node with type stripping (the round-trip loads the TS server fixture): the project needs 22.18+. */
function pickNode() {
  if (process.features?.typescript) return process.execPath
  console.error(`bench: Node ${process.versions.node} cannot strip TypeScript types; the project needs Node 22.18 or newer`)
  process.exit(2)
}

function newestMtime(dir, filter) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !filter(entry.name)) continue
    newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs)
  }
  return newest
}

function buildIfNeeded() {
  const dist = join(root, 'dist', 'index.js')
  const sources = Math.max(
    newestMtime(join(root, 'src'), (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)),
    ...['package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json'].map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)),
  )
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return 'up to date'
  console.log('dist/ is older than src/: npm run build')
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: 180_000 })
  if (built.status === 0) return 'rebuilt'
  const why = `npm run build failed (${built.error?.message ?? `exit ${built.status}`})`
  if (!existsSync(dist)) throw new Error(why)
  // `vite build` runs before `tsc`: a type error elsewhere still leaves a fresh dist/index.js.
  console.warn(`WARNING: ${why}; measuring the dist/index.js that is there (built ${new Date(statSync(dist).mtimeMs).toISOString()})`)
  return `build failed; dist/index.js of ${new Date(statSync(dist).mtimeMs).toISOString()} measured`
}

/** All measuring parts together (the build before them excluded) stay under this. */
const RUN_CAP_MS = 480_000
const runDeadline = Date.now() + RUN_CAP_MS

function runPart(node, script, timeoutMs, args = [], scriptArgs = []) {
  const left = runDeadline - Date.now()
  if (left < 5_000) return { error: `${script}: skipped, the run's ${RUN_CAP_MS / 1000} s cap is used up` }
  const child = spawnSync(node, [...args, join(here, script), '--json', ...scriptArgs], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: Math.min(timeoutMs, left),
    maxBuffer: 16 * 1024 * 1024,
  })
  if (child.error) return { error: `${script}: ${child.error.message}` }
  if (child.status !== 0) return { error: `${script} ${child.signal === 'SIGTERM' ? 'timed out' : `exited with ${child.status ?? child.signal}`}` }
  const line = child.stdout.trim().split('\n').at(-1) ?? ''
  try {
    return JSON.parse(line)
  } catch {
    return { error: `${script}: no JSON on stdout` }
  }
}

const node = pickNode()
const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()
const build = buildIfNeeded()

const started = Date.now()
console.log(`size: bundling entries (${node === process.execPath ? 'this node' : node})…`)
const size = runPart(node, 'size.mjs', 60_000, [], ['--from-dist'])
// The module lists serve the size check's first-load test; results.json keeps the figures.
for (const entry of size.entries ?? []) delete entry.firstLoadModules
console.log('round-trip: calls against the local test server…')
const roundTrip = runPart(node, 'round-trip.mjs', 70_000, ['--expose-gc'])
console.log('session: first call of a new client, requests of a 10-call session…')
const session = runPart(node, 'session.mjs', 60_000, ['--expose-gc'])
console.log('cold start: the first legacy call and the first task, chunk load included, a process per sample…')
const coldStart = runPart(node, 'cold-start.mjs', 60_000)
console.log('streaming: 10,000 progress notifications, a process per run…')
const streaming = runPart(node, 'stream.mjs', 60_000)
console.log('forms: the bench page in Chromium…')
const forms = runPart(node, 'forms.mjs', 70_000)
console.log('memory: 1,000 multi-round calls per client…')
const memory = runPart(node, 'memory.mjs', 50_000)
console.log('load: 100, 1,000 and 2,000 concurrent calls on one client, a process per sample…')
const load = runPart(node, 'load.mjs', 160_000)
console.log('stores: reading a kept round back from each store, a listing with 10,000 records (PGlite, embedded Postgres)…')
const stores = runPart(node, 'stores.mjs', 90_000)

const cpus = os.cpus()
const results = {
  date: new Date().toISOString(),
  machine: {
    os: `${os.type()} ${os.release()} (${os.platform()} ${os.arch()})`,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: nodeVersion,
  },
  build,
  totalSeconds: Math.round((Date.now() - started) / 100) / 10,
  size,
  roundTrip,
  session,
  coldStart,
  streaming,
  forms,
  memory,
  load,
  stores,
}

console.log('')
console.log(`mcp-elicit bench, ${results.date}`)
console.log(machineLine(results))
console.log('')
console.log('== bundle size (vite/rolldown, browser, oxc minify, ES2022, gzip -9) ==')
console.log(size.error ? `FAILED: ${size.error}` : formatSizes(size))
console.log('')
console.log('== round-trip (sequential calls, in-process SDK server on 127.0.0.1) ==')
console.log(roundTrip.error ? `FAILED: ${roundTrip.error}` : formatRoundTrip(roundTrip))
console.log('')
console.log('== session (a new client: first call, 10 calls; SDK server with a public 60 s tools/list, 127.0.0.1) ==')
console.log(session.error ? `FAILED: ${session.error}` : formatSession(session))
console.log('')
console.log('== cold start (a fresh process per sample: the chunk that loads on demand is part of the first call) ==')
console.log(coldStart.error ? `FAILED: ${coldStart.error}` : formatColdStart(coldStart))
console.log('')
console.log('== streaming (SSE progress before the result, SDK server in its own process) ==')
console.log(streaming.error ? `FAILED: ${streaming.error}` : formatStreaming(streaming))
console.log('')
console.log('== forms (ElicitationForm vs bare rjsf Form, same schema and ajv8 validator) ==')
console.log(forms.error ? `FAILED: ${forms.error}` : formatForms(forms))
console.log('')
console.log('== memory (heap after gc(), a process per client, SDK test server in its own process) ==')
console.log(memory.error ? `FAILED: ${memory.error}` : formatMemory(memory))
console.log('')
console.log('== load (N concurrent wizard calls on one client, SDK server in its own process) ==')
console.log(load.error ? `FAILED: ${load.error}` : formatLoad(load))
console.log('')
console.log('== call stores (a kept round read back; a user’s listing with 10,000 records in the table; 127.0.0.1) ==')
console.log(stores.error ? `FAILED: ${stores.error}` : formatStores(stores))
console.log('')
console.log(`== summary (${results.totalSeconds} s) ==`)
console.log(formatSummaryText(summaryRows(results)))

writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log('\nwritten: bench/results.json (README table: node bench/readme.mjs)')
if ([size, roundTrip, session, coldStart, streaming, forms, memory, load, stores].some((part) => part.error)) process.exitCode = 1
