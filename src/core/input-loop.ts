/**
 * The Multi Round-Trip Request loop, free of transport and UI: `send` does
 * the request, `fulfil` gets the answers. Retries always rebuild from the
 * original request, so nothing of one round leaks into another call.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 */
import { displayText } from './server-values.js'
import { McpCancelledError, McpInputRoundsExceededError, McpResponseFormatError, McpUnsupportedResultError } from './errors.js'
import { isInputRequired, pendingRoundOf, retryParams, type OriginalRequest, type PendingRound } from './input-round.js'
import { sleep } from './signals.js'
import type { InputRequests, InputRequiredResult, InputResponses, JsonObject, McpResult, TaskInfo } from './types.js'

export type InputLoopEvent =
  | { type: 'input_required'; pending: PendingRound; result: InputRequiredResult }
  | { type: 'retrying'; round: number; stateOnly: boolean }
  /** The call runs as a task: its latest snapshot, and the keys of its questions answered so far. */
  | { type: 'task'; task: TaskInfo; answered: readonly string[] }
  | { type: 'complete'; result: McpResult; rounds: number }

export interface InputLoopOptions {
  request: OriginalRequest
  /** Sends the request with these params (a new JSON-RPC id each time). */
  send: (params: JsonObject, context: { round: number; signal: AbortSignal }) => Promise<McpResult>
  /** Answers every request of a round, keyed as asked. */
  fulfil: (requests: InputRequests, context: { round: number; signal: AbortSignal; pending: PendingRound }) => Promise<InputResponses>
  signal?: AbortSignal | undefined
  /**
   * How many `input_required` results a call may receive.
   * @defaultValue 10
   */
  maxRounds?: number | undefined
  /**
   * Delay before retrying a round that carried only `requestState`.
   * @defaultValue 0
   */
  pacingMs?: number | undefined
  onEvent?: ((event: InputLoopEvent) => void) | undefined
  /** Continue a call from a saved round instead of sending the original request. */
  resume?: { pending: PendingRound; responses?: InputResponses | undefined } | undefined
  /**
   * Follows a `resultType: "task"` answer to its end (tasks extension). Without
   * it a task is not a result this caller can take.
   */
  task?: ((result: McpResult, context: { signal: AbortSignal }) => Promise<McpResult>) | undefined
}

export const DEFAULT_MAX_ROUNDS = 10

/** Resolves with `promise`, or rejects as cancelled as soon as `signal` aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal, method: string): Promise<T> {
  if (signal.aborted) {
    // The promise is left behind: its own failure (the cancelled send) must not surface as an unhandled rejection.
    promise.catch(() => {})
    return Promise.reject(new McpCancelledError({ method, cause: signal.reason }))
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new McpCancelledError({ method, cause: signal.reason }))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

function pause(ms: number, signal: AbortSignal, method: string): Promise<void> {
  return sleep(ms, signal).catch((reason: unknown) => {
    throw new McpCancelledError({ method, cause: reason })
  })
}

/** Runs a call to completion through every `input_required` round. */
export async function runInputLoop(options: InputLoopOptions): Promise<McpResult> {
  const { request, send, fulfil, onEvent } = options
  const method = request.method
  const signal = options.signal ?? new AbortController().signal
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS
  const pacingMs = options.pacingMs ?? 0

  let pending: PendingRound | undefined = options.resume?.pending
  let given: InputResponses | undefined = options.resume?.responses
  let rounds = pending ? pending.round - 1 : 0
  let result: McpResult | undefined

  if (!pending) result = await abortable(send(request.params, { round: 0, signal }), signal, method)

  while (true) {
    if (!pending) {
      if (!result || !isInputRequired(result)) {
        // The MRTR phase ends here; a task keeps its own questions (tasks/update, not retries).
        if (result?.resultType === 'task' && options.task) result = await options.task(result, { signal })
        const type: unknown = result?.resultType
        // Only "complete" (or no type, from older servers) is a finished result; a type
        // this client does not know would leave nobody asked.
        if (type !== undefined && type !== 'complete') throw new McpUnsupportedResultError(displayText(type, typeof type), result, { method })
        const complete = result ?? {}
        onEvent?.({ type: 'complete', result: complete, rounds })
        return complete
      }
      rounds += 1
      if (rounds > maxRounds) throw new McpInputRoundsExceededError(maxRounds, result, { method })
      pending = pendingRoundOf(request, result, rounds)
      onEvent?.({ type: 'input_required', pending, result })
    } else {
      rounds = pending.round
    }

    const stateOnly = Object.keys(pending.inputRequests).length === 0
    if (stateOnly && pending.requestState === undefined) {
      throw new McpResponseFormatError('input_required result carries neither inputRequests nor requestState', { method, data: result })
    }
    let responses: InputResponses = {}
    if (given) responses = given
    else if (stateOnly) {
      if (pacingMs > 0) await pause(pacingMs, signal, method)
    } else {
      responses = await abortable(fulfil(pending.inputRequests, { round: pending.round, signal, pending }), signal, method)
    }
    const params = retryParams(pending, responses)
    onEvent?.({ type: 'retrying', round: pending.round, stateOnly })
    pending = undefined
    given = undefined
    result = await abortable(send(params, { round: rounds, signal }), signal, method)
  }
}
