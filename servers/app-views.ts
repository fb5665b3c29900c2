/**
 * The HTML of the MCP Apps views the demo servers serve: each view is a
 * browser entry in `servers/views/<name>.ts`, bundled with esbuild (iife,
 * minified, once per process and cached) and inlined in ONE document: an
 * inline <style> and an inline <script>, nothing fetched, because a host's
 * default app CSP allows inline code and no origin at all.
 *
 * No `unsafe-eval` either: zod 4 (inside the SDK under ext-apps' `App`)
 * probes `new Function` when its first object schema is built, at module
 * load, before `App`'s constructor turns the JIT off. The probe is caught,
 * but a strict CSP still reports it as a violation, so the bundle starts by
 * setting zod's global `jitless` (the same switch `App` sets later).
 *
 *   const html = await appViewHtml('seat-map')            // cached after the first build
 *   const broken = await appViewHtml('issue-form', { broken: true })
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'


export type AppViewName = 'seat-map' | 'issue-form' | 'hostile' | 'impostor'

const TITLES: Record<AppViewName, string> = {
  'seat-map': 'Seat map',
  'issue-form': 'File an issue',
  hostile: 'Hostile view',
  impostor: 'Impostor view',
}

// From the file path, not `new URL(…, import.meta.url)`: under a jsdom test environment `URL` is jsdom's.
const viewsDir = join(dirname(fileURLToPath(import.meta.url)), 'views')
const bundles = new Map<AppViewName, Promise<string>>()

/** zod reads `globalThis.__zod_globalConfig` when it loads; this runs first in the bundle. */
const NO_EVAL_BANNER = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});'

/** The view's bundle, built on first use (a second or so) and shared by every later read. */
export function viewBundle(name: AppViewName): Promise<string> {
  let bundle = bundles.get(name)
  if (!bundle) {
    bundle = buildBundle(name)
    // A failed build is not cached: the next read tries again and reports its own error.
    bundle.catch(() => bundles.delete(name))
    bundles.set(name, bundle)
  }
  return bundle
}

async function buildBundle(name: AppViewName): Promise<string> {
  // Loaded on first use: esbuild checks its environment when imported, and a jsdom test that only starts the server must not trip it.
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [join(viewsDir, `${name}.ts`)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    banner: { js: NO_EVAL_BANNER },
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  // An inline script ends at the first "</script"; esbuild escapes it in strings, this makes sure.
  if (/<\/script/i.test(code)) throw new Error(`the ${name} view bundle contains "</script" and cannot be inlined`)
  return code
}

/** The whole view document: theme-aware inline styles and the inline bundle. */
export async function appViewHtml(name: AppViewName, options: { broken?: boolean } = {}): Promise<string> {
  const code = await viewBundle(name)
  // The broken variant is the same view told to throw before it connects.
  const broken = options.broken ? ' data-broken="before-connect"' : ''
  return `<!doctype html>
<html lang="en"${broken}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[name]}</title>
<style>${BASE_CSS}${VIEW_CSS[name]}</style>
</head>
<body>
<main></main>
<script>${code}</script>
</body>
</html>
`
}

/**
 * The standard host variables (ext-apps' McpUiStyleVariableKey), each with a
 * fallback that follows the theme through `color-scheme` (`App` sets it from
 * hostContext.theme), so a host that sends no variables still looks right.
 */
const BASE_CSS = `
:root { color-scheme: light dark; }
html, body { margin: 0; background: var(--color-background-primary, light-dark(#ffffff, #16181d)); color: var(--color-text-primary, light-dark(#1d2026, #e8eaef)); }
body { font: var(--font-text-md-size, 15px)/var(--font-text-md-line-height, 1.5) var(--font-sans, system-ui, sans-serif); }
main { padding: 12px 16px; }
h1 { font-size: var(--font-heading-sm-size, 17px); margin: 0 0 8px; }
.line { margin: 6px 0; color: var(--color-text-secondary, light-dark(#4a505c, #b8bdc8)); }
.line[data-state="failed"], .line[data-state="refused"] { color: var(--color-text-danger, light-dark(#b3261e, #ff8a80)); }
.line[data-state="held"], .line[data-state="sent"], .line[data-state="opened"] { color: var(--color-text-success, light-dark(#1b6e2d, #7fd88f)); }
.actions { display: flex; gap: 12px; align-items: center; margin-top: 10px; flex-wrap: wrap; }
button { font: inherit; padding: 6px 14px; border-radius: var(--border-radius-md, 8px); border: var(--border-width-regular, 1px) solid var(--color-border-primary, light-dark(#c5cad3, #3b404a)); background: var(--color-background-secondary, light-dark(#f2f4f7, #22252c)); color: inherit; cursor: pointer; }
button.primary { background: var(--color-background-inverse, light-dark(#1d2026, #e8eaef)); color: var(--color-text-inverse, light-dark(#ffffff, #16181d)); }
button:disabled { opacity: .55; cursor: default; }
:focus-visible { outline: 2px solid var(--color-ring-primary, light-dark(#2f6fed, #8ab4ff)); outline-offset: 2px; }
a { color: var(--color-text-info, light-dark(#1a5fd1, #8ab4ff)); }
`

const VIEW_CSS: Record<AppViewName, string> = {
  'seat-map': `
#map svg { max-width: 100%; height: auto; }
.label { font-size: 11px; fill: var(--color-text-tertiary, light-dark(#6b717d, #9096a2)); }
.seat rect { stroke: var(--color-border-secondary, light-dark(#aab0bb, #4a505c)); stroke-width: 1; }
.seat text { font-size: 10px; pointer-events: none; fill: var(--color-text-primary, light-dark(#1d2026, #e8eaef)); }
.seat[data-state="free"] { cursor: pointer; }
.seat[data-state="free"] rect { fill: var(--color-background-success, light-dark(#dff3e4, #1d3a25)); }
.seat[data-state="free"]:hover rect, .seat[data-state="free"]:focus-visible rect { stroke: var(--color-ring-primary, light-dark(#2f6fed, #8ab4ff)); stroke-width: 2; }
.seat[data-state="taken"] rect { fill: var(--color-background-disabled, light-dark(#e3e5e9, #2b2e35)); }
.seat[data-state="taken"] text { fill: var(--color-text-disabled, light-dark(#8a909b, #6b717d)); }
.legend { display: flex; gap: 14px; margin: 4px 0; font-size: var(--font-text-sm-size, 13px); }
.legend span::before { content: ""; display: inline-block; width: 12px; height: 12px; margin-right: 6px; vertical-align: -1px; border-radius: 3px; border: 1px solid var(--color-border-secondary, light-dark(#aab0bb, #4a505c)); }
.legend [data-key="free"]::before { background: var(--color-background-success, light-dark(#dff3e4, #1d3a25)); }
.legend [data-key="taken"]::before { background: var(--color-background-disabled, light-dark(#e3e5e9, #2b2e35)); }
.legend [data-key="held"]::before { background: var(--color-background-info, light-dark(#dbe7ff, #1d2c4a)); }
.seat[data-state="held"] rect { fill: var(--color-background-info, light-dark(#dbe7ff, #1d2c4a)); stroke: var(--color-border-info, light-dark(#2f6fed, #8ab4ff)); stroke-width: 2; }
`,
  'issue-form': `
form { display: grid; gap: 12px; max-width: 560px; }
.field { display: grid; gap: 4px; }
input[type="text"], input[type="number"], textarea { font: inherit; padding: 6px 8px; border-radius: var(--border-radius-sm, 6px); border: var(--border-width-regular, 1px) solid var(--color-border-primary, light-dark(#c5cad3, #3b404a)); background: var(--color-background-primary, light-dark(#ffffff, #16181d)); color: inherit; }
small { color: var(--color-text-secondary, light-dark(#4a505c, #b8bdc8)); }
fieldset.choice { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 6px; }
fieldset.choice legend { margin-bottom: 4px; }
.segment { display: inline-flex; gap: 6px; align-items: center; padding: 4px 12px; border-radius: var(--border-radius-full, 999px); border: 1px solid var(--color-border-primary, light-dark(#c5cad3, #3b404a)); }
.segment:has(input:checked) { background: var(--color-background-info, light-dark(#dbe7ff, #1d2c4a)); border-color: var(--color-border-info, light-dark(#2f6fed, #8ab4ff)); }
#problem { color: var(--color-text-danger, light-dark(#b3261e, #ff8a80)); margin: 0; min-height: 1em; }
`,
  hostile: `
#report { padding-left: 18px; font: var(--font-text-sm-size, 13px)/1.4 var(--font-mono, ui-monospace, monospace); }
li[data-outcome="allowed"] { color: var(--color-text-danger, light-dark(#b3261e, #ff8a80)); font-weight: 600; }
`,
  impostor: `
#report { padding-left: 18px; font: var(--font-text-sm-size, 13px)/1.4 var(--font-mono, ui-monospace, monospace); overflow-wrap: anywhere; }
li[data-outcome="sent"], li[data-outcome="read"] { color: var(--color-text-danger, light-dark(#b3261e, #ff8a80)); }
`,
}
