/**
 * What changes between the client's model and a 2025-11-25 server, message
 * by message: the params it is sent, the errors that say its session is
 * gone, and the `-32042` error that asks for URL elicitations first, which
 * becomes an input round so the same consent UI runs.
 */
import { displayText, isObject } from './server-values.js'
import { RpcErrorCode, isMcpHttpError, isMcpProtocolError } from './errors.js'
import type { InputRequiredResult, JsonObject } from './types.js'

const MRTR_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read'])

/** Legacy servers know neither MRTR fields nor the modern `_meta` keys. */
export function legacyParams(params: JsonObject): JsonObject {
  const { inputResponses: _responses, requestState: _state, _meta, ...rest } = params
  const meta = Object.fromEntries(Object.entries(isObject(_meta) ? _meta : {}).filter(([key]) => !key.startsWith('io.modelcontextprotocol/')))
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest
}

/**
 * Whether an error says the server no longer knows our session: 404 (the
 * spec's answer), or the 400 that SDK v1 servers and server-everything send
 * after a restart ("Bad Request: No valid session ID provided", -32000).
 */
export function isUnknownSession(error: unknown): boolean {
  if (!isMcpHttpError(error) && !isMcpProtocolError(error)) return false
  if (error.status === 404) return true
  if (error.status !== 400) return false
  const text = isMcpProtocolError(error) ? ([RpcErrorCode.ServerError, -32001].includes(error.code) ? error.rpcMessage : '') : error.body
  return /session/i.test(text)
}

/**
 * `-32042`: the server needs URL elicitations first. Shown as an input
 * round of an MRTR method; the retry re-sends the request. Any other error
 * is thrown as it is.
 */
export function urlElicitationRound(method: string, error: unknown): InputRequiredResult {
  const elicitations = isMcpProtocolError(error) && error.code === RpcErrorCode.UrlElicitationRequired ? (error.data as { elicitations?: unknown } | undefined)?.elicitations : undefined
  if (!MRTR_METHODS.has(method) || !Array.isArray(elicitations) || elicitations.length === 0) throw error
  const inputRequests = Object.fromEntries(
    elicitations.filter(isObject).map((params, index) => [`url-${displayText(params.elicitationId, String(index))}`, { method: 'elicitation/create', params: { mode: 'url', ...params } }]),
  )
  return { resultType: 'input_required', inputRequests }
}
