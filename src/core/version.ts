/**
 * Protocol versions this client speaks, newest first, and the choice of a
 * mutual one from a server's list.
 */
import type { Era } from './types.js'

/** The modern revision; the only one that speaks MRTR. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28'
/** The newest legacy (session-based) revision. */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25'

/** Stateless revisions (MRTR, no session). */
export const MODERN_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION]
/** Session revisions, newest first; 2025-03-26 introduced Streamable HTTP. */
export const LEGACY_VERSIONS: readonly string[] = [LEGACY_PROTOCOL_VERSION, '2025-06-18', '2025-03-26']
export const SUPPORTED_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...LEGACY_VERSIONS]

export function eraOf(version: string): Era | undefined {
  if (MODERN_VERSIONS.includes(version)) return 'modern'
  if (LEGACY_VERSIONS.includes(version)) return 'legacy'
  return undefined
}

/** The newest version both sides speak, or undefined. */
export function pickMutualVersion(serverVersions: unknown): string | undefined {
  if (!Array.isArray(serverVersions)) return undefined
  return SUPPORTED_VERSIONS.find((version) => serverVersions.includes(version))
}
