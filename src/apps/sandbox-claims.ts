/**
 * One sandbox host per server. Every app's proxy page runs on the sandbox
 * origin with `allow-same-origin`, so two apps on one origin are
 * same-origin with each other: app A (server X) can reach the proxy frame of
 * app B (server Y) through `top.frames`, post from it messages that pass the
 * host's source and origin check as B's, call B's tools, answer B's
 * app-drawn questions, read what the person types into B, and share B's
 * storage. Two ports of one host name are two origins but one cookie jar
 * (cookies are scoped by host name), so they share B's cookies all the same.
 * The browser cannot tell them apart, so the host must keep them apart:
 * while an app of one server is live on a sandbox host name in a page, an
 * app of another server is refused there (`APP_SANDBOX_SHARED`). The fix is
 * a sandbox host per server: `sandbox` as a function of the server's
 * endpoint (`McpAppOptions.sandbox`).
 *
 * Claims are per window: two tabs of one page do not see each other's.
 * Apps in two tabs cannot reach each other's frames (no window reference
 * crosses tabs), but on one sandbox host they share its storage and cookies.
 */
import { McpAppError } from './errors.js'

/** The sandbox proxy page, or where it is for each server: `(server) => url`, one host name per endpoint. */
export type McpAppSandbox = string | URL | ((server: { url: string }) => string | URL)

interface Claim {
  endpoint: string
  live: number
}

/** Per page (tests run several windows in one process): sandbox host name -> the server whose apps it holds now. */
const claims = new WeakMap<object, Map<string, Claim>>()
/** Pages already told why, once each. */
const warned = new WeakSet<object>()

/** The sandbox page of `sandbox` for the server at `endpoint`. */
export function sandboxFor(sandbox: McpAppSandbox, endpoint: string): string | URL {
  return typeof sandbox === 'function' ? sandbox({ url: endpoint }) : sandbox
}

/**
 * Takes the host name `host` in `page` for the server at `endpoint` until
 * the returned release is called (once the app's frame is gone). Apps of the
 * same server share it; an app of another server is refused while one is
 * live there, on any port of it.
 * @throws McpAppError `APP_SANDBOX_SHARED`
 */
export function claimSandboxHost(page: object, host: string, endpoint: string, warn: (message: string) => void): () => void {
  let hosts = claims.get(page)
  if (!hosts) claims.set(page, (hosts = new Map()))
  const claim = hosts.get(host)
  if (claim && claim.live > 0 && claim.endpoint !== endpoint) {
    const error = new McpAppError(
      'APP_SANDBOX_SHARED',
      `An app of ${claim.endpoint} is live on the sandbox host ${host}; an app of ${endpoint} there could be scripted by it (same origin) or share its cookies (same host name). Give each server its own sandbox host: sandbox: (server) => url.`,
    )
    if (!warned.has(page)) {
      warned.add(page)
      warn(
        `[mcp-elicit/apps] Refused an app of ${endpoint}: apps of two servers on one sandbox host (${host}) can act as each other. Pass sandbox as a function returning a sandbox page on a separate host name per server (docs/apps.md, "One sandbox host per server").`,
      )
    }
    throw error
  }
  const held = claim && claim.live > 0 ? claim : { endpoint, live: 0 }
  held.live += 1
  hosts.set(host, held)
  let released = false
  return () => {
    if (released) return
    released = true
    held.live -= 1
  }
}
