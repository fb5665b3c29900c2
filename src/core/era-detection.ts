/**
 * Which era a server speaks, found without configuration: a modern
 * `server/discover` first, and any legacy answer to it means a session
 * server. The decision is cached per endpoint for the life of the page and
 * dropped when it stops working.
 */
import { McpError, RpcErrorCode, isMcpHttpError, isMcpProtocolError, isMcpResponseFormatError } from './errors.js'
import type { Era, JsonObject } from './types.js'
import { LEGACY_VERSIONS, eraOf, pickMutualVersion } from './version.js'

export interface EraDecision {
  era: Era
  version: string
}

const decisions = new Map<string, EraDecision>()

export const eraCache = {
  get: (url: string) => decisions.get(url),
  set: (url: string, decision: EraDecision) => void decisions.set(url, decision),
  delete: (url: string) => void decisions.delete(url),
  clear: () => decisions.clear(),
}

/** Codes modern servers use for requests they understood but refused: never a sign of an older server. */
const MODERN_CODES = new Set<number>([
  RpcErrorCode.HeaderMismatch,
  RpcErrorCode.MissingRequiredClientCapability,
  RpcErrorCode.UnsupportedProtocolVersion,
  RpcErrorCode.InvalidParams,
  RpcErrorCode.InternalError,
])

/**
 * Whether an error to a modern request says "this is a session server":
 * HTTP 400/404/405 without a modern JSON-RPC error, or a missing-session
 * error (`-32000`, `-32001`). For `server/discover` itself, `-32601` counts
 * too: every modern server implements it.
 */
export function isLegacySignal(error: unknown, probing: boolean): boolean {
  if (isMcpHttpError(error)) return [400, 404, 405].includes(error.status)
  if (!isMcpProtocolError(error)) return false
  if (error.code === RpcErrorCode.ServerError || error.code === -32001) return true
  if (probing && error.code === RpcErrorCode.MethodNotFound) return true
  return error.status !== undefined && [400, 404, 405].includes(error.status) && !MODERN_CODES.has(error.code) && error.code !== RpcErrorCode.MethodNotFound
}

/** Reads the era from the answer to a `server/discover` probe (a result or an error). */
export function decideEra(outcome: { result: JsonObject } | { error: unknown }): EraDecision | undefined {
  if ('result' in outcome) {
    const version = pickMutualVersion(outcome.result.supportedVersions)
    // A 200 with no supportedVersions: a session server answering an unknown method loosely.
    if (!version) return { era: 'legacy', version: LEGACY_VERSIONS[0]! }
    return { era: eraOf(version)!, version }
  }
  const error = outcome.error
  if (isMcpProtocolError(error) && error.code === RpcErrorCode.UnsupportedProtocolVersion) {
    const version = pickMutualVersion((error.data as { supported?: unknown } | undefined)?.supported)
    return version ? { era: eraOf(version)!, version } : undefined
  }
  if (isLegacySignal(error, true)) return { era: 'legacy', version: LEGACY_VERSIONS[0]! }
  // A session server may answer an unknown method with a body that is no JSON-RPC response.
  if (isMcpResponseFormatError(error) && (error as McpError).status === 200) return { era: 'legacy', version: LEGACY_VERSIONS[0]! }
  return undefined
}
