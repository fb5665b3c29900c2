/**
 * mcp-elicit core: a fetch-based MCP client for browsers, workers and Node.
 * No UI, no framework.
 */
export { createClient, McpClient } from './client.js'
export type { CallOptions, ClientOptions, InputContext, InputHandler, ListOptions, RequestOptions } from './client-options.js'
export type { ChangeFilter, McpChange } from './subscriptions.js'
export { DETACHED } from './signals.js'
export { runInputLoop, DEFAULT_MAX_ROUNDS } from './input-loop.js'
export type { InputLoopEvent, InputLoopOptions } from './input-loop.js'
export { isInputRequired, pendingRoundOf, retryParams } from './input-round.js'
export type { OriginalRequest, PendingRound } from './input-round.js'
export { applySchemaDefaults } from './schema-defaults.js'
export { displayText } from './server-values.js'
export { endpointKey, sameEndpoint } from './endpoint-key.js'
export { redactText, redactUrl } from './redact-url.js'
// For the layers' own on-demand chunks (the auth layer's sign-in flow): one failure type for every chunk that cannot be fetched.
export { loadChunk, loadOnce } from './load-chunk.js'
export type { AuthChallenge, AuthProvider } from './auth-hook.js'
export { DEFAULT_LIMITS } from './limits.js'
export type { Limits } from './limits.js'
export { encodeHeaderValue, decodeHeaderValue } from './header-value.js'
export { checkToolHeaders } from './tool-headers.js'
export type { ParamHeaderBinding, ToolHeaderCheck } from './tool-headers.js'
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
} from './errors.js'
export type { McpLocalErrorCode } from './errors.js'
export { McpNotResumableError, isMcpNotResumableError } from './not-resumable-error.js'
export { McpTaskError, isMcpTaskError } from './task-error.js'
export { MODERN_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION } from './version.js'
export { TASKS_EXTENSION } from './types.js'
export type { HostHandlers, SamplingHandler } from './host-handlers.js'
export type * from './types.js'
export { CallObserver, declineAnswer, cancelAnswer } from './call-observer.js'
export type { CallObserverOptions } from './call-observer.js'
export { reduceCall, flagsOf, isActive, IDLE } from './call-state.js'
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
} from './call-state.js'
export { sessionCallStorage, parseSavedCall, readStoredCall, isLostCall, isSavedTask, isFinishedCall, isStartedCall, isFileNotKept, isCallOf } from './call-storage.js'
export { withoutLargeFiles, STORED_FILE_CHARS } from './stored-files.js'
// Several servers in one conversation: tree-shaken away from a page that never creates a set.
export { createServerSet } from './server-set.js'
export type { ListingStorage, McpServerEntry, McpServerQuestion, McpServerSet, McpServerSetOptions, McpServerSignIn, McpServerState, McpServerStatus, McpToolRoute } from './server-set.js'
export { MODEL_TOOL_NAME, SERVER_ID, isServerId, qualifiedToolName, qualifyToolNames, serverIdOfToolName } from './qualified-names.js'
export type { CallStorage, FileNotKept, FinishedCall, LostCall, SavedCall, SavedTask, StartedCall, StoredCall } from './call-storage.js'
export { McpStoreError, isMcpStoreError } from './store-error.js'
export type { McpStoreReason } from './store-error.js'
