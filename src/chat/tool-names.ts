/**
 * The names the model calls tools by, one rule for both chat-framework
 * adapters. MCP allows up to 128 characters of `[A-Za-z0-9_.-]` (and servers
 * send what they like); the model providers behind the AI SDK and
 * assistant-ui accept `^[a-zA-Z0-9_-]{1,64}$`, and both frameworks keep
 * tools in plain objects keyed by name. So each MCP name maps to a model
 * name: the same when it is already acceptable, else its refused characters
 * replaced by `_`, clipped to 64, with a `tool_` prefix for the keys every
 * object already has (`__proto__`, `constructor`, …) and a `_2`, `_3` suffix
 * when two tools land on one name. The mapping is a pure function of the
 * listing, so the AI SDK route (which names the tools) and the browser
 * (which runs them) get the same one from the same listing.
 */

import { MODEL_TOOL_NAME } from '../core/index.js'

export { MODEL_TOOL_NAME }

const MAX_LENGTH = 64

/** Keys every plain object has: as tool names they would read the prototype or replace it. */
function isPrototypeKey(name: string): boolean {
  return name === '__proto__' || Object.hasOwn(Object.prototype, name)
}

/** A model name for `name` (before de-duplication). */
function acceptable(name: string): string {
  let clean = name.replace(/[^a-zA-Z0-9_-]/g, '_')
  if (isPrototypeKey(clean)) clean = `tool_${clean}`
  clean = clean.slice(0, MAX_LENGTH)
  return clean === '' ? 'tool' : clean
}

/** `base` with `_n`, clipped so the whole stays within 64 characters. */
function numbered(base: string, n: number): string {
  const suffix = `_${n}`
  return `${base.slice(0, MAX_LENGTH - suffix.length)}${suffix}`
}

/**
 * Gives each MCP name (in listing order) its model name. Names that were
 * already acceptable and unique are kept as they are, and claimed first, so a
 * renamed tool never takes the name of one that needed no renaming. Names in
 * `reserved` (tools registered beside these) are never given.
 */
export function assignModelNames(mcpNames: readonly string[], reserved: Iterable<string> = []): string[] {
  const taken = new Set<string>(reserved)
  const result: Array<string | undefined> = mcpNames.map(() => undefined)
  mcpNames.forEach((name, index) => {
    if (MODEL_TOOL_NAME.test(name) && !isPrototypeKey(name) && !taken.has(name)) {
      taken.add(name)
      result[index] = name
    }
  })
  mcpNames.forEach((name, index) => {
    if (result[index] !== undefined) return
    const base = acceptable(name)
    let candidate = base
    for (let n = 2; taken.has(candidate); n++) candidate = numbered(base, n)
    taken.add(candidate)
    result[index] = candidate
  })
  return result as string[]
}
