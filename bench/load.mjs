/**
 * Load: N concurrent multi-round calls on one client. Each call is the test
 * fixture's `wizard` (two input rounds, three requests: the call, the colour,
 * the size) against the official SDK server (`startLoadServer()` of
 * `servers/bench-servers.ts`), which runs in a process of its own so the
 * client's CPU time is the client's alone. Two contestants, each sample a
 * fresh process holding one client: `ours` (`createClient` from
 * `dist/index.js`) and the official client 2.4.0. In a sample: one call, a
 * warm-up batch of CONFIG.warmCalls concurrent calls (the JIT, the
 * connections), then the measured batch of N concurrent calls: wall time,
 * the process's CPU time, the server's CPU time over the same window (its
 * `GET /cpu`), the event loop's utilisation and delay, the connections
 * opened, and how many calls ended with the right result.
 *
 * The machine is shared and wall times are noisy: samples are paired and
 * interleaved (ours, official, then official, ours, …) and compared by
 * medians, and by the median of the pairs' ratios.
 *
 * Run under Node 22.18+: `node bench/load.mjs [--json]`. Bounded: the sizes
 * and pairs of CONFIG (BENCH_LOAD_SIZES="100,1000", BENCH_LOAD_PAIRS=3;
 * BENCH_LOAD_MAX=100000 runs ours without its request gate), a
 * time cap per sample and for the whole part; loopback only.
 */
import { spawnSync } from 'node:child_process'
import diagnostics from 'node:diagnostics_channel'
import { existsSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { dirname, join, resolve } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { clampInt, runPartScript, startServerProcess, stopServerProcess } from './server-process.mjs'
import { EXPECT, makeWizardClient } from './wizard-clients.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

function sizes(value) {
  const parsed = (value ?? '')
    .split(',')
    .map((part) => Number.parseInt(part, 10))
    .filter((n) => Number.isFinite(n) && n >= 1)
    .map((n) => Math.min(n, 5_000))
  return parsed.length ? parsed : [100, 1_000, 2_000]
}

export const CONFIG = {
  sizes: sizes(process.env.BENCH_LOAD_SIZES),
  pairs: clampInt(process.env.BENCH_LOAD_PAIRS, 2, 1, 10),
  /** Ours with another `limits.maxConcurrentRequests` (BENCH_LOAD_MAX), to see what the gate does; the default when unset. */
  maxConcurrentRequests: process.env.BENCH_LOAD_MAX ? clampInt(process.env.BENCH_LOAD_MAX, 64, 1, 100_000) : undefined,
  warmCalls: 200,
  tool: 'wizard',
  requestsPerCall: 3,
  sampleCapMs: 45_000,
  partCapMs: 150_000,
}

const CONTESTANTS = ['ours', 'official']

/** `--serve`: the load server in this process, its URL on stdout, until stdin closes. */
async function serve() {
  const { startLoadServer } = await import(pathToFileURL(join(root, 'servers', 'bench-servers.ts')).href)
  const { serveUntilStdinEnds } = await import(pathToFileURL(join(root, 'servers', 'host.ts')).href)
  serveUntilStdinEnds(await startLoadServer())
}

/** The server's CPU time so far (ms), over node:http so the contestant's connections are left alone. */
function serverCpuMs(url) {
  return new Promise((resolveCpu, reject) => {
    const request = httpRequest(new URL('/cpu', url), { agent: false, timeout: 10_000 }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => {
        try {
          const { user, system } = JSON.parse(body)
          resolveCpu((user + system) / 1000)
        } catch (error) {
          reject(error)
        }
      })
    })
    request.on('timeout', () => request.destroy(new Error('GET /cpu timed out')))
    request.on('error', reject)
    request.end()
  })
}

/** An error with its causes (a network error's is what the socket said). */
function describe(error) {
  const parts = []
  for (let at = error; at !== undefined && at !== null && parts.length < 4; at = at.cause) {
    parts.push(typeof at === 'object' ? `${at.code ? `${at.code}: ` : ''}${at.message ?? String(at)}` : String(at))
  }
  return parts.join(' <- ').slice(0, 300)
}

/** Runs `n` calls at once; how many ended with the right result, and the first distinct failures. */
async function batch(client, n) {
  const settled = await Promise.allSettled(Array.from({ length: n }, () => client.call()))
  let good = 0
  const errors = new Set()
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') {
      const text = (outcome.value?.content ?? []).map((block) => block.text ?? '').join('')
      if (text === EXPECT) good++
      else errors.add(`wrong result: ${text.slice(0, 120)}`)
    } else errors.add(describe(outcome.reason))
  }
  return { good, errors: [...errors].slice(0, 3) }
}

/** `--measure <who> <url> <n>`: this process holds one client; one sample. */
async function measureOne(who, url, n) {
  let connections = 0
  // Node's fetch (undici) announces each new connection here; both contestants use it.
  const onConnected = () => connections++
  diagnostics.subscribe('undici:client:connected', onConnected)
  const client = await makeWizardClient(who, url, { root, limits: CONFIG.maxConcurrentRequests && { maxConcurrentRequests: CONFIG.maxConcurrentRequests } })
  const first = await batch(client, 1)
  const warm = await batch(client, Math.min(n, CONFIG.warmCalls))
  const warmGood = first.good + warm.good

  const delay = monitorEventLoopDelay({ resolution: 10 })
  const serverBefore = await serverCpuMs(url)
  connections = 0
  const eluBefore = performance.eventLoopUtilization()
  const cpuBefore = process.cpuUsage()
  delay.enable()
  const started = performance.now()
  const measured = await batch(client, n)
  const wallMs = performance.now() - started
  delay.disable()
  const cpu = process.cpuUsage(cpuBefore)
  const elu = performance.eventLoopUtilization(eluBefore)
  const opened = connections
  const serverAfter = await serverCpuMs(url)
  diagnostics.unsubscribe('undici:client:connected', onConnected)
  await client.close().catch(() => {})
  const round = (x, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits
  return {
    who,
    n,
    wallMs: round(wallMs),
    cpuMs: round((cpu.user + cpu.system) / 1000),
    serverCpuMs: round(serverAfter - serverBefore),
    eventLoopUtilization: round(elu.utilization, 3),
    loopDelayP99Ms: round(delay.percentile(99) / 1e6),
    loopDelayMaxMs: round(delay.max / 1e6),
    connections: opened,
    good: measured.good,
    ...(measured.errors.length && { errors: measured.errors }),
    ...(warmGood !== 1 + Math.min(n, CONFIG.warmCalls) && { warmErrors: [...first.errors, ...warm.errors].slice(0, 3) }),
  }
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const ratio = (a, b) => Math.round((a / b) * 1000) / 1000

function sampleOnce(who, url, n, capMs) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', who, url, String(n)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: capMs,
    maxBuffer: 4 * 1024 * 1024,
  })
  if (run.status !== 0) {
    const why = run.error?.code === 'ETIMEDOUT' || run.signal === 'SIGTERM' ? `no result within ${Math.round(capMs / 1000)} s` : `exit ${run.status ?? run.signal}`
    return { who, n, error: `${why} ${run.stderr.trim().split('\n').slice(-2).join(' | ')}`.trim(), good: 0 }
  }
  return JSON.parse(run.stdout.trim().split('\n').at(-1))
}

function summarize(n, samples) {
  const of = (who) => samples.filter((s) => s.who === who)
  const side = (who) => {
    const runs = of(who)
    const ok = runs.filter((s) => !s.error)
    return {
      samples: runs.length,
      calls: runs.length * n,
      good: runs.reduce((sum, s) => sum + (s.good ?? 0), 0),
      wallMsMedian: median(ok.map((s) => s.wallMs)),
      cpuMsMedian: median(ok.map((s) => s.cpuMs)),
      serverCpuMsMedian: median(ok.map((s) => s.serverCpuMs)),
      connectionsMedian: median(ok.map((s) => s.connections)),
      eventLoopUtilizationMedian: median(ok.map((s) => s.eventLoopUtilization)),
    }
  }
  const ours = side('ours')
  const official = side('official')
  // Pairs in the order they ran: a pair's two samples were neighbours in time.
  const pairs = []
  for (let i = 0; i + 1 < samples.length; i += 2) {
    const pair = Object.fromEntries(samples.slice(i, i + 2).map((s) => [s.who, s]))
    if (pair.ours && pair.official && !pair.ours.error && !pair.official.error) pairs.push(pair)
  }
  return {
    n,
    ours,
    official,
    ratios: {
      wall: ratio(ours.wallMsMedian, official.wallMsMedian),
      wallPaired: median(pairs.map((p) => ratio(p.ours.wallMs, p.official.wallMs))),
      cpu: ratio(ours.cpuMsMedian, official.cpuMsMedian),
      cpuPaired: median(pairs.map((p) => ratio(p.ours.cpuMs, p.official.cpuMs))),
    },
    samples,
  }
}

/** Every size, pairs of samples interleaved, the server in its own process. */
export async function measureLoad() {
  if (!process.features?.typescript) throw new Error(`load needs Node >= 22.18 (type stripping) for the TS server; this is ${process.version}`)
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/index.js is missing: run `npm run build`')
  const started = performance.now()
  const deadline = started + CONFIG.partCapMs
  const { url, child } = await startServerProcess(process.execPath, [fileURLToPath(import.meta.url), '--serve'], { cwd: root, label: 'load server' })
  const bySize = []
  let truncated = false
  try {
    for (const n of CONFIG.sizes) {
      const samples = []
      for (let pair = 0; pair < CONFIG.pairs; pair++) {
        const order = pair % 2 === 0 ? CONTESTANTS : [...CONTESTANTS].reverse()
        for (const who of order) {
          const left = deadline - performance.now()
          if (left < 3_000) {
            truncated = true
            break
          }
          samples.push(sampleOnce(who, url, n, Math.round(Math.min(CONFIG.sampleCapMs, left))))
        }
      }
      if (samples.length) bySize.push(summarize(n, samples))
    }
  } finally {
    await stopServerProcess(child)
  }
  if (!bySize.length) throw new Error('load: no time left for a sample')
  return {
    config: { ...CONFIG, server: 'servers/bench-servers.ts startLoadServer (own process, 127.0.0.1)', client: 'dist/index.js', processPerSample: true },
    sizes: bySize,
    ...(truncated && { truncated: true }),
    totalSeconds: (performance.now() - started) / 1000,
  }
}

export function formatLoad(result) {
  const ms = (n) => `${Math.round(n)} ms`
  const x = (n) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a')
  const lines = [`${result.config.tool} (${result.config.requestsPerCall} requests a call), N calls at once on one client after ${result.config.warmCalls} warm-up calls; medians of ${result.config.pairs} interleaved pairs`]
  for (const size of result.sizes) {
    lines.push(`  N=${size.n.toLocaleString('en-US')}`)
    for (const who of CONTESTANTS) {
      const s = size[who]
      lines.push(
        `    ${who.padEnd(9)} wall ${ms(s.wallMsMedian)}  CPU ${ms(s.cpuMsMedian)}  server CPU ${ms(s.serverCpuMsMedian)}  connections ${s.connectionsMedian}  loop busy ${s.eventLoopUtilizationMedian}  correct ${s.good}/${s.calls}`,
      )
    }
    lines.push(`    ours/official: wall ${x(size.ratios.wall)} (paired ${x(size.ratios.wallPaired)}), CPU ${x(size.ratios.cpu)} (paired ${x(size.ratios.cpuPaired)})`)
    for (const failed of size.samples.filter((s) => s.error || s.errors)) lines.push(`    ${failed.who}: ${failed.error ?? failed.errors.join('; ')}`)
  }
  lines.push(`(${result.totalSeconds.toFixed(1)} s${result.truncated ? ', time cap hit' : ''})`)
  return lines.join('\n')
}

await runPartScript(import.meta.url, {
  serve,
  measure: (who, url, n) => measureOne(who, url, Number(n)),
  measureAll: measureLoad,
  format: formatLoad,
  exitAfterMeasure: true,
})
