/**
 * The browser's side of the listing: the person's MCP client lists the
 * server's tools (signed in as the person) and the chat request carries the
 * listing to the route, which turns it into tools for the model
 * ({@link mcpToolsForModel}). So the route never holds the person's MCP
 * token, and never talks to the MCP server at all.
 *
 * The listing is the server's, so it goes through the route's own checks
 * here first: a request body is serialised whole on every turn, and one
 * tool nested 100,000 deep (JSON.stringify throws) or described in 5 MiB
 * (the route refuses the body) would break every request of the chat.
 */
import type { McpClient, Tool } from '../core/index.js'
import { listingEntries, readListingEntries, type ModelTool, type SkippedTool, type ToolListingLimits } from '../chat/tool-listing.js'

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

export interface McpChatBodyOptions {
  /** Aborts the listing. */
  signal?: AbortSignal | undefined
  /** The route's limits, when it sets its own (`mcpToolsForModel(listing, limits)`): the body is cut to the same ones. */
  limits?: ToolListingLimits | undefined
  /** Told the tools left out of the body (refused names, bad or oversized schemas, app-only, too many). @defaultValue `console.warn` */
  onSkipped?: ((skipped: SkippedTool[]) => void) | undefined
}

/**
 * The body fields a chat request adds for the route: `{ mcpTools }`, the
 * tools of `source` (a client, whose `listTools` is cached, or a listing you
 * already have) that pass the route's checks, each cut down to what the
 * route reads. For `DefaultChatTransport`'s `body`, which may be a
 * function, so each request sends the listing as it is then.
 * @example
 * ```ts
 * new DefaultChatTransport({ api: '/api/chat', body: () => mcpChatBody(client) })
 * ```
 */
export async function mcpChatBody(source: Pick<McpClient, 'listTools'> | readonly Tool[], options: McpChatBodyOptions = {}): Promise<{ [MCP_TOOLS_FIELD]: ChatTool[] }> {
  const listed: unknown = Array.isArray(source) ? source : await (source as Pick<McpClient, 'listTools'>).listTools({ signal: options.signal })
  const read = readListingEntries(listingEntries(listed) ?? [], options.limits)
  if (read.skipped.length > 0) {
    const report = options.onSkipped ?? ((skipped: SkippedTool[]) => console.warn(`[mcp-elicit/ai-sdk] ${skipped.length} tool(s) left out of the chat request: ${skipped.map((tool) => `${tool.name || '(unnamed)'}: ${tool.reason}`).join(', ')}`))
    report(read.skipped)
  }
  return { [MCP_TOOLS_FIELD]: read.tools.map(fromChecked) }
}
