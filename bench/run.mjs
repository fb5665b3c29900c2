/**
 * `npm run bench`: builds if dist/ is stale, measures bundle size, then
 * round-trip cost (each in its own child process, each bounded in time),
 * prints one table and writes it as JSON to bench/results.json.
 * Loopback only; nothing here is a test and nothing asserts timing.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { formatRoundTrip } from './round-trip.mjs'
import { formatSizes } from './size.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

/** Node with type stripping (the round-trip loads the TS server fixture): this one, or the project's Node 22. */
function pickNode() {
  if (process.features?.typescript) return process.execPath
  const local = join(root, 'node_modules', '.bin', 'node')
  if (existsSync(local)) return local
  return process.execPath
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

function runPart(node, script, timeoutMs, args = []) {
  const child = spawnSync(node, [...args, join(here, script), '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: timeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  })
  if (child.error) return { error: `${script}: ${child.error.message}` }
  if (child.status !== 0) return { error: `${script} exited with ${child.status ?? child.signal}` }
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

console.log(`size: bundling entries (${node === process.execPath ? 'this node' : node})…`)
const size = runPart(node, 'size.mjs', 180_000)
console.log('round-trip: calls against the local test server…')
const roundTrip = runPart(node, 'round-trip.mjs', 120_000, ['--expose-gc'])

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
  size,
  roundTrip,
}

console.log('')
console.log(`mcp-elicit bench, ${results.date}`)
console.log(`${results.machine.os}; ${results.machine.cpu} x${results.machine.cores}; ${results.machine.memoryGB} GB; Node ${nodeVersion}`)
console.log('')
console.log('== bundle size (vite/rolldown, browser, oxc minify, ES2022, gzip -9) ==')
console.log(size.error ? `FAILED: ${size.error}` : formatSizes(size))
console.log('')
console.log('== round-trip (sequential calls, in-process SDK server on 127.0.0.1) ==')
console.log(roundTrip.error ? `FAILED: ${roundTrip.error}` : formatRoundTrip(roundTrip))

writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log('\nwritten: bench/results.json')
if (size.error || roundTrip.error) process.exitCode = 1
