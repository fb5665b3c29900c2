/**
 * What an element takes from its attributes and properties, checked as
 * untrusted: a chat page writes a model's tool call into the page as
 * `<mcp-elicit-tool-call name="…" arguments="…">`, so both may hold
 * anything a model produced. A name or arguments that cannot be sent give a
 * typed error (`McpArgumentError`, the `error` event with `source:
 * 'arguments'`) and nothing runs; nothing of them is ever markup (React puts
 * text in text nodes).
 */
import { McpArgumentError, type JsonObject } from '../core/index.js'

/** Longest tool name taken (MCP names are at most 128 characters; a name is shown on the Run button). */
export const MAX_NAME_LENGTH = 1024

/** Longest `arguments` attribute taken, in UTF-16 units (1 MiB of JSON text, as the apps host's message cap). */
export const MAX_ARGUMENTS_LENGTH = 1 << 20

export type Checked<T> = { ok: true; value: T } | { ok: false; error: McpArgumentError }

const fail = <T>(message: string): Checked<T> => ({ ok: false, error: new McpArgumentError(message) })

/** A tool name: a non-empty string of at most {@link MAX_NAME_LENGTH} characters. */
export function checkName(name: unknown, what = 'name'): Checked<string> {
  if (typeof name !== 'string' || name === '') return fail(`The element's ${what} is missing`)
  if (name.length > MAX_NAME_LENGTH) return fail(`The element's ${what} is ${name.length} characters long; at most ${MAX_NAME_LENGTH} are taken`)
  return { ok: true, value: name }
}

/** A plain JSON object (not an array, not null, not a primitive). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The `arguments` attribute: JSON text of an object. `JSON.parse` makes
 * every key an own property, `__proto__` included (as data, never the
 * prototype), and nothing here copies the object with a setter.
 */
export function parseArguments(text: string): Checked<JsonObject> {
  if (text.length > MAX_ARGUMENTS_LENGTH) return fail(`The element's arguments are ${text.length} characters of JSON; at most ${MAX_ARGUMENTS_LENGTH} are taken`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return fail("The element's arguments are not JSON")
  }
  return isJsonObject(parsed) ? { ok: true, value: parsed } : fail("The element's arguments are not a JSON object")
}

/** The `arguments` property: an object, or JSON text of one; unset is `{}`. */
export function checkArguments(value: unknown): Checked<JsonObject> {
  if (value === undefined || value === null) return { ok: true, value: {} }
  if (typeof value === 'string') return parseArguments(value)
  return isJsonObject(value) ? { ok: true, value } : fail("The element's arguments are not an object")
}
