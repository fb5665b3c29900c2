/**
 * Starts both demo servers and prints their URLs, for checking by hand:
 *
 *   node demo/servers/main.ts            (Node 22+, type stripping)
 *
 * Ports: DEMO_PORT (default 3031) and LEGACY_PORT (default 3032); a taken
 * port falls back to a free one. DEMO_PAGE_ORIGIN limits CORS to the page
 * origin (comma-separated list allowed); default any. Ctrl+C stops both.
 */
import { startDemoServer } from '../../servers/demo-server.ts'
import type { DemoServer } from '../../servers/demo-server.ts'
import { startLegacyDemoServer } from '../../servers/legacy-demo-server.ts'
import type { LegacyDemoServer } from '../../servers/legacy-demo-server.ts'

const HOST = '127.0.0.1'

function portFrom(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name}=${value} is not a port`)
  return port
}

/** Starts on `port`, or on a free port when it is taken. */
async function onPortOrFree<T>(port: number, start: (port: number) => Promise<T>, label: string): Promise<T> {
  try {
    return await start(port)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error
    console.warn(`${label}: port ${port} is taken, using a free port`)
    return start(0)
  }
}

const pageOrigin = process.env.DEMO_PAGE_ORIGIN?.split(',').map((o) => o.trim()).filter(Boolean)

let demo: DemoServer | undefined
let legacy: LegacyDemoServer | undefined
try {
  demo = await onPortOrFree(portFrom('DEMO_PORT', 3031), (port) => startDemoServer({ port, host: HOST, ...(pageOrigin?.length ? { pageOrigin } : {}) }), 'demo server')
  legacy = await onPortOrFree(portFrom('LEGACY_PORT', 3032), (port) => startLegacyDemoServer({ port, host: HOST, ...(pageOrigin?.length ? { pageOrigin } : {}) }), 'legacy server')
} catch (error) {
  console.error(`Could not start the demo servers: ${error instanceof Error ? error.message : String(error)}`)
  await demo?.close()
  process.exit(1)
}

console.log(`Demo MCP server (2026-07-28, stateless):   ${demo.url}`)
console.log(`Legacy MCP server (2025-11-25, sessions):  ${legacy.url}`)
console.log('Press Ctrl+C to stop.')

let stopping = false
async function stop(): Promise<void> {
  if (stopping) return
  stopping = true
  const timer = setTimeout(() => process.exit(0), 3000)
  timer.unref()
  await Promise.allSettled([demo?.close(), legacy?.close()])
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
