/**
 * `mountMcpApp` and everything behind it (the resource read, the CSP, the
 * frame, the bridge and its handlers, SEP-3118 forwarding), loaded with the
 * first app a page shows: `<McpAppsProvider>` is around every call, but most
 * tools have no app, and until the listing says one does, nothing is drawn.
 * Once per page; a failed load is forgotten, so the next app tries again.
 */
import { loadChunk, loadOnce } from '../../core/index.js'
import { McpAppError } from '../errors.js'
import type { mountMcpApp } from '../mount.js'

export const loadMount: () => Promise<typeof mountMcpApp> = loadOnce(() => loadChunk('the MCP Apps host', () => import('../mount.js').then((module) => module.mountMcpApp)))

/** What a host is told when that chunk cannot be fetched: the app's frame could not be created (`APP_FRAME_FAILED`), the core's `McpNetworkError` in `cause`. */
export function mountLoadFailed(cause: unknown, uri: string | undefined): McpAppError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new McpAppError('APP_FRAME_FAILED', `The app could not be shown: ${reason}`, { cause, uri })
}
