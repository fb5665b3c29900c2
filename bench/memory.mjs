/**
 * Memory: heap after 1,000 completed multi-round calls against the heap after
 * the first 100. One client runs the `wizard` tool (three rounds, two
 * elicitations answered) of the real test server (`servers/modern-server.ts`,
 * the official SDK server), which runs in its own process so its request log
 * stays out of the measured heap. Each contestant runs in a fresh process
 * (`--expose-gc`) holding only its client: `ours` (`createClient` from
 * `dist/index.js`) and, as a reference, the official client 2.4.0. Every 100
 * calls: gc() twice, then `process.memoryUsage()` and V8's code-space size
 * (JIT code, which grows while functions warm up, is reported apart).
 *
 * Run under Node 22: `node bench/memory.mjs [--json]`. Bounded: CONFIG.calls
 * calls per contestant, a time cap per contestant and for the whole part.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { getHeapSpaceStatistics } from 'node:v8'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { clampInt, runPartScript, startServerProcess, stopServerProcess } from './server-process.mjs'
import { EXPECT, makeWizardClient } from './wizard-clients.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

export const CONFIG = {
  calls: clampInt(process.env.BENCH_MEMORY_CALLS, 1000, 200, 5000),
  readEvery: 100,
  tool: 'wizard',
  rounds: 3,
  partCapMs: 38_000,
}

const MB = 1024 * 1024
const mb = (bytes) => Math.round((bytes / MB) * 1000) / 1000

/** `--serve`: the test server in this process, its URL on stdout, until stdin closes. */
async function serve() {
  const { startModernServer } = await import(pathToFileURL(join(root, 'servers', 'modern-server.ts')).href)
  const { serveUntilStdinEnds } = await import(pathToFileURL(join(root, 'servers', 'host.ts')).href)
  const server = await startModernServer()
  // The fixture logs every request; this process only serves, so keep the log short.
  setInterval(() => {
    server.requests.length = 0
    server.received.length = 0
  }, 500).unref()
  serveUntilStdinEnds(server)
}

/** `--measure <who> <url>`: this process holds one client and nothing else; readings every CONFIG.readEvery calls. */
async function measureOne(who, url, capMs) {
  if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc')
  const started = performance.now()
  const deadline = started + capMs
  const client = await makeWizardClient(who, url, { root })
  const readings = []
  let done = 0
  let truncated = false
  const read = () => {
    globalThis.gc()
    globalThis.gc()
    const m = process.memoryUsage()
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]))
    const code = (spaces.code_space ?? 0) + (spaces.code_large_object_space ?? 0)
    readings.push({ calls: done, heapUsedMB: mb(m.heapUsed), heapUsedWithoutCodeMB: mb(m.heapUsed - code), codeSpaceMB: mb(code), heapTotalMB: mb(m.heapTotal), externalMB: mb(m.external + m.arrayBuffers), rssMB: mb(m.rss) })
  }
  while (done < CONFIG.calls) {
    if (performance.now() > deadline) {
      truncated = true
      break
    }
    const result = await client.call()
    const text = (result?.content ?? []).map((block) => block.text ?? '').join('')
    if (text !== EXPECT) throw new Error(`${who} call ${done + 1}: unexpected result ${text}`)
    done++
    if (done % CONFIG.readEvery === 0) read()
  }
  await client.close().catch(() => {})
  const first = readings.find((r) => r.calls === CONFIG.readEvery)
  const last = readings.at(-1)
  const later = readings.slice(1).map((r) => r.heapUsedMB)
  return {
    who,
    calls: done,
    heapAfterFirstMB: first?.heapUsedMB,
    heapAfterLastMB: last?.heapUsedMB,
    growthMB: first && last ? mb((last.heapUsedMB - first.heapUsedMB) * MB) : undefined,
    /** The same without V8's code spaces (JIT-compiled code, which grows while functions warm up). */
    growthWithoutCodeMB: first && last ? mb((last.heapUsedWithoutCodeMB - first.heapUsedWithoutCodeMB) * MB) : undefined,
    growthPerCallBytes: first && last && last.calls > first.calls ? Math.round(((last.heapUsedMB - first.heapUsedMB) * MB) / (last.calls - first.calls)) : undefined,
    /** Spread of the readings after the first. */
    laterSpreadMB: later.length ? mb((Math.max(...later) - Math.min(...later)) * MB) : undefined,
    readings,
    ...(truncated && { truncated: true }),
    seconds: (performance.now() - started) / 1000,
  }
}

/**
 * Ours, then the official client as a reference (same tool, same server),
 * each in a fresh process (`--expose-gc`) holding only its client.
 */
export async function measureMemory() {
  if (!process.features?.typescript) throw new Error(`memory needs Node >= 22.18 (type stripping) for the TS server; this is ${process.version}`)
  if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/index.js is missing: run `npm run build`')
  const started = performance.now()
  const deadline = started + CONFIG.partCapMs
  const { url, child } = await startServerProcess(process.execPath, [fileURLToPath(import.meta.url), '--serve'], { cwd: root, label: 'test server' })
  const runs = {}
  try {
    for (const who of ['ours', 'official']) {
      const left = deadline - performance.now()
      if (left < 3_000) break
      const cap = Math.min(left - 2_000, CONFIG.partCapMs / 2)
      const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--measure', who, url, String(Math.round(cap))], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: Math.round(cap) + 5_000,
        maxBuffer: 4 * MB,
      })
      if (run.status !== 0) throw new Error(`${who}: ${run.error?.message ?? `exit ${run.status ?? run.signal}`} ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`)
      runs[who] = JSON.parse(run.stdout.trim().split('\n').at(-1))
    }
  } finally {
    await stopServerProcess(child)
  }
  if (!runs.ours) throw new Error('memory: no time left for a run')
  return {
    config: { ...CONFIG, server: 'servers/modern-server.ts (own process, 127.0.0.1)', client: 'dist/index.js', processPerContestant: true, gc: 'gc() x2 before each reading' },
    ...runs.ours,
    ...(runs.official && { official: runs.official }),
    totalSeconds: (performance.now() - started) / 1000,
  }
}

export function formatMemory(result) {
  const f = (n) => `${n.toFixed(2)} MB`
  const kbSigned = (mbValue) => `${mbValue >= 0 ? '+' : ''}${(mbValue * 1024).toFixed(0)} KB`
  const lines = [`${result.config.calls} ${result.config.tool} calls (${result.config.rounds} rounds each), one client per process, heapUsed after gc()`]
  for (const r of [result, result.official].filter(Boolean)) {
    lines.push(
      `  ${(r.who ?? 'ours').padEnd(9)} after ${result.config.readEvery}: ${f(r.heapAfterFirstMB)}  after ${r.calls}: ${f(r.heapAfterLastMB)}  growth ${kbSigned(r.growthMB)} (${r.growthPerCallBytes} B/call), without JIT code ${kbSigned(r.growthWithoutCodeMB)}${r.truncated ? '  (time cap hit)' : ''}`,
      `  ${''.padEnd(9)} every ${result.config.readEvery}: ${r.readings.map((x) => x.heapUsedMB.toFixed(2)).join(' ')}`,
    )
  }
  lines.push(`(${result.totalSeconds.toFixed(1)} s)`)
  return lines.join('\n')
}

await runPartScript(import.meta.url, { serve, measure: (who, url, capMs) => measureOne(who, url, Number(capMs)), measureAll: measureMemory, format: formatMemory })
