/**
 * Loads one of the core's on-demand chunks (the 2025-11-25 era, tasks, the
 * change listener, the SSE reader, the result cache), or a layer's (the auth
 * layer's sign-in flow, through the core's index). A chunk that cannot be
 * fetched (the page went offline, a deploy replaced the files it was built
 * with) fails the request that needed it with a typed {@link McpNetworkError}
 * naming what was being loaded, never a bare `TypeError` (the result cache,
 * which no request needs, turns it into a warning: cache-handle.ts).
 */
import { McpNetworkError } from './errors.js'

export async function loadChunk<T>(what: string, load: () => Promise<T>, details: { method?: string | undefined; url?: string | undefined } = {}): Promise<T> {
  try {
    return await load()
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new McpNetworkError(new Error(`could not load ${what} of mcp-elicit (${reason})`, { cause }), details)
  }
}

/**
 * `make` run once, its promise shared by every caller; forgotten when it
 * rejects, so the next caller runs it again (the page came back online).
 * How every layer holds what it loads on demand. The call that runs `make`
 * passes it its arguments.
 */
export function loadOnce<A extends unknown[], T>(make: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let pending: Promise<T> | undefined
  return (...args) =>
    (pending ??= make(...args).catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}
