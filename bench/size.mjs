/**
 * Bundle size: every entry is a tiny generated file bundled the same way
 * (vite build() — rolldown underneath — app mode, platform browser, minify
 * with oxc, target ES2022, tree-shaking on), then gzipped at level 9.
 *
 * An entry's size is its FIRST LOAD: the entry chunk and every chunk it
 * imports statically, what a page downloads before the code runs. Chunks
 * behind a dynamic `import()` (the legacy era, tasks, the change listener)
 * load only when needed: they are reported apart (`lazy`), never counted.
 *
 * The entries import src/; the package's dist/ keeps one file per module of
 * src/ (vite.config.ts), so the same entries bundled from it weigh the same
 * (`--from-dist` shows it for the core, react, app and apps rows).
 *
 * Run: `node bench/size.mjs` (prints a table) or `node bench/size.mjs --json`;
 * `--from-dist` also bundles the core, react, app and apps rows from a built dist/.
 * To measure another entry, add one line to ENTRIES.
 */
import { mkdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')
const src = (path) => JSON.stringify(join(root, path))

/**
 * One line per measured entry: `name`, `label`, the entry file's source,
 * optional `external` (package names or regexps kept out of the bundle, e.g.
 * peers), optional `budgetGz` (bytes, min+gzip) checked and reported, and
 * optional `whole`: a second row (`whole.name`) for the page once it has
 * loaded the on-demand chunks starting with a module matching `whole.chunks`
 * (and the chunks those import): the first load plus those files, each
 * gzipped apart, as the browser fetches them.
 */
const REACT = [/^react($|\/)/, /^react-dom($|\/)/]

/**
 * The typical app (a client, a call hook, a tool call and a form, rjsf and
 * ajv8 bundled), and the chat pages built on it: `peers` are imports of the
 * page's framework, `imports` and `components` what the page adds, `children`
 * what it renders after the typical app's own parts.
 */
function typicalApp({ peers = '', imports = '', components = '', children = '' } = {}) {
  return `import { createElement as h, useState } from 'react'
import { createRoot } from 'react-dom/client'
import validator from '@rjsf/validator-ajv8'
${peers}import { createClient } from ${src('src/core/index.ts')}
import { McpProvider, useMcpTool } from ${src('src/react/index.ts')}
import { ElicitationForm, McpToolCall } from ${src('src/forms/index.ts')}
${imports}const client = createClient(new URL('/mcp', location.href), { capabilities: { elicitation: { form: {} } } })
function Echo() {
  const tool = useMcpTool('echo')
  return h('button', { onClick: () => tool.call({ text: 'hi' }) }, tool.status)
}
function Ask() {
  const [answer, setAnswer] = useState(null)
  return answer ? h('p', null, JSON.stringify(answer)) : h(ElicitationForm, { request: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, validator, onRespond: setAnswer })
}
${components}createRoot(document.getElementById('root')).render(
  h(McpProvider, { client }, h(Echo), h(McpToolCall, { name: 'wizard', validator }), h(Ask)${children}),
)
`
}

/**
 * Our entries call from a promise chain, as a page calls from a handler,
 * never with a top-level `await`: a module that awaits at top level cannot
 * be imported back by the chunks it waits for, so rolldown moves every module
 * it shares with a lazy chunk into files of their own (in the core row,
 * four files and about 1.3 KB more, gzipped apart). The rows of other
 * clients, with no lazy chunks, are the same either way.
 */
export const ENTRIES = [
  {
    name: 'core',
    label: 'mcp-elicit core (.), eventsource-parser included',
    budgetGz: 6 * 1024,
    source: `import { createClient } from ${src('src/core/index.ts')}
const client = createClient(new URL('/mcp', location.href), {
  capabilities: { elicitation: { form: {} } },
  onInputRequests: async (requests) => Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'cancel' }])),
})
client.callTool('echo', { text: 'hi' }).then(console.log)
`,
  },
  {
    name: 'official',
    label: '@modelcontextprotocol/client 2.4.0 (Client + StreamableHTTPClientTransport)',
    source: `import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
const client = new Client({ name: 'app', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } })
client.setRequestHandler('elicitation/create', async () => ({ action: 'cancel' }))
await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)))
console.log(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))
`,
  },
  {
    name: 'auth',
    label: 'core + ./auth (createClient with oauth(), oauth4webapi included)',
    source: `import { createClient } from ${src('src/core/index.ts')}
import { oauth, sessionStorageCredentials } from ${src('src/auth/index.ts')}
const auth = oauth({
  redirectUri: new URL('/callback', location.href).href,
  storage: sessionStorageCredentials(),
  redirectToAuthorization: async ({ authorizationUrl }) => { location.assign(await authorizationUrl()); return new Promise(() => {}) },
})
const client = createClient(new URL('/mcp', location.href), { auth, capabilities: { elicitation: { form: {} } } })
client.callTool('echo', { text: 'hi' }).then(console.log)
`,
  },
  {
    name: 'official-auth',
    label: '@modelcontextprotocol/client 2.4.0 with an OAuthClientProvider (its OAuth flow included)',
    source: `import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
const authProvider = {
  get redirectUrl() { return new URL('/callback', location.href).href },
  get clientMetadata() { return { client_name: 'app', redirect_uris: [new URL('/callback', location.href).href] } },
  clientInformation: () => JSON.parse(sessionStorage.getItem('client') ?? 'null') ?? undefined,
  saveClientInformation: (info) => sessionStorage.setItem('client', JSON.stringify(info)),
  tokens: () => JSON.parse(sessionStorage.getItem('tokens') ?? 'null') ?? undefined,
  saveTokens: (tokens) => sessionStorage.setItem('tokens', JSON.stringify(tokens)),
  redirectToAuthorization: (url) => location.assign(url),
  saveCodeVerifier: (v) => sessionStorage.setItem('verifier', v),
  codeVerifier: () => sessionStorage.getItem('verifier') ?? '',
}
const client = new Client({ name: 'app', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } })
client.setRequestHandler('elicitation/create', async () => ({ action: 'cancel' }))
await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href), { authProvider }))
console.log(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))
`,
  },
  {
    name: 'react',
    label: 'core + ./react (McpProvider + useMcpTool), react/react-dom external',
    external: REACT,
    source: `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { createClient } from ${src('src/core/index.ts')}
import { McpProvider, useMcpTool } from ${src('src/react/index.ts')}
const client = createClient(new URL('/mcp', location.href), { capabilities: { elicitation: { form: {} } } })
function Echo() {
  const tool = useMcpTool('echo')
  return h('button', { onClick: () => tool.call({ text: 'hi' }) }, tool.status === 'done' ? JSON.stringify(tool.result) : tool.status)
}
createRoot(document.getElementById('root')).render(h(McpProvider, { client }, h(Echo)))
`,
  },
  {
    name: 'forms',
    label: './forms, every export used, react/react-dom/@rjsf/* external',
    external: [...REACT, /^@rjsf\//],
    source: `import * as forms from ${src('src/forms/index.ts')}
globalThis.mcpElicitForms = Object.values(forms)
`,
  },
  {
    name: 'app',
    label: 'typical app: client + useMcpTool + McpToolCall/ElicitationForm, @rjsf/core + validator-ajv8 bundled, react external',
    external: REACT,
    source: typicalApp(),
  },
  {
    name: 'rjsf',
    label: 'bare @rjsf/core Form + @rjsf/validator-ajv8, react/react-dom external',
    external: REACT,
    source: `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import Form from '@rjsf/core'
import validator from '@rjsf/validator-ajv8'
const schema = { type: 'object', properties: { name: { type: 'string' } } }
createRoot(document.getElementById('root')).render(h(Form, { schema, validator, onSubmit: ({ formData }) => console.log(formData) }))
`,
  },
  {
    name: 'apps',
    label: 'core + ./apps (mountMcpApp for a tool, every capability on), framework-free',
    // The host (resource read, CSP, bridge) loads with the first app mounted: measured apart, and with it.
    whole: { name: 'apps-loaded', label: 'the same once the first app is mounted: its first load and the host chunk (app-host.ts) with what it imports', chunks: /^src\/apps\/app-host\.ts$/ },
    source: `import { createClient } from ${src('src/core/index.ts')}
import { appResourceUri, mountMcpApp, withMcpApps } from ${src('src/apps/index.ts')}
const client = createClient(new URL('/mcp', location.href), { capabilities: withMcpApps({ elicitation: { form: {} } }, { elicitation: true }) })
async function show() {
  const tool = (await client.listTools()).find((t) => appResourceUri(t))
  const app = mountMcpApp(document.getElementById('root'), {
    client, tool, sandbox: 'https://sandbox.example.com/sandbox.html', toolInput: {},
    serverTools: true, serverResources: true, prompts: true, elicitation: true,
    onOpenLink: (url) => { window.open(url, '_blank', 'noopener') }, onMessage: console.log, onUpdateModelContext: console.log,
  })
  app.setToolResult(await client.callTool(tool.name, {}))
}
show()
`,
  },
  {
    name: 'apps-react',
    label: 'the typical app above with McpAppsProvider around it (apps in every McpToolCall, SEP-3118 questions), react external',
    external: REACT,
    source: `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import validator from '@rjsf/validator-ajv8'
import { createClient } from ${src('src/core/index.ts')}
import { withMcpApps } from ${src('src/apps/index.ts')}
import { McpProvider } from ${src('src/react/index.ts')}
import { McpToolCall } from ${src('src/forms/index.ts')}
import { McpAppsProvider } from ${src('src/apps/react/index.ts')}
const client = createClient(new URL('/mcp', location.href), { capabilities: withMcpApps({ elicitation: { form: {} } }, { elicitation: true }) })
createRoot(document.getElementById('root')).render(
  h(McpProvider, { client }, h(McpAppsProvider, { sandbox: 'https://sandbox.example.com/sandbox.html', serverTools: true, openLinks: true }, h(McpToolCall, { name: 'wizard', validator }))),
)
`,
  },
  {
    name: 'stores',
    label: 'core + ./stores (an IndexedDB store behind a backend store, idb bundled), framework-free',
    source: `import { CallObserver, createClient } from ${src('src/core/index.ts')}
import { indexedDbCallStorage, remoteCallStorage } from ${src('src/stores/index.ts')}
const client = createClient(new URL('/mcp', location.href), { capabilities: { elicitation: { form: {} } } })
const storage = remoteCallStorage({ url: '/api/mcp-calls', local: indexedDbCallStorage() })
new CallObserver(client, { storage, storageKey: 'call' }).restore().then(console.log)
`,
  },
  {
    name: 'stores-server',
    label: 'the backend half: createCallStoreHandler + migrate (./stores/server), node: builtins external (a server has them)',
    external: [/^node:/],
    source: `import { createCallStoreHandler, migrate } from ${src('src/stores/server/index.ts')}
globalThis.handler = createCallStoreHandler({ db: globalThis.db, userOf: () => 'user' })
globalThis.migrate = migrate
`,
  },
  {
    name: 'ai-sdk-route',
    label: 'the AI SDK route half: mcpToolsForModel (./ai-sdk), ai external (the route has it)',
    external: [/^ai($|\/)/, /^@ai-sdk\//],
    source: `import { mcpToolsForModel } from ${src('src/ai-sdk/index.ts')}
globalThis.tools = mcpToolsForModel(JSON.parse(globalThis.body)).tools
`,
  },
  {
    name: 'ai-sdk-page',
    label: 'the typical app with a useChat page: mcpChatBody + McpToolPart (./ai-sdk/react) for each tool part; react, ai, @ai-sdk/* external (the page has them)',
    external: [...REACT, /^ai($|\/)/, /^@ai-sdk\//],
    source: typicalApp({
      peers: `import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport } from 'ai'
`,
      imports: `import { mcpChatBody } from ${src('src/ai-sdk/index.ts')}
import { McpToolPart, isToolPart } from ${src('src/ai-sdk/react/index.ts')}
`,
      components: `function Chat() {
  const chat = useChat({ transport: new DefaultChatTransport({ body: () => mcpChatBody(client) }) })
  return h('div', null, chat.messages.flatMap((m) => m.parts.filter(isToolPart).map((part) => h(McpToolPart, { key: part.toolCallId, part, chat, validator }))))
}
`,
      children: ', h(Chat)',
    }),
  },
  {
    name: 'assistant-ui-page',
    label: 'the typical app with an assistant-ui thread: McpAssistantTools (./assistant-ui); react, @assistant-ui/* external (the page has them)',
    external: [...REACT, /^@assistant-ui\//, /^assistant-stream/],
    source: typicalApp({
      peers: `import { AssistantRuntimeProvider, useLocalRuntime } from '@assistant-ui/react'
`,
      imports: `import { McpAssistantTools } from ${src('src/assistant-ui/index.ts')}
`,
      components: `function Thread() {
  const runtime = useLocalRuntime({ async *run() {} })
  return h(AssistantRuntimeProvider, { runtime }, h(McpAssistantTools, { validator }))
}
`,
      children: ', h(Thread)',
    }),
  },
  {
    name: 'elements-page',
    label: 'a page without React: define() from ./elements and one <mcp-elicit-tool-call>; react, react-dom and rjsf bundled (such a page has none of them)',
    source: `import { createClient } from ${src('src/core/index.ts')}
import { define } from ${src('src/elements/index.ts')}
define()
const call = document.createElement('mcp-elicit-tool-call')
call.client = createClient(new URL('/mcp', location.href), { capabilities: { elicitation: { form: {} } } })
call.setAttribute('name', 'wizard')
document.body.append(call)
`,
  },
  {
    name: 'ai-sdk-apps',
    label: 'AI SDK @ai-sdk/react 4.0.177 MCPAppRenderer (its MCP Apps host; no MCP client), react external',
    external: REACT,
    source: `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { MCPAppRenderer } from '@ai-sdk/react'
const part = { type: 'dynamic-tool', toolName: 'weather', toolCallId: '1', state: 'output-available', input: {}, output: {}, callProviderMetadata: { mcp: { app: { resourceUri: 'ui://weather/view.html' } } } }
createRoot(document.getElementById('root')).render(
  h(MCPAppRenderer, { part, sandbox: { url: 'https://sandbox.example.com/sandbox.html' }, loadResource: async () => ({ html: '' }), handlers: { openLink: async () => {} } }),
)
`,
  },
  {
    name: 'ext-apps-bridge',
    label: 'ext-apps 2.0.4 app-bridge (AppBridge + PostMessageTransport) with its peers (@modelcontextprotocol/client, zod)',
    source: `import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'
const frame = document.querySelector('iframe')
const bridge = new AppBridge(null, { name: 'host', version: '1.0.0' }, { openLinks: {}, serverTools: {} })
bridge.onopenlink = async ({ url }) => { window.open(url, '_blank', 'noopener'); return {} }
await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow))
bridge.sendToolInput({ arguments: {} })
`,
  },
  {
    name: 'use-mcp',
    label: 'use-mcp 0.0.21 (useMcp hook + callTool), react external',
    external: REACT,
    source: `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { useMcp } from 'use-mcp/react'
function Echo() {
  const mcp = useMcp({ url: new URL('/mcp', location.href).href, clientName: 'app' })
  return h('button', { disabled: mcp.state !== 'ready', onClick: () => mcp.callTool('echo', { text: 'hi' }).then(console.log) }, mcp.state)
}
createRoot(document.getElementById('root')).render(h(Echo))
`,
  },
]

/**
 * Figures derived from two entries (gzip bytes): what a layer adds on top of
 * another, with its budget. Gzip is not additive, so these are differences of
 * whole bundles, each measured the same way.
 */
export const INCREMENTS = [
  { name: 'auth layer', of: 'auth', over: 'core', budgetGz: 13 * 1024, label: './auth added to core (auth - core)' },
  // Near zero: the official client bundles its OAuth code whether or not a provider is passed.
  { name: 'official auth', of: 'official-auth', over: 'official', label: "an OAuthClientProvider added to the official client (official-auth - official)" },
  { name: 'react layer', of: 'react', over: 'core', budgetGz: 2 * 1024, label: './react added to core (react - core)' },
  // Budgets stack: core 6 KB, react +2 KB, forms +10 KB over rjsf; so all of ours in the app 18 KB over rjsf.
  { name: 'forms layer', of: 'app', over: ['rjsf', 'react'], budgetGz: 10 * 1024, label: 'forms in the app, over rjsf and core+react (app - rjsf - react)' },
  { name: 'ours in app', of: 'app', over: 'rjsf', budgetGz: 18 * 1024, label: 'all of mcp-elicit in the app, over bare rjsf (app - rjsf)' },
  // The AI SDK's renderer (3.44 KB) is the mark for the apps host: what a page loads before its first app stays within 3.5 KB over the core.
  { name: 'apps layer', of: 'apps', over: 'core', budgetGz: 3.5 * 1024, label: './apps added to core, first load (apps - core)' },
  { name: 'apps host', of: 'apps-loaded', over: 'core', label: './apps added to core once the host is loaded (apps-loaded - core)' },
  { name: 'apps in app', of: 'apps-react', over: 'app', label: 'MCP Apps added to the typical app (apps-react - app)' },
  // The adapters over the typical app: what one import of each costs a page that already has the framework.
  { name: 'ai-sdk adapter', of: 'ai-sdk-page', over: 'app', label: './ai-sdk + ./ai-sdk/react added to the typical app (ai-sdk-page - app)' },
  { name: 'assistant-ui adapter', of: 'assistant-ui-page', over: 'app', label: './assistant-ui added to the typical app (assistant-ui-page - app)' },
  // A page without React pays for React itself: the elements' cost next to the React entry's.
  { name: 'elements over app', of: 'elements-page', over: 'app', label: 'the elements page over the typical React app: react-dom and react, bundled, and the elements (elements-page - app)' },
]

/** The one configuration every entry is bundled with. */
export const SETTINGS = {
  bundler: 'vite build() (rolldown), app mode',
  platform: 'browser',
  minify: 'oxc',
  target: 'es2022',
  treeshake: true,
  gzipLevel: 9,
}

/** `BENCH_KEEP=1` keeps bench/.tmp/ with the entries and their bundles, for inspection. */
const KEEP = process.env.BENCH_KEEP === '1'
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]))

async function bundle(entry, workDir) {
  const { build, createLogger } = await import('vite')
  const file = join(workDir, `${entry.name}.mjs`)
  writeFileSync(file, entry.source)
  const warnings = []
  const logger = createLogger('silent')
  logger.warn = (msg) => warnings.push(String(msg))
  logger.warnOnce = logger.warn
  const external = entry.external ?? []
  const output = await build({
    configFile: false,
    envDir: false,
    root: workDir,
    publicDir: false,
    logLevel: 'silent',
    customLogger: logger,
    mode: 'production',
    build: {
      write: false,
      minify: SETTINGS.minify,
      target: SETTINGS.target,
      modulePreload: false,
      reportCompressedSize: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: file,
        platform: SETTINGS.platform,
        treeshake: SETTINGS.treeshake,
        external,
        onwarn: (warning) => warnings.push(warning.message ?? String(warning)),
      },
    },
  })
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output)
  const chunks = outputs.filter((o) => o.type === 'chunk')
  // The first load: the entry chunk and what it imports statically, transitively.
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const firstLoad = new Set()
  const visit = (chunk) => {
    if (!chunk || firstLoad.has(chunk.fileName)) return
    firstLoad.add(chunk.fileName)
    for (const id of chunk.imports) visit(byFile.get(id))
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
  let min = 0
  let gz = 0
  let entryMin = 0
  let entryGz = 0
  const lazy = []
  const nodeImports = new Set()
  const modules = []
  for (const chunk of chunks) {
    const bytes = Buffer.from(chunk.code)
    if (KEEP) writeFileSync(join(workDir, `${entry.name}.out.${chunk.fileName.replace(/[\\/]/g, '_')}`), bytes)
    const zipped = gzipSync(bytes, { level: SETTINGS.gzipLevel }).length
    for (const id of [...chunk.imports, ...chunk.dynamicImports]) if (NODE_BUILTINS.has(id)) nodeImports.add(id)
    for (const id of Object.keys(chunk.modules)) {
      const m = /__vite-browser-external:?(.*)$/.exec(id)
      if (m) nodeImports.add(m[1] || id)
    }
    if (!firstLoad.has(chunk.fileName)) {
      lazy.push({ chunk: chunk.name, minBytes: bytes.length, gzipBytes: zipped })
      continue
    }
    min += bytes.length
    gz += zipped
    if (chunk.isEntry) {
      entryMin += bytes.length
      entryGz += zipped
    }
    for (const [id, info] of Object.entries(chunk.modules)) modules.push([relativeId(id), info.renderedLength])
  }
  for (const w of warnings) {
    const m = /Module "([^"]+)" has been externalized for browser compatibility/.exec(w)
    if (m) nodeImports.add(m[1])
  }
  const whole = entry.whole && wholeRow(entry, chunks, byFile, firstLoad, { minBytes: min, gzipBytes: gz, modules })
  const row = {
    name: entry.name,
    label: entry.label,
    external: external.map(String),
    chunks: firstLoad.size,
    minBytes: min,
    gzipBytes: gz,
    ...(firstLoad.size > 1 && { entryChunkMinBytes: entryMin, entryChunkGzipBytes: entryGz }),
    /** Chunks loaded on demand (dynamic import), by name: not in the figures above. */
    lazy: lazy.sort((a, b) => b.gzipBytes - a.gzipBytes),
    nodeBuiltins: [...nodeImports].sort(),
    /** Largest modules by rendered bytes (after tree-shaking, before minification). */
    topModules: [...modules].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([id, bytes]) => ({ id, renderedBytes: bytes })),
    /** Every module of the first load (repository-relative, or package-relative for dependencies). */
    firstLoadModules: modules.map(([id]) => id).sort(),
    ...(entry.budgetGz !== undefined && { budgetGzipBytes: entry.budgetGz, withinBudget: gz <= entry.budgetGz }),
    warnings: warnings.filter((w) => !/externalized for browser compatibility/.test(w)).slice(0, 5),
  }
  return whole ? [row, whole] : [row]
}

const relativeId = (id) => id.replace(`${root}/`, '').replace(/^.*node_modules\//, '')

/** The `whole` row of `entry`: its first load and the on-demand chunks `entry.whole.chunks` names, with what they import statically. */
function wholeRow(entry, chunks, byFile, firstLoad, first) {
  const loaded = new Set()
  const visit = (chunk) => {
    if (!chunk || firstLoad.has(chunk.fileName) || loaded.has(chunk.fileName)) return
    loaded.add(chunk.fileName)
    for (const id of chunk.imports) visit(byFile.get(id))
  }
  for (const chunk of chunks) if (chunk.facadeModuleId && entry.whole.chunks.test(relativeId(chunk.facadeModuleId))) visit(chunk)
  if (loaded.size === 0) throw new Error(`${entry.name}: no on-demand chunk starts with a module matching ${entry.whole.chunks}`)
  let minBytes = first.minBytes
  let gzipBytes = first.gzipBytes
  const modules = [...first.modules]
  for (const file of loaded) {
    const chunk = byFile.get(file)
    const bytes = Buffer.from(chunk.code)
    minBytes += bytes.length
    gzipBytes += gzipSync(bytes, { level: SETTINGS.gzipLevel }).length
    for (const [id, info] of Object.entries(chunk.modules)) modules.push([relativeId(id), info.renderedLength])
  }
  return {
    name: entry.whole.name,
    label: entry.whole.label,
    external: (entry.external ?? []).map(String),
    chunks: firstLoad.size + loaded.size,
    minBytes,
    gzipBytes,
    lazy: [],
    nodeBuiltins: [],
    topModules: [...modules].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([id, bytes]) => ({ id, renderedBytes: bytes })),
    firstLoadModules: modules.map(([id]) => id).sort(),
    warnings: [],
  }
}

/**
 * The rows also bundled from the built package (`--from-dist`, which
 * `npm run bench` passes after its build): each import of src/<layer>/index.ts
 * becomes the entry file that package.json's `exports` names for that layer,
 * as an app installing the package imports it. Their first loads should equal
 * the src/ ones (dist/ keeps one file per module): a difference means an app
 * gets something the bench does not see.
 */
const FROM_DIST = ['core', 'react', 'app', 'apps']
const DIST_ENTRIES = {
  'src/core/index.ts': '.',
  'src/react/index.ts': './react',
  'src/forms/index.ts': './forms',
  'src/apps/index.ts': './apps',
}

/** package.json's `exports`, read by the first row bundled from dist/. */
let packageExports

function fromDist(entry) {
  const exports = (packageExports ??= JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports)
  const source = entry.source.replace(/"([^"]+)"/g, (quoted, path) => {
    const subpath = DIST_ENTRIES[path.replace(`${root}/`, '')]
    return subpath ? JSON.stringify(join(root, exports[subpath].import)) : quoted
  })
  if (source.includes(`${root}/src/`)) throw new Error(`${entry.name}: an import of src/ has no dist/ entry here`)
  // The first load only: the `whole` row is measured from src/.
  return { ...entry, whole: undefined, name: `${entry.name}-from-dist`, source }
}

export async function measureSizes(entries = ENTRIES, { withDist = false } = {}) {
  const workDir = join(here, '.tmp', `size-${process.pid}`)
  mkdirSync(workDir, { recursive: true })
  try {
    const results = []
    for (const entry of entries) {
      try {
        results.push(...(await bundle(entry, workDir)))
      } catch (error) {
        results.push({ name: entry.name, label: entry.label, error: error instanceof Error ? error.message : String(error) })
      }
    }
    const byName = Object.fromEntries(results.map((r) => [r.name, r]))
    const ours = byName.core
    const official = byName.official
    const ratios =
      ours?.gzipBytes && official?.gzipBytes
        ? { coreOverOfficialMin: ours.minBytes / official.minBytes, coreOverOfficialGzip: ours.gzipBytes / official.gzipBytes }
        : undefined
    const increments = []
    for (const inc of INCREMENTS) {
      const of = byName[inc.of]
      const over = [inc.over].flat().map((name) => byName[name])
      if (!of?.gzipBytes || over.some((o) => !o?.gzipBytes)) continue
      const gz = over.reduce((left, o) => left - o.gzipBytes, of.gzipBytes)
      const min = over.reduce((left, o) => left - o.minBytes, of.minBytes)
      increments.push({
        name: inc.name,
        label: inc.label,
        minBytes: min,
        gzipBytes: gz,
        ...(inc.budgetGz !== undefined && { budgetGzipBytes: inc.budgetGz, withinBudget: gz <= inc.budgetGz }),
      })
    }
    const distRows = []
    if (withDist) {
      for (const name of FROM_DIST) {
        const src = byName[name]
        const entry = entries.find((e) => e.name === name)
        if (!entry || !src?.gzipBytes) continue
        try {
          const [built] = await bundle(fromDist(entry), workDir)
          distRows.push({ name, gzipBytes: built.gzipBytes, chunks: built.chunks, srcGzipBytes: src.gzipBytes })
        } catch (error) {
          distRows.push({ name, error: error instanceof Error ? error.message : String(error) })
        }
      }
    }
    return { settings: SETTINGS, entries: results, increments, ratios, ...(withDist && { fromDist: distRows }) }
  } finally {
    if (!KEEP) {
      rmSync(workDir, { recursive: true, force: true })
      try {
        rmdirSync(join(here, '.tmp'))
      } catch {}
    }
  }
}

export function formatSizes({ entries, increments = [], ratios, fromDist }) {
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`
  const lines = ['entry            chunks      min       min+gz   budget(gz)  node builtins']
  for (const e of entries) {
    if (e.error) {
      lines.push(`${e.name.padEnd(16)} FAILED: ${e.error}`)
      continue
    }
    const budget = e.budgetGzipBytes === undefined ? '' : `${kb(e.budgetGzipBytes)} ${e.withinBudget ? 'ok' : 'OVER'}`
    lines.push(
      `${e.name.padEnd(16)} ${String(e.chunks).padStart(6)} ${kb(e.minBytes).padStart(11)} ${kb(e.gzipBytes).padStart(11)}  ${budget.padEnd(10)}  ${e.nodeBuiltins.join(', ') || 'none'}`,
    )
    if (e.entryChunkGzipBytes !== undefined) lines.push(`${''.padEnd(16)} entry chunk alone: ${kb(e.entryChunkMinBytes)} min, ${kb(e.entryChunkGzipBytes)} min+gz`)
    if (e.lazy?.length) lines.push(`${''.padEnd(16)} on demand (not counted): ${e.lazy.map((l) => `${l.chunk} ${kb(l.gzipBytes)}`).join(', ')}`)
  }
  for (const inc of increments) {
    const budget = inc.budgetGzipBytes === undefined ? '' : `${kb(inc.budgetGzipBytes)} ${inc.withinBudget ? 'ok' : 'OVER'}`
    lines.push(`+ ${inc.name.padEnd(14)} ${''.padStart(6)} ${kb(inc.minBytes).padStart(11)} ${kb(inc.gzipBytes).padStart(11)}  ${budget.padEnd(10)}  ${inc.label}`)
  }
  if (ratios) lines.push(`ours/official: min ${ratios.coreOverOfficialMin.toFixed(3)}, min+gz ${ratios.coreOverOfficialGzip.toFixed(3)}`)
  if (fromDist?.length) {
    const rows = fromDist.map((r) => (r.error ? `${r.name} FAILED: ${r.error}` : `${r.name} ${kb(r.gzipBytes)} (src/ ${kb(r.srcGzipBytes)})`))
    lines.push(`bundled from dist/, as an app installing the package: ${rows.join(', ')}`)
  }
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSizes(ENTRIES, { withDist: process.argv.includes('--from-dist') })
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else console.log(formatSizes(result))
}
