/**
 * The one error class of `mcp-elicit/assistant-ui`: what the adapter itself
 * refuses. Errors that crossed the wire stay the core's `McpError` family
 * (in `cause` when the adapter wraps one). The guard matches by `name` too,
 * so an error made by another copy of the library is still recognised.
 */

/**
 * What went wrong:
 * - `UNSUPPORTED_VERSION`: the installed `@assistant-ui/react` lacks an API
 *   the adapter needs (`modelContext.register`, `tools.setToolUI`, or a
 *   `human` function in a frontend tool's `execute` context). The message
 *   names the missing API and the version range the adapter was built for.
 * - `INVALID_ANSWER`: a `resume(…)` payload for an MCP input round that is
 *   not an object of answers by question key.
 */
export type McpAssistantUiErrorCode = 'UNSUPPORTED_VERSION' | 'INVALID_ANSWER'

/** The `@assistant-ui/react` versions this adapter is written and tested against. */
export const SUPPORTED_ASSISTANT_UI = '@assistant-ui/react >=0.15.22 <0.16'

/**
 * A failure of the assistant-ui adapter.
 * @example
 * ```ts
 * if (isMcpAssistantUiError(error) && error.code === 'UNSUPPORTED_VERSION') showUpgradeNotice()
 * ```
 */
export class McpAssistantUiError extends Error {
  override name = 'McpAssistantUiError' as const
  readonly code: McpAssistantUiErrorCode
  /** The framework API that was missing (`UNSUPPORTED_VERSION`), e.g. `'execute context.human'`. */
  readonly api: string | undefined

  constructor(code: McpAssistantUiErrorCode, message: string, details: { api?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.api = details.api
  }
}

/** The typed error for a framework API that is not there. */
export function missingApi(api: string, what: string, cause?: unknown): McpAssistantUiError {
  const why = cause instanceof Error ? ` (${cause.message})` : ''
  return new McpAssistantUiError(
    'UNSUPPORTED_VERSION',
    `mcp-elicit/assistant-ui: ${api} is missing${why}, so ${what}. Install ${SUPPORTED_ASSISTANT_UI} (the version this adapter supports).`,
    { api, cause },
  )
}

/** Whether `error` is an {@link McpAssistantUiError}, by `instanceof` or by `name` and a string `code` (another realm or copy). */
export function isMcpAssistantUiError(error: unknown): error is McpAssistantUiError {
  if (error instanceof McpAssistantUiError) return true
  if (typeof error !== 'object' || error === null) return false
  const { name, code } = error as { name?: unknown; code?: unknown }
  return name === 'McpAssistantUiError' && typeof code === 'string'
}
