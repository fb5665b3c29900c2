/**
 * Starts the third-party reference server `@modelcontextprotocol/server-everything`
 * (Streamable HTTP transport, a 2025-11-25 session server on the official SDK v1)
 * as a child process on 127.0.0.1.
 *
 * The package listens on `process.env.PORT` on every interface
 * (`app.listen(PORT)`); a preload passed with `--import` makes its listen bind
 * to 127.0.0.1 only, so nothing is reachable from outside the machine. The
 * server is ready when it prints "listening on port"; every wait is bounded,
 * and `stop()` ends the process (SIGTERM, then SIGKILL) and waits for its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

import { freePort } from '../../servers/host.ts'

/** A port that was free a moment ago (the server may still lose a race for it; start() retries). */
export { freePort }

const require = createRequire(import.meta.url)
const packageJson = require.resolve('@modelcontextprotocol/server-everything/package.json')
const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string; bin: Record<string, string> }

/** The installed package's version and its entry (`bin`). */
export const everythingVersion = manifest.version
export const everythingEntry = join(dirname(packageJson), manifest.bin['mcp-server-everything']!)

/** Preload: bind a numeric-port listen() to 127.0.0.1 when the caller named no host. */
const LOOPBACK_PRELOAD = `data:text/javascript,${encodeURIComponent(`
import net from 'node:net'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const port = args[0]
  if ((typeof port === 'number' || (typeof port === 'string' && /^[0-9]+$/.test(port))) && typeof args[1] !== 'string') {
    args.splice(1, 0, '127.0.0.1')
  }
  return listen.apply(this, args)
}
`)}`

export interface EverythingServer {
  url: string
  port: number
  pid: number
  /** Everything the process printed, for failure messages. */
  output: () => string
  /** Ends the process and waits for its exit (bounded). */
  stop: () => Promise<void>
}

const running = new Set<ChildProcess>()
// Safety net: a test run that dies never leaves a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

function launch(port: number, timeoutMs: number): Promise<EverythingServer> {
  const child = spawn(process.execPath, ['--import', LOOPBACK_PRELOAD, everythingEntry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => (running.delete(child), resolve())))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 2000)
    await exited
    clearTimeout(killer)
  }
  return new Promise<EverythingServer>((resolve, reject) => {
    let settled = false
    const fail = (why: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop().then(() => reject(Object.assign(new Error(`server-everything on port ${port}: ${why}\n${output}`), { output })))
    }
    const timer = setTimeout(() => fail(`not listening after ${timeoutMs} ms`), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (!settled && /listening on port/.test(output)) {
        settled = true
        clearTimeout(timer)
        resolve({ url: `http://127.0.0.1:${port}/mcp`, port, pid: child.pid!, output: () => output, stop })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code, signal) => fail(`exited early (code ${code}, signal ${signal})`))
    child.once('error', (error) => fail(`could not start: ${error.message}`))
  })
}

/**
 * Starts a server. With `port`, exactly that port (used to restart a server
 * where the previous one was); without, a free one, retried if lost to a race.
 */
export async function startEverything(options: { port?: number; timeoutMs?: number } = {}): Promise<EverythingServer> {
  const timeoutMs = options.timeoutMs ?? 10_000
  if (options.port !== undefined) return launch(options.port, timeoutMs)
  let failure: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await launch(await freePort(), timeoutMs)
    } catch (error) {
      failure = error
      if (!String((error as { output?: string }).output ?? '').includes('EADDRINUSE') && !String((error as { output?: string }).output ?? '').includes('already in use')) throw error
    }
  }
  throw failure
}

/**
 * One server-everything process for a test file, and the clients the file
 * makes on it, closed after each test: the setup both third-party files share.
 */
export function everythingPerFile(): { readonly server: EverythingServer; track<T extends { close(): Promise<void> }>(client: T): T; restart(): Promise<void> } {
  let server: EverythingServer | undefined
  const clients: Array<{ close(): Promise<void> }> = []
  beforeAll(async () => {
    server = await startEverything()
  }, 15_000)
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})))
  })
  afterAll(async () => {
    await server?.stop()
  })
  return {
    get server() {
      if (!server) throw new Error('server-everything is not started yet')
      return server
    },
    track: (client) => {
      clients.push(client)
      return client
    },
    /** Kills the server process and starts a new one on the same port. */
    restart: async () => {
      const port = server!.port
      await server!.stop()
      server = await startEverything({ port })
    },
  }
}
