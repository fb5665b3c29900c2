/**
 * The GETs of a legacy session. The standalone GET stream, on which a server
 * may send requests and notifications that belong to no POST: it honours
 * `retry:` (clamped) and resumes with `Last-Event-ID` after a disconnect.
 * Bounded: a stream that fails or ends soon after it opened counts as a
 * failure, events or not; reconnects back off with jitter, and after
 * `maxReconnects` failures in a row the server is left alone. `close()`
 * leaves no timer or socket. And the GET that resumes a POST's stream that
 * broke before its response ({@link resumeResponse}).
 */
import { isMcpStreamError } from './errors.js'
import { readResponse, readStream, send, type ExchangeContext } from './http-exchange.js'
import { DEFAULT_LIMITS, type Limits } from './limits.js'
import { clampRetry } from './retry-delay.js'
import { keepConnected } from './reconnect.js'
import { abortError, sleep } from './signals.js'
import type { JsonObject, JsonRpcRequest } from './types.js'

/** Resumptions of one broken POST stream before its request fails. */
const MAX_RESUMES = 3

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

  /**
   * Waits until the stream is open, at most `ms` (or until `signal` aborts),
   * with a timer that ends with the wait.
   */
  async openedWithin(ms: number, signal: AbortSignal): Promise<void> {
    const grace = new AbortController()
    const unlink = () => grace.abort()
    signal.addEventListener('abort', unlink, { once: true })
    try {
      await Promise.race([this.opened, sleep(ms, grace.signal).catch(() => {})])
    } finally {
      grace.abort()
      signal.removeEventListener('abort', unlink)
    }
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
          if (response.body) await readStream(response.body, { context, details: { method: 'GET', url: context.url }, status: response.status, isAnswer: () => false })
        } finally {
          this.#markOpened()
        }
      },
    })
  }
}

/**
 * The POST stream of `message` ended before the response: waits `retry`,
 * then GETs with `Last-Event-ID`, up to {@link MAX_RESUMES} times while the
 * stream keeps breaking. `context` is the POST's (its signal, its
 * callbacks, which keep `lastEventId` and `retryMs` up to date).
 */
export async function resumeResponse(
  message: JsonRpcRequest,
  context: ExchangeContext,
  options: { headers: () => Promise<Headers>; lastEventId: () => string; retryMs: () => number; limits: Limits },
): Promise<JsonObject> {
  let failure: unknown
  for (let attempt = 0; attempt < MAX_RESUMES; attempt++) {
    await sleep(clampRetry(options.retryMs(), options.limits), context.signal).catch(() => {
      throw abortError(context.signal, { method: message.method, url: context.url })
    })
    const headers = await options.headers()
    headers.set('Accept', 'text/event-stream')
    headers.delete('Content-Type')
    headers.set('Last-Event-ID', options.lastEventId())
    try {
      const response = await send({ ...context, headers }, { method: 'GET', headers }, message.method)
      return (await readResponse(message, response, context)).result
    } catch (error) {
      if (!isMcpStreamError(error) || context.signal.aborted) throw error
      failure = error
    }
  }
  throw failure
}
