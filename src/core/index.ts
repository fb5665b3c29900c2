/**
 * mcp-elicit core: a fetch-based MCP client for browsers, workers and Node.
 * No UI, no framework.
 */
export { createClient, McpClient } from './client'
export type { CallOptions, ClientOptions, InputContext, InputHandler, RequestOptions } from './client-options'
export { runInputLoop, DEFAULT_MAX_ROUNDS } from './input-loop'
export type { InputLoopEvent, InputLoopOptions } from './input-loop'
export { isInputRequired, pendingRoundOf, retryParams } from './input-round'
export type { OriginalRequest, PendingRound } from './input-round'
export { applySchemaDefaults } from './schema-defaults'
export { displayText } from './display-text'
export { DEFAULT_LIMITS } from './limits'
export type { Limits } from './limits'
export { encodeHeaderValue, decodeHeaderValue } from './header-value'
export { checkToolHeaders } from './tool-headers'
export type { ParamHeaderBinding, ToolHeaderCheck } from './tool-headers'
export {
  McpError,
  McpHttpError,
  McpProtocolError,
  McpNetworkError,
  McpResponseFormatError,
  McpStreamError,
  McpCancelledError,
  McpTimeoutError,
  McpInputRoundsExceededError,
  McpInputError,
  McpSessionError,
  McpArgumentError,
  McpRedirectError,
  McpResponseTooLargeError,
  McpUnsupportedResultError,
  RpcErrorCode,
  isMcpError,
  isMcpHttpError,
  isMcpProtocolError,
  isMcpNetworkError,
  isMcpResponseFormatError,
  isMcpStreamError,
  isMcpCancelledError,
  isMcpTimeoutError,
  isMcpInputRoundsExceededError,
  isMcpInputError,
  isMcpSessionError,
  isMcpArgumentError,
  isMcpRedirectError,
  isMcpResponseTooLargeError,
  isMcpUnsupportedResultError,
} from './errors'
export type { McpLocalErrorCode } from './errors'
export { MODERN_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION } from './types'
export type * from './types'
export { CallObserver, declineAnswer, cancelAnswer } from './call-observer'
export type { CallObserverOptions } from './call-observer'
export { reduceCall, flagsOf, isActive, IDLE } from './call-state'
export type {
  CallAction,
  CallState,
  CallStatus,
  PendingInput,
  IdleState,
  RunningState,
  AwaitingInputState,
  RetryingState,
  DoneState,
  ErrorState,
  CancelledState,
} from './call-state'
export { sessionStorageAdapter, parseSavedCall } from './round-storage'
export type { RoundStorage, SavedCall } from './round-storage'
