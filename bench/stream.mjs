/**
 * Streaming: one `tools/call` whose response is an SSE stream of 10,000
 * `notifications/progress` before the result (`bench/stream-server.ts`, the
 * official SDK server, in its own process on 127.0.0.1). Contestants:
 *
 * - `ours`: `createClient().callTool(…, { onProgress })` from `dist/index.js`;
 * - `official`: `@modelcontextprotocol/client` 2.4.0, `callTool(…, { onprogress })`.
 *
 * Each run is a fresh child process (`--expose-gc`) holding one client, so
 * its memory is that client's alone: a warm-up call (connect, discovery, JIT),
 * gc(), a baseline reading, then the measured call. Memory is sampled every
 * 2 ms by a timer and every 250th notification inside the progress callback
 * (a busy stream can starve the timer); `maxRssMB` is the kernel's peak RSS
 * of the child (its whole life, module loading included).
 *
 * Run under Node 22 (type stripping): `node bench/stream.mjs [--json]`.
 * Bounded: BENCH_STREAM_RUNS runs per contestant (default 5), a time cap per
 * child and for the whole part.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { clampInt, startServerProcess, stopServerProcess } from './server-process.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

export const CONFIG = {
  count: 10_000,
  warmupCount: 200,
  runs: clampInt(process.env.BENCH_STREAM_RUNS, 5, 1, 10),
  childCapMs: 20_000,
  partCapMs: 45_000,
  sampleEveryMs: 2,
  sampleEveryNotifications: 250,
}

const CONTESTANTS = ['ours', 'official']


const MB = 1024 * 1024
const mb = (bytes) => Math.round((bytes / MB) * 100) / 100
const median = (list) => {
  const sorted = list.slice().sort((a, b) => a - b)
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]
}

// --- child: one contestant, one measured call --------------------------------

async function childRun(who, url, count) {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc')
  let call
  let close
  if (who === 'ours') {
    const { createClient } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href)
    const client = createClient(url, { capabilities: {} })
    call = (n, onTick) => client.callTool('stream', { count: n }, { onProgress: onTick })
    close = () => client.close()
  } else {
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client')
    const client = new Client({ name: 'bench-official', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } })
    await client.connect(new StreamableHTTPClientTransport(new URL(url)))
    call = (n, onTick) => client.callTool({ name: 'stream', arguments: { count: n } }, { onprogress: onTick, timeout: CONFIG.childCapMs })
    close = () => client.close()
  }
  const textOf = (result) => (result?.content ?? []).map((block) => block.text ?? '').join('')

  // Warm-up: connection, discovery, JIT of the SSE path.
  let warm = 0
  const warmText = textOf(await call(CONFIG.warmupCount, () => warm++))
  if (warm !== CONFIG.warmupCount || warmText !== `streamed ${CONFIG.warmupCount}`) {
    throw new Error(`${who} warm-up: ${warm} notifications, result ${warmText}`)
  }

  globalThis.gc()
  globalThis.gc()
  const base = process.memoryUsage()
  const peak = { heapUsed: base.heapUsed, rss: base.rss, external: base.external + base.arrayBuffers }
  const sample = () => {
    const m = process.memoryUsage()
    if (m.heapUsed > peak.heapUsed) peak.heapUsed = m.heapUsed
    if (m.rss > peak.rss) peak.rss = m.rss
    if (m.external + m.arrayBuffers > peak.external) peak.external = m.external + m.arrayBuffers
  }
  let samples = 0
  const timer = setInterval(() => {
    samples++
    sample()
  }, CONFIG.sampleEveryMs)

  let received = 0
  let lastProgress = 0
  const t0 = performance.now()
  const result = await call(count, (progress) => {
    received++
    lastProgress = progress.progress
    if (received % CONFIG.sampleEveryNotifications === 0) {
      samples++
      sample()
    }
  })
  const t1 = performance.now()
  clearInterval(timer)
  sample()
  const text = textOf(result)
  if (text !== `streamed ${count}` || received !== count || lastProgress !== count) {
    throw new Error(`${who}: result ${JSON.stringify(text)}, ${received} notifications, last progress ${lastProgress}`)
  }
  await close().catch(() => {})
  return {
    who,
    count,
    timeToResultMs: t1 - t0,
    notificationsPerSecond: count / ((t1 - t0) / 1000),
    received,
    samples,
    baseline: { heapUsedMB: mb(base.heapUsed), rssMB: mb(base.rss) },
    peak: { heapUsedMB: mb(peak.heapUsed), rssMB: mb(peak.rss), externalMB: mb(peak.external) },
    peakHeapOverBaselineMB: mb(peak.heapUsed - base.heapUsed),
    peakRssOverBaselineMB: mb(peak.rss - base.rss),
    maxRssMB: Math.round((process.resourceUsage().maxRSS / 1024) * 100) / 100,
  }
}

// --- parent: server process, children in alternating order --------------------


export async function measureStreaming() {
  if (!process.features?.typescript) {
    throw new Error(`streaming needs Node >= 22.18 (type stripping) for the TS server; this is ${process.version}. Use \`npm run bench\`.`)
  }
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/index.js is missing: run `npm run build`')
  const node = process.execPath
  const started = performance.now()
  const deadline = started + CONFIG.partCapMs
  const { url, child: server } = await startServerProcess(node, [join(here, 'stream-server.ts')], { cwd: root, label: 'stream server' })
  const runs = { ours: [], official: [] }
  let truncated = false
  try {
    for (let rep = 0; rep < CONFIG.runs; rep++) {
      const order = rep % 2 === 0 ? CONTESTANTS : CONTESTANTS.slice().reverse()
      for (const who of order) {
        const left = deadline - performance.now()
        if (left < 5_000) {
          truncated = true
          break
        }
        const child = spawnSync(node, ['--expose-gc', fileURLToPath(import.meta.url), '--child', who, url, String(CONFIG.count)], {
          cwd: root,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: Math.min(CONFIG.childCapMs, left),
          maxBuffer: 4 * MB,
        })
        if (child.status !== 0) {
          throw new Error(`${who} run ${rep + 1}: ${child.error?.message ?? `exit ${child.status ?? child.signal}`} ${child.stderr.trim().split('\n').slice(-3).join(' | ')}`)
        }
        runs[who].push(JSON.parse(child.stdout.trim().split('\n').at(-1)))
      }
    }
  } finally {
    await stopServerProcess(server)
  }
  const summary = {}
  for (const who of CONTESTANTS) {
    const list = runs[who]
    summary[who] = {
      runs: list.length,
      timeToResultMsMedian: median(list.map((r) => r.timeToResultMs)),
      timeToResultMs: list.map((r) => Math.round(r.timeToResultMs * 10) / 10),
      notificationsPerSecondMedian: median(list.map((r) => r.notificationsPerSecond)),
      peakHeapOverBaselineMBMedian: median(list.map((r) => r.peakHeapOverBaselineMB)),
      peakHeapUsedMBMedian: median(list.map((r) => r.peak.heapUsedMB)),
      baselineHeapUsedMBMedian: median(list.map((r) => r.baseline.heapUsedMB)),
      peakRssOverBaselineMBMedian: median(list.map((r) => r.peakRssOverBaselineMB)),
      maxRssMBMedian: median(list.map((r) => r.maxRssMB)),
      detail: list,
    }
  }
  const o = summary.ours
  const off = summary.official
  return {
    config: { ...CONFIG, server: 'bench/stream-server.ts (official SDK server, own process, 127.0.0.1)', client: 'dist/index.js', processPerRun: true },
    ours: o,
    official: off,
    ratios: {
      oursOverOfficialTime: o.timeToResultMsMedian / off.timeToResultMsMedian,
      oursOverOfficialPeakHeapDelta: o.peakHeapOverBaselineMBMedian / off.peakHeapOverBaselineMBMedian,
      oursOverOfficialMaxRss: o.maxRssMBMedian / off.maxRssMBMedian,
    },
    ...(truncated && { truncated: true }),
    totalSeconds: (performance.now() - started) / 1000,
  }
}

export function formatStreaming(result) {
  const lines = [`${result.config.count} progress notifications over SSE, then the result; ${result.ours.runs} runs each (fresh process per run), medians`]
  lines.push('  contestant   to result (ms)   notif/s   heap baseline  peak heap  peak-baseline  max RSS')
  for (const who of ['ours', 'official']) {
    const s = result[who]
    lines.push(
      `  ${who.padEnd(10)} ${s.timeToResultMsMedian.toFixed(1).padStart(16)} ${Math.round(s.notificationsPerSecondMedian).toString().padStart(9)} ${`${s.baselineHeapUsedMBMedian.toFixed(1)} MB`.padStart(15)} ${`${s.peakHeapUsedMBMedian.toFixed(1)} MB`.padStart(10)} ${`${s.peakHeapOverBaselineMBMedian.toFixed(1)} MB`.padStart(14)} ${`${s.maxRssMBMedian.toFixed(1)} MB`.padStart(8)}`,
    )
  }
  const r = result.ratios
  lines.push(`  ours/official: time ${r.oursOverOfficialTime.toFixed(3)}, peak heap over baseline ${r.oursOverOfficialPeakHeapDelta.toFixed(3)}, max RSS ${r.oursOverOfficialMaxRss.toFixed(3)}${result.truncated ? '  (time cap hit)' : ''}`)
  lines.push(`(${result.totalSeconds.toFixed(1)} s)`)
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--child')
  if (at !== -1) {
    const [who, url, count] = process.argv.slice(at + 1)
    const result = await childRun(who, url, Number(count))
    process.stdout.write(`${JSON.stringify(result)}\n`)
    process.exit(0)
  }
  const result = await measureStreaming()
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatStreaming(result))
}
