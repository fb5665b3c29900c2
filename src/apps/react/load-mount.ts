/**
 * The MCP Apps host (`mountMcpApp` with the resource read, the CSP, the
 * frame, the bridge and its handlers, SEP-3118 forwarding), loaded with the
 * first app a page shows: `<McpAppsProvider>` is around every call, but most
 * tools have no app, and until the listing says one does, nothing is drawn.
 * The host's own chunk, mounting at once (a component mounts once it is
 * there): not mount.ts, whose handle waits for the host as a second chunk.
 * Once per page; a failed load is forgotten, so the next app tries again.
 */
import { loadChunk, loadOnce } from '../../core/index.js'
import type { mountMcpApp } from '../mount.js'

export const loadMount: () => Promise<typeof mountMcpApp> = loadOnce(() => loadChunk('the MCP Apps host', () => import('../app-host.js').then((module) => module.mountAppNow)))
