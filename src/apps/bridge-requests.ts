/**
 * The host's own requests to the view (`ui/resource-teardown`,
 * `elicitation/create`) and the wait for the handshake: each bounded by a
 * timeout and an optional signal, because the view is untrusted code that
 * may never answer. Giving up tells the view with `notifications/cancelled`
 * (MCP base protocol), so a view that is still working can stop.
 */
import { McpCancelledError, type JsonObject } from '../core/index.js'
import { BridgeRpcError, rpcNotification, rpcRequest } from './bridge-messages.js'
import { CANCELLED } from './methods.js'

interface Waiter {
  resolve(result: JsonObject): void
  reject(error: unknown): void
}

/** Calls `settle` with an error after `timeoutMs` or when `signal` aborts; returns the cleanup. */
function bound(timeoutMs: number, signal: AbortSignal | undefined, timedOut: () => Error, settle: (error: Error) => void): () => void {
  const onAbort = () => settle(new McpCancelledError({ cause: signal?.reason }))
  const timer = setTimeout(() => settle(timedOut()), Math.max(0, timeoutMs))
  signal?.addEventListener('abort', onAbort, { once: true })
  return () => {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** Host -> view requests in flight, matched with their answers by id. */
export class HostRequests {
  readonly #post: (message: JsonObject) => void
  readonly #pending = new Map<number, Waiter>()
  #nextId = 1

  constructor(post: (message: JsonObject) => void) {
    this.#post = post
  }

  /**
   * Sends `method` and resolves with the view's result; rejects with a
   * {@link BridgeRpcError} for its error answer, `timedOut()` after
   * `timeoutMs`, `McpCancelledError` when `signal` aborts.
   */
  send(method: string, params: JsonObject, timeoutMs: number, signal: AbortSignal | undefined, timedOut: () => Error): Promise<JsonObject> {
    if (signal?.aborted) return Promise.reject(new McpCancelledError({ cause: signal.reason }))
    return new Promise((resolve, reject) => {
      const id = this.#nextId++
      const done = (outcome: () => void) => {
        cleanup()
        this.#pending.delete(id)
        outcome()
      }
      const cleanup = bound(timeoutMs, signal, timedOut, (error) =>
        done(() => {
          this.#post(rpcNotification(CANCELLED, { requestId: id, reason: error instanceof McpCancelledError ? 'The host cancelled the request' : 'The host stopped waiting' }))
          reject(error)
        }),
      )
      this.#pending.set(id, { resolve: (result) => done(() => resolve(result)), reject: (error) => done(() => reject(error)) })
      this.#post(rpcRequest(id, method, params))
    })
  }

  /** Settles the request an answer is for; false when no request with that id waits. */
  answer(id: unknown, outcome: { result: JsonObject } | { error: { code: number; message: string } }): boolean {
    const waiter = typeof id === 'number' ? this.#pending.get(id) : undefined
    if (!waiter) return false
    if ('result' in outcome) waiter.resolve(outcome.result)
    else waiter.reject(new BridgeRpcError(outcome.error.code, outcome.error.message))
    return true
  }

  /** Fails every request still waiting (the bridge is going away). */
  rejectAll(error: () => Error): void {
    for (const waiter of [...this.#pending.values()]) waiter.reject(error())
  }
}

/** A one-way gate: waiters pass once it opens, or fail together. */
export class Latch {
  #open = false
  readonly #waiters = new Set<(error?: Error) => void>()

  get isOpen(): boolean {
    return this.#open
  }

  open(): void {
    this.#open = true
    for (const wake of [...this.#waiters]) wake()
  }

  /** Fails everyone waiting now (later waiters still wait for `open`). */
  fail(error: () => Error): void {
    for (const wake of [...this.#waiters]) wake(error())
  }

  /** Resolves when open; rejects with `timedOut()` after `timeoutMs`, `McpCancelledError` when `signal` aborts. */
  wait(timeoutMs: number, signal: AbortSignal | undefined, timedOut: () => Error): Promise<void> {
    if (this.#open) return Promise.resolve()
    if (signal?.aborted) return Promise.reject(new McpCancelledError({ cause: signal.reason }))
    return new Promise((resolve, reject) => {
      const wake = (error?: Error) => {
        cleanup()
        this.#waiters.delete(wake)
        if (error) reject(error)
        else resolve()
      }
      const cleanup = bound(timeoutMs, signal, timedOut, wake)
      this.#waiters.add(wake)
    })
  }
}
