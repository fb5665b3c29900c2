/**
 * `npm run demo`: the two demo MCP servers, the protected servers with their
 * authorization servers (oidc-provider), and the demo page, on 127.0.0.1.
 * Ctrl+C stops everything. `--static` serves the built page under the strict
 * CSP the end-to-end tests use. Ports: DEMO_PAGE_PORT (default 5173, the next
 * free one in dev mode if taken), DEMO_SERVER_PORT, DEMO_LEGACY_PORT,
 * DEMO_AUTH_PORT and DEMO_PROTECTED_PORT (the sign-in server and its MCP
 * server), DEMO_AUTH2_PORT and DEMO_PROTECTED2_PORT (the second, separate
 * pair), DEMO_AUTH_NOCORS_PORT and DEMO_PROTECTED_NOCORS_PORT (the pair whose
 * token endpoint has no CORS), DEMO_AUTH_COOP_PORT and DEMO_PROTECTED_COOP_PORT
 * (the pair whose sign-in pages send Cross-Origin-Opener-Policy); all default
 * 0: any free port.
 * DEMO_ACCESS_TOKEN_TTL: access-token lifetime in seconds (default 600).
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

/** A positive whole number of seconds from the environment. */
function secondsFrom(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 1) {
    console.error(`${name}=${raw} is not a number of seconds (1 or more)`)
    process.exit(2)
  }
  return seconds
}

const stack = await startDemoStack({
  mode,
  pagePort: portFrom('DEMO_PAGE_PORT', 5173),
  demoPort: portFrom('DEMO_SERVER_PORT', 0),
  legacyPort: portFrom('DEMO_LEGACY_PORT', 0),
  authPort: portFrom('DEMO_AUTH_PORT', 0),
  protectedPort: portFrom('DEMO_PROTECTED_PORT', 0),
  auth2Port: portFrom('DEMO_AUTH2_PORT', 0),
  protected2Port: portFrom('DEMO_PROTECTED2_PORT', 0),
  authNoCorsPort: portFrom('DEMO_AUTH_NOCORS_PORT', 0),
  protectedNoCorsPort: portFrom('DEMO_PROTECTED_NOCORS_PORT', 0),
  authCoopPort: portFrom('DEMO_AUTH_COOP_PORT', 0),
  protectedCoopPort: portFrom('DEMO_PROTECTED_COOP_PORT', 0),
  accessTokenTtl: secondsFrom('DEMO_ACCESS_TOKEN_TTL', 600),
})
const { primary, second, noCors, coop } = stack.protected

console.log(`
  mcp-elicit demo (${mode})

  chat            ${stack.pageUrl}     (assistant-ui, three servers at once)
  tool console    ${stack.pageUrl}console.html
  chat frameworks ${stack.pageUrl}ai-sdk.html (Vercel AI SDK useChat)   ${stack.pageUrl}assistant-ui.html (assistant-ui)
  custom elements ${stack.pageUrl}elements.html (plain page)   ${stack.pageUrl}vue.html (Vue)
  demo server     ${stack.demo.url}     (2026-07-28, stateless)
  legacy server   ${stack.legacy.url}     (2025-11-25, sessions)

  protected       ${primary.mcp.url}     (sign-in at ${primary.as.issuer})
  protected-2     ${second.mcp.url}     (its own sign-in at ${second.as.issuer})
  protected-nocors ${noCors.mcp.url}    (token endpoint ${noCors.as.tokenEndpoint} has no CORS)
  protected-coop  ${coop.mcp.url}     (sign-in pages at ${coop.as.issuer} send Cross-Origin-Opener-Policy)
  sign-in         any account id and any password on the provider's login page
  OAuth callback  ${stack.redirectUri}

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
