/**
 * Where one server of a set stands (server-set.ts keeps the set): its
 * entry, its status and what the set keeps of it, and how a status follows
 * from its listing in flight, its last error and its sign-in.
 */
import type { McpClient } from './client.js'
import { sameEndpoint } from './endpoint-key.js'
import { isObject } from './server-values.js'
import type { Tool } from './types.js'

/**
 * What the set needs of a sign-in store (`browserSignIn()`'s, from
 * `mcp-elicit/auth`, has it all): the same shape as the React layer's
 * `SignInStore`, read structurally so the core stays free of the auth code.
 */
export interface McpServerSignIn {
  subscribe(listener: () => void): () => void
  getSnapshot(): unknown
  signIn(endpoint?: string): void
  redirect(endpoint?: string): void
  cancel(endpoint?: string): void
  signOut(endpoint: string): Promise<void>
  isSignedIn(endpoint: string): boolean
}

/** One server of a set. */
export interface McpServerEntry {
  /**
   * The host's id for the server, stable for as long as conversations that
   * used it are kept: a letter, then up to 23 letters, digits or `-`. Every
   * tool's model name starts with it (`<id>__<tool>`).
   */
  id: string
  /** The server's name for people (the tool parts' headings, the sign-in card) and for the model ("From …"). */
  name: string
  /** Its client (`createClient(url, options)`); one client per entry. */
  client: McpClient
  /** The browser sign-in of the client's `auth` (`browserOAuth(…).signIn`), when the server needs one. */
  signIn?: McpServerSignIn | undefined
  /** The MCP Apps sandbox page for this server's apps, on a host name of its own (docs/apps.md, "One sandbox host per server"). */
  sandbox?: string | URL | undefined
}

/**
 * Where a server stands:
 * - `ready`: its tools are known (`fresh` says whether listed on this page or kept from before the reload);
 * - `listing`: its first listing is on its way (or not asked for yet);
 * - `signed-out`: it needs a sign-in the person has not made (or a listing was refused for want of one);
 * - `signing-in`: its listing waits for the person to sign in;
 * - `slow`: its listing took longer than `listTimeoutMs` and goes on;
 * - `unreachable`: its listing could not reach it (network, CORS, a failed connection);
 * - `failed`: it answered its listing with an error.
 */
export type McpServerStatus = 'ready' | 'listing' | 'signed-out' | 'signing-in' | 'slow' | 'unreachable' | 'failed'

/** One server as the set sees it now. */
export interface McpServerState {
  id: string
  name: string
  /** The client's URL. */
  url: string
  status: McpServerStatus
  /** Its latest known listing (fresh, or kept from before a reload), whatever its status; undefined when none is known. */
  tools: readonly Tool[] | undefined
  /** `tools` came from a listing on this page. */
  fresh: boolean
  /** Why the last listing failed (`unreachable`, `failed`, `signed-out` after a refusal). */
  error: unknown
}

/** Where a call of tool `name` of server `serverId` goes. */
export type McpToolRoute =
  /** The server has the tool (its latest known listing has it). */
  | { status: 'found'; server: McpServerEntry; tool: Tool }
  /** No listing of the server is known yet: call the tool as named (the server answers if it has none). */
  | { status: 'unlisted'; server: McpServerEntry }
  /** The server's latest listing has no such tool. */
  | { status: 'no-tool'; server: McpServerEntry }
  /** The set has no server of that id. */
  | { status: 'no-server' }

/** What the set keeps of one server. */
export interface Kept {
  entry: McpServerEntry
  endpoint: string
  tools: readonly Tool[] | undefined
  fresh: boolean
  error: unknown
  /** The listing in flight, if any, and what marks it as the current one. */
  listing: Promise<void> | undefined
  token: object | undefined
  /** The listing in flight passed `listTimeoutMs`. */
  slow: boolean
  /** The last listing was refused for want of a sign-in, or the store says signed out. */
  refused: boolean
  /** What `isSignedIn` last said (entries with a sign-in). */
  signedIn: boolean
}

/** Whether an error is a refusal for want of a sign-in: an auth error, or HTTP 401/403. */
export function isSignInRefusal(error: unknown): boolean {
  if (!isObject(error) && !(error instanceof Error)) return false
  const { code, status } = error as { code?: unknown; status?: unknown }
  return (typeof code === 'string' && code.startsWith('AUTH_')) || status === 401 || status === 403
}

/** `unreachable` for a failure to reach the server, `slow` for the client's own timeout, `failed` for an answer that is an error. */
function failureStatus(error: unknown): McpServerStatus {
  const code = isObject(error) || error instanceof Error ? (error as { code?: unknown }).code : undefined
  if (code === 'TIMEOUT') return 'slow'
  if (code === 'NETWORK_ERROR' || code === 'SESSION_FAILED' || code === 'STREAM_ENDED' || code === 'REDIRECT_REFUSED') return 'unreachable'
  return 'failed'
}

/** The sign-in the store shows now is `endpoint`'s (read structurally: the store's snapshot is the auth layer's type). */
function isSigningIn(store: McpServerSignIn, endpoint: string): boolean {
  const state = store.getSnapshot()
  if (!isObject(state) || state.status !== 'signing_in' || !isObject(state.pending)) return false
  return typeof state.pending.endpoint === 'string' && sameEndpoint(state.pending.endpoint, endpoint)
}

/** Where `server` stands now, as the set's snapshot shows it. */
export function stateOf(server: Kept): McpServerState {
  const { entry } = server
  let status: McpServerStatus
  if (server.listing && entry.signIn && isSigningIn(entry.signIn, server.endpoint)) status = 'signing-in'
  else if (server.listing && server.slow) status = 'slow'
  else if (server.listing) status = server.tools && !server.refused ? 'ready' : 'listing'
  else if (server.refused) status = 'signed-out'
  else if (server.error !== undefined) status = failureStatus(server.error)
  else status = server.tools ? 'ready' : 'listing'
  return { id: entry.id, name: entry.name, url: entry.client.url, status, tools: server.tools, fresh: server.fresh, error: server.error }
}
