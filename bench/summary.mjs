/**
 * The compact table of a bench run (bench/results.json): the same rows as
 * plain text for the terminal (`npm run bench` prints it last) and as
 * Markdown for docs/benchmarks.md (`node bench/readme.mjs`).
 */

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`
const ms = (n, digits = 2) => `${n.toFixed(digits)} ms`
const x = (ratio) => `${ratio.toFixed(2)}x`
const budget = (item) => (item?.budgetGzipBytes === undefined ? '' : `budget ${kb(item.budgetGzipBytes)}: ${item.withinBudget ? 'ok' : 'OVER'}`)

/** Rows of `[area, measure, mcp-elicit, compared with, ratio / budget]`. */
export function summaryRows(results) {
  const rows = []
  const failed = (area, part) => rows.push([area, 'FAILED', part.error, '', ''])

  const size = results.size
  if (!size || size.error) failed('size', size ?? { error: 'not run' })
  else {
    const e = Object.fromEntries(size.entries.map((entry) => [entry.name, entry]))
    const inc = Object.fromEntries((size.increments ?? []).map((i) => [i.name, i]))
    const gz = (name) => (e[name]?.gzipBytes ? kb(e[name].gzipBytes) : (e[name]?.error ?? 'n/a'))
    const ratio = (a, b) => (e[a]?.gzipBytes && e[b]?.gzipBytes ? x(e[a].gzipBytes / e[b].gzipBytes) : '')
    rows.push(['size (min+gz)', 'core `.` vs official client', gz('core'), `${gz('official')} official`, `${ratio('core', 'official')}; ${budget(e.core)}`])
    // The official client bundles its OAuth code whether or not a provider is passed, so whole bundles are compared.
    if (inc['auth layer']) rows.push(['size (min+gz)', 'core + `./auth` (signing in) vs official client with OAuth', `${gz('auth')} (auth +${kb(inc['auth layer'].gzipBytes)})`, `${gz('official-auth')} official (its OAuth is always bundled: +${kb(inc['official auth']?.gzipBytes ?? 0)} when used)`, ratio('auth', 'official-auth')])
    if (inc['react layer']) rows.push(['size (min+gz)', '`./react` over core', `+${kb(inc['react layer'].gzipBytes)}`, `core+react ${gz('react')}; use-mcp ${gz('use-mcp')}`, budget(inc['react layer'])])
    rows.push(['size (min+gz)', '`./forms`, peers external', gz('forms'), '', 'all exports, with the core/react parts they use'])
    if (inc['forms layer']) rows.push(['size (min+gz)', 'forms layer in the app (app - rjsf - react)', `+${kb(inc['forms layer'].gzipBytes)}`, `bare rjsf + ajv8 ${gz('rjsf')}`, budget(inc['forms layer'])])
    if (inc['ours in app']) rows.push(['size (min+gz)', 'typical app, rjsf + ajv8 bundled', gz('app'), `all ours: app - rjsf = +${kb(inc['ours in app'].gzipBytes)}`, budget(inc['ours in app'])])
    const fromDist = (size.fromDist ?? []).filter((r) => r.gzipBytes)
    if (fromDist.length) {
      const label = { core: 'core', react: 'core+react', app: 'typical app', apps: 'core+apps' }
      const worst = Math.max(...fromDist.map((r) => r.gzipBytes / r.srcGzipBytes))
      rows.push(['size (min+gz)', 'the same, bundled from the package (`dist/`), as an installed app does', fromDist.map((r) => `${label[r.name] ?? r.name} ${kb(r.gzipBytes)}`).join('; '), `from \`src/\`: ${fromDist.map((r) => kb(r.srcGzipBytes)).join('; ')}`, `at most ${x(worst)} of \`src/\``])
    }
    // Before the first app (the first load) and once it is mounted (with the host's chunk); results.json files written before the split have no `apps host`.
    if (inc['apps layer'] && e['ai-sdk-apps'] && e['ext-apps-bridge'])
      rows.push([
        'size (min+gz)',
        'MCP Apps host: `./apps` over core, before the first app; once the host is loaded',
        `+${kb(inc['apps layer'].gzipBytes)}${inc['apps host'] ? `; +${kb(inc['apps host'].gzipBytes)}` : ''} (in the typical app +${kb(inc['apps in app']?.gzipBytes ?? 0)} before the first app)`,
        `AI SDK MCPAppRenderer ${gz('ai-sdk-apps')} (no client, no resource read); ext-apps app-bridge + peers ${gz('ext-apps-bridge')}`,
        budget(inc['apps layer']),
      ])
    if (inc['ai-sdk adapter'] && inc['assistant-ui adapter'])
      rows.push(['size (min+gz)', 'chat-framework adapters over the typical app (the framework external)', `AI SDK +${kb(inc['ai-sdk adapter'].gzipBytes)}; assistant-ui +${kb(inc['assistant-ui adapter'].gzipBytes)}`, `the AI SDK route half ${gz('ai-sdk-route')}`, ''])
  }

  const rt = results.roundTrip
  if (!rt || rt.error) failed('round-trip', rt ?? { error: 'not run' })
  else {
    for (const [name, flow] of Object.entries(rt.flows)) {
      rows.push([
        'round-trip',
        `\`${name}\`, ${flow.rounds} rounds: call p50 (round p50)`,
        `${ms(flow.ours.callP50Ms)} (${ms(flow.ours.roundP50Ms)})`,
        `floor ${ms(flow.floor.callP50Ms)}; official ${ms(flow.official.callP50Ms)}${flow['official-as-shipped'] ? `, as shipped ${ms(flow['official-as-shipped'].callP50Ms, 0)}` : ''}`,
        `vs floor ${x(flow.ratios.oursOverFloorCallMean)}, vs official ${x(flow.ratios.oursOverOfficialCallMean)} (call mean)`,
      ])
    }
  }

  // Absent from results.json files written before the part existed.
  const se = results.session
  if (se?.error) failed('session', se)
  else if (se) {
    const l = se.latency
    const r = se.latencyRatios.freshCacheOverOfficial
    const p = (s) => `${ms(s.medianMs)} (p90 ${ms(s.p90Ms)})`
    rows.push([
      'session',
      'new client to its first call result, median (p90): fresh public `tools/list` cache',
      p(l['ours-fresh-cache']),
      `official ${p(l.official)}; ours \`cache: false\` ${ms(l['ours-no-cache'].medianMs)}, cold URL ${ms(l['ours-cold'].medianMs)}`,
      `${x(r.median)} (p90 ${x(r.p90)}) vs official`,
    ])
    const short = { 'POST server/discover': 'discover', 'POST initialize': 'initialize', 'POST tools/list': 'list', 'POST tools/call': 'calls' }
    const count = (s) => `${s.total} (${Object.entries(s.requests).map(([method, n]) => `${short[method] ?? method.replace(/^POST /, '')} ${n}`).join(' + ')})`
    const calls = se.config.sessionCalls
    const o = se.session
    rows.push([
      'session',
      `requests of a ${calls}-call session (new client)`,
      `fresh cache ${count(o['ours-fresh-cache'])}; \`cache: false\` ${count(o['ours-no-cache'])}; cold URL ${count(o['ours-cold'])}`,
      `official ${count(o.official)}`,
      `fresh cache ${x(o['ours-fresh-cache'].total / o.official.total)}, cold ${x(o['ours-cold'].total / o.official.total)}`,
    ])
  }

  // Absent from results.json files written before the part existed.
  const cs = results.coldStart
  if (cs?.error) failed('cold start', cs)
  else if (cs) {
    const m = (key) => ms(cs.medians[key].median)
    rows.push([
      'cold start',
      'first call on a 2025-11-25 server, fresh process, the legacy chunk loaded during the call (median)',
      m('legacy/ours-cold'),
      `official ${m('legacy/official')}; ours with the chunk loaded before ${m('legacy/ours-warm')}`,
      `${x(cs.ratios.legacyColdOverOfficial)} vs official`,
    ])
    rows.push([
      'cold start',
      'first task (tasks extension), fresh process, the tasks chunk loaded during the call (median)',
      m('task/ours-cold'),
      `ours with the chunk loaded before ${m('task/ours-warm')}`,
      `the chunk's load: ${cs.ratios.taskChunkMs >= 0 ? '+' : '-'}${ms(Math.abs(cs.ratios.taskChunkMs))} (within noise when near 0)`,
    ])
  }

  const st = results.streaming
  if (!st || st.error) failed('streaming', st ?? { error: 'not run' })
  else {
    const n = st.config.count.toLocaleString('en-US')
    rows.push(['streaming', `${n} progress notifications: time to result`, ms(st.ours.timeToResultMsMedian, 0), `official ${ms(st.official.timeToResultMsMedian, 0)}`, x(st.ratios.oursOverOfficialTime)])
    rows.push([
      'streaming',
      'peak heap over baseline (max RSS)',
      `${st.ours.peakHeapOverBaselineMBMedian.toFixed(1)} MB (${st.ours.maxRssMBMedian.toFixed(0)} MB)`,
      `official ${st.official.peakHeapOverBaselineMBMedian.toFixed(1)} MB (${st.official.maxRssMBMedian.toFixed(0)} MB)`,
      `${x(st.ratios.oursOverOfficialPeakHeapDelta)} (${x(st.ratios.oursOverOfficialMaxRss)})`,
    ])
  }

  const fo = results.forms
  if (!fo || fo.error) failed('forms', fo ?? { error: 'not run' })
  else {
    for (const s of Object.values(fo.sizes)) {
      rows.push([
        'forms (Chromium)',
        `${s.fields} field${s.fields === 1 ? '' : 's'}: to interactive; Accept to answer`,
        `${ms(s.ours.interactiveMsMedian)}; ${ms(s.ours.submitMsMedian)}`,
        `rjsf ${ms(s.rjsf.interactiveMsMedian)}; ${ms(s.rjsf.submitMsMedian)}`,
        `${x(s.ratios.interactive)} (paired ${x(s.ratios.interactivePaired)}); ${x(s.ratios.submit)}`,
      ])
    }
    // Absent from results.json files written before the measure existed.
    const lr = fo.largeResult
    if (lr?.toolResult && lr.pre) {
      rows.push([
        'results (Chromium)',
        `\`ToolResult\`, ${lr.records.toLocaleString('en-US')} records (${(lr.bytes / 1024).toFixed(0)} KB \`structuredContent\`): to first paint`,
        ms(lr.toolResult.paintedMsMedian),
        `\`<pre>\` of JSON.stringify(value, null, 2) ${ms(lr.pre.paintedMsMedian)}`,
        `${x(lr.ratios.painted)} (paired ${x(lr.ratios.paintedPaired)})`,
      ])
    }
  }

  const me = results.memory
  if (!me || me.error) failed('memory', me ?? { error: 'not run' })
  else {
    const sign = (mb) => `${mb >= 0 ? '+' : ''}${(mb * 1024).toFixed(0)} KB`
    rows.push([
      'memory',
      `heap after ${me.config.readEvery} vs ${me.calls} \`${me.config.tool}\` calls`,
      `${me.heapAfterFirstMB.toFixed(2)} MB -> ${me.heapAfterLastMB.toFixed(2)} MB`,
      `growth ${sign(me.growthMB)} (${sign(me.growthWithoutCodeMB)} without JIT code)`,
      me.official ? `official: ${me.official.heapAfterFirstMB.toFixed(2)} -> ${me.official.heapAfterLastMB.toFixed(2)} MB, ${sign(me.official.growthMB)}` : `${me.growthPerCallBytes} B/call`,
    ])
  }
  const lo = results.load
  // Absent from results.json files written before the measure existed.
  if (lo?.error) failed('load', lo)
  else if (lo) {
    const rx = (ratio) => (Number.isFinite(ratio) ? x(ratio) : 'n/a')
    const correct = (side) => `${side.good.toLocaleString('en-US')}/${side.calls.toLocaleString('en-US')} correct`
    for (const size of lo.sizes) {
      rows.push([
        'load',
        `${size.n.toLocaleString('en-US')} concurrent \`${lo.config.tool}\` calls on one client: wall (CPU)`,
        `${ms(size.ours.wallMsMedian, 0)} (${ms(size.ours.cpuMsMedian, 0)}), ${correct(size.ours)}`,
        `official ${ms(size.official.wallMsMedian, 0)} (${ms(size.official.cpuMsMedian, 0)}), ${correct(size.official)}`,
        `wall ${rx(size.ratios.wall)} (paired ${rx(size.ratios.wallPaired)}), CPU ${rx(size.ratios.cpu)}`,
      ])
    }
  }

  // Absent from results.json files written before the part existed.
  const so = results.stores
  if (so?.error) failed('call stores', so)
  else if (so) {
    const r = so.resumeMs
    const session = r.sessionStorage
    const idb = r['IndexedDB (fake-indexeddb)']
    const pg = r['backend over HTTP, PGlite']
    const postgres = r['backend over HTTP, PostgreSQL (embedded)']
    rows.push(['call stores', `resume: read a kept round back, IndexedDB (fake-indexeddb in Node), median of ${so.samples}`, ms(idb, 3), `sessionStorage (today's store) ${ms(session, 3)}`, x(idb / session)])
    rows.push(['call stores', 'resume from the backend store over HTTP (127.0.0.1): PGlite; embedded PostgreSQL', `${ms(pg)}; ${ms(postgres)}`, `sessionStorage ${ms(session, 3)}`, `${x(pg / session)}; ${x(postgres / session)}`])
    rows.push(['call stores', `list one user's calls (50 of ${so.userRows}) with ${so.tableRows.toLocaleString('en-US')} records in the table: PGlite; embedded PostgreSQL`, `${ms(so.listMs.PGlite)}; ${ms(so.listMs['PostgreSQL (embedded)'])}`, '', 'handler and database, no HTTP'])
  }
  return rows
}

export const HEADER = ['area', 'measure', 'mcp-elicit', 'compared with', 'ratio / budget']

export function formatSummaryText(rows) {
  const all = [HEADER, ...rows].map((row) => row.map((cell) => String(cell).replaceAll('`', '')))
  const widths = HEADER.map((_, i) => Math.max(...all.map((row) => row[i].length)))
  return all.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd()).join('\n')
}

export function formatSummaryMarkdown(rows) {
  const cell = (value) => String(value).replaceAll('|', '\\|')
  return [HEADER, HEADER.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n')
}

export function machineLine(results) {
  const m = results.machine
  return `${m.os}; ${m.cpu} x${m.cores}; ${m.memoryGB} GB; Node ${m.node}`
}
