/**
 * Every header of an outgoing POST, derived from the message in one place.
 * The protocol's own headers are reserved: an app's extra headers (for
 * example `Authorization`) never override them.
 */
import { encodeHeaderValue } from './header-value.js'
import type { JsonRpcNotification, JsonRpcRequest, JsonRpcResponse } from './types.js'

const RESERVED = new Set([
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
])

function isReserved(name: string): boolean {
  const lower = name.toLowerCase()
  return RESERVED.has(lower) || lower.startsWith('mcp-param-')
}

/**
 * Methods whose `Mcp-Name` comes from a field of params; the task methods
 * name the task, so intermediaries can route every request of a task to the
 * instance that holds it (tasks extension, Streamable HTTP binding).
 */
const NAMED_METHODS: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
}

export interface HeaderContext {
  /** Omitted only on a legacy `initialize`, before a version is agreed. */
  protocolVersion?: string | undefined
  /** Legacy servers know no `Mcp-Method`/`Mcp-Name`; sending them would only fail a CORS preflight. */
  era: 'modern' | 'legacy'
  sessionId?: string | undefined
  /** `Mcp-Param-*` headers with their values as text, encoded here as `Mcp-Method` and `Mcp-Name` are. */
  paramHeaders?: Record<string, string> | undefined
  /** The app's extra headers. */
  extra?: HeadersInit | undefined
}

export function buildHeaders(
  message: JsonRpcRequest | JsonRpcNotification | JsonRpcResponse,
  context: HeaderContext,
): Headers {
  const headers = new Headers()
  if (context.extra) {
    new Headers(context.extra).forEach((value, name) => {
      if (!isReserved(name)) headers.set(name, value)
    })
  }
  headers.set('Accept', 'application/json, text/event-stream')
  headers.set('Content-Type', 'application/json')
  if (context.protocolVersion) headers.set('MCP-Protocol-Version', context.protocolVersion)
  if (context.sessionId) headers.set('Mcp-Session-Id', context.sessionId)
  if (context.era === 'modern' && 'method' in message) {
    headers.set('Mcp-Method', encodeHeaderValue(message.method))
    const source = NAMED_METHODS[message.method]
    const name = source ? message.params?.[source] : undefined
    if (typeof name === 'string') headers.set('Mcp-Name', encodeHeaderValue(name))
  }
  for (const [name, value] of Object.entries(context.paramHeaders ?? {})) headers.set(name, encodeHeaderValue(value))
  return headers
}
