/**
 * Who answers a question the server asks. Every way a question arrives is
 * decided by {@link InputRouting.whoAnswers}, here and nowhere else:
 *
 * - A question of a call (an MRTR round, a task's question, a request a
 *   2025-11-25 server pushes on the call's own POST stream): the call's own
 *   `onInputRequests`, else the client's.
 * - A request a 2025-11-25 server pushes on its GET stream names no call.
 *   When exactly one call in flight has its own handler, it is taken as that
 *   call's, a round of it: FastMCP sends every question of a tool call on
 *   the GET stream, and a chat UI shows it in that call's card. With none or
 *   several such calls there is no telling which asked: the client's handler
 *   answers for no call (with no cap on its rounds), rather than a guess.
 * - A request that is no call (`request()`, a listing, `initialize`) takes
 *   no questions.
 *
 * Nobody to answer: an MRTR round or a task fails with `McpInputError`
 * ({@link InputRouting.ask}); a pushed request gets a JSON-RPC error
 * (server-requests.ts).
 */
import type { InputContext, InputHandler } from './client-options.js'
import { displayText } from './server-values.js'
import { McpInputError } from './errors.js'
import type { LegacyRoundsOptions } from './legacy-rounds.js'
import type { ServerInputHandler } from './server-requests.js'
import type { Implementation, InputRequests, InputResponses, MrtrMethod } from './types.js'

/** How a question arrived. */
export type Question<C> =
  /** Of a call: an MRTR round, a task's question, a request pushed on the call's own stream. Undefined: a request that is no call. */
  | { of: C | undefined }
  /** Pushed on a 2025-11-25 session's GET stream, which names no call: the calls in flight, oldest first. */
  | { inFlight: readonly C[] }

/** Who answers a question, and for which call. */
export interface Answerer<C> {
  /** The call answered for; undefined when the client's handler answers for no call. */
  call: C | undefined
  /** Answers a round of questions (an MRTR round, a task's questions). */
  handler: InputHandler
  /**
   * Answers what a 2025-11-25 server pushes, one round per burst: the call's
   * rounds, or the client's. Made on first use by `make` (legacy-rounds.ts),
   * which only a legacy connection brings: a modern page never loads it.
   */
  pushed: (make: MakeRounds) => ServerInputHandler
}

/** Gathers pushed requests into rounds of one handler (`legacyRounds`). */
export type MakeRounds = (handler: InputHandler, options: LegacyRoundsOptions) => ServerInputHandler

/** What one call brings to the routing (made by {@link InputRouting.forCall}; carried in `SendOptions.input`). */
export class CallInput {
  /** The call's own `onInputRequests` (a per-call handler), if it was given one. */
  readonly own: InputHandler | undefined
  #details: LegacyRoundsOptions
  #rounds: ServerInputHandler | undefined

  constructor(own: InputHandler | undefined, details: LegacyRoundsOptions) {
    this.own = own
    this.#details = details
  }

  /**
   * The call's pushed requests gathered into its rounds, made on first use;
   * `handler` is always the same for one call (its own, else the client's).
   */
  rounds(handler: InputHandler, make: MakeRounds): ServerInputHandler {
    return (this.#rounds ??= make(handler, this.#details))
  }
}

/** One client's routing of questions: its own handler and the calls' handlers. */
export class InputRouting {
  #client: InputHandler | undefined
  #url: string
  #serverInfo: () => Implementation | undefined
  /** The client's handler for pushed requests no call claims: one sequence of rounds, no cap. */
  #clientRounds: ServerInputHandler | undefined

  constructor(client: InputHandler | undefined, details: { url: string; serverInfo: () => Implementation | undefined }) {
    this.#client = client
    this.#url = details.url
    this.#serverInfo = details.serverInfo
  }

  /** The client's own handler (the `onInputRequests` option). */
  get client(): InputHandler | undefined {
    return this.#client
  }

  /** Replaces the client's handler; the rounds of pushed requests start anew with the new one. */
  set client(handler: InputHandler | undefined) {
    this.#client = handler
    this.#clientRounds = undefined
  }

  /** A call's side of the routing: its own handler, and its rounds of pushed requests capped at `maxRounds`. */
  forCall(method: MrtrMethod, own: InputHandler | undefined, maxRounds: number): CallInput {
    return new CallInput(own, { method, url: this.#url, maxRounds, serverInfo: this.#serverInfo })
  }

  /** The one decision (see the module's comment); undefined when nobody can answer. */
  whoAnswers<C>(question: Question<C>, inputOf: (call: C) => CallInput | undefined): Answerer<C> | undefined {
    if ('of' in question) {
      const call = question.of
      const input = call === undefined ? undefined : inputOf(call)
      const handler = input && (input.own ?? this.#client)
      return input && handler ? { call, handler, pushed: (make) => input.rounds(handler, make) } : undefined
    }
    const claimants = question.inFlight.filter((call) => inputOf(call)?.own !== undefined)
    if (claimants.length === 1) {
      const call = claimants[0]!
      const input = inputOf(call)!
      return { call, handler: input.own!, pushed: (make) => input.rounds(input.own!, make) }
    }
    const client = this.#client
    if (!client) return undefined
    const pushed = (make: MakeRounds) => (this.#clientRounds ??= make(client, { method: 'tools/call', url: this.#url, serverInfo: this.#serverInfo }))
    return { call: undefined, handler: client, pushed }
  }

  /** Asks whoever answers the call's questions; with nobody, the call fails. */
  ask(input: CallInput, requests: InputRequests, context: InputContext): Promise<InputResponses> {
    const answerer = this.whoAnswers({ of: input }, (call) => call)
    if (!answerer) {
      const asked = Object.values(requests).map((r) => displayText((r as { method?: unknown } | null)?.method, '?'))
      const what = context.task ? 'The task asked for input' : `The server asked for input (${asked.join(', ')})`
      throw new McpInputError(`${what} but no onInputRequests handler was given`, { method: context.method, url: this.#url })
    }
    return answerer.handler(requests, context)
  }
}
