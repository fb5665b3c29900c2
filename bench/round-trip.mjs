/**
 * Round-trip cost of a 3-round input-required call against the real test
 * server (`servers/modern-server.ts`, the official SDK server, started
 * in this process on 127.0.0.1), sequential calls, three contestants:
 *
 * - `ours`: `createClient` from the built `dist/index.js`;
 * - `floor`: plain `fetch` replaying the exact bodies and headers ours sent
 *   for one recorded flow, threading each `requestState` it gets back;
 * - `official`: `@modelcontextprotocol/client` 2.4.0 with its automatic
 *   input-required loop.
 *
 * Flows: `slow_steps {steps: 3}` (three requestState-only rounds) and `wizard`
 * (three rounds, two elicitations answered at once). The official client waits
 * a hard-coded 250 ms before every requestState-only retry
 * (REQUEST_STATE_ONLY_LEG_PACING_MS in 2.4.0; no option), so on `slow_steps` it
 * is measured twice: as shipped (few calls) and, in the alternating run, with
 * that one timer shimmed to an immediate so the protocol work itself is compared.
 *
 * Run under Node 22 (type stripping): `node bench/round-trip.mjs [--json]`.
 * Bounded: BENCH_CALLS calls per contestant and flow (default 200), a time
 * cap per batch and for the whole run.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { clampInt } from './server-process.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')

export const CONFIG = {
  calls: clampInt(process.env.BENCH_CALLS, 200, 10, 2000),
  repetitions: 10,
  warmupCalls: 40,
  pacedCalls: 6,
  batchCapMs: 8_000,
  runCapMs: 50_000,
}

const ANSWERS = { color: { color: 'blue' }, size: { size: 8 } }

/** The measured flows: tool, arguments, rounds, and the text a correct call ends with. */
export const FLOWS = [
  { name: 'slow_steps', tool: 'slow_steps', args: { steps: 3 }, rounds: 3, expect: 'done after 3 rounds', paced: true },
  { name: 'wizard', tool: 'wizard', args: {}, rounds: 3, expect: JSON.stringify({ color: 'blue', size: 8 }), paced: false },
]

const OFFICIAL_PACING_MS = 250

function textOf(result) {
  return (result?.content ?? []).map((block) => block.text ?? '').join('')
}

/** Reads a JSON-RPC response from a JSON or SSE body (the message with `result` or `error`). */
function parseMessage(text, contentType) {
  if (!contentType?.includes('text/event-stream')) return JSON.parse(text)
  let found
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n')
    if (!data) continue
    const message = JSON.parse(data)
    if ('result' in message || 'error' in message) found = message
  }
  return found
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[i]
}

function summarize(samples) {
  const perCall = samples.perCall.slice().sort((a, b) => a - b)
  const perRound = samples.perRound.slice().sort((a, b) => a - b)
  const mean = perCall.reduce((a, b) => a + b, 0) / (perCall.length || 1)
  const byRound = samples.byRound.map((list) => list.slice().sort((a, b) => a - b))
  return {
    calls: perCall.length,
    callsPerSecond: perCall.length / (samples.elapsedMs / 1000),
    callMeanMs: mean,
    callP50Ms: quantile(perCall, 0.5),
    callP95Ms: quantile(perCall, 0.95),
    roundP50Ms: quantile(perRound, 0.5),
    roundP95Ms: quantile(perRound, 0.95),
    byRound: byRound.map((list, i) => ({ round: i + 1, p50Ms: quantile(list, 0.5), p95Ms: quantile(list, 0.95) })),
    requestsPerCall: samples.requests / (perCall.length || 1),
    ...(samples.truncated && { truncated: true }),
  }
}

export async function measureRoundTrip() {
  if (!process.features?.typescript) {
    throw new Error(`round-trip needs Node >= 22.18 (type stripping) to load the TS server fixture; this is ${process.version}. Use \`npm run bench\`.`)
  }
  const dist = join(root, 'dist', 'index.js')
  if (!existsSync(dist)) throw new Error('dist/index.js is missing: run `npm run build` (or `npm run bench`, which builds)')

  const { startModernServer } = await import(pathToFileURL(join(root, 'servers', 'modern-server.ts')).href)
  const { createClient } = await import(pathToFileURL(dist).href)
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client')

  const runStarted = performance.now()
  const runDeadline = runStarted + CONFIG.runCapMs
  const server = await startModernServer()
  const realSetTimeout = globalThis.setTimeout
  /** Request start times of the call in progress (every contestant marks each POST). */
  let marks = []
  const markingFetch = (input, init) => {
    marks.push(performance.now())
    return fetch(input, init)
  }

  try {
    // --- ours -----------------------------------------------------------
    const ours = createClient(server.url, {
      capabilities: { elicitation: { form: {} } },
      fetch: markingFetch,
      onInputRequests: async (requests) =>
        Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: ANSWERS[key] }])),
    })

    // --- floor: record what ours sends for one flow, replay it ---------------
    const recordFlow = async (flow) => {
      const legs = []
      const recorder = createClient(server.url, {
        capabilities: { elicitation: { form: {} } },
        fetch: (input, init) => {
          const body = String(init.body)
          const parsed = JSON.parse(body)
          if (parsed.method === 'tools/call') {
            const state = parsed.params.requestState
            legs.push({
              headers: Object.fromEntries(new Headers(init.headers)),
              body,
              ...(state !== undefined && { stateJson: JSON.stringify(state) }),
            })
          }
          return fetch(input, init)
        },
        onInputRequests: async (requests) =>
          Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: ANSWERS[key] }])),
      })
      const text = textOf(await recorder.callTool(flow.tool, flow.args))
      await recorder.close()
      if (text !== flow.expect) throw new Error(`recording ${flow.name}: unexpected result ${text}`)
      if (legs.length !== flow.rounds) throw new Error(`recording ${flow.name}: ${legs.length} tools/call requests, expected ${flow.rounds}`)
      return legs
    }
    const recorded = {}
    for (const flow of FLOWS) recorded[flow.name] = await recordFlow(flow)
    const floorCall = async (flow) => {
      let state
      let result
      for (const leg of recorded[flow.name]) {
        let body = leg.body
        if (leg.stateJson !== undefined) {
          if (state === undefined) throw new Error('floor: the server sent no requestState to thread')
          body = body.replace(leg.stateJson, JSON.stringify(state))
        }
        marks.push(performance.now())
        const response = await fetch(server.url, { method: 'POST', headers: leg.headers, body })
        const message = parseMessage(await response.text(), response.headers.get('content-type'))
        if (!message?.result) throw new Error(`floor: ${JSON.stringify(message?.error ?? message)}`)
        result = message.result
        state = result.requestState
      }
      return textOf(result)
    }

    // --- official -----------------------------------------------------------
    const official = new Client(
      { name: 'bench-official', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } },
    )
    official.setRequestHandler('elicitation/create', async (request) => {
      const props = Object.keys(request.params.requestedSchema?.properties ?? {})
      const key = props.includes('color') ? 'color' : 'size'
      return { action: 'accept', content: ANSWERS[key] }
    })
    await official.connect(new StreamableHTTPClientTransport(new URL(server.url), { fetch: markingFetch }))

    /**
     * Runs `fn` with the official client's fixed 250 ms requestState-only
     * pacing timer turned into a `setImmediate` (a 0 ms timer still costs ~1 ms
     * in Node; ours skips the wait altogether at pacing 0). The SDK only uses
     * the handle to clear it on abort, which never happens here.
     */
    const withoutPacing = async (fn) => {
      globalThis.setTimeout = (callback, ms, ...rest) =>
        ms === OFFICIAL_PACING_MS ? setImmediate(callback, ...rest) : realSetTimeout(callback, ms, ...rest)
      try {
        return await fn()
      } finally {
        globalThis.setTimeout = realSetTimeout
      }
    }

    const contestants = [
      { name: 'ours', call: async (flow) => textOf(await ours.callTool(flow.tool, flow.args)) },
      { name: 'floor', call: floorCall },
      {
        name: 'official',
        call: async (flow) => textOf(await official.callTool({ name: flow.tool, arguments: flow.args })),
        wrap: (flow, fn) => (flow.paced ? withoutPacing(fn) : fn()),
      },
    ]

    const samples = {}
    const sampleOf = (key) => (samples[key] ??= { perCall: [], perRound: [], byRound: [], elapsedMs: 0, requests: 0, truncated: false })

    const batch = async (contestant, flow, n, key, record = true) => {
      const bucket = sampleOf(key)
      const capAt = Math.min(performance.now() + CONFIG.batchCapMs, runDeadline)
      const started = performance.now()
      let done = 0
      for (; done < n; done++) {
        if (performance.now() > capAt) {
          bucket.truncated = true
          break
        }
        marks = []
        const t0 = performance.now()
        const text = await contestant.call(flow)
        const t1 = performance.now()
        if (text !== flow.expect) throw new Error(`${contestant.name} ${flow.name}: unexpected result ${text}`)
        if (!record) continue
        bucket.perCall.push(t1 - t0)
        bucket.requests += marks.length
        if (marks.length === flow.rounds) {
          // A round runs from its request's start (the call's start for round 1) to the next request's start (or the end).
          for (let r = 0; r < flow.rounds; r++) {
            const ms = (r + 1 < flow.rounds ? marks[r + 1] : t1) - (r === 0 ? t0 : marks[r])
            bucket.perRound.push(ms)
            ;(bucket.byRound[r] ??= []).push(ms)
          }
        } else {
          // Not one request per round: spread the call evenly (byRound left empty).
          for (let r = 0; r < flow.rounds; r++) bucket.perRound.push((t1 - t0) / flow.rounds)
        }
      }
      if (record) bucket.elapsedMs += performance.now() - started
      return done
    }
    const run = (contestant, flow, n, key, record) =>
      contestant.wrap ? contestant.wrap(flow, () => batch(contestant, flow, n, key, record)) : batch(contestant, flow, n, key, record)

    // Warm-up: every contestant, every flow (also settles discovery and tools/list).
    for (const flow of FLOWS) for (const contestant of contestants) await run(contestant, flow, CONFIG.warmupCalls, 'warmup', false)
    delete samples.warmup

    // The official client as shipped, on the flows where its pacing applies.
    for (const flow of FLOWS.filter((f) => f.paced)) {
      await batch(contestants[2], flow, CONFIG.pacedCalls, `${flow.name}/official-as-shipped`)
    }

    // Measured: repetitions with the contestant (and flow) order rotated.
    const perRep = Math.max(1, Math.ceil(CONFIG.calls / CONFIG.repetitions))
    for (let rep = 0; rep < CONFIG.repetitions; rep++) {
      const flows = rep % 2 === 0 ? FLOWS : FLOWS.slice().reverse()
      for (const flow of flows) {
        const order = contestants.map((_, i) => contestants[(i + rep) % contestants.length])
        for (const contestant of order) {
          globalThis.gc?.()
          server.requests.length = 0
          server.received.length = 0
          await run(contestant, flow, perRep, `${flow.name}/${contestant.name}`, true)
        }
      }
    }

    await official.close().catch(() => {})
    await ours.close().catch(() => {})

    const flows = {}
    for (const flow of FLOWS) {
      const entry = {}
      for (const [key, value] of Object.entries(samples)) {
        const [flowName, contestant] = key.split('/')
        if (flowName === flow.name) entry[contestant] = summarize(value)
      }
      const { ours: o, floor: f, official: off } = entry
      entry.ratios = {
        oursOverFloorCallMean: o.callMeanMs / f.callMeanMs,
        oursOverFloorCallP50: o.callP50Ms / f.callP50Ms,
        oursOverFloorRoundP50: o.roundP50Ms / f.roundP50Ms,
        oursOverOfficialCallMean: o.callMeanMs / off.callMeanMs,
        oursOverOfficialCallP50: o.callP50Ms / off.callP50Ms,
        oursOverOfficialRoundP50: o.roundP50Ms / off.roundP50Ms,
        ...(entry['official-as-shipped'] && { oursOverOfficialAsShippedCallMean: o.callMeanMs / entry['official-as-shipped'].callMeanMs }),
      }
      flows[flow.name] = { tool: flow.tool, args: flow.args, rounds: flow.rounds, ...entry }
    }
    return {
      config: { ...CONFIG, concurrency: 1, server: 'servers/modern-server.ts (in-process, 127.0.0.1)', client: 'dist/index.js' },
      notes: [
        'floor = plain fetch sending the bytes ours sent for one recorded flow, threading requestState',
        `official = @modelcontextprotocol/client 2.4.0, versionNegotiation auto; on requestState-only flows its fixed ${OFFICIAL_PACING_MS} ms pacing timer (a const, not configurable) is shimmed to setImmediate; official-as-shipped keeps it`,
        'round = from a request start to the next request start (round 1 from the call start, the last to the call end)',
      ],
      totalSeconds: (performance.now() - runStarted) / 1000,
      flows,
    }
  } finally {
    globalThis.setTimeout = realSetTimeout
    await server.close()
  }
}

export function formatRoundTrip(result) {
  const ms = (n) => n.toFixed(3).padStart(8)
  const lines = []
  for (const [name, flow] of Object.entries(result.flows)) {
    lines.push(`${name} ${JSON.stringify(flow.args)}: ${flow.rounds} rounds per call`)
    lines.push('  contestant             calls   calls/s  call p50  round p50  round p95  p50 by round (ms)')
    for (const who of ['floor', 'ours', 'official', 'official-as-shipped']) {
      const s = flow[who]
      if (!s) continue
      lines.push(
        `  ${who.padEnd(20)} ${String(s.calls).padStart(6)} ${s.callsPerSecond.toFixed(1).padStart(9)} ${ms(s.callP50Ms)}  ${ms(s.roundP50Ms)}  ${ms(s.roundP95Ms)}  ${s.byRound.map((b) => b.p50Ms.toFixed(2)).join(' / ')}${s.truncated ? '  (time cap hit)' : ''}`,
      )
    }
    const r = flow.ratios
    lines.push(
      `  ours/floor: call mean ${r.oursOverFloorCallMean.toFixed(3)}, call p50 ${r.oursOverFloorCallP50.toFixed(3)}, round p50 ${r.oursOverFloorRoundP50.toFixed(3)}\n` +
        `  ours/official: call mean ${r.oursOverOfficialCallMean.toFixed(3)}, call p50 ${r.oursOverOfficialCallP50.toFixed(3)}, round p50 ${r.oursOverOfficialRoundP50.toFixed(3)}` +
        (r.oursOverOfficialAsShippedCallMean !== undefined ? `, vs as shipped ${r.oursOverOfficialAsShippedCallMean.toFixed(4)}` : ''),
    )
  }
  lines.push(`(${result.totalSeconds.toFixed(1)} s)`)
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureRoundTrip()
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatRoundTrip(result))
}
