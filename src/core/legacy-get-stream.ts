/**
 * The standalone GET stream of a legacy session, on which a server may send
 * requests and notifications that belong to no POST. It honours `retry:` and
 * resumes with `Last-Event-ID` after a disconnect. Bounded: a server that keeps
 * dropping the stream at once, or refuses it, is left alone.
 */
import { listen, send, type ExchangeContext } from './http-exchange'

export interface GetStreamOptions {
  context: Omit<ExchangeContext, 'signal' | 'headers' | 'onEventId' | 'onRetry'>
  headers: () => Promise<Headers>
  /** Delay before reconnecting when the server named none. @defaultValue 1000 */
  retryMs?: number
}

/** Streams that end sooner than this without an event count as failures. */
const SHORT_LIVED_MS = 1000
const MAX_FAILURES = 5

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
    void this.#run()
  }

  close(): void {
    this.#controller.abort()
    this.#markOpened()
  }

  async #run(): Promise<void> {
    const signal = this.#controller.signal
    let failures = 0
    while (!signal.aborted && failures < MAX_FAILURES) {
      const started = Date.now()
      let events = 0
      try {
        const headers = await this.#options.headers()
        headers.set('Accept', 'text/event-stream')
        headers.delete('Content-Type')
        if (this.#lastEventId !== undefined) headers.set('Last-Event-ID', this.#lastEventId)
        const base = this.#options.context
        const context: ExchangeContext = {
          ...base,
          headers,
          signal,
          onNotification: (notification) => {
            events++
            base.onNotification?.(notification)
          },
          onServerRequest: (request) => {
            events++
            base.onServerRequest?.(request)
          },
          onEventId: (id) => (this.#lastEventId = id),
          onRetry: (ms) => (this.#retryMs = ms),
        }
        const response = await send(context, { method: 'GET', headers }, 'GET')
        this.#markOpened()
        const type = response.headers.get('content-type') ?? ''
        if (!response.ok || !type.includes('text/event-stream')) {
          // 405 and friends: this server offers no GET stream.
          await response.body?.cancel().catch(() => {})
          return
        }
        await listen(response, context)
      } catch {
        this.#markOpened()
      }
      if (signal.aborted) return
      failures = events === 0 && Date.now() - started < SHORT_LIVED_MS ? failures + 1 : 0
      await new Promise((resolve) => setTimeout(resolve, this.#retryMs))
    }
  }
}
