/**
 * The host's notifications to the view, and the rule they keep: "The Host
 * MUST NOT send any request or notification to the View before it receives
 * an initialized notification" (ext-apps apps.mdx). Before then each kind
 * waits, only the latest of each (context changes merged), and they go out
 * in the order context, partial input, input, result | cancelled once the
 * view says `initialized`.
 */
import type { JsonObject } from '../core/index.js'
import { rpcNotification } from './bridge-messages.js'
import * as Method from './methods.js'
import type { McpUiHostContext } from './types.js'

/** Whether two JSON values serialise alike (a value that does not serialise counts as changed). */
function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}

/** The keys of `partial` whose value differs from `current`'s; undefined when none does. */
export function contextChanges(current: McpUiHostContext, partial: McpUiHostContext): McpUiHostContext | undefined {
  const changed: McpUiHostContext = {}
  for (const [key, value] of Object.entries(partial)) {
    if (value !== undefined && !sameJson(current[key], value)) changed[key] = value
  }
  return Object.keys(changed).length > 0 ? changed : undefined
}

interface Queue {
  context?: McpUiHostContext
  partial?: JsonObject
  input?: JsonObject
  outcome?: { method: string; params: JsonObject }
}

export class Outbox {
  readonly #post: (message: JsonObject) => void
  #open = false
  #queue: Queue = {}
  /** `tool-input` was given (sent, or waiting for `initialized`): no partial input may follow it (the spec's MUST). */
  #inputGiven = false

  constructor(post: (message: JsonObject) => void) {
    this.#post = post
  }

  /** The complete input (drops a partial one still waiting). */
  input(args: JsonObject): void {
    this.#inputGiven = true
    if (!this.#open) delete this.#queue.partial
    this.#send('input', Method.TOOL_INPUT, { arguments: args })
  }

  /** Input still streaming in (ignored once the complete input was given, sent or waiting). */
  partial(args: JsonObject): void {
    if (this.#inputGiven) return
    this.#send('partial', Method.TOOL_INPUT_PARTIAL, { arguments: args })
  }

  /** A result or a cancellation: whichever came last waits. */
  outcome(method: string, params: JsonObject): void {
    this.#send('outcome', method, params)
  }

  /** What changed in the host context since the view was told. */
  context(changed: McpUiHostContext): void {
    if (this.#open) this.#post(rpcNotification(Method.HOST_CONTEXT_CHANGED, changed))
    else this.#queue.context = { ...this.#queue.context, ...changed }
  }

  /** The view is initialized: what waited goes out, in order; from now on everything goes out at once. */
  open(): void {
    if (this.#open) return
    this.#open = true
    const { context, partial, input, outcome } = this.#queue
    this.#queue = {}
    if (context) this.#post(rpcNotification(Method.HOST_CONTEXT_CHANGED, context))
    if (partial) this.#post(rpcNotification(Method.TOOL_INPUT_PARTIAL, partial))
    if (input) this.#post(rpcNotification(Method.TOOL_INPUT, input))
    if (outcome) this.#post(rpcNotification(outcome.method, outcome.params))
  }

  #send(slot: 'partial' | 'input' | 'outcome', method: string, params: JsonObject): void {
    if (this.#open) return this.#post(rpcNotification(method, params))
    if (slot === 'outcome') this.#queue.outcome = { method, params }
    else this.#queue[slot] = params
  }
}
