/**
 * What the client needs from an era: send one request, close. The modern
 * and the legacy connection implement it; the client above them only picks
 * one.
 */
import type { Limits } from './limits.js'
import type { Era, Implementation, InputRequests, InputResponses, JsonObject, JsonRpcNotification } from './types.js'

export interface SendOptions {
  signal: AbortSignal
  /** Notifications that arrive on this request's stream. */
  onNotification?: ((notification: JsonRpcNotification) => void) | undefined
  /** Already-encoded `Mcp-Param-*` headers (modern era). */
  paramHeaders?: Record<string, string> | undefined
  /**
   * Answers requests a legacy server sends while this request runs; the same
   * shape as an MRTR round with one entry.
   */
  onServerInput?: ((requests: InputRequests, signal: AbortSignal) => Promise<InputResponses>) | undefined
  /**
   * `onServerInput` is the call's own handler (a per-call `onInputRequests`),
   * not the client's: only such a call may be given what a legacy server
   * pushes on the GET stream.
   */
  ownInputHandler?: boolean | undefined
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
  /** The client-wide default deadline, for the requests no caller makes (the DELETE of close). */
  timeoutMs: number | undefined
}
