/**
 * Tool names as assistant-ui and the model providers behind it take them:
 * `^[a-zA-Z0-9_-]{1,64}$` (OpenAI's and Anthropic's rule), unique, and never
 * a name that means something to a plain object (`__proto__`,
 * `constructor`, …: assistant-ui keeps tools in object records). An MCP
 * server may list any string (SEP-986 allows dots and slashes; a hostile one
 * sends anything), so each name is kept when valid, else mapped to a valid
 * one, and skipped when nothing sensible is left. Every change is reported.
 */

const VALID = /^[a-zA-Z0-9_-]{1,64}$/
const MAX_LENGTH = 64
/** Names a record lookup would resolve on `Object.prototype`. */
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype))

/** Why a listed tool is not offered to the model. */
export type SkippedToolReason = 'invalid-name' | 'duplicate' | 'reserved-name' | 'not-a-tool' | 'hidden-from-model'

export interface SkippedTool {
  /** The name as listed (shown as text only; it may be anything). */
  name: string
  reason: SkippedToolReason
}

export interface RenamedTool {
  /** The name as the server lists it (what `tools/call` sends). */
  name: string
  /** The name assistant-ui and the model see. */
  as: string
}

/** Whether assistant-ui and the providers take `name` as it is. */
export function isValidToolName(name: string): boolean {
  return VALID.test(name) && !RESERVED.has(name)
}

/** A name that means something to a plain object (`__proto__`, `constructor`, …). */
export function isReservedToolName(name: string): boolean {
  return RESERVED.has(name)
}

/**
 * A valid stand-in for `name`: runs of other characters become `_`, and a
 * name cut to 64 characters ends in a short hash of the whole, so two long
 * names that share a prefix stay apart. `undefined` when no letter or digit
 * is left (a name of only punctuation says nothing to the model).
 */
export function toToolName(name: string): string | undefined {
  if (isValidToolName(name)) return name
  const plain = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '')
  if (!/[a-zA-Z0-9]/.test(plain)) return undefined
  const fitted = plain.length <= MAX_LENGTH ? plain : `${plain.slice(0, MAX_LENGTH - 9)}_${hash(name)}`
  return RESERVED.has(fitted) ? `${fitted}_tool` : fitted
}

/** FNV-1a over the UTF-16 code units, as 8 hex digits: short, stable, no crypto needed. */
function hash(text: string): string {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index)
    value = Math.imul(value, 0x01000193)
  }
  return (value >>> 0).toString(16).padStart(8, '0')
}
