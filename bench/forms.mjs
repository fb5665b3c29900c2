/**
 * Forms: time from an input-required result to an interactive form, and from
 * Accept to the answer, in the e2e suite's Chromium (e2e/chromium.ts:
 * @sparticuz/chromium, the same flags, via playwright-core), for schemas
 * of 1, 10 and 50 fields: `ElicitationForm` against a bare @rjsf/core `Form`
 * with the same schema and the same validator (@rjsf/validator-ajv8).
 *
 * The page (bench/forms-page/) is built with vite (production, minified)
 * into bench/.tmp/forms-page and served from 127.0.0.1; it measures itself
 * (see main.tsx for what each figure spans).
 *
 * Also a large tool result: about 1 MB of `structuredContent` (5,000 records)
 * rendered by `ToolResult` against a plain `<pre>{JSON.stringify(value, null,
 * 2)}</pre>`, from `root.render` to the commit and to the next frame
 * (`largeResult` in the JSON).
 *
 * Run under Node 22: `node bench/forms.mjs [--json]`. Bounded: warm-up and
 * BENCH_FORMS_RUNS runs per contestant and size (default 41), time caps per
 * size and for the part.
 */
import { mkdirSync, readFileSync, rmSync, rmdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, extname, join, normalize, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { clampInt } from './server-process.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')
const pageDir = join(here, 'forms-page')
const outDir = join(here, '.tmp', 'forms-page')

export const CONFIG = {
  sizes: [1, 10, 50],
  runs: clampInt(process.env.BENCH_FORMS_RUNS, 41, 3, 101),
  warmup: 5,
  sizeCapMs: 25_000,
  partCapMs: 55_000,
  /** The large-result measure: records in the value, runs and warm-up per contestant, its time cap. */
  largeResult: { records: 5_000, runs: clampInt(process.env.BENCH_RESULT_RUNS, 15, 3, 51), warmup: 3, capMs: 25_000 },
}

const KEEP = process.env.BENCH_KEEP === '1'
const median = (list) => {
  const sorted = list.slice().sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function quantile(list, q) {
  const sorted = list.slice().sort((a, b) => a - b)
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

async function buildPage() {
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  const src = (path) => join(root, 'src', path)
  await build({
    configFile: false,
    envDir: false,
    root: pageDir,
    publicDir: false,
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    resolve: {
      alias: [
        { find: /^mcp-elicit\/forms$/, replacement: src('forms/index.ts') },
        { find: /^mcp-elicit\/react$/, replacement: src('react/index.ts') },
        { find: /^mcp-elicit$/, replacement: src('core/index.ts') },
      ],
    },
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true, modulePreload: { polyfill: false }, chunkSizeWarningLimit: 5000, reportCompressedSize: false },
  })
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

/** Static files of the built page, 127.0.0.1 only, nothing outside outDir. */
async function servePage() {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(outDir)) {
      res.writeHead(403).end()
      return
    }
    try {
      const body = readFileSync(file)
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        // Cross-origin isolation: performance.now() at 5 µs instead of 100 µs.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  const { listen, closeServer } = await import(pathToFileURL(join(here, '..', 'servers', 'host.ts')).href)
  const { origin } = await listen(server, 0)
  return { url: `${origin}/`, close: () => closeServer(server) }
}

/** The e2e suite's browser and flags (e2e/playwright.config.ts). */
async function launchBrowser() {
  const { chromiumLaunch } = await import(pathToFileURL(join(here, '..', 'e2e', 'chromium.ts')).href)
  const { chromium } = await import('playwright-core')
  const { executablePath, args } = await chromiumLaunch(['--js-flags=--expose-gc'])
  const browser = await chromium.launch({ executablePath, args, headless: true, timeout: 30_000 })
  return { browser, executablePath, version: browser.version() }
}

function summarize(list) {
  const pick = (key) => list.map((r) => r[key])
  return {
    runs: list.length,
    interactiveMsMedian: median(pick('interactiveMs')),
    interactiveMsP25: quantile(pick('interactiveMs'), 0.25),
    interactiveMsP75: quantile(pick('interactiveMs'), 0.75),
    paintedMsMedian: median(pick('paintedMs')),
    submitMsMedian: median(pick('submitMs')),
    interactiveMs: pick('interactiveMs').map((v) => Math.round(v * 100) / 100),
    submitMs: pick('submitMs').map((v) => Math.round(v * 100) / 100),
  }
}

/** `ToolResult` vs `<pre>` for one large structured value, in the page (see main.tsx). */
async function measureLargeResult(page, timeout) {
  const { records, runs, warmup } = CONFIG.largeResult
  let timer
  const out = await Promise.race([
    page.evaluate(([r, w, n]) => window.formsBench.runResult(r, w, n), [runs, warmup, records]),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`large result: over ${timeout} ms`)), timeout)
      timer.unref()
    }),
  ]).finally(() => clearTimeout(timer))
  const pick = (kind, key) => out.runs.filter((r) => r.kind === kind).map((r) => r[key])
  const side = (kind) => ({
    runs: pick(kind, 'paintedMs').length,
    paintedMsMedian: median(pick(kind, 'paintedMs')),
    paintedMsP25: quantile(pick(kind, 'paintedMs'), 0.25),
    paintedMsP75: quantile(pick(kind, 'paintedMs'), 0.75),
    committedMsMedian: median(pick(kind, 'committedMs')),
    elements: pick(kind, 'nodes')[0],
    paintedMs: pick(kind, 'paintedMs').map((v) => Math.round(v * 100) / 100),
  })
  const toolResult = side('toolResult')
  const pre = side('pre')
  return {
    records,
    bytes: out.bytes,
    prettyBytes: out.prettyBytes,
    warmup,
    toolResult,
    pre,
    ratios: {
      painted: toolResult.paintedMsMedian / pre.paintedMsMedian,
      committed: toolResult.committedMsMedian / pre.committedMsMedian,
      /** Median of toolResult/pre within each iteration (back to back). */
      paintedPaired: median(toolResult.paintedMs.map((v, i) => v / pre.paintedMs[i])),
    },
  }
}

export async function measureForms() {
  const started = performance.now()
  const deadline = started + CONFIG.partCapMs
  mkdirSync(outDir, { recursive: true })
  let server
  let browser
  try {
    await buildPage()
    const buildSeconds = (performance.now() - started) / 1000
    server = await servePage()
    const launched = await launchBrowser()
    browser = launched.browser
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } })
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(server.url, { timeout: 15_000 })
    await page.waitForFunction(() => window.formsBench?.ready === true, null, { timeout: 15_000 })
    const isolated = await page.evaluate(() => window.crossOriginIsolated)

    const sizes = {}
    let truncated = false
    for (const fields of CONFIG.sizes) {
      const left = deadline - performance.now()
      if (left < 3_000) {
        truncated = true
        break
      }
      const timeout = Math.min(CONFIG.sizeCapMs, left)
      const results = await Promise.race([
        page.evaluate(([n, runs, warmup]) => window.formsBench.run(n, runs, warmup), [fields, CONFIG.runs, CONFIG.warmup]),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`forms ${fields} fields: over ${timeout} ms`)), timeout).unref()),
      ])
      const ours = summarize(results.filter((r) => r.kind === 'ours'))
      const rjsf = summarize(results.filter((r) => r.kind === 'rjsf'))
      sizes[fields] = {
        fields,
        ours,
        rjsf,
        ratios: {
          interactive: ours.interactiveMsMedian / rjsf.interactiveMsMedian,
          painted: ours.paintedMsMedian / rjsf.paintedMsMedian,
          submit: ours.submitMsMedian / rjsf.submitMsMedian,
          /** Median of ours/rjsf within each iteration (the two ran back to back): less sensitive to drift. */
          interactivePaired: median(ours.interactiveMs.map((v, i) => v / rjsf.interactiveMs[i])),
          submitPaired: median(ours.submitMs.map((v, i) => v / rjsf.submitMs[i])),
          /** Best run against best run. */
          interactiveMin: Math.min(...ours.interactiveMs) / Math.min(...rjsf.interactiveMs),
        },
      }
    }
    let largeResult
    const left = deadline - performance.now()
    if (left < 3_000) truncated = true
    else largeResult = await measureLargeResult(page, Math.min(CONFIG.largeResult.capMs, left))
    if (errors.length) throw new Error(`page errors: ${errors.slice(0, 3).join(' | ')}`)
    return {
      config: {
        ...CONFIG,
        browser: `Chromium ${launched.version} (e2e/chromium.ts via playwright-core, headless, the e2e flags + --js-flags=--expose-gc)`,
        page: 'bench/forms-page (vite build, production, minified), served from 127.0.0.1, no stylesheet',
        validator: '@rjsf/validator-ajv8 default validator, the same instance for both',
        timerResolution: isolated ? '5 µs (cross-origin isolated)' : '100 µs',
        buildSeconds,
      },
      notes: [
        'interactive = root.render(...) of the elicitation to the first input committed, laid out and focused (MutationObserver, no frame wait)',
        'painted = the same start to the first frame after it (rAF + task), quantized by the frame',
        'submit = Accept/Submit click on a valid form to the answer callback (ajv8 compiles a fresh schema each run)',
        'largeResult = root.render(...) of ~1 MB of structuredContent (a fresh JSON.parse copy each run, not timed) to the commit of the result element (committed) and to the first frame after it (painted, rAF + task): ToolResult vs <pre>{JSON.stringify(value, null, 2)}</pre>',
      ],
      sizes,
      ...(largeResult && { largeResult }),
      ...(truncated && { truncated: true }),
      totalSeconds: (performance.now() - started) / 1000,
    }
  } finally {
    await browser?.close().catch(() => {})
    await server?.close()
    if (!KEEP) {
      rmSync(outDir, { recursive: true, force: true })
      try {
        rmdirSync(join(here, '.tmp'))
      } catch {}
    }
  }
}

export function formatForms(result) {
  const ms = (n) => n.toFixed(2).padStart(7)
  const lines = [`${result.config.browser}; ${result.config.runs} runs per contestant and size, medians (ms); timer ${result.config.timerResolution}`]
  lines.push('  fields   to interactive: ours / rjsf   ratio (paired)   next frame: ours / rjsf   submit: ours / rjsf   ratio')
  for (const s of Object.values(result.sizes)) {
    lines.push(
      `  ${String(s.fields).padStart(6)}   ${ms(s.ours.interactiveMsMedian).padStart(15)} / ${ms(s.rjsf.interactiveMsMedian)}   ${s.ratios.interactive.toFixed(2)} (${s.ratios.interactivePaired.toFixed(2)})      ${ms(s.ours.paintedMsMedian).padStart(11)} / ${ms(s.rjsf.paintedMsMedian)}   ${ms(s.ours.submitMsMedian).padStart(7)} / ${ms(s.rjsf.submitMsMedian)}   ${s.ratios.submit.toFixed(2)}`,
    )
  }
  const lr = result.largeResult
  if (lr) {
    lines.push(
      `  large result, ${lr.records.toLocaleString('en-US')} records (${(lr.bytes / 1024).toFixed(0)} KB JSON, ${(lr.prettyBytes / 1024).toFixed(0)} KB pretty), ${lr.toolResult.runs} runs (+${lr.warmup} warm-up), medians (ms):`,
      `    to first paint: ToolResult ${lr.toolResult.paintedMsMedian.toFixed(2)} / pre ${lr.pre.paintedMsMedian.toFixed(2)}   ratio ${lr.ratios.painted.toFixed(2)} (paired ${lr.ratios.paintedPaired.toFixed(2)})`,
      `    to commit:      ToolResult ${lr.toolResult.committedMsMedian.toFixed(2)} / pre ${lr.pre.committedMsMedian.toFixed(2)}   ratio ${lr.ratios.committed.toFixed(2)}   (elements: ${lr.toolResult.elements} / ${lr.pre.elements})`,
    )
  }
  lines.push(`(${result.totalSeconds.toFixed(1)} s, page build ${result.config.buildSeconds.toFixed(1)} s)${result.truncated ? '  (time cap hit)' : ''}`)
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureForms()
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatForms(result))
}
