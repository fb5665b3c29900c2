/**
 * The one error class of `mcp-elicit/ai-sdk`: what the adapter itself
 * refuses (a tool listing that is not one) or cannot do (an installed AI SDK
 * that lacks an API it needs). Errors of the MCP call itself stay the core's
 * `McpError` family and reach the model as the tool's error output. The
 * guard matches by `name` too, so an error made by another copy of the
 * library (a second bundle, another realm) is still recognised.
 */

/**
 * What went wrong:
 * - `AI_SDK_LISTING_INVALID`: the tool listing is not a `tools/list` result
 *   nor an array of tools (it came from a server, through the browser).
 * - `AI_SDK_MISSING_API`: the installed `ai` or `@ai-sdk/react` lacks a
 *   function or method the adapter calls (an older major version).
 */
export type McpAiSdkErrorCode = 'AI_SDK_LISTING_INVALID' | 'AI_SDK_MISSING_API'

/**
 * A failure of the AI SDK adapter.
 * @example
 * ```ts
 * try { mcpToolsForModel(body.mcpTools) }
 * catch (error) { if (isMcpAiSdkError(error)) return new Response(error.message, { status: 400 }) }
 * ```
 */
export class McpAiSdkError extends Error {
  override name = 'McpAiSdkError' as const
  readonly code: McpAiSdkErrorCode

  constructor(code: McpAiSdkErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
  }
}

/** Whether `error` is an {@link McpAiSdkError}: by `instanceof`, or by `name` plus a string `code` (another realm or copy). */
export function isMcpAiSdkError(error: unknown): error is McpAiSdkError {
  if (error instanceof McpAiSdkError) return true
  if (typeof error !== 'object' || error === null) return false
  const { name, code } = error as { name?: unknown; code?: unknown }
  return name === 'McpAiSdkError' && typeof code === 'string'
}
