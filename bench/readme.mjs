/**
 * Writes the "## Benchmarks" section of README.md from bench/results.json
 * (the last `npm run bench`): the compact table, the date and the machine.
 * Replaces the section if there is one, else puts it before "## Development".
 *
 * Run: `node bench/readme.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { formatSummaryMarkdown, machineLine, summaryRows } from './summary.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const readmePath = join(resolve(here, '..'), 'README.md')
const results = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'))

const section = `## Benchmarks

Measured ${results.date.slice(0, 10)} on ${machineLine(results)}, with
\`npm run bench\` (about ${Math.ceil(results.totalSeconds / 10) * 10} s, loopback only, bounded; the full figures go to
\`bench/results.json\`, and \`node bench/readme.mjs\` rewrites this table from them).
The official client is \`@modelcontextprotocol/client\` 2.4.0; the servers are the
official \`@modelcontextprotocol/server\` 2.4.0 on 127.0.0.1.

${formatSummaryMarkdown(summaryRows(results))}

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
  only \`tools/call\`; \`cache: false\` lists once per client (the behaviour
  before the cache); "cold URL" is one never seen in the process (discovery,
  \`tools/list\`, call). Requests are counted at the server.
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
`

const text = readFileSync(readmePath, 'utf8')
const start = text.search(/^## Benchmarks\s*$/m)
let next
if (start !== -1) {
  const after = text.slice(start + 1).search(/^## /m)
  next = after === -1 ? text.length : start + 1 + after
}
const updated =
  start !== -1
    ? `${text.slice(0, start)}${section}${next < text.length ? '\n' : ''}${text.slice(next)}`
    : text.replace(/^## Development\s*$/m, (heading) => `${section}\n${heading}`)
if (updated === text && start === -1) throw new Error('README.md has no "## Development" heading to put the section before')
writeFileSync(readmePath, updated)
console.log(`README.md: Benchmarks section ${start === -1 ? 'added' : 'replaced'} (${results.date})`)
