/**
 * `npm run test:engines`: the engine suite in every engine this machine has.
 * It says first which engines run and which are not installed (with the
 * command that installs them), runs the suite's projects for those that are,
 * and ends with one line per engine and the time it took. A machine without
 * Firefox or WebKitGTK still passes: the missing engine is named, never
 * skipped in silence. `ENGINES=firefox,webkit` runs only those.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { APT_INSTALL, ENGINE_NAMES, presence } from './engines.ts'
import type { EngineName } from './tab.ts'

const config = fileURLToPath(new URL('./playwright.config.ts', import.meta.url))
const report = fileURLToPath(new URL('../../test-results/engines-report.json', import.meta.url))

const wanted = (process.env.ENGINES ?? ENGINE_NAMES.join(',')).split(',').map((name) => name.trim()) as EngineName[]
const unknown = wanted.filter((name) => !ENGINE_NAMES.includes(name))
if (unknown.length > 0) {
  console.error(`test:engines: unknown engine ${unknown.join(', ')} (known: ${ENGINE_NAMES.join(', ')})`)
  process.exit(2)
}
const engines = presence().filter((engine) => wanted.includes(engine.name))
const present = engines.filter((engine) => !engine.missing)
const missing = engines.filter((engine) => engine.missing)

console.log(`test:engines: running in ${present.map((engine) => engine.name).join(', ') || 'no engine'}`)
for (const engine of missing) console.log(`test:engines: ${engine.name} NOT RUN: not installed (missing ${engine.missing}); install with: sudo ${APT_INSTALL}`)
if (present.length === 0) process.exit(0)

rmSync(report, { force: true })
const started = Date.now()
const run = spawnSync('npx', ['playwright', 'test', '-c', config, ...present.map((engine) => `--project=${engine.name}`), '--reporter=list,json'], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
})
const seconds = ((Date.now() - started) / 1000).toFixed(0)

interface Spec {
  tests: Array<{ projectName: string; annotations: Array<{ type: string; description?: string }>; results: Array<{ status: string; duration: number; annotations?: Array<{ type: string; description?: string }> }> }>
}
interface Suite {
  specs?: Spec[]
  suites?: Suite[]
}
const summary = new Map<string, { passed: number; failed: number; ms: number; version?: string }>()
try {
  const json = JSON.parse(readFileSync(report, 'utf8')) as { suites: Suite[] }
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const line = summary.get(test.projectName) ?? { passed: 0, failed: 0, ms: 0 }
        const last = test.results.at(-1)
        if (last?.status === 'passed') line.passed++
        else line.failed++
        line.ms += test.results.reduce((sum, result) => sum + result.duration, 0)
        line.version ??= [...test.annotations, ...(last?.annotations ?? [])].find((annotation) => annotation.type === 'engine')?.description
        summary.set(test.projectName, line)
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of json.suites) walk(suite)
} catch {
  // No report (the runner failed before any test): its own output says why.
}
for (const engine of present) {
  const line = summary.get(engine.name)
  console.log(
    line
      ? `test:engines: ${engine.name}${line.version ? ` (${line.version})` : ''}: ${line.passed} passed, ${line.failed} failed, ${(line.ms / 1000).toFixed(0)} s of tests`
      : `test:engines: ${engine.name}: no result`,
  )
}
for (const engine of missing) console.log(`test:engines: ${engine.name}: NOT RUN, not installed (sudo ${APT_INSTALL})`)
console.log(`test:engines: ${seconds} s in all`)
process.exit(run.status ?? 1)
