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
export type { ExecuteContext, ExecuteOptions, ExecuteRuns } from './execute.js'
export { capToolOutputs } from './tool-outputs.js'
export type { ToolOutputCapOptions } from './tool-outputs.js'
export { MAX_CONVERSATION_OUTPUT } from '../chat/conversation-cap.js'
export { asksBeforeRunning } from '../chat/tool-approval.js'
export type { ApprovalTool, AskBeforeRunning } from '../chat/tool-approval.js'
export { mcpErrorForModel } from '../chat/model-error.js'
export { appMessageText } from '../chat/app-message.js'
export { DECLINED_TEXT } from './call-results.js'
// The tool UI alone (createMcpToolPart) stays unexported: it reads what the registration
// shares with its tools' execute (the client, the options, the calls an execute runs).
export { isMcpRoundPayload, isMcpRunApprovalPayload, ROUND_PAYLOAD_TYPE, RUN_APPROVAL_TYPE } from './round-payload.js'
export type { McpRoundAnswers, McpRoundPayload, McpRunApprovalPayload } from './round-payload.js'
export { McpAssistantUiError, isMcpAssistantUiError, SUPPORTED_ASSISTANT_UI } from './errors.js'
export type { McpAssistantUiErrorCode } from './errors.js'
