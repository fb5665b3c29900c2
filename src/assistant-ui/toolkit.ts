/**
 * From an MCP tool listing to the tools assistant-ui offers the model,
 * through the reader both adapters share (src/chat/tool-listing.ts): which
 * tools (MCP Apps `visibility`: app-only tools are never offered; bounded,
 * checked schemas), under which names (one naming rule), with which JSON
 * Schema. Pure and free of React, so it is tested on hostile listings
 * without a runtime.
 */
import { listingEntries, readListingEntries, type McpToolHints, type SkippedTool } from '../chat/tool-listing.js'
import type { JsonObject, Tool } from '../core/index.js'

export type { SkippedTool, SkipReason } from '../chat/tool-listing.js'

/** One MCP tool as assistant-ui will see it. */
export interface McpToolEntry {
  /** The name assistant-ui and the model see (the registry key, the tool UI's `toolName`). */
  name: string
  /** The tool as the server listed it; `tool.name` is what `tools/call` sends. */
  tool: Tool
  /** What the model reads: the description, else the title (cleaned and clipped). */
  description: string | undefined
  /** A checked copy of the tool's input schema (an object schema, `properties` added when absent). */
  parameters: JsonObject
  /** Its title (`title`, else `annotations.title`), cleaned and clipped: for people. */
  title: string | undefined
  /** Its annotations' hints, as the server sent them (they decide `askBeforeRunning`). */
  hints: McpToolHints
}

/** A tool offered under another name than the server's. */
export interface RenamedTool {
  /** The name as the server lists it (what `tools/call` sends). */
  name: string
  /** The name assistant-ui and the model see. */
  as: string
}

export interface McpToolMapping {
  tools: McpToolEntry[]
  /** Tools offered under another name than the server's. */
  renamed: RenamedTool[]
  /** Tools not offered, each with why. */
  skipped: SkippedTool[]
}

/**
 * Maps a `tools/list` result or its `tools` array (untrusted: any JSON) to
 * the tools assistant-ui can register. Order is kept; anything that is not a
 * listing maps to no tools.
 * @example `const { tools, skipped } = mapMcpTools(await client.listTools())`
 */
export function mapMcpTools(listing: unknown): McpToolMapping {
  const entries = listingEntries(listing) ?? []
  const read = readListingEntries(entries)
  return {
    tools: read.tools.map((tool) => ({ name: tool.modelName, tool: entries[tool.index] as Tool, description: tool.description ?? tool.title, parameters: tool.inputSchema, title: tool.title, hints: tool.hints })),
    renamed: read.tools.filter((tool) => tool.modelName !== tool.mcpName).map((tool) => ({ name: tool.mcpName, as: tool.modelName })),
    skipped: read.skipped,
  }
}
