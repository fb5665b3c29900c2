'use client'
/**
 * mcp-elicit/apps/react: MCP Apps in a React chat. `<McpAppsProvider
 * sandbox=…>` around the chat shows every tool's app in its `McpToolCall`
 * and lets a server's app draw its own questions (SEP-3118, experimental);
 * `<McpApp>` draws one app where you want it. Needs an `McpProvider` above.
 */
export { McpApp } from './McpApp.js'
export type { McpAppHostProps, McpAppProps } from './McpApp.js'
export { McpAppsProvider } from './McpAppsProvider.js'
export type { McpAppsProviderProps } from './McpAppsProvider.js'
export { AppQuestion } from './AppQuestion.js'
export { checkAppAnswer } from './answer-check.js'
