/**
 * Size guard: fails when a published entry's bundle grows past its limit.
 *
 * Measures the entries below with bench/size.mjs (same generated entry files,
 * same vite/rolldown settings, same gzip -9, so the figures are the ones the
 * bench prints) and compares each first load's min+gzip size with its limit
 * in bench/size-limits.json. Exit 1 if any entry is over its limit, 2 if it
 * could not check (a bundle failed, a limit is missing), 0 otherwise.
 *
 * Run: `npm run size` (= `node bench/size-check.mjs`).
 * Deliberate growth: `node bench/size-check.mjs --update` rewrites the JSON
 * with today's figures plus the margin, so the new limits show in the diff.
 *
 * Margin rule (written into the JSON's "note" too): limit = today's min+gzip
 * bytes × 1.03, in KB (1 KB = 1024 bytes), rounded up to the next 0.05 KB.
 * 3% absorbs small, incidental changes (a dependency patch, a renamed
 * identifier) without a limit bump; anything larger needs `--update`.
 * --update also lowers limits when a bundle shrank, so savings are kept.
 *
 * The aspiration budgets (`budgetGz` in bench/size.mjs) are printed for
 * information only and never fail the check: they are targets, not ceilings.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { ENTRIES, INCREMENTS, measureSizes } from './size.mjs'

const started = performance.now()
const here = dirname(fileURLToPath(import.meta.url))
const LIMITS_FILE = join(here, 'size-limits.json')
const LIMITS_PATH = relative(join(here, '..'), LIMITS_FILE)

/**
 * Entries with a limit: one per published entry point, plus the typical app
 * that uses all three, the elements page, the two stores, and `apps-loaded` (the `apps` row's `whole`: its
 * first load and the host's chunk), so the host that loads on demand is
 * held too.
 */
const CHECKED = ['core', 'auth', 'react', 'forms', 'app', 'apps', 'apps-loaded', 'apps-react', 'ai-sdk-route', 'ai-sdk-page', 'stores', 'stores-server', 'assistant-ui-page', 'elements-page']
const MARGIN = 0.03
const STEP_KB = 0.05
const NOTE =
  'Limits are min+gzip KB (1 KB = 1024 bytes) of the first load of each entry (its entry chunk and the chunks it imports statically; chunks behind a dynamic import() are not counted) as bench/size.mjs measures it. ' +
  `Rule: limit = today's figure x ${1 + MARGIN}, rounded up to the next ${STEP_KB} KB. ` +
  'Change them only with `node bench/size-check.mjs --update`, which rewrites this file from a fresh measurement. ' +
  'measuredGzipBytes is the figure the limits were computed from (information only).'

const update = process.argv.includes('--update')

// The budgeted increments need their operands bundled too (rjsf for the forms
// layer); official and use-mcp are comparisons only and stay out, for speed.
const budgeted = INCREMENTS.filter((inc) => inc.budgetGz !== undefined)
const wanted = new Set([...CHECKED, ...budgeted.flatMap((inc) => [inc.of, inc.over].flat())])
const entries = ENTRIES.filter((entry) => wanted.has(entry.name) || wanted.has(entry.whole?.name))
const missing = CHECKED.filter((name) => !entries.some((entry) => entry.name === name || entry.whole?.name === name))
if (missing.length) {
  console.error(`size-check: no entry named ${missing.join(', ')} in bench/size.mjs`)
  process.exit(2)
}

const { entries: results, increments } = await measureSizes(entries)
const byName = Object.fromEntries(results.map((r) => [r.name, r]))

const failed = CHECKED.filter((name) => byName[name].error)
if (failed.length) {
  for (const name of failed) console.error(`size-check: bundling ${name} failed: ${byName[name].error}`)
  process.exit(2)
}

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`
// Count in steps (twentieths of a KB) and round up to a whole step; the 1e-9
// keeps a figure that lands exactly on a step from going one step up by float noise.
const limitFor = (bytes) => Math.ceil(((bytes * (1 + MARGIN)) / 1024) * (1 / STEP_KB) - 1e-9) / (1 / STEP_KB)

if (update) {
  const limits = Object.fromEntries(CHECKED.map((name) => [name, limitFor(byName[name].gzipBytes)]))
  const measuredGzipBytes = Object.fromEntries(CHECKED.map((name) => [name, byName[name].gzipBytes]))
  writeFileSync(LIMITS_FILE, `${JSON.stringify({ note: NOTE, unit: 'KB min+gzip', limits, measuredGzipBytes }, null, 2)}\n`)
  console.log(`size-check: wrote ${LIMITS_PATH}`)
}

let limits
try {
  limits = JSON.parse(readFileSync(LIMITS_FILE, 'utf8')).limits ?? {}
} catch (error) {
  console.error(`size-check: cannot read ${LIMITS_PATH} (${error.code ?? error.message}); create it with --update`)
  process.exit(2)
}

const rows = [['entry', 'min+gz', 'limit', 'margin left', 'result']]
let over = 0
let unlimited = 0
for (const name of CHECKED) {
  const size = byName[name].gzipBytes
  const limitKB = limits[name]
  if (typeof limitKB !== 'number') {
    unlimited++
    rows.push([name, kb(size), '-', '-', 'NO LIMIT'])
    continue
  }
  const left = limitKB * 1024 - size
  if (left < 0) over++
  // Percent of today's size: how much more this bundle may still grow.
  const room = `${kb(left)} (${((left / size) * 100).toFixed(1)}%)`
  rows.push([name, kb(size), `${limitKB.toFixed(2)} KB`, room, left < 0 ? 'FAIL' : 'pass'])
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)))
for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd())

// Aspirations: read from bench/size.mjs so there is one place for them.
const aspirations = [
  ...entries.filter((e) => e.budgetGz !== undefined && byName[e.name]?.gzipBytes).map((e) => [e.name, byName[e.name].gzipBytes, e.budgetGz]),
  ...increments.filter((inc) => inc.budgetGzipBytes !== undefined).map((inc) => [`${inc.name} (+)`, inc.gzipBytes, inc.budgetGzipBytes]),
]
if (aspirations.length) {
  console.log('\naspiration budgets from bench/size.mjs (information only, never fail; (+) = difference of whole bundles):')
  const width = Math.max(...aspirations.map(([name]) => name.length))
  for (const [name, size, budget] of aspirations) {
    const gap = size - budget
    console.log(`  ${name.padEnd(width)}  ${kb(size).padStart(10)}  budget ${kb(budget).padStart(9)}  ${gap > 0 ? `${kb(gap)} to cut` : `${kb(-gap)} under`}`)
  }
}

// What a page that never meets them must not download, loaded on demand
// (dynamic import), so none of its modules may sit in the first loads named.
// Checked on the bundles just made, module by module, so a split cannot
// silently regress.
const ON_DEMAND = [
  {
    what: 'legacy-era, task, listener, SSE, auth hook or listing code',
    // The 2025-11-25 era, tasks, the change listener (and changes.ts, which
    // it shares with the legacy era), the SSE reader (the reading of a
    // streamed answer with the parser), the auth provider's hook (only a
    // client given `auth` loads it) and the listings with the `Mcp-Param-*`
    // bindings (the first listing, or the first -32020 of a tool call).
    // McpTaskError and the retry delays are modules of their own for this:
    // in a module the first load shares, code only these chunks use would
    // be downloaded with it.
    modules: /^(src\/core\/(legacy-[a-z-]+|task-loop|task-client|task-error|retry-delay|subscriptions|changes|reconnect|server-requests|sse|sse-exchange|auth-hook|listings|tool-headers)\.ts|eventsource-parser\/.*)$/,
    firstLoads: ['core', 'react', 'app'],
  },
  {
    what: 'result cache',
    // The cache's store with its credential scope loads with a client's
    // first call, alongside its first request (src/core/cache-handle.ts):
    // nothing is kept before it has loaded, so no request waits for it.
    modules: /^src\/core\/(result-cache|credential-scope)\.ts$/,
    firstLoads: ['core', 'auth', 'react', 'app', 'apps-react', 'ai-sdk-page', 'assistant-ui-page'],
  },
  {
    what: 'default validator, file widget or date-time widget code',
    // The typical app passes @rjsf/validator-ajv8 and its one form has no file
    // or date-time field: the default validator (csp.ts, the no-eval
    // validator) loads only for a form without a validator, the file widget
    // and its data URI code only for a form with a file field, the date-time
    // widget and its conversions only for one with a date-time field
    // (src/forms/lazy-date-time.ts).
    modules: /^src\/forms\/(csp|no-eval-validator|string-formats|file-widget|file-data-uri|date-time-widget|date-time|date-time-format)\.tsx?$/,
    firstLoads: ['app'],
  },
  {
    what: 'result renderer, URL card, sign-in, approval or task line',
    // The parts many pages never show load when first shown
    // (src/forms/lazy-parts.tsx); the typical app and the chat pages render
    // McpToolCall and ElicitationForm only.
    modules: /^src\/forms\/(ToolResult\.tsx|content-tree\.tsx|content-blocks\.tsx|UrlElicitation\.tsx|url-safety\.ts|url-display\.tsx|SignInCard\.tsx|ApprovalCard\.tsx|TaskLine\.tsx)$/,
    // apps-react too: an app's link shows the URL card (src/apps/react/link-consent.tsx) only when the app asks to open one.
    firstLoads: ['app', 'ai-sdk-page', 'assistant-ui-page', 'apps-react'],
  },
  {
    what: 'bounded JSON of the result renderer',
    // Not in the chat pages' lists: their tool parts bound every result they
    // hand to the conversation (src/chat/bounded-result.ts), which is sent
    // whole on every turn, so they need the bounding from their first call.
    modules: /^src\/forms\/bounded-json\.ts$/,
    firstLoads: ['app', 'apps-react'],
  },
  {
    what: 'round panel',
    // The panel's own code (src/forms/round-panel.tsx, with the round's texts
    // and the refusals) loads on demand (src/forms/lazy-round-panel.tsx): a
    // call fetches it once it is on the page, the form and the cards it shows
    // stay in the first load (src/forms/round-parts.ts).
    modules: /^src\/forms\/(round-panel\.tsx|refusals\.ts|texts\/round\.ts)$/,
    firstLoads: ['app', 'ai-sdk-page', 'assistant-ui-page', 'apps-react'],
  },
  {
    what: "app answer check or the forms' no-eval validator",
    // The check of an app-drawn question's answer (SEP-3118) runs the forms'
    // no-eval validator: both load with the first such question
    // (src/apps/react/AppQuestion.tsx), not with McpAppsProvider.
    modules: /^src\/(apps\/react\/answer-check\.ts|forms\/(no-eval-validator|string-formats|file-data-uri)\.ts)$/,
    firstLoads: ['apps-react'],
  },
  {
    what: 'MCP Apps host (the resource read, the sandbox checks, the bridge)',
    // Most tools have no app: the host (src/apps/app-host.ts: the resource
    // read, the sandbox checks, the CSP, the frame's gate, the bridge,
    // SEP-3118 forwarding) loads with the first app mounted. Without React,
    // mountMcpApp gives its handle and frame at once and loads the host
    // behind them (src/apps/mount.ts); McpAppsProvider, around every call,
    // loads it with the first app shown (src/apps/react/load-mount.ts).
    modules: /^src\/apps\/(app-host|bridge|bridge-[a-z]+|resource|csp|frame|host-context|elicitation|download|message|methods|json-size|sandbox-site|sandbox-claims|tool-listing)\.ts$/,
    firstLoads: ['apps', 'apps-react', 'elements-page'],
  },
  {
    what: "forms stylesheet for shadow roots",
    // The elements adopt the forms' stylesheet only into a shadow root
    // (src/elements/shadow-styles.ts): a page whose elements render in its
    // light DOM, with its own <link>, never downloads the text.
    modules: /^src\/(elements\/forms-css\.ts|forms\/styles\.css)/,
    firstLoads: ['elements-page'],
  },
  {
    what: 'app download card',
    // Shown only when an app with downloadFiles on asks to save files (src/apps/react/download-consent.tsx).
    modules: /^src\/apps\/react\/DownloadCard\.tsx$/,
    firstLoads: ['apps-react'],
  },
  {
    what: 'round writer or not-resumable error',
    // The round writer, with McpNotResumableError (which only a stored
    // 2025-11-25 call meets after a reload), loads once a call has a storage,
    // never with a page's first load.
    modules: /^src\/core\/(call-writer|not-resumable-error)\.ts$/,
    firstLoads: ['react', 'app', 'ai-sdk-page', 'assistant-ui-page'],
  },
  {
    what: 'sign-in kit',
    // The react entry has no sign-in store: the sign-in kit loads on demand.
    modules: /^src\/react\/(sign-in-kit|sign-in-source|auth-view|needs-auth|useMcpAuth)\.ts$/,
    firstLoads: ['react'],
  },
  {
    what: 'sign-in flow or oauth4webapi',
    // A page holding a valid token needs the Authorization header only: the
    // flow (discovery, registration, PKCE, the code exchange, refresh,
    // revocation, DPoP) and oauth4webapi load with the first need of them.
    modules: /^(src\/auth\/(sign-in-flow|discovery|client-identity|dpop|revocation|wire|http)\.ts|oauth4webapi\/.*)$/,
    firstLoads: ['auth'],
  },
  {
    what: 'texts of a part that loads on demand',
    // Each part carries its own default texts (src/forms/texts/): the URL,
    // approval, sign-in, result, task, file and MCP Apps texts load with their
    // parts, and every text at once (texts/all.ts) only for an app that
    // imports defaultMessages or resolveMessages.
    modules: /^src\/forms\/texts\/(url|approval|content|sign-in|result|task|file|apps|app-cards|all)\.ts$/,
    firstLoads: ['app', 'ai-sdk-page', 'assistant-ui-page'],
  },
]
console.log()
let leaked = 0
for (const { what, modules, firstLoads } of ON_DEMAND) {
  let found = 0
  for (const name of firstLoads) {
    const ids = (byName[name].firstLoadModules ?? []).filter((id) => modules.test(id))
    if (ids.length === 0) continue
    found++
    console.error(`size-check: the first load of ${name} holds ${what}, which must load on demand: ${ids.join(', ')}`)
  }
  if (!found) console.log(`size-check: no ${what} in the first load of ${firstLoads.join(', ')}`)
  leaked += found
}

const seconds = ((performance.now() - started) / 1000).toFixed(1)
if (unlimited) console.error(`\nsize-check: ${unlimited} entr${unlimited === 1 ? 'y has' : 'ies have'} no limit in ${LIMITS_PATH}; run with --update`)
if (over) console.error(`\nsize-check: ${over} entr${over === 1 ? 'y is' : 'ies are'} over the limit (${seconds} s). If the growth is deliberate: node bench/size-check.mjs --update`)
else if (!unlimited) console.log(`\nsize-check: all within limits (${seconds} s)`)
process.exitCode = over || leaked ? 1 : unlimited ? 2 : 0
