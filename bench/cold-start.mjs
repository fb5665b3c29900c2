/**
 * Cold start of what loads on demand: the first call on a 2025-11-25 server
 * (the legacy era's chunk) and the first task (the tasks chunk), with the SSE
 * reader's chunk when the answer is streamed (the official SDK servers stream
 * by default), each in a
 * FRESH Node process, so the dynamic `import()` of the chunk is part of what
 * is timed, as on a page's first legacy call.
 *
 * Contestants, per sample (one process each, the client module imported
 * before the clock starts, as a page has its first load before it calls):
 * - `ours-cold`: `createClient` from the built `dist/index.js`; the chunk
 *   loads during the call;
 * - `ours-warm`: the same, with the chunks imported before the clock starts:
 *   what one bundle without the split costs (the build before the split);
 * - `official` (legacy only): `@modelcontextprotocol/client` 2.4.0 with
 *   versionNegotiation auto, from construction through `connect` to its first
 *   result.
 *
 * Servers, on 127.0.0.1 in this process: the legacy test server (official SDK
 * v1, 2025-11-25, `echo`) and the demo server (SDK v2 with the tasks
 * extension: `long_task` with one 10 ms step and no question, as a task).
 * The era is probed in every sample (a fresh process remembers nothing).
 *
 * Node reads a chunk from disk; in a browser it is one more request to the
 * page's origin (typically cached, HTTP/2 multiplexed), so `ours-cold` minus
 * `ours-warm` is a floor for a browser's cost, not its figure.
 *
 * Run under Node 22: `node bench/cold-start.mjs [--json]`. Bounded:
 * BENCH_COLD_SAMPLES samples per contestant (default 15), each child killed
 * after 10 s, the whole part capped.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { clampInt } from './server-process.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')
const dist = join(root, 'dist')

export const CONFIG = {
  samples: clampInt(process.env.BENCH_COLD_SAMPLES, 15, 5, 200),
  childTimeoutMs: 10_000,
  partCapMs: 60_000,
}

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** The built module of src/core/`name`.ts (dist/ keeps one file per module). */
function moduleFile(name) {
  const file = join(dist, 'core', `${name}.js`)
  if (!existsSync(file)) throw new Error(`dist/core/${name}.js is missing: run \`npm run build\``)
  return file
}

/** One sample, in the child: prints the milliseconds from creating the client to its first result. */
async function sample(contestant, scenario, url) {
  if (contestant === 'official') {
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client')
    const started = performance.now()
    const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } })
    await client.connect(new StreamableHTTPClientTransport(new URL(url)))
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } })
    const ms = performance.now() - started
    if (!JSON.stringify(result).includes('hi')) throw new Error('official: unexpected result')
    await client.close()
    return ms
  }
  const { createClient } = await import(pathToFileURL(join(dist, 'index.js')).href)
  if (contestant === 'ours-warm') {
    for (const name of [scenario === 'legacy' ? 'legacy-connection' : 'task-client', 'sse-exchange']) await import(pathToFileURL(moduleFile(name)).href)
  }
  const started = performance.now()
  if (scenario === 'legacy') {
    const client = createClient(url)
    const result = await client.callTool('echo', { text: 'hi' })
    const ms = performance.now() - started
    if (client.era !== 'legacy' || !JSON.stringify(result).includes('hi')) throw new Error('ours: not a legacy echo')
    await client.close()
    return ms
  }
  const client = createClient(url, { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } })
  let task = false
  const result = await client.callTool('long_task', { steps: 1, stepMs: 10, askAt: 0 }, { onEvent: (event) => (task ||= event.type === 'task') })
  const ms = performance.now() - started
  if (!task || !JSON.stringify(result).includes('1 steps done')) throw new Error('ours: the call did not run as a task')
  await client.close()
  return ms
}

function runChild(contestant, scenario, url) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--sample', contestant, scenario, url], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), CONFIG.childTimeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      const ms = Number(out.trim())
      if (code === 0 && Number.isFinite(ms)) resolvePromise(ms)
      else reject(new Error(`${contestant} ${scenario}: exit ${code}${err ? `: ${err.trim().split('\n').slice(-3).join(' ')}` : ''}`))
    })
  })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN
}

export async function measureColdStart() {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/index.js is missing: run `npm run build` (or `npm run bench`, which builds)')
  const { startLegacyServer } = await import(pathToFileURL(join(root, 'servers', 'legacy-server.ts')).href)
  const { startDemoServer } = await import(pathToFileURL(join(root, 'servers', 'demo-server.ts')).href)
  const legacy = await startLegacyServer()
  const demo = await startDemoServer({ host: '127.0.0.1', port: 0 })
  const deadline = performance.now() + CONFIG.partCapMs
  const plan = {
    legacy: { url: legacy.url, contestants: ['ours-cold', 'ours-warm', 'official'] },
    task: { url: demo.url, contestants: ['ours-cold', 'ours-warm'] },
  }
  const samples = {}
  try {
    for (const [scenario, { url, contestants }] of Object.entries(plan)) {
      for (const contestant of contestants) samples[`${scenario}/${contestant}`] = []
      // Rotated order, so drift of the machine spreads over every contestant.
      for (let i = 0; i < CONFIG.samples && performance.now() < deadline; i++) {
        const order = contestants.map((_, k) => contestants[(i + k) % contestants.length])
        for (const contestant of order) samples[`${scenario}/${contestant}`].push(await runChild(contestant, scenario, url))
      }
    }
  } finally {
    await Promise.allSettled([legacy.close(), demo.close()])
  }
  const medians = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, { median: median(values), samples: values.length }]))
  const m = (key) => medians[key]?.median
  return {
    config: CONFIG,
    medians,
    ratios: {
      legacyColdOverOfficial: m('legacy/ours-cold') / m('legacy/official'),
      legacyChunkMs: m('legacy/ours-cold') - m('legacy/ours-warm'),
      taskChunkMs: m('task/ours-cold') - m('task/ours-warm'),
    },
  }
}

export function formatColdStart(result) {
  const ms = (value) => `${value.toFixed(2)} ms`
  const lines = ['scenario/contestant        median (fresh process each)']
  for (const [key, { median: value, samples }] of Object.entries(result.medians)) lines.push(`${key.padEnd(26)} ${ms(value).padStart(10)}  (${samples} samples)`)
  const { legacyColdOverOfficial, legacyChunkMs, taskChunkMs } = result.ratios
  lines.push(`first legacy call, chunk loads included, vs official: ${legacyColdOverOfficial.toFixed(2)}x; the chunks add ${ms(legacyChunkMs)} (legacy), ${ms(taskChunkMs)} (task)`)
  return lines.join('\n')
}

if (process.argv[2] === '--sample') {
  const [, , , contestant, scenario, url] = process.argv
  process.stdout.write(`${await sample(contestant, scenario, url)}\n`)
  process.exit(0)
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureColdStart()
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatColdStart(result))
}
