/**
 * One round of a Multi Round-Trip Request, as plain JSON: what was asked and
 * how to build the retry. A UI that drives the rounds itself keeps a
 * `PendingRound` (it survives `JSON.stringify`, so a reload can resume it)
 * and calls {@link retryParams} with the person's answers.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 */
import { McpInputError, McpResponseFormatError } from './errors.js'
import type { InputRequests, InputRequiredResult, InputResponses, JsonObject, McpResult, MrtrMethod } from './types.js'

/** The request as the caller made it: retries always start from this. */
export interface OriginalRequest {
  method: MrtrMethod
  params: JsonObject
}

/** A round waiting for answers. Plain JSON throughout. */
export interface PendingRound {
  request: OriginalRequest
  /** 1 for the first `input_required` result of the call, 2 for the next, … */
  round: number
  /** What the server asks this round; empty for a requestState-only round. */
  inputRequests: InputRequests
  /** Opaque; present only when the server gave one. */
  requestState?: string
}

/** A result asks for more only when it says so; no `resultType` means complete. */
export function isInputRequired(result: McpResult): result is InputRequiredResult {
  return result.resultType === 'input_required'
}

/**
 * The round an `input_required` result asks for. Every input request must be
 * an object naming its method: one that is not could be neither shown nor
 * answered, so it is refused here rather than crashing a UI later.
 */
export function pendingRoundOf(request: OriginalRequest, result: InputRequiredResult, round: number): PendingRound {
  const asked: unknown = result.inputRequests
  const inputRequests = typeof asked === 'object' && asked !== null && !Array.isArray(asked) ? (asked as InputRequests) : {}
  for (const [key, input] of Object.entries(inputRequests)) {
    if (typeof input !== 'object' || input === null || typeof (input as { method?: unknown }).method !== 'string') {
      throw new McpResponseFormatError(`Input request "${key}" is not an object with a method`, { method: request.method, data: result })
    }
  }
  const pending: PendingRound = { request, round, inputRequests }
  if (typeof result.requestState === 'string') pending.requestState = result.requestState
  return pending
}

/**
 * The params of the retry: the original params plus `inputResponses` (the
 * keys asked, no others) and the `requestState` exactly as received.
 */
export function retryParams(pending: PendingRound, responses: InputResponses = {}): JsonObject {
  const params: JsonObject = { ...pending.request.params }
  const keys = Object.keys(pending.inputRequests)
  if (keys.length > 0) {
    const missing = keys.filter((key) => !Object.hasOwn(responses, key))
    if (missing.length > 0) {
      throw new McpInputError(`No answer for input request${missing.length > 1 ? 's' : ''} ${missing.map((k) => `"${k}"`).join(', ')}`, {
        method: pending.request.method,
      })
    }
    params.inputResponses = Object.fromEntries(keys.map((key) => [key, responses[key]]))
  }
  if (pending.requestState !== undefined) params.requestState = pending.requestState
  return params
}
