/**
 * A single flight (not an MCP task): work that several callers wait for but
 * only one should start, such as the era probe or a legacy session's
 * `initialize`. Each caller waits under its own signal (and so its own
 * timeout); when every waiter has given up, the work is aborted and
 * forgotten, so one hung attempt never blocks a later call. A success is
 * kept until {@link reset}; a failure is not kept.
 *
 * A background waiter (a listener that waits as long as it lives, with no
 * deadline of its own) does not keep the work alive for the callers: when
 * the last caller gives up, the work is aborted all the same, and the
 * background waiter gets the failure (and tries again as it sees fit). Only
 * when nobody but background waiters ever waited does the work run for
 * them, until the last of them leaves.
 */
import { abortError } from './signals.js'

interface Running<T> {
  promise: Promise<T>
  controller: AbortController
  /** Callers waiting (each under its own deadline). */
  waiters: number
  /** Background waiters (see the module comment). */
  background: number
}

export class SingleFlight<T> {
  #work: (signal: AbortSignal) => Promise<T>
  #running: Running<T> | undefined
  #done: { value: T } | undefined

  constructor(work: (signal: AbortSignal) => Promise<T>) {
    this.#work = work
  }

  /** The kept result, if the work has succeeded since the last reset. */
  get value(): T | undefined {
    return this.#done?.value
  }

  /**
   * Resolves with the work's result, or rejects as soon as `signal` aborts
   * (a timeout as a timeout). With `background`, the wait does not keep the
   * work alive for callers who gave up (see the module comment).
   */
  run(signal: AbortSignal, method: string, background = false): Promise<T> {
    if (this.#done) return Promise.resolve(this.#done.value)
    if (signal.aborted) return Promise.reject(abortError(signal, { method }))
    const running = this.#running ?? this.#start()
    const count = background ? 'background' : 'waiters'
    running[count]++
    return new Promise<T>((resolve, reject) => {
      let settled = false
      const leave = () => {
        settled = true
        signal.removeEventListener('abort', onAbort)
        running[count]--
      }
      const onAbort = () => {
        if (settled) return
        leave()
        // The last caller gone, background waiters do not hold the work; the last waiter of any kind gone, nobody does.
        const abandoned = running.waiters === 0 && (!background || running.background === 0)
        if (abandoned && this.#running === running) {
          this.#running = undefined
          running.controller.abort(signal.reason)
        }
        reject(abortError(signal, { method }))
      }
      signal.addEventListener('abort', onAbort, { once: true })
      running.promise.then(
        (value) => {
          if (settled) return
          leave()
          resolve(value)
        },
        (error: unknown) => {
          if (settled) return
          leave()
          reject(error)
        },
      )
    })
  }

  /** Forgets the kept result and aborts work in flight; the next run starts anew. */
  reset(reason?: unknown): void {
    this.#done = undefined
    const running = this.#running
    this.#running = undefined
    running?.controller.abort(reason)
  }

  #start(): Running<T> {
    const controller = new AbortController()
    const running: Running<T> = { promise: Promise.resolve().then(() => this.#work(controller.signal)), controller, waiters: 0, background: 0 }
    this.#running = running
    running.promise.then(
      (value) => {
        if (this.#running !== running) return
        this.#running = undefined
        this.#done = { value }
      },
      () => {
        if (this.#running === running) this.#running = undefined
      },
    )
    return running
  }
}
