/**
 * From an MCP tool listing to the tools assistant-ui offers the model: which
 * tools (MCP Apps `visibility`: app-only tools are never offered), under
 * which names (tool-names.ts), with which JSON Schema. Pure and free of
 * React, so it is tested on hostile listings without a runtime.
 */
import { isModelVisible } from '../apps/index.js'
import type { JsonObject, Tool } from '../core/index.js'
import { isReservedToolName, toToolName, type RenamedTool, type SkippedTool } from './tool-names.js'

/** Longest description handed to the model; a listing may carry megabytes. */
const MAX_DESCRIPTION = 4096

/** One MCP tool as assistant-ui will see it. */
export interface McpToolEntry {
  /** The name assistant-ui and the model see (the registry key, the tool UI's `toolName`). */
  name: string
  /** The tool as the server listed it; `tool.name` is what `tools/call` sends. */
  tool: Tool
  /** What the model reads: the description, else the title. */
  description: string | undefined
  /** The tool's input schema when it is an object schema, else `{ type: 'object' }`. */
  parameters: JsonObject
}

export interface McpToolMapping {
  tools: McpToolEntry[]
  /** Tools offered under another name than the server's. */
  renamed: RenamedTool[]
  /** Tools not offered, each with why. */
  skipped: SkippedTool[]
}

/**
 * Maps a `tools/list` result (untrusted: any JSON) to the tools assistant-ui
 * can register. Order is kept; the first of two tools that end up with the
 * same name wins.
 * @example `const { tools, skipped } = mapMcpTools(await client.listTools())`
 */
export function mapMcpTools(listing: readonly unknown[]): McpToolMapping {
  const result: McpToolMapping = { tools: [], renamed: [], skipped: [] }
  if (!Array.isArray(listing)) return result
  const taken = new Set<string>()
  for (const tool of listing) {
    if (!isTool(tool)) {
      result.skipped.push({ name: nameOf(tool), reason: 'not-a-tool' })
      continue
    }
    if (!isModelVisible(tool)) {
      result.skipped.push({ name: tool.name, reason: 'hidden-from-model' })
      continue
    }
    if (isReservedToolName(tool.name)) {
      result.skipped.push({ name: tool.name, reason: 'reserved-name' })
      continue
    }
    const name = toToolName(tool.name)
    if (name === undefined) {
      result.skipped.push({ name: tool.name, reason: 'invalid-name' })
      continue
    }
    if (taken.has(name)) {
      result.skipped.push({ name: tool.name, reason: 'duplicate' })
      continue
    }
    taken.add(name)
    if (name !== tool.name) result.renamed.push({ name: tool.name, as: name })
    result.tools.push({ name, tool, description: describe(tool), parameters: objectSchema(tool.inputSchema) })
  }
  return result
}

function isTool(value: unknown): value is Tool {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { name?: unknown }).name === 'string' && (value as Tool).name !== ''
}

/** A printable name for a listing entry that is not a tool. */
function nameOf(value: unknown): string {
  const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined
  return typeof name === 'string' && name !== '' ? name.slice(0, 200) : '(no name)'
}

function describe(tool: Tool): string | undefined {
  const text = typeof tool.description === 'string' && tool.description !== '' ? tool.description : typeof tool.title === 'string' ? tool.title : undefined
  return text === undefined ? undefined : text.slice(0, MAX_DESCRIPTION)
}

/**
 * MCP requires `inputSchema` to be an object schema; the providers refuse
 * anything else, so a missing or malformed one becomes the empty object
 * schema rather than failing the whole listing.
 */
function objectSchema(schema: unknown): JsonObject {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { type: 'object' }
  const type = (schema as { type?: unknown }).type
  if (type !== undefined && type !== 'object') return { type: 'object' }
  return { ...(schema as JsonObject), type: 'object' }
}
