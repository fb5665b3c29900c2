/**
 * `x-mcp-header` tool parameters: validating a tool's annotations and turning
 * call arguments into `Mcp-Param-*` headers.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters
 */
import { McpArgumentError } from './errors.js'
import type { JsonObject, Tool } from './types.js'
import { isObject } from './server-values.js'

/** One annotated parameter: header name and the `properties` path to its value. */
export interface ParamHeaderBinding {
  header: string
  path: string[]
  type: 'string' | 'integer' | 'boolean'
}

export type ToolHeaderCheck =
  | { ok: true; bindings: ParamHeaderBinding[] }
  | { ok: false; reason: string }

const ANNOTATION = 'x-mcp-header'
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// Keywords whose values are instance data, not schemas: an `x-mcp-header`
// key inside them is a value, not an annotation.
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples'])
/**
 * Levels of nesting a tool's input schema may have. JSON.parse takes a
 * schema nested 100,000 deep; walking it would overflow the stack (and copy
 * paths of quadratic length). No schema a person fills in comes near this.
 */
const MAX_SCHEMA_DEPTH = 256

/**
 * Checks every `x-mcp-header` annotation of a tool's input schema. A tool with
 * one invalid annotation is invalid as a whole and must be left out of the
 * tool list.
 */
export function checkToolHeaders(tool: Pick<Tool, 'inputSchema'>): ToolHeaderCheck {
  const bindings: ParamHeaderBinding[] = []
  const problems: string[] = []

  let tooDeep = false
  const visit = (schema: unknown, path: string[] | null, depth: number): void => {
    if (tooDeep || typeof schema !== 'object' || schema === null) return
    if (depth > MAX_SCHEMA_DEPTH) {
      tooDeep = true
      return
    }
    if (Array.isArray(schema)) {
      for (const item of schema) visit(item, null, depth + 1)
      return
    }
    if (!isObject(schema)) return
    for (const [key, value] of Object.entries(schema)) {
      if (key === ANNOTATION) {
        checkAnnotation(schema, value, path)
      } else if (key === 'properties' && isObject(value)) {
        for (const [name, child] of Object.entries(value)) visit(child, path ? [...path, name] : null, depth + 2)
      } else if (!DATA_KEYWORDS.has(key)) {
        visit(value, null, depth + 1)
      }
    }
  }

  const checkAnnotation = (schema: JsonObject, value: unknown, path: string[] | null): void => {
    const label = path ? path.join('.') : 'a nested schema'
    if (!path || path.length === 0) {
      problems.push(`x-mcp-header on ${label} is not reachable through "properties" alone`)
      return
    }
    if (typeof value !== 'string' || value.length === 0) {
      problems.push(`x-mcp-header of "${label}" must be a non-empty string`)
      return
    }
    if (!TOKEN.test(value)) {
      problems.push(`x-mcp-header "${value}" of "${label}" is not an HTTP token`)
      return
    }
    const type = schema.type
    if (type !== 'string' && type !== 'integer' && type !== 'boolean') {
      problems.push(`x-mcp-header "${value}" is on "${label}" of type ${JSON.stringify(type)}; only string, integer and boolean may be mirrored`)
      return
    }
    if (bindings.some((b) => b.header.toLowerCase() === value.toLowerCase())) {
      problems.push(`x-mcp-header "${value}" is used twice (names are case-insensitive)`)
      return
    }
    bindings.push({ header: value, path, type })
  }

  visit(tool.inputSchema, [], 0)
  if (tooDeep) return { ok: false, reason: `its input schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep` }
  return problems.length > 0 ? { ok: false, reason: problems.join('; ') } : { ok: true, bindings }
}

function valueAt(args: JsonObject | undefined, path: string[]): unknown {
  let current: unknown = args
  for (const key of path) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined
    current = current[key]
  }
  return current
}

/**
 * The `Mcp-Param-*` headers for one call, each value as text; the request's
 * headers (request-headers.ts) encode them with the rest, so this chunk needs
 * no encoder of its own.
 */
export function paramHeaders(bindings: readonly ParamHeaderBinding[], args: JsonObject | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const binding of bindings) {
    const value = valueAt(args, binding.path)
    if (value === undefined || value === null) continue
    let text: string
    if (typeof value === 'string') text = value
    else if (typeof value === 'boolean') text = value ? 'true' : 'false'
    else if (typeof value === 'number' && Number.isSafeInteger(value)) text = String(value)
    else {
      throw new McpArgumentError(
        `Argument "${binding.path.join('.')}" is mirrored into Mcp-Param-${binding.header} and must be a string, a boolean or a safe integer`,
        { method: 'tools/call' },
      )
    }
    headers[`Mcp-Param-${binding.header}`] = text
  }
  return headers
}
