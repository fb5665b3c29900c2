/**
 * The one error family of mcp-elicit. Every failure a caller can meet is one
 * of these classes, each with a `code`, the HTTP `status` where one was
 * received, `data` a caller may need, and the `method` and `url` of the request
 * it belongs to. Guards match by `instanceof` or by `name`, so errors crossing
 * realms (iframes, workers, duplicated bundles) are still recognised.
 *
 * Longer than the other modules on purpose: the family is one list a caller
 * reads to learn what can fail, each class next to its code and its guard;
 * split across files, a new class would be missed in one of them. Three
 * exceptions, named in the list below, each a class and its guard in a module
 * of its own that loads with the only code that makes it:
 * `McpNotResumableError` (not-resumable-error.ts, with the round writer: a
 * page meets it only after a reload of a stored 2025-11-25 call),
 * `McpTaskError` (task-error.ts, with tasks) and `McpStoreError`
 * (store-error.ts, made only by call stores).
 */
import { redactText, redactUrl } from './redact-url.js'
import type { InputRequiredResult, JsonRpcErrorObject } from './types.js'

/** JSON-RPC error codes the client reacts to. */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Legacy servers: "Bad Request: No valid session ID" and friends. */
  ServerError: -32000,
  /** Legacy resource-not-found code, kept for older servers. */
  ResourceNotFound: -32002,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  /** 2025-11-25: the server needs a URL-mode elicitation first. */
  UrlElicitationRequired: -32042,
} as const

/** Codes of the errors raised on this side of the wire (`AUTH_…` ones come from `mcp-elicit/auth`). */
export type McpLocalErrorCode =
  | `AUTH_${string}`
  | 'HTTP_ERROR'
  | 'NETWORK_ERROR'
  | 'BAD_RESPONSE'
  | 'STREAM_ENDED'
  | 'CANCELLED'
  | 'TIMEOUT'
  | 'INPUT_ROUNDS_EXCEEDED'
  | 'INPUT_UNAVAILABLE'
  | 'SESSION_FAILED'
  | 'INVALID_ARGUMENT'
  | 'REDIRECT_REFUSED'
  | 'RESPONSE_TOO_LARGE'
  | 'UNSUPPORTED_RESULT'
  | 'NOT_RESUMABLE'
  | 'TASK_ENDED'
  | 'STORE_FAILED'

export interface ErrorDetails {
  method?: string | undefined
  url?: string | undefined
  status?: number | undefined
  data?: unknown
  cause?: unknown
}

// The URL without its query, userinfo and fragment: messages are shown, logged and handed to models (redact-url.ts).
function where(details: ErrorDetails): string {
  if (!details.method && !details.url) return ''
  return ` (${[details.method, details.url && redactUrl(details.url)].filter(Boolean).join(' ')})`
}

/** Base class: every error mcp-elicit throws is an `McpError`. */
export class McpError extends Error {
  override name = 'McpError'
  /** A string for local errors, the JSON-RPC number for errors from the server. */
  readonly code: McpLocalErrorCode | number
  /** HTTP status of the response, when there was one. */
  readonly status: number | undefined
  /** Extra data: the JSON-RPC `data`, the parsed body, and so on. */
  readonly data: unknown
  /** The JSON-RPC method of the failed request. */
  readonly method: string | undefined
  /** The endpoint the request went to, whole (the message names it without query, userinfo and fragment). */
  readonly url: string | undefined

  constructor(code: McpLocalErrorCode | number, message: string, details: ErrorDetails = {}) {
    super(message + where(details), details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.status = details.status
    this.data = details.data
    this.method = details.method
    this.url = details.url
  }
}

/** The server answered with a non-2xx status and no JSON-RPC error body. */
export class McpHttpError extends McpError {
  override name = 'McpHttpError'
  declare readonly code: 'HTTP_ERROR'
  declare readonly status: number
  /** The response body, already read (at most 64 KiB of it). */
  readonly body: string
  readonly headers: Headers

  constructor(response: Response, body: string, details: ErrorDetails = {}) {
    const snippet = redactText(body.trim().slice(0, 200), details.url)
    super(
      'HTTP_ERROR',
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${snippet ? `: ${snippet}` : ''}`,
      { ...details, status: response.status },
    )
    this.body = body
    this.headers = response.headers
  }
}

/** A JSON-RPC error object from the server. `code` is its JSON-RPC code. */
export class McpProtocolError extends McpError {
  override name = 'McpProtocolError'
  declare readonly code: number
  /** The server's own message, unchanged (the `message` quotes it with URLs and the endpoint's secrets taken out). */
  readonly rpcMessage: string

  constructor(error: JsonRpcErrorObject, details: ErrorDetails = {}) {
    super(error.code, `MCP error ${error.code}: ${redactText(String(error.message), details.url)}`, { ...details, data: error.data })
    this.rpcMessage = error.message
  }
}

/** fetch itself rejected: DNS, refused connection, CORS, offline. */
export class McpNetworkError extends McpError {
  override name = 'McpNetworkError'
  declare readonly code: 'NETWORK_ERROR'
  constructor(cause: unknown, details: ErrorDetails = {}) {
    super('NETWORK_ERROR', `Network error: ${cause instanceof Error ? cause.message : String(cause)}`, { ...details, cause })
  }
}

/** The response was not what the protocol allows: bad JSON, wrong content type, malformed SSE. */
export class McpResponseFormatError extends McpError {
  override name = 'McpResponseFormatError'
  declare readonly code: 'BAD_RESPONSE'
  constructor(message: string, details: ErrorDetails = {}) {
    super('BAD_RESPONSE', message, details)
  }
}

/** The SSE stream ended or broke before the response arrived, even after re-issuing the request. */
export class McpStreamError extends McpError {
  override name = 'McpStreamError'
  declare readonly code: 'STREAM_ENDED'
  constructor(message: string, details: ErrorDetails = {}) {
    super('STREAM_ENDED', message, details)
  }
}

/** The caller (or the person) cancelled. Not a failure of the server. */
export class McpCancelledError extends McpError {
  override name = 'McpCancelledError'
  declare readonly code: 'CANCELLED'
  constructor(details: ErrorDetails = {}) {
    super('CANCELLED', 'Request cancelled', details)
  }
}

/** A deadline set by the caller passed. */
export class McpTimeoutError extends McpError {
  override name = 'McpTimeoutError'
  declare readonly code: 'TIMEOUT'
  constructor(ms: number | undefined, details: ErrorDetails = {}) {
    super('TIMEOUT', ms === undefined ? 'Request timed out' : `Request timed out after ${ms} ms`, details)
  }
}

/** The server kept answering `input_required` past the round cap. */
export class McpInputRoundsExceededError extends McpError {
  override name = 'McpInputRoundsExceededError'
  declare readonly code: 'INPUT_ROUNDS_EXCEEDED'
  readonly rounds: number
  /** The last `input_required` result, so a UI can show what was still asked. */
  readonly lastResult: InputRequiredResult
  constructor(rounds: number, lastResult: InputRequiredResult, details: ErrorDetails = {}) {
    super(
      'INPUT_ROUNDS_EXCEEDED',
      `Server still asked for input after ${rounds} rounds; raise maxRounds if this is expected`,
      { ...details, data: lastResult },
    )
    this.rounds = rounds
    this.lastResult = lastResult
  }
}

/** The server asked for input nobody can give: no handler, an undeclared capability, or a handler that failed. */
export class McpInputError extends McpError {
  override name = 'McpInputError'
  declare readonly code: 'INPUT_UNAVAILABLE'
  constructor(message: string, details: ErrorDetails = {}) {
    super('INPUT_UNAVAILABLE', message, details)
  }
}

/** A legacy session could not be established or was lost for good. */
export class McpSessionError extends McpError {
  override name = 'McpSessionError'
  declare readonly code: 'SESSION_FAILED'
  constructor(message: string, details: ErrorDetails = {}) {
    super('SESSION_FAILED', message, details)
  }
}

/** The caller passed something the protocol cannot carry. */
export class McpArgumentError extends McpError {
  override name = 'McpArgumentError'
  declare readonly code: 'INVALID_ARGUMENT'
  constructor(message: string, details: ErrorDetails = {}) {
    super('INVALID_ARGUMENT', message, details)
  }
}

/**
 * The server redirected the request to another origin. It is not followed:
 * the request body and our headers (an API key, say) would reach a server the
 * app never chose.
 */
export class McpRedirectError extends McpError {
  override name = 'McpRedirectError'
  declare readonly code: 'REDIRECT_REFUSED'
  /** Where the server pointed, whole, when the runtime lets us read it (browsers hide it); the message names it redacted. */
  readonly location: string | undefined
  constructor(location: string | undefined, details: ErrorDetails = {}) {
    super(
      'REDIRECT_REFUSED',
      location === undefined
        ? 'The server answered with a redirect, which is not followed (a browser does not reveal its target)'
        : `The server redirected to another origin, which is not followed: ${redactUrl(location)}`,
      { ...details, data: location },
    )
    this.location = location
  }
}

/** A response body or one SSE event grew past its configured cap. */
export class McpResponseTooLargeError extends McpError {
  override name = 'McpResponseTooLargeError'
  declare readonly code: 'RESPONSE_TOO_LARGE'
  /** The cap that was hit, in bytes. */
  readonly limit: number
  /** What was capped: `'body'` or `'event'`. */
  readonly part: 'body' | 'event'
  constructor(part: 'body' | 'event', limit: number, details: ErrorDetails = {}) {
    super('RESPONSE_TOO_LARGE', `The response ${part === 'body' ? 'body' : 'stream sent an event that'} exceeded ${limit} bytes`, details)
    this.limit = limit
    this.part = part
  }
}

/** A result of a type this client does not handle (a `task` from a server the client never offered tasks to, say): it is not taken as complete. */
export class McpUnsupportedResultError extends McpError {
  override name = 'McpUnsupportedResultError'
  declare readonly code: 'UNSUPPORTED_RESULT'
  /** The `resultType` the server sent, as text. */
  readonly resultType: string
  constructor(resultType: string, result: unknown, details: ErrorDetails = {}) {
    super('UNSUPPORTED_RESULT', `The server answered with resultType "${resultType}", which this client does not support`, { ...details, data: result })
    this.resultType = resultType
  }
}

/** A guard of one class of the family, by `instanceof` or by `name`. */
export function guard<T extends McpError>(ctor: abstract new (...args: never[]) => T, name: string) {
  return (error: unknown): error is T =>
    error instanceof ctor ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name)
}

const familyNames = new Set([
  'McpError', 'McpHttpError', 'McpProtocolError', 'McpNetworkError', 'McpResponseFormatError',
  'McpStreamError', 'McpCancelledError', 'McpTimeoutError', 'McpInputRoundsExceededError',
  'McpInputError', 'McpSessionError', 'McpArgumentError', 'McpRedirectError', 'McpResponseTooLargeError',
  // McpNotResumableError: not-resumable-error.ts; McpTaskError: task-error.ts; McpStoreError: store-error.ts (see the top of this file).
  'McpUnsupportedResultError', 'McpNotResumableError', 'McpTaskError', 'McpStoreError',
])

/** Any error of the mcp-elicit family. */
export const isMcpError = (error: unknown): error is McpError =>
  error instanceof McpError ||
  (typeof error === 'object' && error !== null && familyNames.has((error as { name?: string }).name ?? ''))
export const isMcpHttpError = guard(McpHttpError, 'McpHttpError')
export const isMcpProtocolError = guard(McpProtocolError, 'McpProtocolError')
export const isMcpNetworkError = guard(McpNetworkError, 'McpNetworkError')
export const isMcpResponseFormatError = guard(McpResponseFormatError, 'McpResponseFormatError')
export const isMcpStreamError = guard(McpStreamError, 'McpStreamError')
export const isMcpCancelledError = guard(McpCancelledError, 'McpCancelledError')
export const isMcpTimeoutError = guard(McpTimeoutError, 'McpTimeoutError')
export const isMcpInputRoundsExceededError = guard(McpInputRoundsExceededError, 'McpInputRoundsExceededError')
export const isMcpInputError = guard(McpInputError, 'McpInputError')
export const isMcpSessionError = guard(McpSessionError, 'McpSessionError')
export const isMcpArgumentError = guard(McpArgumentError, 'McpArgumentError')
export const isMcpRedirectError = guard(McpRedirectError, 'McpRedirectError')
export const isMcpResponseTooLargeError = guard(McpResponseTooLargeError, 'McpResponseTooLargeError')
export const isMcpUnsupportedResultError = guard(McpUnsupportedResultError, 'McpUnsupportedResultError')
