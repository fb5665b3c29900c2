/**
 * Fills an elicitation answer with the `default` of every property the
 * answer leaves out, as a client does when the person accepts a form without
 * touching a field.
 */
import type { JsonObject } from './types.js'

type Content = Record<string, string | number | boolean | string[]>

export function applySchemaDefaults(requestedSchema: unknown, content: Content = {}): Content {
  const filled: Content = { ...content }
  const properties = (requestedSchema as { properties?: unknown } | null)?.properties
  if (typeof properties !== 'object' || properties === null) return filled
  for (const [name, property] of Object.entries(properties as Record<string, JsonObject>)) {
    if (Object.hasOwn(filled, name) || typeof property !== 'object' || property === null || Array.isArray(property)) continue
    const value = property.default
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') define(filled, name, value)
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) define(filled, name, [...value])
  }
  return filled
}

/** An own data property, whatever the name: `filled["__proto__"] = …` would replace the prototype instead. */
function define(target: Content, name: string, value: Content[string]): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true })
}
