/**
 * `npm run demo`: the two demo MCP servers and the demo page, on 127.0.0.1.
 * Ctrl+C stops everything. `--static` serves the built page under the strict
 * CSP the end-to-end tests use. Ports: DEMO_PAGE_PORT (default 5173, the next
 * free one in dev mode if taken), DEMO_SERVER_PORT and DEMO_LEGACY_PORT
 * (default 0: any free port).
 */
import { startDemoStack } from './stack.ts'

const mode = process.argv.includes('--static') ? 'static' : 'dev'
/** A port from the environment: unset means the default, anything but 0-65535 stops the demo. */
function portFrom(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name}=${raw} is not a port (0-65535; 0 picks a free one)`)
    process.exit(2)
  }
  return port
}

const stack = await startDemoStack({
  mode,
  pagePort: portFrom('DEMO_PAGE_PORT', 5173),
  demoPort: portFrom('DEMO_SERVER_PORT', 0),
  legacyPort: portFrom('DEMO_LEGACY_PORT', 0),
})

console.log(`
  mcp-elicit demo (${mode})

  page            ${stack.pageUrl}
  demo server     ${stack.demo.url}     (2026-07-28, stateless)
  legacy server   ${stack.legacy.url}     (2025-11-25, sessions)

  Ctrl+C stops everything.
`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await stack.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
