/**
 * mcp-elicit/ai-sdk: MCP tools in a Vercel AI SDK chat, run in the browser.
 * No React here (that is `mcp-elicit/ai-sdk/react`), so a route handler
 * imports it: `mcpToolsForModel` turns the listing the browser sent into
 * tools for `streamText`, with no `execute` (the browser runs them through
 * the person's client and hands the result back). `mcpChatBody` is the
 * browser's half: the listing, for the chat request's body.
 */
export { mcpToolsForModel } from './model-tools.js'
export type { McpModelTools, McpToolMetadata, McpToolsForModelOptions } from './model-tools.js'
export { readToolListing } from './tool-listing.js'
export type { McpToolHints, ModelTool, ModelToolListing, SkippedTool, SkipReason, ToolListingLimits } from './tool-listing.js'
export { MODEL_TOOL_NAME } from '../chat/tool-names.js'
export { mcpOutputForModel } from './tool-output.js'
export { MCP_TOOLS_FIELD, chatTool, mcpChatBody } from './chat-body.js'
export type { ChatTool, McpChatBodyOptions } from './chat-body.js'
export { capToolOutputs } from './tool-outputs.js'
export type { ToolOutputCapOptions } from './tool-outputs.js'
export { MAX_CONVERSATION_OUTPUT } from '../chat/conversation-cap.js'
export { asksBeforeRunning } from '../chat/tool-approval.js'
export type { ApprovalTool, AskBeforeRunning } from '../chat/tool-approval.js'
export { mcpErrorForModel } from '../chat/model-error.js'
export { appMessageText } from '../chat/app-message.js'
export { McpAiSdkError, isMcpAiSdkError } from './errors.js'
export type { McpAiSdkErrorCode } from './errors.js'
