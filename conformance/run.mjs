#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, a
// devDependency), one CLI invocation per scenario and protocol version (two at
// a time by default, reported in plan order):
//   - client scenarios against conformance/driver.ts (our client), and
//   - server scenarios against the kit's demo server with the suite's fixtures
//     (servers/conformance-server.ts: a fresh one per scenario, in this process),
// and fails on any FAILURE, any WARNING, a client timeout or a non-zero exit
// of the suite. Exits non-zero when any scenario failed.
//
//   npm run conformance [-- options]
//     --scenario <name>[@<version>]  run only this scenario (repeatable)
//     --rebuild       run `npm run build` even if dist/ looks fresh
//     --timeout <ms>  per-scenario client timeout (default 20000; server scenarios get at least 60000)
//     --jobs <n>      scenarios run at the same time (default 2: CI has two cores; 1 runs them one by one)
//     --verbose       print every check, not only failures and warnings
//
// Needs nothing but `npm install` and the project's Node (22.18 or newer: the
// suite requires Node 22, and the driver's and servers' TypeScript types are
// stripped by it).

import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const RESULTS = join(ROOT, 'conformance', 'results')
const KEEP_RUNS = 5

/** Client scenarios: every entry is run on its own, at exactly this protocol version. */
const CLIENT_PLAN = [
  ['2026-07-28', 'tools_call'],
  ['2026-07-28', 'request-metadata'],
  ['2026-07-28', 'sep-2322-client-request-state'],
  ['2026-07-28', 'http-standard-headers'],
  ['2026-07-28', 'http-custom-headers'],
  ['2026-07-28', 'http-invalid-tool-headers'],
  ['2026-07-28', 'json-schema-ref-no-deref'],
  ['2026-07-28', 'json-schema-2020-12-preservation'],
  ['2025-11-25', 'initialize'],
  ['2025-11-25', 'tools_call'],
  ['2025-11-25', 'elicitation-sep1034-client-defaults'],
  ['2025-11-25', 'sse-retry'],
  ['2025-11-25', 'json-schema-2020-12-preservation'],
  // Authorization: the 14 scenarios of both revisions, at each, then those new in 2026-07-28 and the 2025-03-26 back-compat pair.
  ...['2026-07-28', '2025-11-25'].flatMap((version) =>
    [
      'auth/metadata-default',
      'auth/metadata-var1',
      'auth/metadata-var2',
      'auth/metadata-var3',
      'auth/basic-cimd',
      'auth/scope-from-www-authenticate',
      'auth/scope-from-scopes-supported',
      'auth/scope-omitted-when-undefined',
      'auth/scope-step-up',
      'auth/scope-retry-limit',
      'auth/token-endpoint-auth-basic',
      'auth/token-endpoint-auth-post',
      'auth/token-endpoint-auth-none',
      'auth/pre-registration',
    ].map((scenario) => [version, scenario]),
  ),
  ['2026-07-28', 'auth/resource-mismatch'],
  ['2026-07-28', 'auth/offline-access-scope'],
  ['2026-07-28', 'auth/offline-access-not-supported'],
  ['2026-07-28', 'auth/authorization-server-migration'],
  ['2026-07-28', 'auth/iss-supported'],
  ['2026-07-28', 'auth/iss-not-advertised'],
  ['2026-07-28', 'auth/iss-supported-missing'],
  ['2026-07-28', 'auth/iss-wrong-issuer'],
  ['2026-07-28', 'auth/iss-unexpected'],
  ['2026-07-28', 'auth/iss-normalized'],
  ['2026-07-28', 'auth/metadata-issuer-mismatch'],
  ['2025-03-26', 'auth/2025-03-26-oauth-metadata-backcompat'],
  ['2025-03-26', 'auth/2025-03-26-oauth-endpoint-fallback'],
  // Extension scenarios are on no spec timeline: the suite runs them only when forced.
  ['2026-07-28', 'auth/dpop', 'extension'],
  ['2026-07-28', 'auth/dpop-nonce', 'extension'],
].map(([version, scenario, kind]) => ({ version, scenario, extension: kind === 'extension', server: false }))

/**
 * Server scenarios, against servers/conformance-server.ts: the parts our
 * servers implement (stateless serving, multi round-trip results, cache
 * hints, the tasks extension). Not run: `tasks-status-notifications`, a
 * placeholder in this suite version that only reports SKIPPED (its harness
 * awaits a rewrite for subscriptions/listen), so it verifies nothing.
 */
const SERVER_PLAN = [
  ['2026-07-28', 'server-stateless'],
  ['2026-07-28', 'caching'],
  ...[
    'basic-elicitation',
    'basic-sampling',
    'basic-list-roots',
    'request-state',
    'multiple-input-requests',
    'multi-round',
    'missing-input-response',
    'non-tool-request',
    'result-type',
    'unsupported-methods',
    'tampered-state',
    'capability-check',
    'ignore-extra-params',
    'validate-input',
  ].map((name) => ['2026-07-28', `input-required-result-${name}`]),
  ...[
    'lifecycle',
    'capability-negotiation',
    'wire-fields',
    'request-state-removal',
    'mrtr-input',
    'request-headers',
    'dispatch-and-envelope',
    'required-task-error',
    'mrtr-composition',
  ].map((name) => ['2026-07-28', `tasks-${name}`, 'extension']),
].map(([version, scenario, kind]) => ({ version, scenario, extension: kind === 'extension', server: true }))

/** Server scenarios wait on tasks and timers of their own: never less than this per scenario. */
const SERVER_TIMEOUT_MS = 60_000

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const opts = { only: [], rebuild: false, timeout: 20_000, verbose: false, jobs: 2 }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined) fail(`${a} needs a value`)
      return v
    }
    if (a === '--scenario') opts.only.push(value())
    else if (a === '--rebuild') opts.rebuild = true
    else if (a === '--verbose') opts.verbose = true
    else if (a === '--jobs') {
      opts.jobs = Number.parseInt(value(), 10)
      if (!(opts.jobs >= 1)) fail('--jobs must be a whole number, 1 or more')
    } else if (a === '--timeout') {
      opts.timeout = Number.parseInt(value(), 10)
      if (!(opts.timeout > 0)) fail('--timeout must be a positive number of milliseconds')
    } else fail(`unknown option ${a}`)
  }
  return opts
}

function fail(message) {
  console.error(`conformance: ${message}`)
  process.exit(2)
}

function selected(plan, only) {
  if (only.length === 0) return plan
  const picked = plan.filter(({ scenario, version }) =>
    only.some((o) => o === scenario || o === `${scenario}@${version}`),
  )
  if (picked.length === 0) fail(`no planned scenario matches ${only.join(', ')}`)
  return picked
}

// ---------------------------------------------------------------- tools

/** This Node, which must strip TypeScript types (22.18+) to run the driver. */
function findNode() {
  if (process.features?.typescript) return process.execPath
  fail(`Node ${process.versions.node} cannot run the TypeScript driver: the project needs Node 22.18 or newer`)
}

function findSuiteCli() {
  const pkgDir = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance')
  const pkgFile = join(pkgDir, 'package.json')
  if (!existsSync(pkgFile)) fail('@modelcontextprotocol/conformance is not installed (run npm install)')
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'))
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.conformance
  return { cli: join(pkgDir, bin), version: pkg.version }
}

/** POSIX shell quoting: the suite runs --command through `sh -c`. */
function shq(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`
}

// ---------------------------------------------------------------- build

function newestMtime(path) {
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function buildIsStale() {
  const outputs = [join(ROOT, 'dist', 'index.js'), join(ROOT, 'dist', 'core', 'index.d.ts')]
  if (!outputs.every(existsSync)) return 'dist/ is missing'
  const built = Math.min(...outputs.map((p) => statSync(p).mtimeMs))
  const inputs = ['src', 'package.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json']
    .map((p) => join(ROOT, p))
    .filter(existsSync)
  const newest = Math.max(...inputs.map(newestMtime))
  return newest > built ? 'sources are newer than dist/' : null
}

function build(force) {
  const reason = force ? 'forced' : buildIsStale()
  if (!reason) {
    console.log('build: dist/ is up to date')
    return true
  }
  const started = Date.now()
  // Under `npm run`, npm_execpath is npm's own CLI; otherwise use npm from PATH.
  const npmCli = process.env.npm_execpath
  const [cmd, args] = npmCli && /\.(c|m)?js$/.test(npmCli)
    ? [process.execPath, [npmCli, 'run', 'build']]
    : ['npm', ['run', 'build']]
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', shell: process.platform === 'win32' })
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`.trim().split('\n')
    console.log(`build: FAILED (${reason}); last lines:`)
    for (const line of out.slice(-25)) console.log(`  ${line}`)
    return false
  }
  console.log(`build: ok (${reason}, ${((Date.now() - started) / 1000).toFixed(1)}s)`)
  return true
}

// ---------------------------------------------------------------- run one scenario

function runSuite({ node, cli, scenario, version, extension, outDir, timeout, env, serverUrl }) {
  const target = serverUrl === undefined
    ? ['client', '--command', `${shq(node)} conformance/driver.ts`]
    : ['server', '--url', serverUrl]
  const args = [cli, ...target, '--scenario', scenario,
    '--spec-version', version, '--timeout', String(timeout), '-o', outDir, ...(extension ? ['--force'] : [])]
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let killed = false
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    // The suite kills the client at `timeout`; this bounds the suite itself
    // (server start/stop). Kill only the process group we started.
    const watchdog = setTimeout(() => {
      killed = true
      try { process.kill(-child.pid, 'SIGKILL') } catch { child.kill('SIGKILL') }
    }, timeout + 20_000)
    child.on('error', (err) => { output += `\n${err}` })
    child.on('close', (code, signal) => {
      clearTimeout(watchdog)
      resolve({ code: code ?? -1, signal, killed, output })
    })
  })
}

function stripAnsi(s) {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*m/g, '')
}

function readChecks(outDir, scenario, server) {
  // "auth/metadata-default" lands in <outDir>/auth/metadata-default-<time>/,
  // server scenario "caching" in <outDir>/server-caching-<time>/.
  const parent = join(outDir, dirname(scenario))
  if (!existsSync(parent)) return null
  const prefix = `${server ? 'server-' : ''}${basename(scenario)}-`
  const dirs = readdirSync(parent).filter((d) => d.startsWith(prefix) && /^\d/.test(d.slice(prefix.length))).sort()
  for (const d of dirs.reverse()) {
    const file = join(parent, d, 'checks.json')
    if (existsSync(file)) return { dir: join(parent, d), checks: JSON.parse(readFileSync(file, 'utf8')) }
  }
  return null
}

function summarize(run, found) {
  const checks = found?.checks ?? []
  const count = (s) => checks.filter((c) => c.status === s).length
  const text = stripAnsi(run.output)
  const problems = []
  if (!found) {
    problems.push(/SKIPPED: scenario/.test(text)
      ? 'suite skipped the scenario (not applicable at this spec version)'
      : 'no checks.json produced')
  }
  if (run.killed) problems.push('suite process killed by the watchdog')
  if (/CLIENT TIMED OUT|Client timed out after/.test(text)) problems.push('client timed out')
  const exited = text.match(/Client exited with code (-?\d+)/)
  if (exited && !/CLIENT EXITED WITH ERROR/.test(text)) problems.push(`client exited with code ${exited[1]} (allowed by the scenario)`)
  else if (exited) problems.push(`client exited with code ${exited[1]}`)
  const r = { passed: count('SUCCESS'), failed: count('FAILURE'), warnings: count('WARNING'), skipped: count('SKIPPED') }
  // Some scenarios emit their checks only when the expected request arrives
  // (initialize): no check at all means nothing was verified, not a pass.
  if (found && r.passed === 0 && r.failed === 0 && r.warnings === 0) problems.push('no check passed: the scenario verified nothing')
  const soft = problems.every((p) => p.includes('allowed by the scenario'))
  r.ok = Boolean(found) && run.code === 0 && r.passed > 0 && r.failed === 0 && r.warnings === 0 && !run.killed && soft
  if (run.code !== 0 && r.failed === 0 && r.warnings === 0 && problems.length === 0) problems.push(`suite exited with ${run.code}`)
  r.problems = problems
  return r
}

function tail(file, lines) {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean).slice(-lines)
}

// ---------------------------------------------------------------- main

/** Runs `suite` against a fresh conformance server, closed afterwards; a server that cannot start is the scenario's failure. */
async function againstServer(start, suite) {
  let server
  try {
    server = await start()
  } catch (error) {
    return { code: -1, signal: null, killed: false, output: `conformance server did not start: ${error?.stack ?? error}` }
  }
  try {
    return await suite(server.url)
  } finally {
    await server.close()
  }
}

function pruneOldRuns() {
  if (!existsSync(RESULTS)) return
  const runs = readdirSync(RESULTS).filter((d) => /^run-/.test(d)).sort()
  for (const d of runs.slice(0, Math.max(0, runs.length - (KEEP_RUNS - 1)))) {
    rmSync(join(RESULTS, d), { recursive: true, force: true })
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const plan = selected([...CLIENT_PLAN, ...SERVER_PLAN], opts.only)
  const node = findNode()
  const { cli, version: suiteVersion } = findSuiteCli()

  // The client scenarios drive dist/; the server scenarios need no build.
  if (plan.some((p) => !p.server) && !build(opts.rebuild)) {
    console.log(`conformance: 0 passed, ${plan.length} failed`)
    process.exit(1)
  }
  const { startConformanceServer } = plan.some((p) => p.server) ? await import('../servers/conformance-server.ts') : {}

  pruneOldRuns()
  const runDir = join(RESULTS, `run-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  mkdirSync(runDir, { recursive: true })
  console.log(`suite @modelcontextprotocol/conformance@${suiteVersion}, driver conformance/driver.ts, server servers/conformance-server.ts, results ${relative(ROOT, runDir)}`)

  const env = {
    ...process.env,
    MCP_ELICIT_DRIVER_TIMEOUT_MS: String(Math.max(1000, opts.timeout - 3000)),
    // The client ID metadata document a deployed client would publish; the suite's servers accept this one.
    MCP_ELICIT_CLIENT_METADATA_URL: 'https://conformance-test.local/client-metadata.json',
  }

  const width = Math.max(...plan.map((p) => p.scenario.length))
  /** Runs one planned scenario; its report is returned as lines, printed in plan order. */
  async function runOne({ scenario, version, extension, server }) {
    const outDir = join(runDir, version)
    const started = Date.now()
    const run = server
      ? await againstServer(startConformanceServer, (serverUrl) => runSuite({ node, cli, scenario, version, extension, outDir, timeout: Math.max(opts.timeout, SERVER_TIMEOUT_MS), env, serverUrl }))
      : await runSuite({ node, cli, scenario, version, extension, outDir, timeout: opts.timeout, env })
    const found = readChecks(outDir, scenario, server)
    const r = summarize(run, found)
    const secs = ((Date.now() - started) / 1000).toFixed(1)
    const outputFile = join(outDir, `${scenario}.suite-output.txt`)
    mkdirSync(dirname(outputFile), { recursive: true })
    writeFileSync(outputFile, run.output)
    const lines = [`${r.ok ? 'PASS' : 'FAIL'}  ${scenario.padEnd(width)}  ${version}  passed ${r.passed}, failed ${r.failed}, warnings ${r.warnings}${r.skipped ? `, skipped ${r.skipped}` : ''}  (${secs}s)`]
    for (const p of r.problems) lines.push(`        ! ${p}`)
    for (const c of found?.checks ?? []) {
      const show = opts.verbose ? c.status !== 'INFO' : c.status === 'FAILURE' || c.status === 'WARNING'
      if (!show) continue
      const msg = String(c.errorMessage ?? c.details?.message ?? c.description ?? '').replace(/\s+/g, ' ').slice(0, 400)
      lines.push(`        ${c.status.padEnd(7)} ${c.id}${c.name && c.name !== c.id ? ` (${c.name})` : ''}: ${msg}`)
    }
    if (!r.ok && found) {
      const driverErr = tail(join(found.dir, 'stderr.txt'), 6)
      if (driverErr.length) {
        lines.push('        driver stderr (tail):')
        for (const line of driverErr) lines.push(`          ${line.slice(0, 300)}`)
      }
    }
    return { lines, entry: { scenario, version, ...r, resultDir: found ? relative(ROOT, found.dir) : null, exitCode: run.code } }
  }

  // `jobs` scenarios at a time: each has its own processes, ports (the suite's
  // servers and ours listen on port 0) and result folder. Reports are printed,
  // and summary.json written, in plan order whatever order they end in.
  const reports = new Array(plan.length)
  let printed = 0
  let next = 0
  const flush = () => {
    for (; printed < plan.length && reports[printed]; printed++) for (const line of reports[printed].lines) console.log(line)
  }
  await Promise.all(
    Array.from({ length: Math.min(opts.jobs, plan.length) }, async () => {
      while (next < plan.length) {
        const i = next++
        reports[i] = await runOne(plan[i])
        flush()
      }
    }),
  )
  const summary = reports.map((r) => r.entry)

  writeFileSync(join(runDir, 'summary.json'), JSON.stringify(summary, null, 2))
  const passed = summary.filter((s) => s.ok).length
  const failed = summary.length - passed
  console.log(`conformance: ${passed} passed, ${failed} failed`)
  process.exit(failed === 0 ? 0 : 1)
}

main().catch((err) => {
  console.error(err)
  console.log('conformance: 0 passed, 1 failed')
  process.exit(1)
})
