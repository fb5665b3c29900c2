/**
 * The browser's side of the listing: the person's MCP client lists the
 * server's tools (signed in as the person) and the chat request carries the
 * listing to the route, which turns it into tools for the model
 * ({@link mcpToolsForModel}). So the route never holds the person's MCP
 * token, and never talks to the MCP server at all.
 */
import type { McpClient, Tool } from '../core/index.js'
import { isObject } from '../chat/json.js'

/** The request body field the listing travels in. */
export const MCP_TOOLS_FIELD = 'mcpTools'

/** What the route needs of a tool; the rest of the listing (most of `_meta`) stays in the browser. */
export type ChatTool = Pick<Tool, 'name' | 'inputSchema'> & Partial<Pick<Tool, 'title' | 'description' | 'outputSchema' | 'annotations' | '_meta'>>


/** A tool cut down to what the route reads: `_meta.ui` (app and visibility) is the only `_meta` kept. */
export function chatTool(tool: Tool): ChatTool {
  const kept: ChatTool = { name: tool.name, inputSchema: tool.inputSchema }
  if (tool.title !== undefined) kept.title = tool.title
  if (tool.description !== undefined) kept.description = tool.description
  if (tool.outputSchema !== undefined) kept.outputSchema = tool.outputSchema
  if (tool.annotations !== undefined) kept.annotations = tool.annotations
  if (isObject(tool._meta) && isObject(tool._meta.ui)) kept._meta = { ui: tool._meta.ui as ChatTool['inputSchema'] }
  return kept
}

export interface McpChatBodyOptions {
  /** Aborts the listing. */
  signal?: AbortSignal | undefined
}

/**
 * The body fields a chat request adds for the route: `{ mcpTools }`, the
 * tools of `source` (a client, whose `listTools` is cached, or a listing you
 * already have). For `DefaultChatTransport`'s `body`, which may be a
 * function, so each request sends the listing as it is then.
 * @example
 * ```ts
 * new DefaultChatTransport({ api: '/api/chat', body: () => mcpChatBody(client) })
 * ```
 */
export async function mcpChatBody(source: Pick<McpClient, 'listTools'> | readonly Tool[], options: McpChatBodyOptions = {}): Promise<{ [MCP_TOOLS_FIELD]: ChatTool[] }> {
  const tools = Array.isArray(source) ? (source as readonly Tool[]) : await (source as Pick<McpClient, 'listTools'>).listTools({ signal: options.signal })
  return { [MCP_TOOLS_FIELD]: tools.filter(isObject).map(chatTool) }
}
