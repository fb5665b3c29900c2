/**
 * Turns the one-request-at-a-time questions of a 2025-11-25 server into
 * rounds for an input handler. Requests pushed for one call that arrive
 * together are one round, as the several `inputRequests` of one 2026-07-28
 * `input_required` result are, so a burst of 100 questions is one round
 * (one form, one `maxRounds` step), not 100.
 *
 * "Together": a round opens with the first request and takes every request
 * that arrives before the handler is called. It is called at the first
 * timer turn in which no request joined, so everything parsed from the bytes
 * already received joins, however the network split them into chunks
 * (events of one chunk arrive a few microtasks apart, the next chunk a
 * macrotask later); and at most {@link GATHER_MS} after the round opened, so
 * a server trickling requests cannot hold the first question back. A request
 * that arrives after the handler was called opens the next round.
 */
import type { InputHandler } from './client-options.js'
import { McpCancelledError, McpInputRoundsExceededError } from './errors.js'
import type { ServerInputHandler } from './server-requests.js'
import type { Implementation, InputRequests, InputResponses, MrtrMethod } from './types.js'

/** The longest a round waits for more requests to join before its handler is called. */
export const GATHER_MS = 50

export interface LegacyRoundsOptions {
  method: MrtrMethod
  url: string
  /** Rounds a call may have; the client-level handler, which answers for no call, has no cap. */
  maxRounds?: number | undefined
  serverInfo: () => Implementation | undefined
}

interface Round {
  requests: InputRequests
  signal: AbortSignal
  answers: Promise<InputResponses>
  settle: (answers: Promise<InputResponses>) => void
}

/** Adapts `handler` to pushed requests, one round per burst (who the handler is: input-routing.ts). */
export function legacyRounds(handler: InputHandler, options: LegacyRoundsOptions): ServerInputHandler {
  const maxRounds = options.maxRounds ?? Number.POSITIVE_INFINITY
  let rounds = 0
  let open: Round | undefined
  /**
   * Keys of earlier rounds still waiting for answers. A request pushed while
   * they wait joins them on screen (call-observer.ts), where one key is one
   * question: a repeated id must not take the key of a question still open,
   * or answering that one would answer both.
   */
  const waiting = new Set<string>()

  const ask = (round: Round): void => {
    if (open === round) open = undefined
    const keys = Object.keys(round.requests)
    for (const key of keys) waiting.add(key)
    const answered = () => keys.forEach((key) => waiting.delete(key))
    round.answers.then(answered, answered)
    // Given up on while gathering: nobody waits for these answers, so nobody is asked.
    if (round.signal.aborted) return round.settle(Promise.reject(new McpCancelledError({ method: options.method, url: options.url, cause: round.signal.reason })))
    rounds += 1
    const number = rounds
    round.settle(
      new Promise<InputResponses>((resolve) => {
        if (number > maxRounds) {
          throw new McpInputRoundsExceededError(maxRounds, { resultType: 'input_required', inputRequests: round.requests }, { method: options.method, url: options.url })
        }
        resolve(handler(round.requests, { round: number, signal: round.signal, era: 'legacy', method: options.method, serverInfo: options.serverInfo() }))
      }),
    )
  }

  /** Asks at the first timer turn in which no request joined the round, or once it is GATHER_MS old. */
  const gather = (round: Round): void => {
    const opened = Date.now()
    let seen = Object.keys(round.requests).length
    const tick = () => {
      if (open !== round) return
      const size = Object.keys(round.requests).length
      if (size === seen || Date.now() - opened >= GATHER_MS) return ask(round)
      seen = size
      setTimeout(tick, 0)
    }
    setTimeout(tick, 0)
  }

  return (requests, signal) => {
    // A call's requests share its signal; another signal (a resent request) starts its own round.
    if (open && open.signal !== signal) ask(open)
    const fresh = !open
    if (!open) {
      let settle!: Round['settle']
      const answers = new Promise<InputResponses>((resolve) => (settle = resolve))
      open = { requests: {}, signal, answers, settle }
    }
    const round = open
    // Keys name the method and the id; two requests whose ids read the same (1 and "1", or
    // a repeated id, in this round or one still open) still get a key each, so each is asked and answered on its own.
    const keys: Array<[string, string]> = Object.keys(requests).map((key) => {
      let unique = key
      for (let n = 2; Object.hasOwn(round.requests, unique) || waiting.has(unique); n++) unique = `${key} (${n})`
      round.requests[unique] = requests[key]!
      return [key, unique]
    })
    if (fresh) gather(round)
    // A key the handler did not answer stays out: the request then gets an error, as before.
    return round.answers.then((answers) => {
      const given: InputResponses = typeof answers === 'object' && answers !== null ? answers : {}
      return Object.fromEntries(keys.filter(([, unique]) => Object.hasOwn(given, unique)).map(([key, unique]) => [key, given[unique]!]))
    })
  }
}
