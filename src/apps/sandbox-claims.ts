/**
 * One sandbox origin per server. Every app's proxy page runs on the sandbox
 * origin with `allow-same-origin`, so two apps on one origin are
 * same-origin with each other: app A (server X) can reach the proxy frame of
 * app B (server Y) through `top.frames`, post from it messages that pass the
 * host's source and origin check as B's, call B's tools, answer B's
 * app-drawn questions, read what the person types into B, and share B's
 * storage. The browser cannot tell them apart, so the host must keep them
 * apart: while an app of one server is live on a sandbox origin in a page,
 * an app of another server is refused there (`APP_SANDBOX_SHARED`). The fix
 * is a sandbox origin per server: `sandbox` as a function of the server's
 * endpoint (`McpAppOptions.sandbox`).
 */
import { McpAppError } from './errors.js'

/** The sandbox proxy page, or where it is for each server: `(server) => url`, one origin per endpoint. */
export type McpAppSandbox = string | URL | ((server: { url: string }) => string | URL)

interface Claim {
  endpoint: string
  live: number
}

/** Per page (tests run several windows in one process): sandbox origin -> the server whose apps it holds now. */
const claims = new WeakMap<object, Map<string, Claim>>()
/** Pages already told why, once each. */
const warned = new WeakSet<object>()

/** The sandbox page of `sandbox` for the server at `endpoint`. */
export function sandboxFor(sandbox: McpAppSandbox, endpoint: string): string | URL {
  return typeof sandbox === 'function' ? sandbox({ url: endpoint }) : sandbox
}

/**
 * Takes `origin` in `page` for the server at `endpoint` until the returned
 * release is called (once the app's frame is gone). Apps of the same server
 * share it; an app of another server is refused while one is live there.
 * @throws McpAppError `APP_SANDBOX_SHARED`
 */
export function claimSandboxOrigin(page: object, origin: string, endpoint: string, warn: (message: string) => void): () => void {
  let origins = claims.get(page)
  if (!origins) claims.set(page, (origins = new Map()))
  const claim = origins.get(origin)
  if (claim && claim.live > 0 && claim.endpoint !== endpoint) {
    const error = new McpAppError(
      'APP_SANDBOX_SHARED',
      `An app of ${claim.endpoint} is live on the sandbox origin ${origin}; an app of ${endpoint} there could be scripted by it (same origin). Give each server its own sandbox origin: sandbox: (server) => url.`,
    )
    if (!warned.has(page)) {
      warned.add(page)
      warn(
        `[mcp-elicit/apps] Refused an app of ${endpoint}: apps of two servers on one sandbox origin (${origin}) can act as each other. Pass sandbox as a function returning a sandbox page on a separate origin per server (docs/apps.md, "One sandbox origin per server").`,
      )
    }
    throw error
  }
  const held = claim && claim.live > 0 ? claim : { endpoint, live: 0 }
  held.live += 1
  origins.set(origin, held)
  let released = false
  return () => {
    if (released) return
    released = true
    held.live -= 1
  }
}
