/**
 * The serialised size of a value from the view, measured without
 * serialising it. What postMessage delivers is a structured clone, which
 * may hold typed arrays, ArrayBuffers, Maps, Dates, Blobs and cycles:
 * `JSON.stringify` on an 8 MiB Uint8Array writes an object of eight
 * million keys and blocked the host page for seconds. This walk refuses
 * anything that is not plain JSON on sight and stops as soon as the count
 * passes the limit, so its cost is bounded by the limit, not by the input.
 */

/** The outcome of {@link jsonSize}: the length `JSON.stringify` would give, or why the value was not measured to the end. */
export type JsonSize = { ok: true; length: number } | { ok: false; reason: 'not-json' | 'too-large' }

class TooLarge extends Error {}
class NotJson extends Error {}

/**
 * A plain object: `{}` or `Object.create(null)`, from this realm or another
 * one (a frame's objects have their own `Object.prototype`). Class
 * instances, Maps, Sets, Dates, typed arrays and the like are not.
 */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype === null) return true
  return Object.getPrototypeOf(prototype) === null && Object.prototype.toString.call(value) === '[object Object]'
}

/**
 * What `JSON.stringify(value).length` would be, when `value` is plain JSON
 * (null, booleans, numbers, strings, arrays and plain objects, `undefined`
 * where JSON.stringify skips it) and that length is at most `limit`.
 * Reads at most about `limit` characters' worth of the value.
 */
export function jsonSize(value: unknown, limit: number): JsonSize {
  let total = 0
  const ancestors = new Set<object>()
  const add = (length: number) => {
    total += length
    if (total > limit) throw new TooLarge()
  }
  const walk = (item: unknown): void => {
    switch (typeof item) {
      case 'string':
        // The quotes and each character at least: a string that cannot fit is refused before it is escaped.
        if (total + item.length + 2 > limit) throw new TooLarge()
        return add(JSON.stringify(item).length)
      case 'number':
        return add(JSON.stringify(item).length)
      case 'boolean':
        return add(item ? 4 : 5)
      case 'object':
        break
      default:
        // bigint, symbol, function, and undefined outside an object (handled by the callers).
        throw new NotJson()
    }
    if (item === null) return add(4)
    if (ancestors.has(item)) throw new NotJson()
    ancestors.add(item)
    if (Array.isArray(item)) {
      // Array.prototype is itself an array (in every realm); a subclass's prototype is not.
      if (!Array.isArray(Object.getPrototypeOf(item))) throw new NotJson()
      add(2)
      // Each element costs at least a character (`null` for a hole), so a huge sparse length stops at the limit.
      for (let index = 0; index < item.length; index++) {
        if (index > 0) add(1)
        const element: unknown = item[index]
        if (element === undefined) add(4)
        else walk(element)
      }
    } else {
      if (!isPlainObject(item)) throw new NotJson()
      add(2)
      let first = true
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue
        const member: unknown = (item as Record<string, unknown>)[key]
        if (member === undefined) continue
        if (!first) add(1)
        first = false
        walk(key)
        add(1)
        walk(member)
      }
    }
    ancestors.delete(item)
  }
  try {
    walk(value)
    return { ok: true, length: total }
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, reason: 'too-large' }
    // NotJson, or a RangeError from nesting deeper than the stack (JSON.stringify would throw there too).
    return { ok: false, reason: 'not-json' }
  }
}
