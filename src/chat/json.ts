import type { JsonObject } from '../core/index.js'

/** The one check before looking inside a value that came from a server (or through the browser): a JSON object, not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `text` cut to `max` characters, with `…` when cut: how the chat code shortens a server's text. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text
}

/** A JSON copy of `value` when it stays within `max` characters; 'too-large' when not, or when too deep to copy. */
export function jsonCopy(value: unknown, max: number): JsonObject | 'too-large' {
  try {
    const text = JSON.stringify(value)
    if (text === undefined || text.length > max) return 'too-large'
    return JSON.parse(text) as JsonObject
  } catch {
    // Nesting deep enough to overflow the stack, a BigInt, a throwing toJSON (a caller's object, not JSON).
    return 'too-large'
  }
}
