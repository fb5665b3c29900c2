/**
 * The line at a client's request gate (http-exchange.ts): a request whose
 * turn has not come waits here, first come first served, until a request
 * ahead of it has the head of its answer. A chunk of its own, loaded the
 * first time a client has more requests at once than its
 * `limits.maxConcurrentRequests`: most pages never do.
 */
import type { RequestGate } from './http-exchange.js'
import { abortError } from './signals.js'

/**
 * Resolves when `gate` gives this request its turn; rejects with the typed
 * cancellation or timeout as soon as `signal` aborts, leaving the line.
 */
export function waitTurn(gate: RequestGate, signal: AbortSignal, details: { method: string; url: string }): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal, details))
  // A turn may have come free while this module loaded.
  if (gate.open < gate.max) {
    gate.open++
    return Promise.resolve()
  }
  const waiting = (gate.waiting ??= [])
  return new Promise((resolve, reject) => {
    const turn = () => {
      signal.removeEventListener('abort', leave)
      resolve()
    }
    const leave = () => {
      waiting.splice(waiting.indexOf(turn), 1)
      reject(abortError(signal, details))
    }
    signal.addEventListener('abort', leave, { once: true })
    waiting.push(turn)
  })
}
