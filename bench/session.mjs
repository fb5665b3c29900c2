/**
 * What a new client costs before its first result, and what a short session
 * sends, against a real server: the official SDK server
 * (`@modelcontextprotocol/server` 2.4.0, protocol 2026-07-28, stateless) with
 * one tool, `echo {text}`, whose `tools/list` carries
 * `ttlMs: 60000, cacheScope: 'public'` (the SDK's `cacheHints`). It runs in
 * this process on 127.0.0.1 and counts every request by JSON-RPC method.
 *
 * Contestants (`createClient` from the built `dist/index.js`):
 *
 * - `ours-fresh-cache`: the endpoint's public `tools/list` is cached and
 *   fresh (an earlier client of the same URL listed the tools) and its era is
 *   known, so the new client sends just `tools/call`, with the `Mcp-Param-*`
 *   headers of that listing;
 * - `ours-no-cache`: `cache: false`, era already known: the client has no
 *   listing, so it sends just `tools/call`, without `Mcp-Param-*` headers
 *   (SEP-2243; `echo` has no `x-mcp-header` parameter, so the server takes it);
 * - `ours-cold`: a URL never seen in this process (`?r=N`, which the server
 *   ignores; the cache and the era memory key on the full URL): discovery,
 *   then the call;
 * - `official`: `@modelcontextprotocol/client` 2.4.0, versionNegotiation
 *   auto, timed from construction through `connect` to its first result.
 *
 * 1. First-call latency: from creating the client to the first `echo` result,
 *    many repetitions with the contestant order rotated.
 * 2. A 10-call session: a new client, 10 sequential `echo` calls, the
 *    requests the server saw per method.
 *
 * Run under Node 22: `node bench/session.mjs [--json]`. Bounded:
 * BENCH_SESSION_REPS repetitions per contestant (default 150), a time cap per
 * batch and for the whole part.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { clampInt } from './server-process.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

export const CONFIG = {
  repetitions: clampInt(process.env.BENCH_SESSION_REPS, 150, 10, 2000),
  warmup: 20,
  sessionCalls: 10,
  sessionRepetitions: 20,
  listTtlMs: 60_000,
  batchCapMs: 8_000,
  runCapMs: 45_000,
}

export const CONTESTANTS = ['ours-fresh-cache', 'ours-no-cache', 'ours-cold', 'official']

/** The official SDK server with one `echo` tool and a public, 60 s `tools/list`; counts requests by method (servers/bench-servers.ts). */
async function startEchoServer() {
  const { startEchoServer: start } = await import(pathToFileURL(join(root, 'servers', 'bench-servers.ts')).href)
  return start({ listTtlMs: CONFIG.listTtlMs })
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[i]
}

function textOf(result) {
  return (result?.content ?? []).map((block) => block.text ?? '').join('')
}

/** `POST tools/list: 1, POST tools/call: 1` → `tools/list + tools/call` (in a fixed order), for a sample's shape. */
const ORDER = ['GET', 'POST server/discover', 'POST initialize', 'POST notifications/initialized', 'POST tools/list', 'POST tools/call', 'DELETE']
function shapeOf(counts) {
  const keys = Object.keys(counts).sort((a, b) => {
    const ia = ORDER.indexOf(a)
    const ib = ORDER.indexOf(b)
    return (ia === -1 ? ORDER.length : ia) - (ib === -1 ? ORDER.length : ib) || a.localeCompare(b)
  })
  return keys.map((key) => `${key.replace(/^POST /, '')}${counts[key] > 1 ? ` x${counts[key]}` : ''}`).join(' + ')
}

export async function measureSession() {
  const dist = join(root, 'dist', 'index.js')
  if (!existsSync(dist)) throw new Error('dist/index.js is missing: run `npm run build` (or `npm run bench`, which builds)')
  const { createClient } = await import(pathToFileURL(dist).href)
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client')

  const runStarted = performance.now()
  const runDeadline = runStarted + CONFIG.runCapMs
  const server = await startEchoServer()
  let coldSerial = 0
  const coldUrl = () => `${server.url}?r=${++coldSerial}`

  /** Each contestant: `open()` a new client (what is timed starts here), `call`, `close`; `prepare` runs untimed before. */
  const ours = (url, options) => {
    const client = createClient(url, options)
    return { call: (text) => client.callTool('echo', { text }), close: () => client.close() }
  }
  const contestants = {
    'ours-fresh-cache': {
      // Untimed: a client of the endpoint lists the tools (from the shared cache while it is fresh: no request).
      prepare: async () => {
        const primer = createClient(server.url)
        await primer.listTools()
        await primer.close()
      },
      open: async () => ours(server.url),
    },
    'ours-no-cache': {
      // Untimed: the era of the endpoint is known (the fresh-cache primer or an earlier repetition learned it).
      prepare: async () => {
        const primer = createClient(server.url)
        await primer.listTools()
        await primer.close()
      },
      open: async () => ours(server.url, { cache: false }),
    },
    'ours-cold': {
      prepare: async () => {},
      open: async () => ours(coldUrl()),
    },
    official: {
      prepare: async () => {},
      open: async () => {
        const client = new Client({ name: 'bench-official', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } })
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
        return { call: (text) => client.callTool({ name: 'echo', arguments: { text } }), close: () => client.close() }
      },
    },
  }

  try {
    // The listing must carry the hints, or "fresh cache" would measure nothing.
    await contestants['ours-fresh-cache'].prepare()
    const hints = server.listingHints()
    if (!(hints.ttlMs > 0 && hints.cacheScope === 'public')) {
      throw new Error(`the server's tools/list came with ttlMs ${hints.ttlMs}, cacheScope ${hints.cacheScope}; the SDK did not apply cacheHints`)
    }

    /** A contestant's client, opened on a quiet server (its earlier requests taken away), with the time it started. */
    const start = async (name) => {
      await contestants[name].prepare()
      globalThis.gc?.()
      server.take()
      const t0 = performance.now()
      return { t0, client: await contestants[name].open() }
    }

    const firstCall = async (name) => {
      const { t0, client } = await start(name)
      const text = textOf(await client.call('first'))
      const ms = performance.now() - t0
      const requests = server.take()
      await client.close().catch(() => {})
      server.take()
      if (text !== 'first') throw new Error(`${name}: unexpected result ${JSON.stringify(text)}`)
      return { ms, requests }
    }

    // Warm-up (JIT, sockets): every contestant.
    for (let i = 0; i < CONFIG.warmup; i++) for (const name of CONTESTANTS) await firstCall(name)

    // 1. First-call latency, the order rotated each repetition.
    const samples = Object.fromEntries(CONTESTANTS.map((name) => [name, { ms: [], shapes: {}, truncated: false }]))
    const batchCapAt = performance.now() + CONTESTANTS.length * CONFIG.batchCapMs
    for (let rep = 0; rep < CONFIG.repetitions; rep++) {
      if (performance.now() > Math.min(batchCapAt, runDeadline - 10_000)) {
        for (const name of CONTESTANTS) samples[name].truncated = true
        break
      }
      for (let i = 0; i < CONTESTANTS.length; i++) {
        const name = CONTESTANTS[(i + rep) % CONTESTANTS.length]
        const { ms, requests } = await firstCall(name)
        samples[name].ms.push(ms)
        const shape = shapeOf(requests)
        samples[name].shapes[shape] = (samples[name].shapes[shape] ?? 0) + 1
      }
    }
    const latency = {}
    for (const name of CONTESTANTS) {
      const sorted = samples[name].ms.slice().sort((a, b) => a - b)
      latency[name] = {
        repetitions: sorted.length,
        medianMs: quantile(sorted, 0.5),
        p90Ms: quantile(sorted, 0.9),
        minMs: sorted[0],
        requests: samples[name].shapes,
        ...(samples[name].truncated && { truncated: true }),
      }
    }
    const ratio = (a, b) => ({ median: latency[a].medianMs / latency[b].medianMs, p90: latency[a].p90Ms / latency[b].p90Ms })
    const latencyRatios = {
      freshCacheOverOfficial: ratio('ours-fresh-cache', 'official'),
      freshCacheOverNoCache: ratio('ours-fresh-cache', 'ours-no-cache'),
      noCacheOverOfficial: ratio('ours-no-cache', 'official'),
      coldOverOfficial: ratio('ours-cold', 'official'),
    }

    // 2. A 10-call session: what the server sees, per method (the order rotated too).
    const runs = Object.fromEntries(CONTESTANTS.map((name) => [name, []]))
    const sessionCapAt = Math.min(performance.now() + CONFIG.batchCapMs, runDeadline)
    for (let rep = 0; rep < CONFIG.sessionRepetitions && performance.now() < sessionCapAt; rep++) {
      for (let i = 0; i < CONTESTANTS.length; i++) {
        const name = CONTESTANTS[(i + rep) % CONTESTANTS.length]
        const { t0, client } = await start(name)
        for (let call = 0; call < CONFIG.sessionCalls; call++) {
          const text = textOf(await client.call(`call ${call}`))
          if (text !== `call ${call}`) throw new Error(`${name} session: unexpected result ${JSON.stringify(text)}`)
        }
        const ms = performance.now() - t0
        const requests = server.take()
        await client.close().catch(() => {})
        const onClose = server.take()
        runs[name].push({ ms, requests, onClose })
      }
    }
    const session = {}
    for (const name of CONTESTANTS) {
      const [first] = runs[name]
      const same = runs[name].every((run) => JSON.stringify(run.requests) === JSON.stringify(first.requests))
      const sorted = runs[name].map((run) => run.ms).sort((a, b) => a - b)
      session[name] = {
        requests: first.requests,
        total: Object.values(first.requests).reduce((a, b) => a + b, 0),
        onClose: first.onClose,
        ...(same ? {} : { varied: runs[name].map((run) => run.requests) }),
        sessions: sorted.length,
        medianMs: quantile(sorted, 0.5),
        p90Ms: quantile(sorted, 0.9),
      }
    }

    return {
      config: {
        ...CONFIG,
        server: '@modelcontextprotocol/server 2.4.0, one `echo` tool, tools/list cacheHints ttlMs 60000 public (in-process, 127.0.0.1)',
        client: 'dist/index.js',
        listingHints: hints,
      },
      notes: [
        'first call = from createClient (official: new Client + connect) to the first echo result; close untimed',
        'ours-fresh-cache: a primer client of the same URL listed the tools (untimed), so the public listing is fresh and the era known',
        'ours-no-cache: createClient(url, { cache: false }), era known; ours-cold: a new ?r=N URL per repetition (nothing known)',
        'official = @modelcontextprotocol/client 2.4.0, versionNegotiation auto',
        'requests counted at the server per JSON-RPC method of each POST (GET/DELETE by HTTP method)',
      ],
      totalSeconds: (performance.now() - runStarted) / 1000,
      latency,
      latencyRatios,
      session,
    }
  } finally {
    await server.close()
  }
}

export function formatSession(result) {
  const ms = (n) => n.toFixed(3).padStart(8)
  const lines = []
  lines.push(`first call: from a new client to its first \`echo\` result (${result.latency[CONTESTANTS[0]].repetitions} repetitions each)`)
  lines.push('  contestant         median       p90       min  requests')
  for (const name of CONTESTANTS) {
    const s = result.latency[name]
    if (!s) continue
    const shapes = Object.entries(s.requests)
      .sort((a, b) => b[1] - a[1])
      .map(([shape, n]) => (Object.keys(s.requests).length > 1 ? `${shape} (${n})` : shape))
      .join('; ')
    lines.push(`  ${name.padEnd(16)} ${ms(s.medianMs)}  ${ms(s.p90Ms)}  ${ms(s.minMs)}  ${shapes}${s.truncated ? '  (time cap hit)' : ''}`)
  }
  const r = result.latencyRatios
  const pair = (v) => `median ${v.median.toFixed(2)}x, p90 ${v.p90.toFixed(2)}x`
  lines.push(`  ours-fresh-cache / official: ${pair(r.freshCacheOverOfficial)}`)
  lines.push(`  ours-fresh-cache / ours-no-cache: ${pair(r.freshCacheOverNoCache)}`)
  lines.push(`  ours-no-cache / official: ${pair(r.noCacheOverOfficial)}`)
  lines.push(`  ours-cold / official: ${pair(r.coldOverOfficial)}`)
  lines.push('')

  const calls = result.config.sessionCalls
  lines.push(`${calls}-call session: requests the server saw, by method (a new client, ${calls} sequential \`echo\` calls; ${result.session[CONTESTANTS[0]]?.sessions} sessions each)`)
  const methods = [...new Set(CONTESTANTS.flatMap((name) => Object.keys(result.session[name]?.requests ?? {})))]
  methods.sort((a, b) => (ORDER.indexOf(a) === -1 ? 99 : ORDER.indexOf(a)) - (ORDER.indexOf(b) === -1 ? 99 : ORDER.indexOf(b)) || a.localeCompare(b))
  const width = Math.max(12, ...methods.map((m) => m.length)) + 2
  lines.push(`  ${'method'.padEnd(width)}${CONTESTANTS.map((name) => name.padStart(18)).join('')}`)
  for (const method of methods) {
    lines.push(`  ${method.padEnd(width)}${CONTESTANTS.map((name) => String(result.session[name]?.requests[method] ?? 0).padStart(18)).join('')}`)
  }
  lines.push(`  ${'total'.padEnd(width)}${CONTESTANTS.map((name) => String(result.session[name]?.total ?? '').padStart(18)).join('')}`)
  lines.push(`  ${'session median'.padEnd(width)}${CONTESTANTS.map((name) => `${(result.session[name]?.medianMs ?? NaN).toFixed(2)} ms`.padStart(18)).join('')}`)
  lines.push(`  ${'session p90'.padEnd(width)}${CONTESTANTS.map((name) => `${(result.session[name]?.p90Ms ?? NaN).toFixed(2)} ms`.padStart(18)).join('')}`)
  const closing = CONTESTANTS.filter((name) => Object.keys(result.session[name]?.onClose ?? {}).length > 0)
  for (const name of closing) lines.push(`  on close, ${name}: ${shapeOf(result.session[name].onClose)}`)
  const varied = CONTESTANTS.filter((name) => result.session[name]?.varied)
  for (const name of varied) lines.push(`  NOTE ${name}: the counts varied between sessions: ${JSON.stringify(result.session[name].varied)}`)
  lines.push(`(${result.totalSeconds.toFixed(1)} s)`)
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSession()
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatSession(result))
}
