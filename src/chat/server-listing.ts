/**
 * The listing a model gets from a set of servers, one reader for both chat
 * adapters: each server's tools read as one server's are (tool-listing.ts:
 * checked, bounded, app-only tools out), named `<serverId>__<tool>` (the
 * core's qualified names: stable, unique, what every provider takes), each
 * description saying which server the tool comes from, and one line per
 * server whose tools are not offered now saying why.
 *
 * What it reads is the browser's (for the AI SDK it reaches the route in the
 * chat request): a server id that is not one, or one given twice, leaves that
 * server out; a display name is cleaned and clipped; a status is one of the
 * set's or the server is taken as unavailable.
 */
import { isServerId, qualifyToolNames, type McpServerStatus } from '../core/index.js'
import { cleanText, isObject } from './json.js'
import { listingEntries, readListingEntries, type ModelTool, type SkippedTool, type ToolListingLimits } from './tool-listing.js'

/** One server of a set as a chat request carries it: its id, its display name, its status and, when ready, its tools. */
export interface ServerListing {
  id: string
  name: string
  status: McpServerStatus
  /** Its tools (a `tools/list` result's `tools`), when `status` is `ready`. */
  tools?: readonly unknown[] | undefined
}

/** A server whose tools are not offered, and the line the model reads about it. */
export interface UnavailableServer {
  id: string
  name: string
  status: McpServerStatus
  /** For the model: which server, and why its tools are not offered now. */
  line: string
}

/** A tool of a set of servers, as the model will see it. */
export interface ServerTool extends ModelTool {
  /** The server it comes from. */
  server: { id: string; name: string }
}

export interface ServerToolListing {
  tools: ServerTool[]
  /** Tools left out (their `name` prefixed with the server id), and servers left out (`invalid-server`). */
  skipped: SkippedTool[]
  unavailable: UnavailableServer[]
}

const MAX_SERVER_NAME = 100

const WHY: Record<McpServerStatus, string> = {
  ready: 'none of its tools can be offered (it lists none the model may call, or the conversation has too many tools)',
  listing: 'its tools are not listed yet',
  'signed-out': 'the person is not signed in to it (they can sign in from the page)',
  'signing-in': 'it waits for the person to sign in',
  slow: 'it did not list its tools in time (it may be back on a later turn)',
  unreachable: 'it could not be reached',
  failed: 'it answered its tool listing with an error',
}
const STATUSES = new Set(Object.keys(WHY))

/** The line the model reads about a server whose tools are not offered. */
export function unavailableLine(server: { id: string; name: string; status: McpServerStatus }): string {
  return `The tools of the MCP server “${server.name}” (${server.id}) are not offered now: ${WHY[server.status] ?? 'it is not available'}.`
}

/** Lines for the model's system prompt about the servers whose tools are not offered; undefined when every server is there. */
export function unavailableNote(unavailable: readonly UnavailableServer[]): string | undefined {
  return unavailable.length === 0 ? undefined : unavailable.map((server) => server.line).join('\n')
}

/** The `{ servers: [...] }` a set's chat request carries, or undefined when `listing` is not one. */
export function serverListings(listing: unknown): unknown[] | undefined {
  return isObject(listing) && Array.isArray(listing.servers) ? listing.servers : undefined
}

/**
 * Reads the servers' listings into the tools the model may be offered
 * (`maxTools` across all of them, in the servers' order), their qualified
 * names never one of `reserved` (the app's own tools), and the servers that
 * offer none, with the line saying why.
 */
export function readServerListings(servers: readonly unknown[], limits: ToolListingLimits = {}, reserved: Iterable<string> = []): ServerToolListing {
  const taken = [...reserved]
  const tools: ServerTool[] = []
  const skipped: SkippedTool[] = []
  const unavailable: UnavailableServer[] = []
  const seen = new Set<string>()
  let room = limits.maxTools !== undefined && limits.maxTools > 0 ? limits.maxTools : 128
  servers.forEach((value, index) => {
    const id = isObject(value) ? value.id : undefined
    if (!isObject(value) || !isServerId(id) || seen.has(id)) {
      skipped.push({ index, name: typeof id === 'string' ? id.slice(0, 40) : '', reason: 'invalid-server' })
      return
    }
    seen.add(id)
    // One line: it is quoted in each tool's description and in the line saying why a server's tools are missing.
    const name = cleanText(typeof value.name === 'string' ? value.name.replace(/\s+/g, ' ') : undefined, MAX_SERVER_NAME) ?? id
    const status = typeof value.status === 'string' && STATUSES.has(value.status) ? (value.status as McpServerStatus) : 'failed'
    const entries = status === 'ready' ? listingEntries(value.tools) : undefined
    const read = entries ? readListingEntries(entries, { ...limits, maxTools: Math.max(room, 1) }) : undefined
    if (read && room <= 0) {
      // The conversation's budget of tools is spent: this server's go, each named, as past `maxTools` in one listing.
      skipped.push(...read.tools.map((tool) => ({ index: tool.index, name: `${id}__${tool.mcpName}`, reason: 'too-many' as const })))
      read.tools.length = 0
    }
    if (!read || read.tools.length === 0) {
      unavailable.push({ id, name, status, line: unavailableLine({ id, name, status }) })
      skipped.push(...(read?.skipped ?? []).map((tool) => ({ ...tool, name: `${id}__${tool.name}` })))
      return
    }
    room -= read.tools.length
    const names = qualifyToolNames(
      id,
      read.tools.map((tool) => tool.mcpName),
      taken,
    )
    read.tools.forEach((tool, at) => tools.push({ ...tool, modelName: names[at]!, server: { id, name } }))
    skipped.push(...read.skipped.map((tool) => ({ ...tool, name: `${id}__${tool.name}` })))
  })
  return { tools, skipped, unavailable }
}

/**
 * What the model reads of a tool: the server it comes from (in a set), the
 * server's description (else its title), and what its hints say.
 */
export function describeForModel(tool: ModelTool & { server?: { id: string; name: string } | undefined }): string | undefined {
  const { readOnly, destructive } = tool.hints
  const notes = [readOnly ? 'Read-only.' : undefined, destructive && !readOnly ? 'May change or delete data.' : undefined]
  const from = tool.server ? `A tool of the MCP server “${tool.server.name}”.` : undefined
  const text = [from, tool.description ?? tool.title, ...notes].filter(Boolean).join(' ')
  return text === '' ? undefined : text
}
