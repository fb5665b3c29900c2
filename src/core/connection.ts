/**
 * What the client needs from an era: send one request, close. The modern
 * and the legacy connection implement it; the client above them only picks
 * one.
 */
import type { RequestGate } from './http-exchange.js'
import type { CallInput } from './input-routing.js'
import type { Limits } from './limits.js'
import type { Era, Implementation, JsonObject, JsonRpcNotification } from './types.js'

export interface SendOptions {
  signal: AbortSignal
  /** Notifications that arrive on this request's stream. */
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined
  /** `Mcp-Param-*` headers (modern era), their values as text: encoded when the request is built. */
  paramHeaders?: Record<string, string> | undefined
  /**
   * The call this request is a step of, for the requests a legacy server
   * pushes while it runs (who answers them: input-routing.ts). None for a
   * request that is no call: it takes no questions.
   */
  input?: CallInput | undefined
  /** Stops the request's deadline while a pushed question waits for the person; call the result to restart it. */
  holdTimeout?: (() => () => void) | undefined
  /** Never send it again when its stream breaks (a long-lived stream whose owner reconnects itself). */
  once?: boolean | undefined
}

export interface Connection {
  readonly era: Era
  readonly protocolVersion: string
  readonly serverInfo: Implementation | undefined
  request(method: string, params: JsonObject, options: SendOptions): Promise<JsonObject>
  close(): Promise<void>
}

/** Shared facts every connection of one client uses. */
export interface ConnectionContext {
  url: string
  fetch: typeof fetch
  clientInfo: Implementation
  capabilities: JsonObject
  headers: () => Promise<HeadersInit | undefined>
  nextId: () => number
  warn: (message: string) => void
  limits: Limits
  /** Where the client's requests wait their turn (`limits.maxConcurrentRequests`). */
  gate?: RequestGate | undefined
  /** The client-wide default deadline, for the requests no caller makes (the DELETE of close). */
  timeoutMs: number | undefined
}
