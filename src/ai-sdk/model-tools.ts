/**
 * The route's side: a server's tool listing turned into AI SDK tools the
 * model may call. Each is a `dynamicTool` (its input is only known at run
 * time) with the tool's own JSON Schema and no `execute`: the AI SDK ends
 * the step at the call, the browser runs it through the person's MCP client
 * (with every question, consent and sign-in in the tool part) and hands the
 * result back with `addToolOutput`. So the route needs no MCP token.
 */
import * as ai from 'ai'
import type { JSONSchema7, Tool, ToolSet } from 'ai'
import { asksBeforeRunning, type AskBeforeRunning } from '../chat/tool-approval.js'
import { requireFunction } from './framework-api.js'
import { readToolListing, type McpToolHints, type ModelTool, type SkippedTool, type ToolListingLimits } from './tool-listing.js'
import { mcpOutputForModel } from './tool-output.js'

export interface McpToolsForModelOptions extends ToolListingLimits {
  /** Names the MCP tools must not take: the app's own tools given to `streamText` beside them. A clashing MCP tool gets a `_2` suffix (`renamed`). */
  reserved?: readonly string[] | undefined
  /**
   * Which of the model's calls wait for the person's click: those tools get
   * the AI SDK's `needsApproval`, so the step ends at an `approval-requested`
   * part and `<McpToolPart>` shows "Run <tool> on <host>? Run / Don't run".
   * The hints it reads are the server's (see `AskBeforeRunning`). Give the
   * page's `<McpToolPart>` the same policy. @defaultValue `'destructive'`
   */
  askBeforeRunning?: AskBeforeRunning | undefined
}

/** What the part renderer and the route learn of a tool from its `toolMetadata` (`metadata` of the AI SDK tool). */
// A type, not an interface: the AI SDK's `metadata` is a JSON object with an index signature.
export type McpToolMetadata = {
  mcp: { name: string; readOnly?: boolean; destructive?: boolean; app?: string }
}

export interface McpModelTools {
  /** For `streamText({ tools })` and `convertToModelMessages(messages, { tools })`. */
  tools: ToolSet
  /** Each offered tool: its MCP name, model name, title, hints. */
  offered: ModelTool[]
  /** Tools left out, with the reason (app-only, refused names, bad schemas, too many). Log them; never shown to the model. */
  skipped: SkippedTool[]
  /** Tools whose model name differs from their MCP name. */
  renamed: Array<{ mcpName: string; modelName: string }>
}

// What the browser sends back: the MCP CallToolResult (or an error text, which the SDK keeps apart).
const CALL_TOOL_RESULT: JSONSchema7 = {
  type: 'object',
  properties: {
    content: { type: 'array', items: { type: 'object' } },
    structuredContent: { type: 'object' },
    isError: { type: 'boolean' },
  },
}

function describe(tool: ModelTool): string | undefined {
  const notes = [tool.hints.readOnly ? 'Read-only.' : undefined, tool.hints.destructive && !tool.hints.readOnly ? 'May change or delete data.' : undefined].filter(Boolean)
  const text = [tool.description ?? tool.title, ...notes].filter(Boolean).join(' ')
  return text === '' ? undefined : text
}

function metadataOf(tool: ModelTool): McpToolMetadata {
  const mcp: McpToolMetadata['mcp'] = { name: tool.mcpName }
  const hints: McpToolHints = tool.hints
  if (hints.readOnly !== undefined) mcp.readOnly = hints.readOnly
  if (hints.destructive !== undefined) mcp.destructive = hints.destructive
  if (tool.appResourceUri) mcp.app = tool.appResourceUri
  return { mcp }
}

/**
 * Every model-visible tool of an MCP listing as an AI SDK tool without
 * `execute`, keyed by a name every provider accepts. The listing is
 * untrusted (a server's, relayed by the browser): a tool that fails a check
 * is skipped and reported, only a value that is no listing at all throws
 * (`AI_SDK_LISTING_INVALID`). An installed `ai` without `dynamicTool` or
 * `jsonSchema` throws `AI_SDK_MISSING_API`.
 * @example
 * ```ts
 * const { messages, mcpTools } = await request.json()
 * const { tools } = mcpToolsForModel(mcpTools)
 * return streamText({ model, tools, messages: await convertToModelMessages(messages, { tools }) }).toUIMessageStreamResponse()
 * ```
 */
export function mcpToolsForModel(listing: unknown, options: McpToolsForModelOptions = {}): McpModelTools {
  return toolsFrom(ai, listing, options)
}

/** {@link mcpToolsForModel} with the `ai` module given (the tests give it one that lacks an API). */
export function toolsFrom(module: unknown, listing: unknown, options: McpToolsForModelOptions = {}): McpModelTools {
  const dynamicTool = requireFunction<typeof ai.dynamicTool>(module, 'dynamicTool', { package: 'ai' })
  const jsonSchema = requireFunction<typeof ai.jsonSchema>(module, 'jsonSchema', { package: 'ai' })
  const read = readToolListing(listing, options, options.reserved)
  const tools: Record<string, Tool> = {}
  for (const tool of read.tools) {
    const description = describe(tool)
    tools[tool.modelName] = dynamicTool({
      ...(description === undefined ? {} : { description }),
      ...(tool.title === undefined ? {} : { title: tool.title }),
      metadata: metadataOf(tool),
      inputSchema: jsonSchema(tool.inputSchema as JSONSchema7),
      outputSchema: jsonSchema(tool.outputSchema ? { ...CALL_TOOL_RESULT, properties: { ...CALL_TOOL_RESULT.properties, structuredContent: tool.outputSchema as JSONSchema7 } } : CALL_TOOL_RESULT),
      toModelOutput: ({ output }) => mcpOutputForModel(output),
      ...(asksBeforeRunning({ name: tool.mcpName, hints: tool.hints }, options.askBeforeRunning) ? { needsApproval: true } : {}),
    })
  }
  const renamed = read.tools.filter((tool) => tool.modelName !== tool.mcpName).map(({ mcpName, modelName }) => ({ mcpName, modelName }))
  return { tools, offered: read.tools, skipped: read.skipped, renamed }
}
