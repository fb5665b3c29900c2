/**
 * Reading values a server chose, which may be anything: {@link isObject}
 * before looking inside one, {@link displayText} before showing one as
 * text. One module because every reader of untrusted JSON needs both: kept
 * together, a bundler that splits shared code puts them in one chunk.
 */
import type { JsonObject } from './types.js'

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Text from values a server chose. Anything may arrive where a string is
 * expected (an object, an array, an object whose `toString` is not a
 * function), and `String(value)` or a template literal throws on some of
 * them. This never throws and never calls server-supplied code.
 */
export function displayText(value: unknown, fallback = ''): string {
  switch (typeof value) {
    case 'string':
      return value
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'undefined':
      return fallback
    default:
      if (value === null) return fallback
      try {
        const json = JSON.stringify(value)
        return typeof json === 'string' ? json : fallback
      } catch {
        // Cycles, nesting too deep for the stack, a throwing toJSON.
        return fallback
      }
  }
}
