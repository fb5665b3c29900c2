/**
 * The one check every reader of untrusted JSON in the apps layer makes
 * before looking inside a value. A copy of the core's (not part of its
 * public entry), kept here so that csp.ts and ui-meta.ts stay importable by
 * the sandbox page with no import from outside src/apps.
 */
import type { JsonObject } from '../core/index.js'

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
