/**
 * Reading a `tools/list` result for a model, shared by the chat-framework
 * adapters (`mcp-elicit/ai-sdk`, `mcp-elicit/assistant-ui`): one reader, one
 * naming rule. The listing comes from an MCP server (and, for the AI SDK, to
 * the route through the browser), so nothing in it is trusted: every field
 * is checked, sizes are bounded, and a tool that does not pass is left out
 * with the reason (never an exception for one bad tool).
 *
 * Framework-free: the AI SDK route and the browser's part renderer read the
 * same listing through this and agree on every name.
 */
// ui-meta alone: the apps entry also holds the frame and bridge code, which a route has no use for.
import { appResourceUri, isModelVisible } from '../apps/ui-meta.js'
import type { JsonObject } from '../core/index.js'
import { assignModelNames } from './tool-names.js'
import { CONTROL, cleanText, isObject, jsonCopy } from './json.js'

/** Bounds on what a listing may make the route carry to the model. */
export interface ToolListingLimits {
  /** Tools offered to the model at most (OpenAI's limit); the rest are skipped as `too-many`. @defaultValue 128 */
  maxTools?: number | undefined
  /** Entries of the listing looked at; past this, one `too-many` entry says how many were not. @defaultValue 1000 */
  maxEntries?: number | undefined
  /** Characters of a tool's `inputSchema` (as JSON); a bigger one skips the tool as `too-large`. @defaultValue 65536 */
  maxSchemaLength?: number | undefined
  /** Characters of a description kept (the rest is cut, with `…`). @defaultValue 4096 */
  maxDescriptionLength?: number | undefined
}

/** Why a tool of the listing was not offered to the model. */
export type SkipReason =
  /** Not an object, or without a string `name`. */
  | 'not-a-tool'
  /** Empty, longer than MCP's 128 characters, or with control characters. */
  | 'invalid-name'
  /** A second tool of the same name (the first one is kept). */
  | 'duplicate'
  /** MCP Apps `visibility: ["app"]`: only its app may call it, the model must not see it. */
  | 'app-only'
  /** `inputSchema` missing, not an object, or not `type: "object"`. */
  | 'invalid-schema'
  /** `inputSchema` over `maxSchemaLength`, or nested too deep to measure. */
  | 'too-large'
  /** Past `maxTools` (or `maxEntries`). */
  | 'too-many'

export interface SkippedTool {
  /** Its position in the listing (for `too-many` past `maxEntries`: the first one not looked at). */
  index: number
  /** Its name as text, clipped to 128 characters ('' when it had none). */
  name: string
  reason: SkipReason
  /** For `too-many` past `maxEntries`: how many entries were not looked at. */
  count?: number | undefined
}

/** The MCP tool annotations the adapter reads (hints, never guarantees). */
export interface McpToolHints {
  readOnly?: boolean | undefined
  destructive?: boolean | undefined
  idempotent?: boolean | undefined
  openWorld?: boolean | undefined
}

/** One tool as the model will see it, and how the browser finds it again. */
export interface ModelTool {
  /** Its position in the listing (the entry as the server sent it is `entries[index]`). */
  index: number
  /** The name the server knows it by (`tools/call` `name`). */
  mcpName: string
  /** The name the model calls it by: `mcpName` where providers accept it (see `MODEL_TOOL_NAME`). */
  modelName: string
  /** `title`, else `annotations.title`: for people, not sent to the model. */
  title: string | undefined
  /** The server's description, cleaned and clipped. */
  description: string | undefined
  /** A JSON copy of `inputSchema`, `properties` added when absent. */
  inputSchema: JsonObject
  /** A JSON copy of `outputSchema` when it is a usable object schema. */
  outputSchema: JsonObject | undefined
  hints: McpToolHints
  /** The `ui://` resource of its MCP App, when it has one. */
  appResourceUri: string | undefined
}

/** A listing read for the model: the tools offered and those left out. */
export interface ModelToolListing {
  tools: ModelTool[]
  skipped: SkippedTool[]
  /** The tool the model calls `modelName`, if the listing has it. */
  byModelName(modelName: string): ModelTool | undefined
}

const DEFAULTS = { maxTools: 128, maxEntries: 1000, maxSchemaLength: 65536, maxDescriptionLength: 4096 }
const MAX_MCP_NAME = 128
const MAX_TITLE = 200

/** The tools array of a `tools/list` result, or the array itself; undefined when `listing` is neither. */
export function listingEntries(listing: unknown): unknown[] | undefined {
  if (Array.isArray(listing)) return listing
  if (isObject(listing) && Array.isArray(listing.tools)) return listing.tools
  return undefined
}

function hintsOf(annotations: unknown): McpToolHints {
  if (!isObject(annotations)) return {}
  const hint = (key: string) => (typeof annotations[key] === 'boolean' ? (annotations[key] as boolean) : undefined)
  return { readOnly: hint('readOnlyHint'), destructive: hint('destructiveHint'), idempotent: hint('idempotentHint'), openWorld: hint('openWorldHint') }
}

type Checked = { ok: Omit<ModelTool, 'modelName' | 'index'> } | { skip: SkipReason; name: string }

function checkTool(entry: unknown, limits: typeof DEFAULTS): Checked {
  if (!isObject(entry) || typeof entry.name !== 'string') return { skip: 'not-a-tool', name: '' }
  const name = entry.name
  const shown = name.slice(0, MAX_MCP_NAME)
  if (name === '' || name.length > MAX_MCP_NAME || /[\u0000-\u001f\u007f]/.test(name)) return { skip: 'invalid-name', name: shown.replace(CONTROL, '') }
  if (!isModelVisible(entry)) return { skip: 'app-only', name }
  const schema = entry.inputSchema
  if (!isObject(schema) || schema.type !== 'object') return { skip: 'invalid-schema', name }
  const inputSchema = jsonCopy(schema, limits.maxSchemaLength)
  if (inputSchema === 'too-large') return { skip: 'too-large', name }
  if (!isObject(inputSchema.properties)) inputSchema.properties = {}
  const output = isObject(entry.outputSchema) && entry.outputSchema.type === 'object' ? jsonCopy(entry.outputSchema, limits.maxSchemaLength) : undefined
  const annotations = isObject(entry.annotations) ? entry.annotations : {}
  return {
    ok: {
      mcpName: name,
      title: cleanText(entry.title, MAX_TITLE) ?? cleanText(annotations.title, MAX_TITLE),
      description: cleanText(entry.description, limits.maxDescriptionLength),
      inputSchema,
      outputSchema: output === 'too-large' ? undefined : output,
      hints: hintsOf(entry.annotations),
      appResourceUri: appResourceUri(entry),
    },
  }
}

/**
 * Reads the entries of a listing ({@link listingEntries}) into the tools the
 * model may be offered, each with its model name (never one of `reserved`:
 * the app's own tools beside these), and the tools left out with the reason.
 */
export function readListingEntries(entries: readonly unknown[], limits: ToolListingLimits = {}, reserved: Iterable<string> = []): ModelToolListing {
  const bounds = { ...DEFAULTS, ...definedOnly(limits) }
  const accepted: Array<Omit<ModelTool, 'modelName'>> = []
  const skipped: SkippedTool[] = []
  const seen = new Set<string>()
  const looked = Math.min(entries.length, bounds.maxEntries)
  for (let index = 0; index < looked; index++) {
    const checked = checkTool(entries[index], bounds)
    if ('skip' in checked) skipped.push({ index, name: checked.name, reason: checked.skip })
    else if (seen.has(checked.ok.mcpName)) skipped.push({ index, name: checked.ok.mcpName, reason: 'duplicate' })
    else if (accepted.length >= bounds.maxTools) skipped.push({ index, name: checked.ok.mcpName, reason: 'too-many' })
    else {
      seen.add(checked.ok.mcpName)
      accepted.push({ ...checked.ok, index })
    }
  }
  if (entries.length > looked) skipped.push({ index: looked, name: '', reason: 'too-many', count: entries.length - looked })
  const names = assignModelNames(accepted.map((tool) => tool.mcpName), reserved)
  const tools = accepted.map((tool, index) => ({ ...tool, modelName: names[index]! }))
  const byName = new Map(tools.map((tool) => [tool.modelName, tool]))
  return { tools, skipped, byModelName: (modelName) => byName.get(modelName) }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && typeof v === 'number' && v > 0)) as Partial<T>
}
