'use client'
/**
 * mcp-elicit/react: hooks over the core's CallObserver. Every hook needs an
 * `McpProvider` above it.
 */
export { McpProvider, McpClientContext, useMcpClient } from './McpProvider.js'
export { McpSignInContext, useSignInStore } from './McpProvider.js'
export type { McpProviderProps } from './McpProvider.js'
export { useMcpCall } from './useMcpCall.js'
export type { McpCallActions, McpCallEvents, McpCallFlags, McpCallResult, UseMcpCallOptions } from './useMcpCall.js'
export type { McpCallStatus, McpCallView, NeedsAuthSignIn, NeedsAuthState } from './needs-auth.js'
export { useMcpAuth } from './useMcpAuth.js'
export type { McpAuthActions, McpAuthResult, McpAuthStatus, McpAuthView } from './auth-view.js'
export type { PendingSignIn, SignInState, SignInStore } from '../auth/browser/sign-in-store.js'
export { useMcpTool } from './useMcpTool.js'
export { useMcpPrompt } from './useMcpPrompt.js'
export { useMcpResource } from './useMcpResource.js'
export type { McpResourceResult, UseMcpResourceOptions } from './useMcpResource.js'
export { useMcpList } from './useMcpList.js'
export { McpServersContext, McpServersProvider, useMcpServerQuestions, useMcpServerSet, useMcpServers } from './McpServersProvider.js'
export type { McpServersProviderProps } from './McpServersProvider.js'
export type { McpListKind, McpListResult } from './useMcpList.js'
