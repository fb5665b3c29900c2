/**
 * SEP-3118 (draft), app-rendered questions, on the bridge: the unchanged
 * form `elicitation/create` goes to a view that declared
 * `appCapabilities.elicitation`, and its answer is checked, since "The host
 * MUST treat the app as untrusted and MUST validate accepted content against
 * `requestedSchema` outside the app sandbox." The check covers the flat schemas form elicitation
 * allows (MCP 2025-11-25 `PrimitiveSchemaDefinition`: string with
 * length/format/enum/oneOf, number/integer with bounds, boolean, arrays of
 * enum strings). Hand-written on purpose: a JSON Schema validator would
 * compile with `new Function`, which a strict page CSP blocks, and these
 * schemas need a few dozen lines, not a library.
 */
import type { ElicitResult, JsonObject } from '../core/index.js'
import { BridgeRpcError } from './bridge-messages.js'
import { DEFAULT_ELICIT_TIMEOUT_MS } from './bridge-options.js'
import type { HostRequests, Latch } from './bridge-requests.js'
import { McpAppError } from './errors.js'
import { isObject } from './json-object.js'
import { ELICITATION_CREATE } from './methods.js'
import type { McpUiAppCapabilities } from './types.js'

type Value = string | number | boolean | string[]

const ACTIONS = new Set(['accept', 'decline', 'cancel'])

/** Loose but useful: what a form field of that format should hold. The server validates again. */
const FORMATS: Record<string, (value: string) => boolean> = {
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => /^[a-z][a-z0-9+.-]*:\S*$/i.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  'date-time': (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
}

function consts(list: unknown): unknown[] | undefined {
  return Array.isArray(list) ? list.filter(isObject).map((option) => option.const) : undefined
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/**
 * Whether `text` has between `min` and `max` code points (what JSON Schema's
 * lengths count). A code point is one or two UTF-16 units, so `.length`
 * rules out a string of 40 million characters before any is counted, and
 * the count itself stops at `max` instead of spreading the string into an array.
 */
function withinLength(text: string, min: number, max: number): boolean {
  if (text.length < min || text.length > max * 2) return false
  let count = 0
  for (const _ of text) if (++count > max) return false
  return count >= min
}

/** Why `value` does not fit the property's schema, or `undefined` when it does. */
function mismatch(value: unknown, schema: JsonObject): string | undefined {
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return 'is not a string'
      if (!withinLength(value, number(schema.minLength) ?? 0, number(schema.maxLength) ?? Infinity)) return 'has the wrong length'
      const choices = Array.isArray(schema.enum) ? schema.enum : consts(schema.oneOf)
      if (choices && !choices.includes(value)) return 'is not one of the choices'
      const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined
      if (format && !format(value)) return `is not a valid ${String(schema.format)}`
      return undefined
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'is not a number'
      if (schema.type === 'integer' && !Number.isInteger(value)) return 'is not an integer'
      if (value < (number(schema.minimum) ?? -Infinity) || value > (number(schema.maximum) ?? Infinity)) return 'is out of range'
      return undefined
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'is not a boolean'
    case 'array': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return 'is not a list of strings'
      if (value.length < (number(schema.minItems) ?? 0) || value.length > (number(schema.maxItems) ?? Infinity)) return 'has the wrong number of items'
      const items = isObject(schema.items) ? schema.items : {}
      const choices = Array.isArray(items.enum) ? items.enum : consts(items.anyOf)
      if (choices && !value.every((item) => choices.includes(item))) return 'has an item that is not one of the choices'
      return undefined
    }
    default:
      return 'has a schema type this host does not know'
  }
}

function invalid(reason: string): McpAppError {
  return new McpAppError('APP_ELICITATION_INVALID', `The app's answer to elicitation/create is not valid: ${reason}. Ask with the native form instead.`)
}

/**
 * The view's answer as a standard `ElicitResult`, checked against the
 * question's `requestedSchema`: `action` one of accept/decline/cancel; for
 * accept, `content` an object with only the schema's properties, each of
 * the declared type and within its bounds, every required one present.
 * Other fields of the answer are dropped (only `_meta` is kept).
 * @throws McpAppError `APP_ELICITATION_INVALID`
 */
export function checkElicitResult(result: JsonObject, requestedSchema: unknown): ElicitResult {
  const { action, content, _meta } = result
  if (typeof action !== 'string' || !ACTIONS.has(action)) throw invalid('action must be accept, decline or cancel')
  const meta = isObject(_meta) ? { _meta } : {}
  if (action !== 'accept') return { action: action as 'decline' | 'cancel', ...meta }
  if (content !== undefined && !isObject(content)) throw invalid('content must be an object')
  const schema = isObject(requestedSchema) ? requestedSchema : {}
  const properties = isObject(schema.properties) ? schema.properties : {}
  const answers = content ?? {}
  for (const [key, value] of Object.entries(answers)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (!isObject(property)) throw invalid(`"${key}" is not a field of the question`)
    const problem = mismatch(value, property)
    if (problem) throw invalid(`"${key}" ${problem}`)
  }
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string') : []
  const missing = required.filter((key) => !Object.hasOwn(answers, key))
  if (missing.length > 0) throw invalid(`required ${missing.map((key) => `"${key}"`).join(', ')} missing`)
  return { action: 'accept', content: answers as Record<string, Value>, ...meta }
}

/** Options of an `elicit()` call. */
export interface ElicitOptions {
  signal?: AbortSignal | undefined
  /** From the call to the checked answer, the handshake included. @defaultValue 600 000 (ten minutes: a person is answering) */
  timeoutMs?: number | undefined
}

/** What forwarding needs from the bridge. */
export interface ElicitationRoute {
  /** The host advertised `hostCapabilities.elicitation`. */
  offered: boolean
  initialized: Latch
  requests: HostRequests
  appCapabilities(): McpUiAppCapabilities | undefined
}

/**
 * Forwards a form question to the view once it is initialized and returns
 * its checked answer. Both sides must have negotiated `elicitation` (the
 * host MUST NOT forward otherwise), and URL-mode questions never go to an app.
 * @throws McpAppError `APP_ELICITATION_UNSUPPORTED`, `APP_ELICITATION_INVALID`, `APP_ELICITATION_TIMEOUT`
 */
export async function forwardElicitation(route: ElicitationRoute, params: JsonObject, options: ElicitOptions): Promise<ElicitResult> {
  if (!route.offered) throw new McpAppError('APP_ELICITATION_UNSUPPORTED', 'This host does not offer elicitation to apps: pass `elicitation: true`.')
  if ((params.mode !== undefined && params.mode !== 'form') || !isObject(params.requestedSchema)) {
    throw new McpAppError('APP_ELICITATION_UNSUPPORTED', 'Only form questions with a requestedSchema can be answered by an app (SEP-3118); URL-mode questions never are.')
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_ELICIT_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  const timedOut = () => new McpAppError('APP_ELICITATION_TIMEOUT', `The app did not answer elicitation/create within ${timeoutMs} ms.`)
  await route.initialized.wait(timeoutMs, options.signal, timedOut)
  if (!isObject(route.appCapabilities()?.elicitation)) {
    throw new McpAppError('APP_ELICITATION_UNSUPPORTED', 'The app did not declare appCapabilities.elicitation (SEP-3118); ask with the native form.')
  }
  let result: JsonObject
  try {
    result = await route.requests.send(ELICITATION_CREATE, params, deadline - Date.now(), options.signal, timedOut)
  } catch (error) {
    if (!(error instanceof BridgeRpcError)) throw error
    throw new McpAppError('APP_ELICITATION_INVALID', `The app answered elicitation/create with error ${error.code}: ${error.message}`, { cause: error })
  }
  return checkElicitResult(result, params.requestedSchema)
}
