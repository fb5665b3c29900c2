/**
 * The official MCP Apps example servers, as published on npm
 * (`@modelcontextprotocol/server-*` 2.0.x, pinned in package.json), each on
 * 127.0.0.1 at a free port, for the end-to-end tests (e2e/ext-apps.spec.ts).
 * Where they are the other side, they are the oracle for our host.
 *
 * Each package's own server is used as published: its `main`
 * (`dist/server.js`) exports the `createServer()` its command runs, and each
 * request gets a fresh server and a stateless Streamable HTTP transport
 * from the package's own `@modelcontextprotocol/node`, exactly as its
 * `dist/index.js` does. Only the listener is ours: the command binds every
 * interface (`0.0.0.0`) at `PORT` and prints no port it picked, where the
 * tests need loopback and a free port.
 *
 * No network: the pdf server would fetch its default paper from arxiv.org;
 * it is given a local PDF instead (pdf-fixture.ts), registered the way its
 * command registers a file named on its command line (`allowedLocalFiles`,
 * `cliLocalFiles`). The video server has no such option: it fetches its
 * videos from test-videos.co.uk with the global `fetch`. Run as a process of
 * its own (`node servers/ext-apps-examples.ts`, as the e2e suite does), that
 * `fetch` answers those videos with a small local one
 * (servers/fixtures/ten-frames.webm: ten frames of a canvas, recorded by
 * Chromium's MediaRecorder) and refuses every other URL: a server that
 * reached for the network would fail its test instead of passing by luck.
 *
 *   node servers/ext-apps-examples.ts   # prints {"servers":[{"id","url"}…],"pdfUrl"} and serves until stdin ends
 *
 * The system monitor's `systeminformation` names the platforms it runs on
 * (an `os` field), so that server comes through e2e/optional-deps, as an
 * optional dependency: `npm install` of the repository works on any machine.
 *
 * Each server also answers `GET /requests` with the JSON-RPC methods it was
 * sent so far (`[{ method, tool }]`), for a test to count them.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startHost } from './host.ts'
import type { Host } from './host.ts'
import { pdfWithPages } from './pdf-fixture.ts'

/** What a published example's `createServer()` returns, as far as the wiring here needs. */
interface ExampleServer {
  connect(transport: unknown): Promise<void>
  close(): Promise<void>
}

interface ExampleTransport {
  handleRequest(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>
  close(): Promise<void>
}

/** The examples run here, by id: the npm package, and the tool whose app the tests show. */
export const EXT_APPS_EXAMPLES = {
  'basic-vanillajs': { pkg: '@modelcontextprotocol/server-basic-vanillajs', tool: 'get-time' },
  'basic-react': { pkg: '@modelcontextprotocol/server-basic-react', tool: 'get-time' },
  'system-monitor': { pkg: '@modelcontextprotocol/server-system-monitor', tool: 'get-system-info' },
  'budget-allocator': { pkg: '@modelcontextprotocol/server-budget-allocator', tool: 'get-budget-data' },
  'cohort-heatmap': { pkg: '@modelcontextprotocol/server-cohort-heatmap', tool: 'get-cohort-data' },
  pdf: { pkg: '@modelcontextprotocol/server-pdf', tool: 'display_pdf' },
  'sheet-music': { pkg: '@modelcontextprotocol/server-sheet-music', tool: 'play-sheet-music' },
  'video-resource': { pkg: '@modelcontextprotocol/server-video-resource', tool: 'play_video' },
} as const

export type ExtAppsExampleId = keyof typeof EXT_APPS_EXAMPLES

export interface RunningExample {
  id: ExtAppsExampleId
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string
}

export interface ExtAppsExamples {
  servers: RunningExample[]
  /** The local PDF the pdf example serves, as the `file://` URL its `display_pdf` takes. */
  pdfUrl: string
  close(): Promise<void>
}

const require = createRequire(import.meta.url)

/** The package's own module, resolved from inside the package (its pinned dependency, not ours). */
async function importFrom<T>(pkg: string, specifier: string): Promise<T> {
  const inside = createRequire(require.resolve(pkg))
  return (await import(pathToFileURL(inside.resolve(specifier)).href)) as T
}

async function startExample(id: ExtAppsExampleId, pdf: { path: string }): Promise<Host> {
  const { pkg } = EXT_APPS_EXAMPLES[id]
  const module = await importFrom<{ createServer: () => ExampleServer; allowedLocalFiles?: Set<string>; cliLocalFiles?: Set<string> }>(pkg, pkg)
  if (id === 'pdf') {
    module.allowedLocalFiles!.add(pdf.path)
    module.cliLocalFiles!.add(pdf.path)
  }
  const { NodeStreamableHTTPServerTransport } = await importFrom<{ NodeStreamableHTTPServerTransport: new (options: { sessionIdGenerator: undefined }) => ExampleTransport }>(
    pkg,
    '@modelcontextprotocol/node',
  )
  /** The endpoint's requests (not those for `/requests` itself). */
  const log: Host['log'] = []
  const host = await startHost({
    cors: { origins: [], expose: ['Mcp-Session-Id', 'MCP-Protocol-Version', 'Content-Type'] },
    page: ({ url, method }, _req, res) => {
      if (url.pathname !== '/requests' || method !== 'GET') return false
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(log.map((entry) => ({ method: entry.rpcMethod, tool: entry.tool }))))
      return true
    },
    serve: async (req, res, hit) => {
      log.push(hit.entry)
      const server = module.createServer()
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      res.on('close', () => {
        transport.close().catch(() => {})
        server.close().catch(() => {})
      })
      await server.connect(transport)
      await transport.handleRequest(req, res, hit.body)
    },
  })
  return host
}

/** Starts the examples named (all by default), each on its own free port of 127.0.0.1. */
export async function startExtAppsExamples(ids: readonly ExtAppsExampleId[] = Object.keys(EXT_APPS_EXAMPLES) as ExtAppsExampleId[]): Promise<ExtAppsExamples> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-pdf-'))
  const path = join(dir, 'mcp-elicit-fixture.pdf')
  writeFileSync(path, pdfWithPages(['mcp-elicit fixture, page one', 'mcp-elicit fixture, page two']))
  const started = await Promise.allSettled(ids.map((id) => startExample(id, { path })))
  const hosts = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const close = async () => {
    await Promise.allSettled(hosts.map((host) => host.close()))
    rmSync(dir, { recursive: true, force: true })
  }
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await close()
    throw failed.reason
  }
  return {
    servers: hosts.map((host, index) => ({ id: ids[index]!, url: host.url })),
    pdfUrl: pathToFileURL(path).href,
    close,
  }
}

const VIDEO_SOURCES = ['https://test-videos.co.uk/', 'https://cdn.jsdelivr.net/npm/big-buck-bunny']

/** This process's `fetch`: the video server's videos from the local fixture, nothing else (there is no network). */
function offlineFetch(): typeof fetch {
  const video = readFileSync(new URL('./fixtures/ten-frames.webm', import.meta.url))
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (VIDEO_SOURCES.some((source) => url.startsWith(source))) return new Response(video, { headers: { 'content-type': 'video/webm' } })
    throw new TypeError(`no network in the tests: ${url}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  globalThis.fetch = offlineFetch()
  const examples = await startExtAppsExamples()
  process.stdout.write(`${JSON.stringify({ servers: examples.servers.map(({ id, url }) => ({ id, url })), pdfUrl: examples.pdfUrl })}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => void examples.close().then(() => process.exit(0)))
  process.stdin.on('error', () => process.exit(0))
}
