/**
 * Reading a tool part of a `useChat` message: the AI SDK's `dynamic-tool`
 * parts (what `mcpToolsForModel` makes) and static `tool-<name>` parts alike,
 * typed structurally so any message type fits.
 */
import type { ModelToolListing } from '../tool-listing.js'

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
}

/** Whether a message part is a tool call (`dynamic-tool` or `tool-<name>`). */
export function isToolPart(part: { type: string }): part is ToolPartLike {
  return part.type === 'dynamic-tool' || part.type.startsWith('tool-')
}

/** The name the model called the tool by. */
export function modelToolName(part: ToolPartLike): string {
  return part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length)
}

/**
 * The MCP tool a part calls: looked up by its model name in the browser's
 * own listing when one is given (a name the model made up is not found),
 * else the name the route put in `toolMetadata.mcp.name`, else the model name.
 */
export function mcpToolName(part: ToolPartLike, listing: ModelToolListing | undefined): string | undefined {
  const name = modelToolName(part)
  if (listing) return listing.byModelName(name)?.mcpName
  const meta = part.toolMetadata
  const mcp = typeof meta === 'object' && meta !== null ? (meta as { mcp?: unknown }).mcp : undefined
  const named = typeof mcp === 'object' && mcp !== null ? (mcp as { name?: unknown }).name : undefined
  return typeof named === 'string' && named !== '' ? named : name
}

/** The part's input as tool arguments: an object, else none. */
export function argumentsOf(part: ToolPartLike): Record<string, unknown> {
  const input = part.input
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
}
