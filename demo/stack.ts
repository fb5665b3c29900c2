/**
 * Everything the demo needs, started together on 127.0.0.1: the modern demo
 * server, the legacy demo server, three protected deployments (each an
 * oidc-provider authorization server on its own origin in front of a
 * bearer-protected MCP server on another), and the page, either from Vite's
 * dev server (`npm run demo`) or built and served statically under a strict
 * Content-Security-Policy (the end-to-end tests). The page learns the server
 * URLs from `/demo-config.json`. Both page servers also serve the AI SDK
 * chat page's route, `POST /api/chat` (servers/ai-sdk-route.ts).
 *
 * The protected deployments:
 * - `protected`: the one to sign in to. Scopes `mcp:read` (every request) and
 *   `mcp:write` (`write_note`: a step-up); `admin_reset` needs `mcp:admin`,
 *   which the provider never grants.
 * - `protected-2`: the same server behind a SECOND, separate provider, so a
 *   test can show two servers never share credentials.
 * - `protected-nocors`: behind a provider whose token endpoint sends no CORS
 *   headers at all (discovery and registration still do): a browser sign-in
 *   fails at the token endpoint, and the client must say so.
 * - `protected-coop`: behind a provider whose pages send
 *   `Cross-Origin-Opener-Policy: same-origin`, as many real providers do:
 *   the sign-in window is severed from the page the moment it gets there
 *   (it reads closed), and the sign-in must still complete.
 * Every provider accepts, at registration, only redirect URIs on the page's
 * origin with the path {@link OAUTH_CALLBACK_PATH} (any query).
 */
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDemoServer } from '../servers/demo-server.ts'
import type { DemoServer } from '../servers/demo-server.ts'
import { startLegacyDemoServer } from '../servers/legacy-demo-server.ts'
import type { LegacyDemoServer } from '../servers/legacy-demo-server.ts'
import { startAuthorizationServer } from '../servers/authorization-server.ts'
import type { AuthorizationServer } from '../servers/authorization-server.ts'
import { startBearerMcpServer } from '../servers/bearer-mcp-server.ts'
import type { BearerMcpServer } from '../servers/bearer-mcp-server.ts'
import { closeServer, listen } from '../servers/host.ts'
import { sandboxAddress, startSandboxOrigin } from '../servers/sandbox-origin.ts'
import type { SandboxOrigin } from '../servers/sandbox-origin.ts'
import type { serveChatRoute } from '../servers/ai-sdk-route.ts'

type ChatRoute = typeof serveChatRoute

const HOST = '127.0.0.1'
const demoDir = fileURLToPath(new URL('.', import.meta.url))
const distDir = join(demoDir, 'dist')
const publicDir = join(demoDir, '..', 'public')

/** Where the page's OAuth redirect lands (a file of the page: `public/oauth/callback.html`). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback.html'

export interface DemoServerEntry {
  id: string
  label: string
  /** The MCP endpoint. */
  url: string
  era: 'modern' | 'legacy'
  /** The server needs a sign-in (OAuth bearer tokens). */
  auth?: true
  /** Its authorization server (the issuer its resource metadata names). */
  issuer?: string
  /** The scopes that authorization server grants for it. */
  scopes?: string[]
  /** Its tools, so the page can offer them before anyone has signed in (listing them needs a token too). */
  tools?: string[]
  /**
   * The MCP Apps sandbox proxy page for this server's apps, on a host name of
   * its own: apps of two servers on one host could act as each other or share
   * cookies (docs/apps.md, "One sandbox host per server").
   */
  sandboxUrl?: string
}

export interface DemoConfig {
  servers: DemoServerEntry[]
  /** Path of the OAuth redirect URI on the page's origin. */
  oauthCallbackPath: string
}

/** One authorization server and the MCP server it protects. */
export interface ProtectedDeployment {
  /** Its id in {@link DemoConfig.servers}. */
  id: string
  as: AuthorizationServer
  mcp: BearerMcpServer
}

export interface DemoStack {
  pageUrl: string
  /**
   * The CSP violation reports the browser sent about the page (`report-uri`, static mode; the body of each POST),
   * since the stack started: the engine suite (e2e/engines/) checks that a call files none.
   */
  cspReports: string[]
  /** `<page origin>/oauth/callback.html`: the redirect URI the providers accept. */
  redirectUri: string
  demo: DemoServer
  legacy: LegacyDemoServer
  protected: { primary: ProtectedDeployment; second: ProtectedDeployment; noCors: ProtectedDeployment; coop: ProtectedDeployment }
  /** The MCP Apps sandbox proxy pages, one host name per server (never the page's), in the order of `config.servers`. */
  sandboxes: SandboxOrigin[]
  config: DemoConfig
  /** Stops the 2026 demo server (`demo`), for a test of a server that goes away mid-conversation. */
  stopDemo(): Promise<void>
  /** Starts it again on the same port, so the same URL answers again (`demo` is the new server from then on). */
  startDemo(): Promise<void>
  close(): Promise<void>
}

export interface StackOptions {
  /** `dev`: Vite's dev server with hot reload. `static`: the built page under a strict CSP. */
  mode: 'dev' | 'static'
  /** `static` only: build the page first when a source is newer than demo/dist. `false` serves demo/dist as it is. @defaultValue true */
  build?: boolean
  pagePort?: number
  demoPort?: number
  legacyPort?: number
  /** Authorization server of `protected`. @defaultValue 0 (a free port) */
  authPort?: number
  /** MCP server `protected`. @defaultValue 0 */
  protectedPort?: number
  /** The second, separate authorization server. @defaultValue 0 */
  auth2Port?: number
  /** MCP server `protected-2`. @defaultValue 0 */
  protected2Port?: number
  /** Authorization server without CORS on its token endpoint. @defaultValue 0 */
  authNoCorsPort?: number
  /** MCP server `protected-nocors`. @defaultValue 0 */
  protectedNoCorsPort?: number
  /** Authorization server whose pages send `Cross-Origin-Opener-Policy: same-origin`. @defaultValue 0 */
  authCoopPort?: number
  /** MCP server `protected-coop`. @defaultValue 0 */
  protectedCoopPort?: number
  /** Access-token lifetime of the protected servers, in seconds (short to see silent refreshes). @defaultValue 600 */
  accessTokenTtl?: number
}

/** Where the static page's browser sends its CSP violation reports (every engine sends `report-uri` reports). */
export const CSP_REPORT_PATH = '/csp-reports'

/** The page's policy: no inline script, no eval, nothing loaded from elsewhere; violations reported. */
export function contentSecurityPolicy(config: DemoConfig): string {
  const origins = config.servers.flatMap((s) => [new URL(s.url).origin, ...(s.issuer ? [new URL(s.issuer).origin] : [])])
  const servers = [...new Set(origins)].join(' ')
  const sandboxes = [...new Set(config.servers.flatMap((s) => (s.sandboxUrl ? [new URL(s.sandboxUrl).origin] : [])))]
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    // Audio a tool returns is shown from data: URLs only, never fetched.
    "media-src 'self' data:",
    `connect-src 'self' ${servers}`,
    // MCP Apps: only the sandbox proxies' origins may be framed (the apps run inside them, never on this origin).
    ...(sandboxes.length > 0 ? [`frame-src ${sandboxes.join(' ')}`] : ["frame-src 'none'"]),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ')
}

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** Builds the page unless demo/dist is newer than every source it is built from. */
export async function buildPage(): Promise<void> {
  const built = existsSync(join(distDir, 'index.html')) ? statSync(join(distDir, 'index.html')).mtimeMs : 0
  const root = join(demoDir, '..')
  const configs = ['vite.aliases.ts', 'package.json'].map((file) => statSync(join(root, file)).mtimeMs)
  const sources = Math.max(newestMtime(demoDir), newestMtime(join(root, 'src')), newestMtime(join(root, 'public')), ...configs)
  if (built > sources) return
  const { build } = await import('vite')
  await build({ configFile: join(demoDir, 'vite.config.ts'), logLevel: 'warn' })
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
}

/** `?coop=1` on the callback page: the provider's redirect lands in a new browsing context group, cutting `window.opener`. */
function callbackHeaders(url: URL): Record<string, string> {
  return url.pathname === OAUTH_CALLBACK_PATH && url.searchParams.get('coop') === '1' ? { 'Cross-Origin-Opener-Policy': 'same-origin' } : {}
}

const isFile = (file: string) => existsSync(file) && !statSync(file).isDirectory()

/**
 * The AI SDK chat route, loaded through Vite's module runner in both modes:
 * it imports the library's sources (`.js` specifiers of `.ts` files), which
 * Node's own type stripping does not resolve. `ai` itself loads from
 * node_modules as usual.
 */
async function loadChatRoute(): Promise<ChatRoute> {
  const { runnerImport } = await import('vite')
  const { module } = await runnerImport<{ serveChatRoute: ChatRoute }>(join(demoDir, '..', 'servers', 'ai-sdk-route.ts'), { configFile: false, logLevel: 'warn' })
  return module.serveChatRoute
}

type DemoCallStore = import('../servers/demo-call-store.ts').DemoCallStore

/** The backend store of questions and the per-browser session (servers/demo-call-store.ts), through Vite's module runner as the chat route. */
async function loadCallStore(): Promise<DemoCallStore> {
  const { runnerImport } = await import('vite')
  const { module } = await runnerImport<typeof import('../servers/demo-call-store.ts')>(join(demoDir, '..', 'servers', 'demo-call-store.ts'), { configFile: false, logLevel: 'warn' })
  return module.startDemoCallStore()
}

/** Hands a request to the chat route; `next` for any other path (a route that throws answers 500 itself). */
function routeChat(chatRoute: ChatRoute, req: IncomingMessage, res: ServerResponse, next: () => void): void {
  void chatRoute(req, res).then((handled) => {
    if (!handled) next()
  })
}

async function serveStatic(port: number, config: DemoConfig, chatRoute: ChatRoute, callStore: DemoCallStore, cspReports: string[]): Promise<Server> {
  const policy = contentSecurityPolicy(config)
  const server = createServer((req, res) => callStore.route(req, res) || routeChat(chatRoute, req, res, () => (req.method === 'POST' && req.url === CSP_REPORT_PATH ? keepReport(req, res) : serveFile(req, res))))
  function keepReport(req: IncomingMessage, res: ServerResponse) {
    let body = ''
    req.setEncoding('utf8')
    // A report is a few hundred bytes; more is not a report.
    req.on('data', (chunk: string) => (body.length < 65_536 ? (body += chunk) : req.destroy()))
    req.on('end', () => {
      cspReports.push(body)
      res.writeHead(204).end()
    })
  }
  function serveFile(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    const path = url.pathname
    res.setHeader('Content-Security-Policy', policy)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    if (path === '/demo-config.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config))
      return
    }
    for (const [name, value] of Object.entries(callbackHeaders(url))) res.setHeader(name, value)
    let file = normalize(join(distDir, path === '/' ? 'index.html' : path))
    // The callback page from the build, else straight from public/ (a page added after the last build).
    if (path === OAUTH_CALLBACK_PATH && !isFile(file)) file = join(publicDir, OAUTH_CALLBACK_PATH)
    if (path === OAUTH_CALLBACK_PATH) res.setHeader('Cache-Control', 'no-store')
    if (!(file.startsWith(distDir) || path === OAUTH_CALLBACK_PATH) || !isFile(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  }
  await listen(server, port, HOST)
  return server
}

/** The scopes each protected MCP server checks, and those its provider grants. */
const PROTECTED_SCOPES = { base: 'mcp:read', tools: { write_note: ['mcp:write'], admin_reset: ['mcp:admin'] }, granted: ['mcp:read', 'mcp:write'] }

/** Starts one authorization server and the MCP server it protects. */
async function startDeployment(
  id: string,
  ports: { as: number | undefined; mcp: number | undefined },
  settings: { tokenCors: boolean; accessTokenTtl: number; redirectUriAllowed: (uri: string) => boolean; name: string; openerPolicy?: string },
): Promise<ProtectedDeployment> {
  const as = await startAuthorizationServer({ host: HOST, port: ports.as ?? 0, tokenCors: settings.tokenCors, redirectUriAllowed: settings.redirectUriAllowed, openerPolicy: settings.openerPolicy })
  try {
    const mcp = await startBearerMcpServer({
      host: HOST,
      port: ports.mcp ?? 0,
      name: settings.name,
      issuer: as.issuer,
      jwksUri: as.jwksUri,
      baseScope: PROTECTED_SCOPES.base,
      toolScopes: PROTECTED_SCOPES.tools,
    })
    as.addResource(mcp.url, { scopes: PROTECTED_SCOPES.granted, accessTokenTtl: settings.accessTokenTtl })
    return { id, as, mcp }
  } catch (error) {
    await as.close()
    throw error
  }
}

export async function startDemoStack(options: StackOptions): Promise<DemoStack> {
  /** The page's origin, once it listens: the only origin whose callback the providers accept. */
  let pageOrigin: string | undefined
  const redirectUriAllowed = (uri: string) => {
    const url = URL.parse(uri)
    return pageOrigin !== undefined && url !== null && url.origin === pageOrigin && url.pathname === OAUTH_CALLBACK_PATH && url.hash === ''
  }
  const accessTokenTtl = options.accessTokenTtl ?? 600
  const started = await Promise.allSettled([
    startDemoServer({ host: HOST, port: options.demoPort ?? 0 }),
    startLegacyDemoServer({ host: HOST, port: options.legacyPort ?? 0 }),
    startDeployment('protected', { as: options.authPort, mcp: options.protectedPort }, { tokenCors: true, accessTokenTtl, redirectUriAllowed, name: 'mcp-elicit-demo-protected' }),
    startDeployment('protected-2', { as: options.auth2Port, mcp: options.protected2Port }, { tokenCors: true, accessTokenTtl, redirectUriAllowed, name: 'mcp-elicit-demo-protected-2' }),
    startDeployment('protected-nocors', { as: options.authNoCorsPort, mcp: options.protectedNoCorsPort }, { tokenCors: false, accessTokenTtl, redirectUriAllowed, name: 'mcp-elicit-demo-protected-nocors' }),
    startDeployment(
      'protected-coop',
      { as: options.authCoopPort, mcp: options.protectedCoopPort },
      { tokenCors: true, accessTokenTtl, redirectUriAllowed, name: 'mcp-elicit-demo-protected-coop', openerPolicy: 'same-origin' },
    ),
    // One sandbox host per server below (demo, legacy, the four protected ones), none the page's (cookies go by host name).
    ...Array.from({ length: 6 }, (_, index) => sandboxAddress(index).then((address) => startSandboxOrigin(address))),
  ] as const)
  const closers = started.flatMap((result) => {
    if (result.status !== 'fulfilled') return []
    const value = result.value
    return 'as' in value ? [() => value.mcp.close(), () => value.as.close()] : [() => value.close()]
  })
  const stopServers = async () => {
    await Promise.allSettled(closers.map((close) => close()))
  }
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stopServers()
    throw failed.reason
  }
  const [demo, legacy, primary, second, noCors, coop, ...sandboxes] = started.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [
    DemoServer,
    LegacyDemoServer,
    ProtectedDeployment,
    ProtectedDeployment,
    ProtectedDeployment,
    ProtectedDeployment,
    ...SandboxOrigin[],
  ]
  const deployments = { primary, second, noCors, coop }
  const entry = (deployment: ProtectedDeployment, label: string): DemoServerEntry => ({
    id: deployment.id,
    label,
    url: deployment.mcp.url,
    era: 'modern',
    auth: true,
    issuer: deployment.as.issuer,
    scopes: [...PROTECTED_SCOPES.granted],
    tools: ['account_wizard', 'whoami', 'read_notes', 'write_note', 'admin_reset'],
  })
  const config: DemoConfig = {
    servers: [
      { id: 'demo', label: 'Demo server (2026-07-28, stateless)', url: demo.url, era: 'modern' },
      { id: 'legacy', label: 'Legacy server (2025-11-25, sessions)', url: legacy.url, era: 'legacy' },
      entry(primary, 'Protected server (sign-in, 2026-07-28)'),
      entry(second, 'Second protected server (its own sign-in)'),
      entry(noCors, 'Protected server, token endpoint without CORS (fails in a browser)'),
      entry(coop, 'Protected server, sign-in pages with Cross-Origin-Opener-Policy'),
    ],
    oauthCallbackPath: OAUTH_CALLBACK_PATH,
  }
  config.servers.forEach((server, index) => (server.sandboxUrl = sandboxes[index]!.url))
  // The demo server can be stopped and started again on its port (stopDemo, startDemo): `demo` is the one running now.
  let demoNow = demo
  const demoPort = Number(new URL(demo.url).port)
  const restartable = {
    get demo() {
      return demoNow
    },
    stopDemo: () => demoNow.close(),
    async startDemo() {
      demoNow = await startDemoServer({ host: HOST, port: demoPort })
    },
  }
  const stopAll = async () => {
    await stopServers()
    if (demoNow !== demo) await demoNow.close()
  }
  const pageListens = (url: string) => {
    pageOrigin = new URL(url).origin
    for (const deployment of Object.values(deployments)) deployment.as.allowOrigin(pageOrigin)
    return { pageUrl: url, redirectUri: `${pageOrigin}${OAUTH_CALLBACK_PATH}` }
  }
  try {
    const chatRoute = await loadChatRoute()
    const callStore = await loadCallStore()
    const stopAll = async () => {
      await callStore.close().catch(() => {})
      await stopServers()
    }
    if (options.mode === 'static') {
      if (options.build !== false) await buildPage()
      const cspReports: string[] = []
      const page = await serveStatic(options.pagePort ?? 0, config, chatRoute, callStore, cspReports)
      const { port } = page.address() as AddressInfo
      return Object.defineProperties(
        {
          ...pageListens(`http://${HOST}:${port}/`),
          cspReports,
          legacy,
          protected: deployments,
          sandboxes,
          config,
          close: async () => {
            await closeServer(page)
            await stopAll()
          },
        },
        Object.getOwnPropertyDescriptors(restartable),
      ) as DemoStack
    }
    const { createServer: createVite } = await import('vite')
    const vite = await createVite({
      configFile: join(demoDir, 'vite.config.ts'),
      server: { host: HOST, port: options.pagePort ?? 5173, strictPort: false },
      plugins: [
        {
          name: 'demo-config',
          configureServer(server) {
            server.middlewares.use('/demo-config.json', (_req, res) => {
              res.setHeader('content-type', 'application/json')
              res.end(JSON.stringify(config))
            })
            server.middlewares.use((req, res, next) => {
              for (const [name, value] of Object.entries(callbackHeaders(new URL(req.url ?? '/', 'http://x')))) res.setHeader(name, value)
              next()
            })
            server.middlewares.use((req, res, next) => callStore.route(req, res) || routeChat(chatRoute, req, res, next))
          },
        },
      ],
    })
    await vite.listen()
    const address = vite.httpServer?.address() as AddressInfo
    return Object.defineProperties(
      {
        ...pageListens(`http://${HOST}:${address.port}/`),
        // Vite's dev server sends no CSP.
        cspReports: [] as string[],
        legacy,
        protected: deployments,
        sandboxes,
        config,
        close: async () => {
          await vite.close()
          await stopAll()
        },
      },
      Object.getOwnPropertyDescriptors(restartable),
    ) as DemoStack
  } catch (error) {
    await stopAll()
    throw error
  }
}
