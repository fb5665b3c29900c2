'use client'
/**
 * mcp-elicit/react: hooks over the core's CallObserver. Every hook needs an
 * `McpProvider` above it.
 */
export { McpProvider, McpClientContext, useMcpClient } from './McpProvider'
export type { McpProviderProps } from './McpProvider'
export { useMcpCall } from './useMcpCall'
export type { McpCallActions, McpCallResult, UseMcpCallOptions } from './useMcpCall'
export { useMcpTool } from './useMcpTool'
export { useMcpPrompt } from './useMcpPrompt'
export { useMcpResource } from './useMcpResource'
