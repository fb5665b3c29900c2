/**
 * The standalone GET stream of a legacy session, on which a server may send
 * requests and notifications that belong to no POST. It honours `retry:`
 * (clamped) and resumes with `Last-Event-ID` after a disconnect. Bounded: a
 * stream that fails or ends soon after it opened counts as a failure, events
 * or not; reconnects back off with jitter, and after `maxReconnects` failures
 * in a row the server is left alone. `close()` leaves no timer or socket.
 */
import { listen, send, type ExchangeContext } from './http-exchange.js'
import { DEFAULT_LIMITS, type Limits } from './limits.js'
import { keepConnected } from './reconnect.js'

export interface GetStreamOptions {
  context: Omit<ExchangeContext, 'signal' | 'headers' | 'onEventId' | 'onRetry'>
  headers: () => Promise<Headers>
  /** Delay before reconnecting when the server named none. @defaultValue 1000 */
  retryMs?: number
  /** @defaultValue {@link DEFAULT_LIMITS} */
  limits?: Limits | undefined
}

export class GetStream {
  #options: GetStreamOptions
  #controller = new AbortController()
  #lastEventId: string | undefined
  #retryMs: number
  /** Settles once the first GET has been answered (or refused). */
  readonly opened: Promise<void>
  #markOpened!: () => void

  constructor(options: GetStreamOptions) {
    this.#options = options
    this.#retryMs = options.retryMs ?? 1000
    this.opened = new Promise((resolve) => (this.#markOpened = resolve))
    void this.#run().catch(() => {})
  }

  close(): void {
    this.#controller.abort()
    this.#markOpened()
  }

  async #run(): Promise<void> {
    const signal = this.#controller.signal
    const limits = this.#options.limits ?? this.#options.context.limits ?? DEFAULT_LIMITS
    await keepConnected({
      signal,
      limits,
      retryMs: () => this.#retryMs,
      connect: async () => {
        try {
          const headers = await this.#options.headers()
          headers.set('Accept', 'text/event-stream')
          headers.delete('Content-Type')
          if (this.#lastEventId !== undefined) headers.set('Last-Event-ID', this.#lastEventId)
          const context: ExchangeContext = {
            ...this.#options.context,
            limits,
            headers,
            signal,
            onEventId: (id) => (this.#lastEventId = id),
            onRetry: (ms) => (this.#retryMs = ms),
          }
          const response = await send(context, { method: 'GET', headers }, 'GET')
          this.#markOpened()
          const type = response.headers.get('content-type') ?? ''
          if (!response.ok || !type.includes('text/event-stream')) {
            // 405 and friends: this server offers no GET stream.
            await response.body?.cancel().catch(() => {})
            return 'stop'
          }
          await listen(response, context)
        } finally {
          this.#markOpened()
        }
      },
    })
  }
}
