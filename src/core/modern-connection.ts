/**
 * The stateless era (2026-07-28): every request is its own POST carrying its
 * version, capabilities and client info in `_meta`, plus the metadata headers.
 * A stream that breaks before its response loses the request, so it is sent
 * again once, as a new request with a new id.
 */
import type { Connection, ConnectionContext, SendOptions } from './connection.js'
import { isMcpStreamError } from './errors.js'
import { exchange } from './http-exchange.js'
import { buildHeaders } from './request-headers.js'
import type { Implementation, JsonObject, JsonRpcRequest } from './types.js'
import { isObject } from './server-values.js'

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion'
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo'
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo'
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel'

export class ModernConnection implements Connection {
  readonly era = 'modern' as const
  readonly protocolVersion: string
  #context: ConnectionContext
  #serverInfo: Implementation | undefined

  constructor(context: ConnectionContext, protocolVersion: string) {
    this.#context = context
    this.protocolVersion = protocolVersion
  }

  get serverInfo(): Implementation | undefined {
    return this.#serverInfo
  }

  async request(method: string, params: JsonObject, options: SendOptions): Promise<JsonObject> {
    try {
      return await this.#send(method, params, options)
    } catch (error) {
      if (!isMcpStreamError(error) || options.signal.aborted || options.once) throw error
      return this.#send(method, params, options)
    }
  }

  async #send(method: string, params: JsonObject, options: SendOptions): Promise<JsonObject> {
    const context = this.#context
    const meta = isObject(params._meta) ? params._meta : {}
    const message: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: context.nextId(),
      method,
      params: {
        ...params,
        _meta: {
          ...meta,
          [META_PROTOCOL_VERSION]: this.protocolVersion,
          [META_CLIENT_CAPABILITIES]: context.capabilities,
          [META_CLIENT_INFO]: context.clientInfo,
        },
      },
    }
    const headers = buildHeaders(message, {
      era: 'modern',
      protocolVersion: this.protocolVersion,
      paramHeaders: options.paramHeaders,
      extra: await context.headers(),
    })
    const { result } = await exchange(message, {
      url: context.url,
      fetch: context.fetch,
      headers,
      signal: options.signal,
      limits: context.limits,
      onNotification: options.onNotification,
      gate: context.gate,
    })
    const serverInfo = isObject(result._meta) ? result._meta[META_SERVER_INFO] : undefined
    if (isObject(serverInfo) && typeof serverInfo.name === 'string') this.#serverInfo = serverInfo as Implementation
    return result
  }

  async close(): Promise<void> {}
}
