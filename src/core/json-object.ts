/** The one check every reader of untrusted JSON makes before looking inside a value. */
import type { JsonObject } from './types.js'

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
