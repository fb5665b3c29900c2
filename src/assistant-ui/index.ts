'use client'
/**
 * mcp-elicit/assistant-ui: an MCP server's tools in an assistant-ui thread.
 * `<McpAssistantTools />` (or `useMcpAssistantTools(listing)`) under an
 * `McpProvider` and an `AssistantRuntimeProvider` registers every
 * model-visible tool as a frontend tool whose call runs through this
 * library's client, and whose tool UI shows the call where the model made
 * it: questions (through assistant-ui's `human()` / `resume` where the
 * runtime runs frontend tools), URL consents, sign-in, progress, tasks,
 * Stop, and the result (or the tool's MCP App under an `McpAppsProvider`).
 */
export { McpAssistantTools } from './McpAssistantTools.js'
export type { McpAssistantToolsProps } from './McpAssistantTools.js'
export { useMcpAssistantTools } from './useMcpAssistantTools.js'
export type { McpAssistantToolOptions } from './settings.js'
export { mapMcpTools } from './toolkit.js'
export type { McpToolEntry, McpToolMapping } from './toolkit.js'
export { MODEL_TOOL_NAME } from '../chat/tool-names.js'
export type { RenamedTool, SkippedTool, SkipReason } from './toolkit.js'
export { executeMcpTool } from './execute.js'
export type { ExecuteContext, ExecuteRuns } from './execute.js'
// The tool UI alone (createMcpToolPart) stays unexported: it reads what the registration
// shares with its tools' execute (the client, the options, the calls an execute runs).
export { isMcpRoundPayload, ROUND_PAYLOAD_TYPE } from './round-payload.js'
export type { McpRoundAnswers, McpRoundPayload } from './round-payload.js'
export { McpAssistantUiError, isMcpAssistantUiError, SUPPORTED_ASSISTANT_UI } from './errors.js'
export type { McpAssistantUiErrorCode } from './errors.js'
