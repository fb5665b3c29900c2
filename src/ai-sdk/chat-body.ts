/**
 * The browser's side of the listing: the person's MCP clients list their
 * servers' tools (signed in as the person) and the chat request carries the
 * listing to the route, which turns it into tools for the model
 * ({@link mcpToolsForModel}). So the route never holds the person's MCP
 * tokens, and never talks to an MCP server at all. For a set of servers the
 * listing is each server's tools with its id, display name and status: a
 * server that is down, slow or signed out is there with its status only, so
 * the route can tell the model why its tools are missing.
 *
 * The listing is the server's, so it goes through the route's own checks
 * here first: a request body is serialised whole on every turn, and one
 * tool nested 100,000 deep (JSON.stringify throws) or described in 5 MiB
 * (the route refuses the body) would break every request of the chat.
 */
import type { McpClient, McpServerSet, Tool } from '../core/index.js'
import type { ServerListing } from '../chat/server-listing.js'
import { listingEntries, readListingEntries, type ModelTool, type SkippedTool, type ToolListingLimits } from '../chat/tool-listing.js'

export type { ServerListing } from '../chat/server-listing.js'

/** The request body field the listing travels in. */
export const MCP_TOOLS_FIELD = 'mcpTools'

/** What the route needs of a tool; the rest of the listing (most of `_meta`) stays in the browser. */
export type ChatTool = Pick<Tool, 'name' | 'inputSchema'> & Partial<Pick<Tool, 'title' | 'description' | 'outputSchema' | 'annotations' | '_meta'>>

/**
 * One tool cut down to what the route reads, after the route's checks:
 * undefined when the route would leave it out (see {@link mcpChatBody}).
 */
export function chatTool(tool: unknown, limits?: ToolListingLimits): ChatTool | undefined {
  const checked = readListingEntries([tool], limits).tools[0]
  return checked && fromChecked(checked)
}

/** A checked tool as the route reads it again: checked copies and clipped texts only, never the server's objects. */
function fromChecked(tool: ModelTool): ChatTool {
  const kept: ChatTool = { name: tool.mcpName, inputSchema: tool.inputSchema as ChatTool['inputSchema'] }
  if (tool.title !== undefined) kept.title = tool.title
  if (tool.description !== undefined) kept.description = tool.description
  if (tool.outputSchema !== undefined) kept.outputSchema = tool.outputSchema as ChatTool['inputSchema']
  const { readOnly, destructive, idempotent, openWorld } = tool.hints
  const annotations = { readOnlyHint: readOnly, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld }
  const hints = Object.fromEntries(Object.entries(annotations).filter(([, value]) => value !== undefined))
  if (Object.keys(hints).length > 0) kept.annotations = hints
  // App-only tools are left out already, so the app's address is all of `_meta.ui` the route still reads.
  if (tool.appResourceUri !== undefined) kept._meta = { ui: { resourceUri: tool.appResourceUri } }
  return kept
}

/** What a set of servers sends the route: each server's id, display name, status and (when ready) its tools, cut down as {@link ChatTool}s. */
export interface ChatServerListing {
  servers: Array<ServerListing & { tools?: ChatTool[] | undefined }>
}

export interface McpChatBodyOptions {
  /** Aborts the listing. */
  signal?: AbortSignal | undefined
  /** A set of servers: how long the request waits for one server's listing before leaving its tools out (`slow`). @defaultValue the set's `listTimeoutMs` */
  listTimeoutMs?: number | undefined
  /**
   * A set of servers: ask each server for its tools on every request, so one
   * that went down leaves the listing the model gets (with the line saying
   * why) and comes back once it answers again; `false` takes what each
   * client has cached. @defaultValue true
   */
  reload?: boolean | undefined
  /** The route's limits, when it sets its own (`mcpToolsForModel(listing, limits)`): the body is cut to the same ones. */
  limits?: ToolListingLimits | undefined
  /** Told the tools left out of the body (refused names, bad or oversized schemas, app-only, too many). @defaultValue `console.warn` */
  onSkipped?: ((skipped: SkippedTool[]) => void) | undefined
}

/**
 * The body fields a chat request adds for the route: `{ mcpTools }`. From a
 * set of servers (`createServerSet`): every server listed side by side, each
 * within the set's bound (`listTimeoutMs`), and for each its id, display
 * name, status and, when ready, its tools; from one client (whose
 * `listTools` is cached) or a listing you already have: its tools. Only
 * tools that pass the route's checks go, each cut down to what the route
 * reads. For `DefaultChatTransport`'s `body`, which may be a function, so
 * each request sends the listing as it is then.
 * @example
 * ```ts
 * new DefaultChatTransport({ api: '/api/chat', body: () => mcpChatBody(servers) })
 * ```
 */
export async function mcpChatBody(source: McpServerSet, options?: McpChatBodyOptions): Promise<{ [MCP_TOOLS_FIELD]: ChatServerListing }>
export async function mcpChatBody(source: Pick<McpClient, 'listTools'> | readonly Tool[], options?: McpChatBodyOptions): Promise<{ [MCP_TOOLS_FIELD]: ChatTool[] }>
export async function mcpChatBody(source: McpServerSet | Pick<McpClient, 'listTools'> | readonly Tool[], options: McpChatBodyOptions = {}): Promise<{ [MCP_TOOLS_FIELD]: ChatServerListing | ChatTool[] }> {
  if (isServerSet(source)) {
    const states = await source.refresh({ signal: options.signal, timeoutMs: options.listTimeoutMs, reload: options.reload ?? true })
    const servers = states.map((state): ChatServerListing['servers'][number] => {
      if (state.status !== 'ready' || !state.tools) return { id: state.id, name: state.name, status: state.status }
      return { id: state.id, name: state.name, status: state.status, tools: checked(state.tools, options, `${state.id}__`) }
    })
    return { [MCP_TOOLS_FIELD]: { servers } }
  }
  const listed: unknown = Array.isArray(source) ? source : await (source as Pick<McpClient, 'listTools'>).listTools({ signal: options.signal })
  return { [MCP_TOOLS_FIELD]: checked(listingEntries(listed) ?? [], options) }
}

/** The tools of one listing that pass the route's checks, cut down; the others reported (their names after `prefix`). */
function checked(entries: readonly unknown[], options: McpChatBodyOptions, prefix = ''): ChatTool[] {
  const read = readListingEntries(entries, options.limits)
  if (read.skipped.length > 0) {
    const report = options.onSkipped ?? ((skipped: SkippedTool[]) => console.warn(`[mcp-elicit/ai-sdk] ${skipped.length} tool(s) left out of the chat request: ${skipped.map((tool) => `${tool.name || '(unnamed)'}: ${tool.reason}`).join(', ')}`))
    report(read.skipped.map((tool) => ({ ...tool, name: `${prefix}${tool.name}` })))
  }
  return read.tools.map(fromChecked)
}

function isServerSet(source: unknown): source is McpServerSet {
  return typeof source === 'object' && source !== null && typeof (source as McpServerSet).refresh === 'function' && typeof (source as McpServerSet).route === 'function'
}
