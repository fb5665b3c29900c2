#!/usr/bin/env node
// The package as users install it: `npm run test:package`.
//
// Everything else in `npm test` runs against src/ through path aliases; this
// script is the only place that sees what npm actually ships. It packs the
// library, lints the tarball (publint, arethetypeswrong), installs it into
// fresh apps with the README's own install lines and compiles and bundles the
// ts/tsx code blocks of README.md, docs/*.md and CONTRIBUTING.md there, so a
// packaging slip or a documented example that stopped compiling fails CI
// (errors point at FILE.md:LINE:COL). It also checks that the relative links
// between those pages (files and #anchors) resolve.
//
// Usage: node packaging/check.mjs [--readme <path>] [--docs <dir>] [--tarball <path.tgz>]
//   --readme   check another copy of README.md (e.g. to prove that a broken
//              snippet fails)
//   --docs     check another copy of docs/ (its *.md files)
//              Links in and to a copy resolve as if it stood in the repo.
//   --tarball  check an existing tarball instead of running `npm pack`
//   KEEP=1     keep the temp directory (its path is printed)
//
// Prints one PASS/FAIL line per check, the output of any failing step, and
// exits non-zero on any failure.

import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { anchorsOf, fencedBlocks, installLines, relativeLinks } from './markdown.mjs'
import { exportTargets, readTarball } from './tarball.mjs'
import { parseArgs } from 'node:util'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const started = performance.now()

const { values: cli } = parseArgs({
  options: { readme: { type: 'string' }, docs: { type: 'string' }, tarball: { type: 'string' } },
})
const nameOf = (path) => (relative(repo, path).startsWith('..') ? path : relative(repo, path))
const readmePath = resolve(cli.readme ?? join(repo, 'README.md'))
const readmeName = nameOf(readmePath)
const docsDir = resolve(cli.docs ?? join(repo, 'docs'))
const contributingPath = join(repo, 'CONTRIBUTING.md')
const repoPkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'))

// One temp tree for everything; removed at the end unless KEEP=1.
const work = mkdtempSync(join(tmpdir(), 'pkgcheck-'))
const keep = process.env.KEEP === '1'
// On 'exit', so that a crash or Ctrl-C cleans up too.
process.on('exit', () => {
  if (keep) console.log(`KEEP=1: left ${work}`)
  else rmSync(work, { recursive: true, force: true })
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

// ---------------------------------------------------------------------------
// Reporting

class CheckFailure extends Error {
  constructor(message, details = '') {
    super(message)
    this.details = details
  }
}
const fail = (message, details) => {
  throw new CheckFailure(message, details)
}

const results = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const indent = (text) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')

/**
 * Runs one check and prints its PASS/FAIL line as soon as it ends (checks run
 * concurrently). `deps` are the promises of the checks whose products it
 * uses: it starts (and its clock starts) when they have passed, and fails as
 * "not run" when one of them failed.
 */
async function check(name, deps, fn) {
  const ready = (await Promise.all(deps)).every(Boolean)
  const t0 = performance.now()
  try {
    if (!ready) fail('not run: a step it depends on failed')
    const note = await fn()
    console.log(`PASS ${name} (${seconds(performance.now() - t0)})${note ? `: ${note}` : ''}`)
    results.push({ name, ok: true })
    return true
  } catch (error) {
    const message = error instanceof CheckFailure ? error.message : (error?.stack ?? String(error))
    console.log(`FAIL ${name} (${seconds(performance.now() - t0)}): ${message}`)
    if (error instanceof CheckFailure && error.details) console.log(indent(error.details))
    results.push({ name, ok: false })
    return false
  }
}

// ---------------------------------------------------------------------------
// Child processes: output buffered, shown only when the step fails.

// `npm run test:package` exports npm's own settings (npm_config_engine_strict
// from this repo's .npmrc, npm_config_local_prefix, …) to its children. The
// consumer apps must see a user's npm, not this repo's, so those are dropped;
// the cache and the user/global config files stay, so every install shares
// one npm cache and the user's registry settings.
const keptNpmVars = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry'])
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || keptNpmVars.has(key.toLowerCase())),
)
// Colors would only garble the captured output.
childEnv.NO_COLOR = '1'
childEnv.FORCE_COLOR = '0'

// Run npm as the same npm that runs this script when there is one (no shell
// needed), else whatever `npm` is on PATH.
const npmCli = process.env.npm_execpath && /npm-cli\.c?js$/.test(process.env.npm_execpath) ? process.env.npm_execpath : undefined
const npmCommand = (args) => (npmCli ? [process.execPath, [npmCli, ...args]] : ['npm', args])

/** Runs a command with its output captured; `stdout: fd` sends stdout to a file instead. */
function run(command, args, { cwd, env = childEnv, stdout: stdoutFd = 'pipe' } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', stdoutFd, 'pipe'], shell: process.platform === 'win32' && command === 'npm' })
    let stdout = ''
    let stderr = ''
    let output = ''
    child.stdout?.on('data', (chunk) => {
      stdout += chunk
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      output += chunk
    })
    child.on('error', (error) => {
      output += String(error)
      resolvePromise({ code: -1, stdout, stderr, output })
    })
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 128 : 1), stdout, stderr, output }))
  })
}
const npm = (args, options) => run(...npmCommand(args), options)
// Some tools color their errors whatever NO_COLOR says; escapes are stripped.
const plain = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
const shown = (command, args, result) => `$ ${[command, ...args].join(' ')}\n${plain(result.output)}\n(exit ${result.code})`

// Shared install flags: no network beyond what the cache lacks, no noise.
const installFlags = ['--no-audit', '--no-fund', '--prefer-offline']
// A peer conflict on a README install line means the user gets a warning and
// a peer version we do not support; the README promises a clean install.
const peerTrouble = (output) => plain(output).split('\n').filter((line) => /npm warn (ERESOLVE|.*peer)/i.test(line))

// ---------------------------------------------------------------------------
// Helpers

/** `npm install a b c` → the package arguments, with `mcp-elicit` swapped for the tarball. */
function installArgs(line, tarball) {
  const words = line.split(/\s+/).slice(2)
  if (!words.includes('mcp-elicit')) fail(`the install line names no bare \`mcp-elicit\`: ${line}`)
  return words.map((word) => (word === 'mcp-elicit' ? tarball : word))
}

const write = (file, text) => {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}
const json = (value) => `${JSON.stringify(value, null, 2)}\n`
const binOf = (appDir, pkg, bin) => {
  const manifest = JSON.parse(readFileSync(join(appDir, 'node_modules', pkg, 'package.json'), 'utf8'))
  return join(appDir, 'node_modules', pkg, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin])
}

// ---------------------------------------------------------------------------
// 1. Lockfile

await check('lockfile: platform-limited packages are optional only', [], () => {
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8'))
  if (!lock.packages) fail('package-lock.json has no `packages` (lockfileVersion 2 or newer expected)')
  // A package with `os`/`cpu` that is not `optional` makes `npm install` fail
  // (EBADPLATFORM) on every other platform; `devOptional` is not enough, since
  // the dev path still requires it.
  const limited = Object.entries(lock.packages).filter(([, meta]) => meta.os || meta.cpu)
  const bad = limited.filter(([, meta]) => meta.optional !== true)
  if (bad.length > 0) {
    fail(
      `${bad.length} platform-limited package(s) are required somewhere`,
      bad
        .map(([path, meta]) => `${path}: os=${JSON.stringify(meta.os ?? null)} cpu=${JSON.stringify(meta.cpu ?? null)} dev=${Boolean(meta.dev)} devOptional=${Boolean(meta.devOptional)}`)
        .join('\n'),
    )
  }
  return `${limited.length} platform-limited, all optional`
})

// ---------------------------------------------------------------------------
// 2. Pack

const packDir = join(work, 'pack')
mkdirSync(packDir)
let tarball
let tarFiles
const packed = check(cli.tarball ? 'pack: read the given tarball' : 'pack: npm pack (prepack builds dist/)', [], async () => {
  if (cli.tarball) {
    tarball = resolve(cli.tarball)
  } else {
    // `prepack` builds dist/ first, so this is exactly what `npm publish` ships.
    const args = ['pack', '--json', '--pack-destination', packDir, '--loglevel=error']
    const result = await npm(args, { cwd: repo })
    if (result.code !== 0) fail('npm pack failed', shown('npm', args, result))
    // prepack's own output shares stdout with the JSON; the JSON is the last
    // top-level array.
    const start = result.stdout.lastIndexOf('\n[\n')
    const info = JSON.parse(start === -1 ? result.stdout : result.stdout.slice(start))
    tarball = join(packDir, info[0].filename)
  }
  tarFiles = readTarball(tarball)
  return `${basename(tarball)}, ${tarFiles.size} files, ${(readFileSync(tarball).length / 1024).toFixed(1)} KB`
})

// Its own check, so that a content problem does not hide what the tools
// below think of the same tarball.
const contents = check('pack: tarball contents', [packed], () => {
  const names = [...tarFiles.keys()]
  const problems = []

  for (const required of ['LICENSE', 'README.md', 'package.json']) {
    if (!tarFiles.has(required)) problems.push(`missing ${required}`)
  }
  const pkg = JSON.parse(tarFiles.get('package.json') ?? '{}')
  const normal = (target) => target.replace(/^\.\//, '')
  const targets = exportTargets(pkg.exports)
  if (targets.length === 0) problems.push('package.json has no `exports`')
  for (const { subpath, condition, target } of targets) {
    if (!tarFiles.has(normal(target))) problems.push(`exports["${subpath}"].${condition} → ${target} is not in the tarball`)
  }
  // Every JS entry needs its declarations: a `types` condition next to it.
  for (const subpath of new Set(targets.filter((t) => /\.[cm]?js$/.test(t.target)).map((t) => t.subpath))) {
    if (!targets.some((t) => t.subpath === subpath && t.condition === 'types' && /\.d\.[cm]?ts$/.test(t.target))) {
      problems.push(`exports["${subpath}"] has no \`types\` condition pointing at a .d.ts`)
    }
  }
  for (const field of ['main', 'module', 'types', 'typings']) {
    if (typeof pkg[field] === 'string' && !tarFiles.has(normal(pkg[field]))) problems.push(`"${field}": ${pkg[field]} is not in the tarball`)
  }
  // React Server Components treat a module as a client boundary only when
  // "use client" is its first statement; a bundler that dropped or moved it
  // would make every RSC app fail on the hooks.
  for (const entry of ['dist/react.js', 'dist/forms.js', 'dist/apps-react.js', 'dist/ai-sdk-react.js', 'dist/assistant-ui.js']) {
    const text = tarFiles.get(entry)?.toString('utf8')
    if (text === undefined) problems.push(`missing ${entry}`)
    else if (!/^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use client\1/.test(text)) {
      problems.push(`${entry} does not start with "use client" (starts with: ${JSON.stringify(text.slice(0, 60))})`)
    }
  }
  // The sandbox page is served as is from another origin: it must carry its script inline, nothing to fetch.
  const sandbox = tarFiles.get('dist/apps/sandbox.html')?.toString('utf8')
  const inline = sandbox?.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? ''
  if (sandbox === undefined) problems.push('missing dist/apps/sandbox.html')
  else if (!inline.includes('ui/notifications/sandbox-proxy-ready') || /<script[^>]*\ssrc=|<link\s/i.test(sandbox)) {
    problems.push('dist/apps/sandbox.html is not the self-contained proxy page (inline script, no src or link)')
  }
  // One file per module of src/ (vite.config.ts): an app's bundler tree-shakes
  // a module whole, never a chunk of several, so dist/ weighs in an app what
  // src/ does. A file that is no module of src/ (a chunk of several) would undo that.
  if (!tarFiles.has('dist/core/client.js')) problems.push('dist/core/client.js is missing: dist/ no longer keeps one file per module (preserveModules)')
  const entryFiles = new Set(targets.map((t) => normal(t.target)))
  for (const name of names) {
    const module = /^dist\/(.+)\.js$/.exec(name)?.[1]
    // A stylesheet imported as text (`styles.css?inline`, the elements' shadow roots) is a module of its own: `<name>.css_inline.js`.
    const sources = module?.endsWith('.css_inline') ? [`${module.slice(0, -'_inline'.length)}`] : ['ts', 'tsx'].map((ext) => `${module}.${ext}`)
    if (module && !entryFiles.has(name) && !sources.some((file) => existsSync(join(repo, 'src', file)))) problems.push(`${name} is no module of src/ (a chunk of several?)`)
  }
  const testLike = /(^|\/)(__tests__|__mocks__|test|tests|e2e|stories)\/|\.(test|spec|test-d|stories)\.(d\.)?[cm]?[jt]sx?(\.map)?$/
  for (const name of names) {
    if (name.startsWith('src/')) problems.push(`source file shipped: ${name}`)
    else if (testLike.test(name)) problems.push(`test file shipped: ${name}`)
  }
  if (problems.length > 0) fail(`${problems.length} problem(s) in ${basename(tarball)}`, problems.join('\n'))
  return `LICENSE, README.md, package.json, ${targets.length} export targets; "use client" first in react.js, forms.js, apps-react.js, ai-sdk-react.js, assistant-ui.js; sandbox.html self-contained; one file per module of src/; no src/, no tests`
})

// ---------------------------------------------------------------------------
// 2b. The public face, pinned: the API reports, the README's list of entries,
// and the release flow.

const apiChecked = check('api: the reports in api/ match the tarball’s declarations', [packed], async () => {
  // Inside the repo, so that the declarations' imports of react, @rjsf/… resolve as they do for a user.
  const root = join(repo, '.cache', 'api-package')
  rmSync(root, { recursive: true, force: true })
  for (const [name, data] of tarFiles) if (name === 'package.json' || name.endsWith('.d.ts')) write(join(root, name), data)
  const args = [join(repo, 'packaging', 'api-report.mjs'), '--package', root]
  const result = await run(process.execPath, args)
  rmSync(root, { recursive: true, force: true })
  if (result.code !== 0) fail('the public API differs from api/ (or the report failed)', shown('node', args, result))
  return plain(result.stdout).trim().split('\n').at(-1)
})

const entriesListed = check('README: its Entries list names every entry of exports, and only those', [], () => {
  if (readmeError) fail(readmeError)
  const section = /^## Entries[ \t]*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1]
  if (section === undefined) fail(`${readmeName} has no "## Entries" section`)
  const named = new Set([...section.matchAll(/`(mcp-elicit(?:\/[\w./-]+)?)`/g)].map((match) => match[1]))
  const entries = Object.keys(repoPkg.exports).filter((key) => key !== './package.json').map((key) => `mcp-elicit${key.slice(1)}`)
  const problems = [
    ...entries.filter((entry) => !named.has(entry)).map((entry) => `\`${entry}\` is in exports but not in the Entries list`),
    ...[...named].filter((name) => !entries.includes(name)).map((name) => `\`${name}\` is in the Entries list but not in exports`),
  ]
  if (problems.length > 0) fail(`${problems.length} mismatch(es) between ${readmeName}'s Entries and package.json's exports`, problems.join('\n'))
  return `${entries.length} entries`
})

const releaseFlow = check('release: pending changesets and a sample one version the package and head CHANGELOG.md', [], async () => {
  // `changeset version` on a copy (it rewrites package.json and the changelog
  // and deletes the changesets it used), with the repo's own pending
  // changesets plus a sample patch: a malformed changeset or config fails here,
  // not on release day.
  const copy = join(work, 'release')
  for (const file of ['package.json', 'CHANGELOG.md']) write(join(copy, file), readFileSync(join(repo, file)))
  for (const file of readdirSync(join(repo, '.changeset'))) write(join(copy, '.changeset', file), readFileSync(join(repo, '.changeset', file)))
  const pending = readdirSync(join(repo, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md')
  write(join(copy, '.changeset', 'package-check-sample.md'), `---\n"${repoPkg.name}": patch\n---\n\nThe package check's sample change.\n`)
  const args = [binOf(repo, '@changesets/cli', 'changeset'), 'version']
  const result = await run(process.execPath, args, { cwd: copy })
  if (result.code !== 0) fail('changeset version failed', shown('changeset', ['version'], result))
  const version = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).version
  const changelog = readFileSync(join(copy, 'CHANGELOG.md'), 'utf8')
  const top = /^## (.+)$/m.exec(changelog)?.[1]
  if (version === repoPkg.version) fail(`the version stayed ${version}`, shown('changeset', ['version'], result))
  if (top !== version) fail(`CHANGELOG.md's first section is "${top}", not the new version ${version}`)
  if (!changelog.includes("The package check's sample change.")) fail('the sample changeset is not in the new section')
  const left = readdirSync(join(copy, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md')
  if (left.length > 0) fail(`changesets left unused: ${left.join(', ')}`)
  return `${repoPkg.version} → ${version} with ${pending.length} pending changeset(s) and the sample`
})

// ---------------------------------------------------------------------------
// 3. publint

const publinted = check('publint (strict) on the tarball', [packed], async () => {
  const { publint } = await import(pathToFileURL(join(repo, 'node_modules/publint/src/index-node.js')).href)
  const { formatMessage } = await import(pathToFileURL(join(repo, 'node_modules/publint/src/utils.js')).href)
  const bytes = readFileSync(tarball)
  // `strict` turns warnings into errors, which is what fails here.
  const { messages, pkg } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'suggestion',
    strict: true,
  })
  const text = (m) => `${m.type}: ${m.code}: ${formatMessage(m, pkg, { color: false }) ?? JSON.stringify(m.args)} (${['pkg', ...m.path].join('.')})`
  const blocking = messages.filter((m) => m.type !== 'suggestion')
  const suggestions = messages.filter((m) => m.type === 'suggestion')
  if (blocking.length > 0) fail(`${blocking.length} error(s)/warning(s)`, messages.map(text).join('\n'))
  // Suggestions do not fail the check, but are shown so they get read.
  if (suggestions.length > 0) console.log(indent(suggestions.map(text).join('\n')))
  return suggestions.length > 0 ? `${suggestions.length} suggestion(s), listed above` : 'no messages'
})

// ---------------------------------------------------------------------------
// 4. arethetypeswrong

const attwChecked = check('attw --profile esm-only on the tarball', [packed], async () => {
  // `esm-only` ignores the node10 and node16-cjs resolutions, which an
  // ESM-only package cannot serve, and keeps node16-esm (= nodenext) and
  // bundler, which is what the README promises. The CSS and HTML subpaths are
  // left out: a stylesheet and the sandbox page are files, not modules with
  // types, so "no resolution" is by design there (bundlers and servers
  // resolve them; TypeScript never does).
  const cssEntries = Object.keys(JSON.parse(tarFiles.get('package.json') ?? '{}').exports ?? {}).filter((key) => /\.(css|html)$/.test(key))
  const args = [binOf(repo, '@arethetypeswrong/cli', 'attw'), tarball, '--profile', 'esm-only', '--format', 'json', '--no-color']
  if (cssEntries.length > 0) args.push('--exclude-entrypoints', ...cssEntries)
  // attw calls process.exit() right after writing its JSON, which cuts a
  // piped stdout short (~100 KB here when it fails); a file gets all of it.
  const jsonFile = join(work, 'attw.json')
  const fd = openSync(jsonFile, 'w')
  const result = await run(process.execPath, args, { stdout: fd })
  closeSync(fd)
  result.stdout = readFileSync(jsonFile, 'utf8')
  result.output = result.stdout + result.output
  let report
  try {
    report = JSON.parse(result.stdout)
  } catch {
    fail(`attw did not answer JSON (exit ${result.code})`, shown('attw', args.slice(1), result))
  }
  const { analysis } = report
  // attw exits 0 for a package without any types; that must fail here.
  if (!analysis.types) fail('attw found no types in the package')
  const ignored = new Set(['node10', 'node16-cjs'])
  const problems = analysis.problems.filter((p) => !('resolutionKind' in p) || !ignored.has(p.resolutionKind))
  const lines = []
  const internal = new Map()
  for (const p of problems) {
    if (p.kind === 'InternalResolutionError') {
      const key = `${p.kind} (${p.resolutionOption}): ${p.fileName.replace(/^\/node_modules\/[^/]+\//, '')} imports, unresolved:`
      internal.set(key, [...(internal.get(key) ?? []), `'${p.moduleSpecifier}'`])
    } else if ('entrypoint' in p) lines.push(`${p.kind}: "${p.entrypoint}" under ${p.resolutionKind}`)
    else lines.push(JSON.stringify(p))
  }
  for (const [key, specifiers] of internal) lines.push(`${key} ${[...new Set(specifiers)].join(', ')}`)
  // Belt and braces: every JS subpath must resolve to TypeScript types under
  // both kept resolutions, whatever attw's rules think of it.
  for (const [subpath, entry] of Object.entries(analysis.entrypoints)) {
    if (subpath === './package.json') continue
    for (const kind of ['node16-esm', 'bundler']) {
      const resolution = entry.resolutions[kind]?.resolution
      if (!resolution?.isTypeScript) lines.push(`"${subpath}" has no types under ${kind}`)
    }
  }
  if (lines.length > 0 || result.code !== 0) {
    const hint = internal.size > 0 ? '\n(node16/nodenext ESM needs the file extension in relative imports of .d.ts files: `./client.js`, not `./client`.)' : ''
    fail(problems.length > 0 ? `${problems.length} problem(s) (attw exit ${result.code})` : `entrypoints without types (attw exit ${result.code})`, lines.join('\n') + hint)
  }
  return `${Object.keys(analysis.entrypoints).length} entrypoints (${cssEntries.join(', ') || 'no CSS'} excluded), no problems`
})

// ---------------------------------------------------------------------------
// 5. Consumer app from the README and the docs

// The Markdown pages whose ts/tsx blocks are compiled: the README, every
// docs/*.md, and CONTRIBUTING.md. `base` is the repo folder its relative
// links resolve from (also for a --readme or --docs copy); `prefix` names its
// blocks' files in the app (src/docs-core-2.ts).
let readme = ''
let readmeError
const pages = []
try {
  readme = readFileSync(readmePath, 'utf8')
  pages.push({ path: readmePath, name: readmeName, base: repo, prefix: 'readme', text: readme })
  const docs = existsSync(docsDir) ? readdirSync(docsDir).filter((f) => f.endsWith('.md')).sort() : []
  for (const file of docs) {
    const path = join(docsDir, file)
    pages.push({ path, name: nameOf(path), base: join(repo, 'docs'), prefix: `docs-${file.replace(/\.md$/, '').replace(/[^\w-]/g, '_')}`, text: readFileSync(path, 'utf8') })
  }
  if (existsSync(contributingPath)) pages.push({ path: contributingPath, name: nameOf(contributingPath), base: repo, prefix: 'contributing', text: readFileSync(contributingPath, 'utf8') })
} catch (error) {
  readmeError = `cannot read ${error.path ?? readmePath}: ${error.message}`
}
const lines = installLines(readme)
const codeBlocks = pages
  .flatMap((page) =>
    fencedBlocks(page.text)
      .filter((b) => b.lang === 'ts' || b.lang === 'tsx')
      .map((b, i) => ({ ...b, page: page.name, file: `src/${page.prefix}-${i + 1}.${b.lang}` })),
  )
  .map((b, i) => ({
    ...b,
    n: i + 1,
    // Tooling-only blocks: type-checked against the repo's own copies, never bundled.
    tooling: /from\s+['"](@playwright\/test|@storybook\/[^'"]+|@rjsf\/shadcn)['"]/.test(b.code),
    // Chat-framework blocks (the adapters): bundled like any app block, type-checked in a
    // program of their own, since the frameworks' own .d.ts fail the strict options below.
    framework: /from\s+['"](ai|@ai-sdk\/[^'"]+|@assistant-ui\/[^'"]+)['"]/.test(b.code),
  }))
const blockByFile = new Map(codeBlocks.map((b) => [b.file, b]))
const blocksPerPage = () =>
  pages
    .map((page) => [page.name, codeBlocks.filter((b) => b.page === page.name).length])
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ')

const linksChecked = check('docs: relative links between README.md, CONTRIBUTING.md and docs/ resolve', [], () => {
  if (readmeError) fail(readmeError)
  const anchors = new Map()
  const anchorsAt = (file) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(readFileSync(file, 'utf8')))
    return anchors.get(file)
  }
  // A target in the repo, read from the copy being checked where there is one.
  const copied = (file) => {
    if (file === join(repo, 'README.md')) return readmePath
    const copy = dirname(file) === join(repo, 'docs') ? join(docsDir, basename(file)) : file
    return existsSync(copy) ? copy : file
  }
  const problems = []
  let count = 0
  for (const page of pages) {
    for (const { line, target } of relativeLinks(page.text)) {
      count++
      const [pathPart, hash] = target.split('#', 2)
      const file = pathPart ? copied(resolve(page.base, decodeURIComponent(pathPart))) : page.path
      const where = `${page.name}:${line}: ${target}`
      if (pathPart && !existsSync(file)) problems.push(`${where}: no such file`)
      else if (hash !== undefined && file.endsWith('.md') && !anchorsAt(file).has(decodeURIComponent(hash))) {
        problems.push(`${where}: no heading with that anchor in ${nameOf(file)}`)
      }
    }
  }
  if (problems.length > 0) fail(`${problems.length} broken link(s)`, problems.join('\n'))
  return `${count} links in ${pages.length} pages`
})

const app = join(work, 'app')
const devVersion = (name) => {
  const version = repoPkg.devDependencies?.[name]
  if (!version) throw new Error(`package.json devDependencies lack ${name}`)
  return version
}
// The docs' own placeholders for app functions, typed from the library's
// types as narrowly as they allow. Only these names: everything a snippet
// takes from the library must come from its own imports, so deleting an
// import from a README or docs snippet fails the type check.
const appFunctions = `// The app functions the README's and the docs' snippets call (the pages: "stand
// for your app's own functions"), typed from the library's own types. Never a library name.
import type { CallObserverOptions, Implementation, InputRequest, InputResponse, McpResult, Progress } from 'mcp-elicit'
import type { SqlPool } from 'mcp-elicit/stores/server'

type SamplingHandler = NonNullable<CallObserverOptions['onSampling']>

declare global {
  /** The app's bearer token, read by \`headers\` on every request. */
  function token(): string
  /** Puts one question in front of the person and resolves with the answer. */
  function askThePerson(request: InputRequest, context: { signal: AbortSignal; serverInfo: Implementation | undefined }): Promise<InputResponse>
  /** Shows \`notifications/progress\`. */
  function render(progress: Progress['progress'], total: Progress['total'], message: Progress['message']): void
  /** Shows a tool's result. */
  function show(result: McpResult): void
  /** The app's model: answers \`sampling/createMessage\` where \`onSampling\` is expected. */
  function myModel(params: Parameters<SamplingHandler>[0]): ReturnType<SamplingHandler>
  /** Takes the person to the authorization page (a popup, say) and resolves with the callback URL it came back to. */
  function openAndWaitForCallback(url: URL, signal: AbortSignal): Promise<string>
  /** The app's PostgreSQL client (a \`pg\` Pool, or PGlite), on the server. */
  const database: SqlPool
  /** The signed-in user of the request, as the app's own session says (undefined: not signed in). */
  function signedInUser(request: Request): Promise<string | undefined>
}
`

// Strict options every consumer config shares. The ones from Vite's React-TS
// template (verbatimModuleSyntax … noUncheckedSideEffectImports) are here
// because its `npm run build` runs `tsc -b` with them: a snippet pasted into
// the app a user most likely has must compile there.
const strictOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  jsx: 'react-jsx',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  moduleDetection: 'force',
  noUnusedLocals: true,
  noUnusedParameters: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
  allowImportingTsExtensions: true,
  noEmit: true,
  // Our .d.ts must be clean, and so must what they pull in.
  skipLibCheck: false,
}
const modes = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
}
// Tooling blocks compile in a program of their own: they need Node's types
// (`process.env` in the Playwright block), which must not leak into the
// browser snippets, and their modules come from the repo's node_modules
// (installing Playwright and Storybook here would dominate the run time).
// That program skips lib checks: @storybook/react's and
// @storybook/react-vite's own .d.ts fail under exactOptionalPropertyTypes
// (and take 15 s to check); our .d.ts are checked by the app programs.
const toolingPaths = {
  '@playwright/test': [join(repo, 'node_modules/@playwright/test/index.d.ts')],
  '@storybook/react-vite': [join(repo, 'node_modules/@storybook/react-vite/dist/index.d.ts')],
  '@rjsf/shadcn': [join(repo, 'node_modules/@rjsf/shadcn/lib/index.d.ts')],
}

const appInstalled = check('consumer app: README forms install line + tooling', [packed], async () => {
  if (readmeError) fail(readmeError)
  if (lines.length < 2) fail(`${readmeName}: expected the "## Install" section's sh block with npm install lines, found ${lines.length}`)
  if (!codeBlocks.some((b) => b.page === readmeName)) fail(`${readmeName}: no ts/tsx code blocks`)
  write(
    join(app, 'package.json'),
    json({
      name: 'readme-app',
      private: true,
      type: 'module',
      // The app's own tooling at the repo's versions, installed by the same
      // `npm install` as the README line.
      devDependencies: Object.fromEntries(['typescript', 'vite', '@vitejs/plugin-react', '@types/react', '@types/react-dom'].map((n) => [n, devVersion(n)])),
    }),
  )
  const args = ['install', ...installArgs(lines.at(-1), tarball), ...installFlags]
  const result = await npm(args, { cwd: app })
  if (result.code !== 0) fail('npm install failed', shown('npm', args, result))
  if (peerTrouble(result.output).length > 0) fail('npm warned about peers', shown('npm', args, result))

  write(join(app, 'src/app-functions.d.ts'), appFunctions)
  for (const block of codeBlocks) write(join(app, block.file), `${block.code}\n`)
  const bundled = codeBlocks.filter((b) => !b.tooling)
  // Namespace imports keep every export of every block in the bundle, so
  // rolldown links (and checks) every import the README and the docs make.
  write(
    join(app, 'src/main.ts'),
    `${bundled.map((b) => `import * as block${b.n} from './${basename(b.file)}'`).join('\n')}\n\nObject.assign(globalThis, { ${bundled.map((b) => `block${b.n}`).join(', ')} })\n`,
  )
  write(join(app, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>readme-app</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.ts"></script></body>\n</html>\n')
  write(
    join(app, 'vite.config.js'),
    `import { appendFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Every bundler warning is recorded so the check can fail on those about the
// package (a missing export, a broken directive) and show the others.
export default defineConfig({
  root: process.env.APP_ROOT || undefined,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    // The core snippet awaits at top level.
    target: 'es2022',
    // These builds keep every export of the package (namespace imports), React
    // and rjsf whole: far past Vite's 500 kB notice by design. What a real app
    // loads is measured by the bench (bench/size.mjs), not here.
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      onwarn(warning, warn) {
        appendFileSync(${JSON.stringify(join(work, 'warnings-'))} + (process.env.APP_NAME || 'app') + '.jsonl', JSON.stringify({ code: warning.code, message: warning.message, id: warning.id }) + '\\n')
        warn(warning)
      },
    },
  },
})
`,
  )
  // main.ts imports every bundled block, the framework ones too: it is checked with those.
  const browserFiles = ['src/app-functions.d.ts', ...bundled.filter((b) => !b.framework).map((b) => b.file)]
  const frameworkFiles = ['src/app-functions.d.ts', 'src/main.ts', ...bundled.filter((b) => b.framework).map((b) => b.file)]
  const toolingFiles = ['src/app-functions.d.ts', ...codeBlocks.filter((b) => b.tooling).map((b) => b.file)]
  for (const [mode, options] of Object.entries(modes)) {
    write(join(app, `tsconfig.${mode}.json`), json({ compilerOptions: { ...strictOptions, ...options, types: ['vite/client'] }, files: browserFiles }))
    // `ai`'s .d.ts need Node's types and fail exactOptionalPropertyTypes, as do
    // some of assistant-ui's dependencies': lib checks stay on (our adapters'
    // .d.ts must be clean), and what tsc finds in those packages' own .d.ts is
    // reported, not fatal (typeChecks below). The blocks stay strict.
    write(join(app, `tsconfig.frameworks-${mode}.json`), json({ compilerOptions: { ...strictOptions, ...options, types: ['vite/client'] }, files: frameworkFiles }))
    write(
      join(app, `tsconfig.tooling-${mode}.json`),
      json({
        compilerOptions: { ...strictOptions, ...options, skipLibCheck: true, types: ['node'], typeRoots: ['./node_modules/@types', join(repo, 'node_modules/@types')], paths: toolingPaths },
        files: toolingFiles,
      }),
    )
  }
  const versions = Object.fromEntries(
    ['react', 'react-dom', '@rjsf/core', 'typescript', 'vite'].map((n) => [n, JSON.parse(readFileSync(join(app, 'node_modules', n, 'package.json'), 'utf8')).version]),
  )
  return `${codeBlocks.length} blocks (${blocksPerPage()}; ${codeBlocks.filter((b) => b.tooling).length} tooling-only); ${Object.entries(versions).map(([n, v]) => `${n}@${v}`).join(' ')}`
})

/** tsc and Vite output with each block's file mapped back to its page: README.md:LINE:COL, docs/core.md:LINE:COL. */
function inReadme(output, base = app) {
  return output.replace(/(?:[^\s()'"]*[/\\])?src[/\\]([\w-]+-\d+\.tsx?)(?:\((\d+),(\d+)\)|:(\d+):(\d+))?/g, (match, file, l1, c1, l2, c2) => {
    const block = blockByFile.get(`src/${file}`)
    const line = l1 ?? l2
    if (!block) return match
    const where = line ? `${block.page}:${block.fenceLine + Number(line)}:${c1 ?? c2}` : `${block.page}:${block.fenceLine}`
    return `${where} [block ${block.n}, ${relative(base, join(app, block.file))}${line ? `:${line}` : ''}]`
  })
}

const typeChecks = Object.keys(modes).flatMap((mode) =>
  ['', 'tooling-', 'frameworks-'].map((kind) =>
    check(`consumer app: tsc ${kind ? `${kind.slice(0, -1)} blocks` : 'app blocks'}, moduleResolution ${mode}`, [appInstalled], async () => {
      const config = `tsconfig.${kind}${mode}.json`
      const args = [binOf(app, 'typescript', 'tsc'), '-p', config, '--pretty', 'false']
      const result = await run(process.execPath, args, { cwd: app })
      const errors = result.output.split('\n').filter((line) => /error TS\d+/.test(line))
      // The frameworks' own .d.ts (and their dependencies') are theirs to fix: reported, not fatal.
      const theirs = kind === 'frameworks-' ? errors.filter((line) => /^\S*node_modules[/\\](?!mcp-elicit[/\\])[^(]*\(\d+,\d+\): error/.test(line)) : []
      if (errors.length > theirs.length) {
        // Errors in our own .d.ts come first: the errors in the pages' blocks may only follow from them.
        const ours = errors.filter((line) => /^\S*node_modules[/\\]mcp-elicit[/\\][^(]*\(\d+,\d+\): error/.test(line)).length
        fail(`${errors.length - theirs.length} type error(s)${ours ? `, ${ours} of them in mcp-elicit's own .d.ts` : ''}`, inReadme(shown('tsc', args.slice(1), result)))
      }
      if (errors.length === 0 && result.code !== 0) fail(`tsc exited with ${result.code}`, shown('tsc', args.slice(1), result))
      const files = `${JSON.parse(readFileSync(join(app, config), 'utf8')).files.length} files`
      if (theirs.length === 0) return files
      const packages = [...new Set(theirs.map((line) => /node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)/.exec(line)?.[1].replace('\\', '/')))].join(', ')
      return `${files}; our .d.ts clean; ${theirs.length} error(s) in the frameworks' own .d.ts, not ours (${packages})`
    }),
  ),
)

/** Vite build of an app dir with the consumer app's Vite; fails on warnings about the package. */
async function viteBuild(root, name) {
  const args = [binOf(app, 'vite', 'vite'), 'build', '--config', join(app, 'vite.config.js')]
  const result = await run(process.execPath, args, { cwd: root, env: { ...childEnv, APP_ROOT: root, APP_NAME: name } })
  if (result.code !== 0) fail('vite build failed', inReadme(shown('vite', args.slice(1), result)))
  const logFile = join(work, `warnings-${name}.jsonl`)
  const warnings = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line)) : []
  const about = (text) => /MISSING_EXPORT|mcp-elicit/.test(text ?? '')
  const fatal = warnings.filter((w) => w.code === 'MISSING_EXPORT' || about(w.message) || about(w.id))
  // Vite's own logger (not rolldown's onwarn) prints some warnings too.
  const printed = plain(result.output).split('\n').filter((line) => about(line))
  if (fatal.length > 0 || printed.length > 0) {
    const codes = [...new Set(fatal.map((w) => w.code))].join(', ')
    fail(`${fatal.length || printed.length} warning(s) about the package${codes ? ` (${codes})` : ''}`, inReadme(shown('vite', args.slice(1), result)))
  }
  const others = warnings.length - fatal.length
  return others > 0 ? `${others} other warning(s): ${[...new Set(warnings.map((w) => w.code))].join(', ')}` : 'no warnings'
}

const appBuilt = check('consumer app: vite build of the README and docs blocks', [appInstalled], async () => {
  const note = await viteBuild(app, 'app')
  const assets = readdirSync(join(app, 'dist/assets'))
  if (!assets.some((f) => f.endsWith('.css'))) fail(`no CSS in the bundle (mcp-elicit/forms/styles.css not bundled?): ${assets.join(', ')}`)
  return note
})

// What loads on demand must stay on demand in an app bundling the package,
// not only in the repository's own bundles (bench/size-check.mjs): the typical
// app with MCP Apps, which passes @rjsf/validator-ajv8, shows no file or
// date-time field and has drawn no app yet, must not import statically the
// no-eval validator, the file widget, the data URI code, the date-time widget
// and its conversions, the cards, the round panel, the result renderer, the URL
// analysis, the apps' host and answer check, nor the core's legacy era, tasks,
// listener, SSE reader, auth hook, listings, result cache, round writer or the
// sign-in kit (they are there, behind import()).
const lazyApp = join(app, 'lazy-app')
// Named, as the app's bundler names a chunk, after the module it starts with
// (dist/ keeps one file per module of src/).
const LAZY_CHUNKS = [
  'no-eval-validator', 'file-widget', 'file-data-uri', 'date-time-widget', 'date-time',
  'ToolResult', 'UrlElicitation', 'SignInCard', 'ApprovalCard', 'TaskLine', 'round-panel', 'url-safety',
  'app-host', 'answer-check', 'DownloadCard',
  'legacy-connection', 'task-client', 'subscriptions', 'sse-exchange', 'auth-hook', 'result-cache', 'sign-in-kit', 'listings', 'call-writer',
]
const lazyBuilt = check('consumer app: the typical app with MCP Apps loads what it does not show yet on demand', [appInstalled], async () => {
  write(
    join(lazyApp, 'src/main.js'),
    `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import validator from '@rjsf/validator-ajv8'
import { createClient } from 'mcp-elicit'
import { McpProvider } from 'mcp-elicit/react'
import { ElicitationForm, McpToolCall } from 'mcp-elicit/forms'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
const client = createClient(new URL('/mcp', location.href))
const request = { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }
createRoot(document.getElementById('root')).render(
  h(
    McpProvider,
    { client },
    h(McpAppsProvider, { sandbox: 'https://sandbox.example.com/sandbox.html' }, h(McpToolCall, { name: 'wizard', validator })),
    h(ElicitationForm, { request, validator, onRespond: console.log }),
  ),
)
`,
  )
  write(join(lazyApp, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>lazy-app</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.js"></script></body>\n</html>\n')
  const note = await viteBuild(lazyApp, 'lazy-app')
  const assets = join(lazyApp, 'dist/assets')
  const names = readdirSync(assets).filter((file) => file.endsWith('.js'))
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(lazyApp, 'dist/index.html'), 'utf8'))?.[1]
  if (!entry) fail(`no entry script in dist/index.html: ${names.join(', ')}`)
  // The first load: the entry and what it imports statically (`from"./x.js"`; an import() is not followed).
  const firstLoad = new Set()
  const visit = (file) => {
    if (firstLoad.has(file) || !names.includes(file)) return
    firstLoad.add(file)
    for (const [, name] of readFileSync(join(assets, file), 'utf8').matchAll(/\bfrom\s*["']\.\/([^"']+\.js)["']/g)) visit(name)
  }
  visit(entry)
  // The name and the bundler's 8-character hash, so `date-time` is not `date-time-widget`.
  const chunkOf = (prefix) => names.find((file) => file.length === prefix.length + 12 && file.startsWith(`${prefix}-`) && file.endsWith('.js'))
  const missing = LAZY_CHUNKS.filter((prefix) => !chunkOf(prefix))
  if (missing.length) fail(`no chunk of its own for ${missing.join(', ')} (folded into another?): ${names.join(', ')}`)
  const eager = LAZY_CHUNKS.map(chunkOf).filter((file) => firstLoad.has(file))
  if (eager.length) fail(`in the first load, imported statically: ${eager.join(', ')} (first load: ${[...firstLoad].join(', ')})`)
  return `${LAZY_CHUNKS.length} chunks on demand, first load ${firstLoad.size} file(s); ${note}`
})

const nodeImported = check("consumer app: import('mcp-elicit') from plain Node", [appInstalled], async () => {
  // No bundler, no TypeScript: Node's own ESM resolution of the exports map.
  // The UI entries too, since SSR frameworks evaluate "use client" modules
  // on the server.
  const script = `
    const core = await import('mcp-elicit')
    if (typeof core.createClient !== 'function') throw new Error('createClient is ' + typeof core.createClient)
    const react = await import('mcp-elicit/react')
    const forms = await import('mcp-elicit/forms')
    const apps = await import('mcp-elicit/apps')
    if (typeof apps.mountMcpApp !== 'function') throw new Error('mountMcpApp is ' + typeof apps.mountMcpApp)
    const appsReact = await import('mcp-elicit/apps/react')
    // A route handler imports the AI SDK adapter's server half.
    const aiSdk = await import('mcp-elicit/ai-sdk')
    if (typeof aiSdk.mcpToolsForModel !== 'function') throw new Error('mcpToolsForModel is ' + typeof aiSdk.mcpToolsForModel)
    const aiSdkReact = await import('mcp-elicit/ai-sdk/react')
    const assistantUi = await import('mcp-elicit/assistant-ui')
    // Server rendering a page with the custom elements: importing defines nothing, define() without customElements names them only.
    const elements = await import('mcp-elicit/elements')
    if (elements.define().toolCall !== 'mcp-elicit-tool-call') throw new Error('define() in Node did not name the elements')
    const stores = await import('mcp-elicit/stores')
    // A backend imports the store handler (pg and PGlite are the app's, passed in).
    const storesServer = await import('mcp-elicit/stores/server')
    if (typeof storesServer.createCallStoreHandler !== 'function') throw new Error('createCallStoreHandler is ' + typeof storesServer.createCallStoreHandler)
    console.log([core, react, forms, apps, appsReact, aiSdk, aiSdkReact, assistantUi, elements, stores, storesServer].map((m) => Object.keys(m).length).join(' '))`
  const args = ['--input-type=module', '-e', script]
  const result = await run(process.execPath, args, { cwd: app })
  if (result.code !== 0) fail('an import failed', shown('node', ['--input-type=module', '-e', '<script>'], result) + `\nscript:${script}`)
  const [core, react, forms, apps, appsReact, aiSdk, aiSdkReact, assistantUi, elements, stores, storesServer] = result.stdout.trim().split(' ')
  return `createClient is a function; ${core} core, ${react} react, ${forms} forms, ${apps} apps, ${appsReact} apps/react, ${aiSdk} ai-sdk, ${aiSdkReact} ai-sdk/react, ${assistantUi} assistant-ui, ${elements} elements, ${stores} stores, ${storesServer} stores/server exports`
})

// ---------------------------------------------------------------------------
// 6. Core-only install

const coreApp = join(work, 'core-app')
// Required peers only: the optional ones (peerDependenciesMeta, the chat
// frameworks of the adapters) are for the apps that use them, and npm leaves
// them out by design.
const peers = Object.keys(repoPkg.peerDependencies ?? {}).filter((name) => repoPkg.peerDependenciesMeta?.[name]?.optional !== true)
const coreInstalled = check('core-only app: README first install line, peers installed with it', [packed], async () => {
  if (readmeError) fail(readmeError)
  if (lines.length < 1) fail(`${readmeName}: no npm install line in "## Install"`)
  write(join(coreApp, 'package.json'), json({ name: 'core-app', private: true, type: 'module' }))
  const args = ['install', ...installArgs(lines[0], tarball), ...installFlags]
  const result = await npm(args, { cwd: coreApp })
  if (result.code !== 0) fail('npm install failed', shown('npm', args, result))
  if (peerTrouble(result.output).length > 0) fail('npm warned about peers', shown('npm', args, result))
  // The README promises that npm 7+ installs the (required) peers along with
  // the package, so `mcp-elicit/forms` never meets a missing one.
  const found = peers.map((name) => {
    const manifest = join(coreApp, 'node_modules', name, 'package.json')
    return { name, version: existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined }
  })
  const missing = found.filter((p) => !p.version)
  if (missing.length > 0) fail(`peers not installed: ${missing.map((p) => p.name).join(', ')}`, shown('npm', args, result))
  return found.map((p) => `${p.name}@${p.version}`).join(' ')
})

const coreBuilt = check('core-only app: vite build importing mcp-elicit/forms', [coreInstalled, appInstalled], async () => {
  // Built with the consumer app's Vite (root: this app), so this app holds
  // exactly what the README line installs and nothing else.
  write(join(coreApp, 'src/main.js'), "import 'mcp-elicit/forms/styles.css'\nimport * as forms from 'mcp-elicit/forms'\n\nObject.assign(globalThis, { forms })\n")
  write(join(coreApp, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>core-app</title></head>\n<body><script type="module" src="/src/main.js"></script></body>\n</html>\n')
  return viteBuild(coreApp, 'core-app')
})

// ---------------------------------------------------------------------------

await Promise.all([packed, contents, apiChecked, entriesListed, releaseFlow, publinted, attwChecked, linksChecked, appInstalled, ...typeChecks, appBuilt, lazyBuilt, nodeImported, coreInstalled, coreBuilt])
const failed = results.filter((r) => !r.ok)
console.log(
  `${failed.length === 0 ? 'PASS' : 'FAIL'} package check: ${results.length - failed.length}/${results.length} passed in ${seconds(performance.now() - started)}${failed.length ? ` (failed: ${failed.map((r) => r.name).join('; ')})` : ''}`,
)
process.exitCode = failed.length === 0 ? 0 : 1
