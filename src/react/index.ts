'use client'
/**
 * mcp-elicit/react: hooks over the core's CallObserver. Every hook needs an
 * `McpProvider` above it.
 */
export { McpProvider, McpClientContext, useMcpClient } from './McpProvider.js'
export type { McpProviderProps } from './McpProvider.js'
export { useMcpCall } from './useMcpCall.js'
export type { McpCallActions, McpCallResult, UseMcpCallOptions } from './useMcpCall.js'
export { useMcpTool } from './useMcpTool.js'
export { useMcpPrompt } from './useMcpPrompt.js'
export { useMcpResource } from './useMcpResource.js'
