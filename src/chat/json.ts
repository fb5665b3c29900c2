import type { JsonObject } from '../core/index.js'

/** The one check before looking inside a value that came from a server (or through the browser): a JSON object, not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `text` cut to `max` characters, with `…` when cut: how the chat code shortens a server's text. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text
}

// C0 and C1 controls but tab and newline, bidi overrides: text for a model and for people, never for a terminal.
export const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** A server's text for a model and for people: without control and bidi characters, trimmed, clipped to `max`; undefined when not a string or empty. */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value.replace(CONTROL, '').trim()
  if (text === '') return undefined
  return clipText(text, max)
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
