/**
 * Everything the demo needs, started together on 127.0.0.1: the modern demo
 * server, the legacy demo server, and the page, either from Vite's dev server
 * (`npm run demo`) or built and served statically under a strict
 * Content-Security-Policy (the end-to-end tests). The page learns the server
 * URLs from `/demo-config.json`.
 */
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDemoServer } from './servers/demo-server.ts'
import type { DemoServer } from './servers/demo-server.ts'
import { startLegacyDemoServer } from './servers/legacy-demo-server.ts'
import type { LegacyDemoServer } from './servers/legacy-demo-server.ts'

const HOST = '127.0.0.1'
const demoDir = fileURLToPath(new URL('.', import.meta.url))
const distDir = join(demoDir, 'dist')

export interface DemoConfig {
  servers: Array<{ id: string; label: string; url: string; era: 'modern' | 'legacy' }>
}

export interface DemoStack {
  pageUrl: string
  demo: DemoServer
  legacy: LegacyDemoServer
  config: DemoConfig
  close(): Promise<void>
}

export interface StackOptions {
  /** `dev`: Vite's dev server with hot reload. `static`: the built page under a strict CSP. */
  mode: 'dev' | 'static'
  pagePort?: number
  demoPort?: number
  legacyPort?: number
}

/** The page's policy: no inline script, no eval, nothing loaded from elsewhere. */
export function contentSecurityPolicy(config: DemoConfig): string {
  const servers = [...new Set(config.servers.map((s) => new URL(s.url).origin))].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${servers}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
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

async function serveStatic(port: number, config: DemoConfig): Promise<Server> {
  const policy = contentSecurityPolicy(config)
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    res.setHeader('Content-Security-Policy', policy)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    if (path === '/demo-config.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config))
      return
    }
    const file = normalize(join(distDir, path === '/' ? 'index.html' : path))
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, HOST, resolve))
  return server
}

export async function startDemoStack(options: StackOptions): Promise<DemoStack> {
  const demo = await startDemoServer({ host: HOST, port: options.demoPort ?? 0 })
  const legacy = await startLegacyDemoServer({ host: HOST, port: options.legacyPort ?? 0 })
  const config: DemoConfig = {
    servers: [
      { id: 'demo', label: 'Demo server (2026-07-28, stateless)', url: demo.url, era: 'modern' },
      { id: 'legacy', label: 'Legacy server (2025-11-25, sessions)', url: legacy.url, era: 'legacy' },
    ],
  }
  const stopServers = async () => {
    await Promise.allSettled([demo.close(), legacy.close()])
  }
  try {
    if (options.mode === 'static') {
      await buildPage()
      const page = await serveStatic(options.pagePort ?? 0, config)
      const { port } = page.address() as AddressInfo
      return {
        pageUrl: `http://${HOST}:${port}/`,
        demo,
        legacy,
        config,
        close: async () => {
          page.closeAllConnections()
          await new Promise((resolve) => page.close(resolve))
          await stopServers()
        },
      }
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
          },
        },
      ],
    })
    await vite.listen()
    const address = vite.httpServer?.address() as AddressInfo
    return {
      pageUrl: `http://${HOST}:${address.port}/`,
      demo,
      legacy,
      config,
      close: async () => {
        await vite.close()
        await stopServers()
      },
    }
  } catch (error) {
    await stopServers()
    throw error
  }
}
