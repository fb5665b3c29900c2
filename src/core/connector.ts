/**
 * Which connection a client uses, and when it changes: pinned by the
 * caller, remembered for the endpoint, or found by a `server/discover` probe;
 * renegotiated after a `-32022`; probed again when a remembered era stops
 * working. Each request of the client goes through {@link Connector.request},
 * so a change of connection is retried in one place.
 *
 * The 2025-11-25 era (sessions, pushed requests, the GET stream) is a chunk
 * of its own, imported the first time a legacy connection is built: a page
 * that only meets modern servers never loads it.
 */
import type { Connection, ConnectionContext, SendOptions } from './connection.js'
import { McpArgumentError, RpcErrorCode, isMcpProtocolError, isMcpSessionError } from './errors.js'
import { decideEra, eraCache, isLegacySignal, type EraDecision } from './era-detection.js'
import type { LegacyOptions } from './legacy-connection.js'
import { loadChunk } from './load-chunk.js'
import { ModernConnection } from './modern-connection.js'
import { SingleFlight } from './single-flight.js'
import type { JsonObject, McpResult, ProtocolVersionOption } from './types.js'
import { LEGACY_VERSIONS, MODERN_PROTOCOL_VERSION, SUPPORTED_VERSIONS, eraOf, pickMutualVersion } from './version.js'

export class Connector {
  #context: ConnectionContext
  #option: ProtocolVersionOption
  #legacy: LegacyOptions
  #current: Connection | undefined
  #connecting = new SingleFlight<Connection>((signal) => this.#establish(signal))
  #fromCache = false
  #closed = new AbortController()
  /** The probe's `server/discover` result, when the probe found a modern server. */
  discovery: McpResult | undefined

  constructor(context: ConnectionContext, option: ProtocolVersionOption, legacy: LegacyOptions) {
    this.#context = context
    this.#option = option
    this.#legacy = legacy
  }

  get current(): Connection | undefined {
    return this.#current
  }

  /** Aborted when the client closes; for work no single call owns. */
  get closedSignal(): AbortSignal {
    return this.#closed.signal
  }

  /**
   * The connection, established once and shared by concurrent callers. Each
   * waits under its own signal; a probe every caller gave up on is dropped, so
   * a hung server/discover never blocks later calls. A `background` waiter
   * (the change listener, which waits as long as it lives) does not keep it.
   */
  async connect(signal: AbortSignal, background = false): Promise<Connection> {
    if (this.#current) return this.#current
    const connection = await this.#connecting.run(signal, 'connect', background)
    // Renegotiation or a reprobe may have replaced it meanwhile; the newest wins.
    this.#current ??= connection
    this.#connecting.reset()
    return this.#current
  }

  async #establish(signal: AbortSignal): Promise<Connection> {
    const url = this.#context.url
    if (this.#option !== 'auto') {
      const era = eraOf(this.#option)
      if (!era) throw new McpArgumentError(`Unknown protocol version "${this.#option}"; this client speaks ${SUPPORTED_VERSIONS.join(', ')} or "auto"`, { url })
      return await this.#build({ era, version: this.#option })
    }
    const cached = eraCache.get(url)
    this.#fromCache = cached !== undefined
    if (cached) return await this.#build(cached)
    const probe = new ModernConnection(this.#context, MODERN_PROTOCOL_VERSION)
    let decision: EraDecision | undefined
    let failure: unknown
    try {
      const result = await probe.request('server/discover', {}, { signal })
      decision = decideEra({ result })
      if (decision?.era === 'modern') this.discovery = result
    } catch (error) {
      if (signal.aborted) throw error
      failure = error
      decision = decideEra({ error })
    }
    if (!decision) throw failure
    eraCache.set(url, decision)
    return decision.era === 'modern' && decision.version === MODERN_PROTOCOL_VERSION ? probe : await this.#build(decision)
  }

  async #build(decision: EraDecision): Promise<Connection> {
    if (decision.era === 'modern') return new ModernConnection(this.#context, decision.version)
    const version = LEGACY_VERSIONS.includes(decision.version) ? decision.version : LEGACY_VERSIONS[0]!
    const { LegacyConnection } = await loadChunk('the 2025-11-25 era', () => import('./legacy-connection.js'), { url: this.#context.url })
    return new LegacyConnection(this.#context, version, this.#legacy)
  }

  /**
   * Sends one request on the current connection. A `-32022` renegotiates the
   * version and sends it again; when the remembered era stopped working
   * (auto mode), the era is found out again and the whole is tried once more.
   */
  async request(method: string, params: JsonObject, send: SendOptions): Promise<McpResult> {
    const attempt = async (): Promise<McpResult> => {
      const connection = await this.connect(send.signal)
      try {
        return await connection.request(method, params, send)
      } catch (error) {
        const next = await this.#renegotiate(error, connection)
        if (!next) throw error
        return await next.request(method, params, send)
      }
    }
    try {
      return await attempt()
    } catch (error) {
      // The remembered era stopped working: find out again, once.
      if (!this.#reprobe(error)) throw error
      return await attempt()
    }
  }

  /**
   * After a -32022: the connection to retry on, now current, or undefined.
   * The newest mutual version is taken even when it is the one just sent (a
   * server may refuse a first request to test exactly this); a pinned version
   * is retried only as itself. The caller retries once, so this never loops.
   *
   * The connection that failed is closed once replaced: a legacy one holds
   * a session and a GET stream, and a server answering every call with
   * -32022 would otherwise leave one of each behind per call, which
   * `close()` never reaches (and a browser's few connections per origin
   * run out). Requests that failed on the same connection at once share
   * the first one's replacement rather than each replacing the other's.
   */
  async #renegotiate(error: unknown, failed: Connection): Promise<Connection | undefined> {
    if (!isMcpProtocolError(error) || error.code !== RpcErrorCode.UnsupportedProtocolVersion) return undefined
    const supported = (error.data as { supported?: unknown } | undefined)?.supported
    const version = this.#option === 'auto' ? pickMutualVersion(supported) : Array.isArray(supported) && supported.includes(this.#option) ? this.#option : undefined
    const era = version ? eraOf(version) : undefined
    if (!era) return undefined
    const replaced = () => (this.#current !== undefined && this.#current !== failed ? this.#current : undefined)
    const already = replaced()
    if (already) return already
    const next = await this.#build({ era, version: version! })
    const meanwhile = replaced()
    if (meanwhile) {
      void next.close()
      return meanwhile
    }
    this.#current = next
    void failed.close()
    return next
  }

  /**
   * After a failed request in auto mode: when the error says the remembered
   * era no longer holds, forget it (and the connection) so the next connect
   * probes again. True when the request is worth one more try.
   */
  #reprobe(error: unknown): boolean {
    const current = this.#current
    if (this.#option !== 'auto' || !current) return false
    const stale = current.era === 'modern' ? isLegacySignal(error, false) : isMcpSessionError(error) && this.#fromCache
    if (!stale) return false
    eraCache.delete(this.#context.url)
    this.#current = undefined
    this.discovery = undefined
    void current.close()
    return true
  }

  async close(): Promise<void> {
    this.#connecting.reset()
    this.#closed.abort()
    this.#closed = new AbortController()
    const current = this.#current
    this.#current = undefined
    this.discovery = undefined
    await current?.close()
  }
}
