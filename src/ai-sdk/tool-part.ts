/**
 * Reading a tool part of a `useChat` message: the AI SDK's `dynamic-tool`
 * parts (what `mcpToolsForModel` makes) and static `tool-<name>` parts alike,
 * typed structurally so any message type fits.
 */
import type { McpToolHints, ModelToolListing } from './tool-listing.js'

/** The fields of a tool part the adapter reads (`DynamicToolUIPart` and `ToolUIPart` both have them). */
export interface ToolPartLike {
  type: string
  toolCallId: string
  state: string
  toolName?: string | undefined
  input?: unknown
  output?: unknown
  errorText?: string | undefined
  toolMetadata?: unknown
  /** The tool's title, as the route gave it (`dynamicTool`'s `title`). */
  title?: string | undefined
  /** The AI SDK's tool approval (states `approval-requested`, `approval-responded`): its id, and the answer once given. */
  approval?: { id: string; approved?: boolean | undefined } | undefined
}

/** Whether a message part is a tool call (`dynamic-tool` or `tool-<name>`). */
export function isToolPart(part: { type: string }): part is ToolPartLike {
  return part.type === 'dynamic-tool' || part.type.startsWith('tool-')
}

/** The name the model called the tool by. */
export function modelToolName(part: ToolPartLike): string {
  return part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length)
}

/** The `toolMetadata.mcp` the route wrote (`mcpToolsForModel`), when the part has one. */
function routeMeta(part: ToolPartLike): Record<string, unknown> | undefined {
  const meta = part.toolMetadata
  const mcp = typeof meta === 'object' && meta !== null ? (meta as { mcp?: unknown }).mcp : undefined
  return typeof mcp === 'object' && mcp !== null ? (mcp as Record<string, unknown>) : undefined
}

/**
 * The MCP name the route wrote in the part's `toolMetadata.mcp.name`
 * (`mcpToolsForModel` does, for each tool it offers); undefined for a part
 * the route did not mark: an app's own tool, another server's.
 */
export function routeMcpName(part: ToolPartLike): string | undefined {
  const named = routeMeta(part)?.name
  return typeof named === 'string' && named !== '' ? named : undefined
}

/** The hints the route wrote in the part's `toolMetadata.mcp` (the server's annotations, as the listing had them). */
export function routeHints(part: ToolPartLike): McpToolHints {
  const { readOnly, destructive } = routeMeta(part) ?? {}
  return { readOnly: typeof readOnly === 'boolean' ? readOnly : undefined, destructive: typeof destructive === 'boolean' ? destructive : undefined }
}

/** Whether the route marked this part as a call of one of the MCP server's tools (only those are run as MCP calls). */
export function isMcpToolPart(part: { type: string }): part is ToolPartLike {
  return isToolPart(part) && routeMcpName(part) !== undefined
}

/**
 * The MCP tool a part calls: the name the route put in
 * `toolMetadata.mcp.name`, never one worked out again from the model's name
 * (the browser's listing, read with other limits, may name another tool so).
 * When the browser's own listing is given, that tool must be in it among the
 * tools the model may call; undefined when not, or when the part is not the
 * route's MCP part at all.
 */
export function mcpToolName(part: ToolPartLike, listing: ModelToolListing | undefined): string | undefined {
  const name = routeMcpName(part)
  if (name === undefined || !listing) return name
  return listing.tools.some((tool) => tool.mcpName === name) ? name : undefined
}

/** The part's input as tool arguments: an object, else none. */
export function argumentsOf(part: ToolPartLike): Record<string, unknown> {
  const input = part.input
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
}
