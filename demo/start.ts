/**
 * `npm run demo`: the two demo MCP servers and the demo page, on 127.0.0.1.
 * Ctrl+C stops everything. `--static` serves the built page under the strict
 * CSP the end-to-end tests use.
 */
import { startDemoStack } from './stack.ts'

const mode = process.argv.includes('--static') ? 'static' : 'dev'
const stack = await startDemoStack({ mode, pagePort: Number(process.env.DEMO_PAGE_PORT ?? 5173) })

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
