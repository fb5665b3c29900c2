/**
 * Answers the app gives without the person: its own model for sampling,
 * its roots, an automatic elicitation answer (tests, automation). A
 * question one of them takes is never shown.
 */
import type { PendingInput } from './call-state.js'
import { McpInputError } from './errors.js'
import type { InputResponse, JsonObject } from './types.js'

/**
 * Answers a server's `sampling/createMessage` with the app's own model:
 * `params` is the request's (`messages`, `maxTokens`, `systemPrompt`,
 * `modelPreferences`…, as the server sent them: check before use), the
 * result a `CreateMessageResult` (`{ role: 'assistant', content, model,
 * stopReason? }`). `signal` aborts when the call ends or the person declines.
 */
export type SamplingHandler = (params: JsonObject, context: { signal: AbortSignal }) => Promise<JsonObject>

export interface HostHandlers {
  /** Answers `sampling/createMessage` with the app's own model (see {@link SamplingHandler}); in a card, only after the person approved. */
  onSampling?: SamplingHandler | undefined
  /** Answers `roots/list`: the roots, or a function returning them. */
  roots?: Array<{ uri: string; name?: string }> | ((context: { signal: AbortSignal }) => Promise<Array<{ uri: string; name?: string }>>)
  /** Answers `elicitation/create` without the person (tests, automation). */
  onElicitation?: (params: JsonObject, context: { signal: AbortSignal }) => Promise<InputResponse>
}

/** The host's answer to `input`, or undefined when no handler takes it; a handler that fails fails the call. */
export async function hostAnswer(handlers: HostHandlers, input: PendingInput, signal: AbortSignal): Promise<InputResponse | undefined> {
  const { onSampling, roots, onElicitation } = handlers
  try {
    if (input.method === 'sampling/createMessage' && onSampling) return await onSampling(input.params, { signal })
    if (input.method === 'roots/list' && roots) return { roots: typeof roots === 'function' ? await roots({ signal }) : roots }
    if (input.method === 'elicitation/create' && onElicitation) return await onElicitation(input.params, { signal })
  } catch (error) {
    throw new McpInputError(`The host handler for ${input.method} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error, url: input.url })
  }
  return undefined
}
