/**
 * JSON for showing a server's `structuredContent` to a person, bounded in
 * depth and length. `JSON.stringify(value, null, 2)` throws on a value nested
 * ten thousand deep (the stack runs out) and renders a huge one whole, so a
 * hostile result could crash or freeze the page. This never throws: past
 * `maxDepth` an object or array is shown as `{…}` / `[…]`, and the text stops
 * at about `maxLength` characters with `…`. Nothing of the value is called
 * (no `toJSON`, no `toString`).
 *
 * Keys and strings are written with their invisible and reordering
 * characters escaped (`\u202E`, `\u200B`, `\u2028`: `format-chars.ts`):
 * JSON.stringify leaves them raw, so a right-to-left override in a key
 * would reorder the lines shown, and a zero-width space would hide in a
 * value. The text is still JSON, and parses to the same value.
 */
import { visibleJsonString } from './format-chars.js'

export interface BoundedJsonOptions {
  /** Levels of nesting shown. @defaultValue 20 */
  maxDepth?: number
  /** Characters shown, roughly (the cut falls between tokens, or inside a long string). @defaultValue 20000 */
  maxLength?: number
}

const ELLIPSIS = '…'

/** Stops the walk once the text is long enough. */
class Full extends Error {}

export function boundedJson(value: unknown, options: BoundedJsonOptions = {}): string {
  const maxDepth = options.maxDepth ?? 20
  const maxLength = options.maxLength ?? 20_000
  const parts: string[] = []
  let length = 0

  const emit = (text: string) => {
    if (length + text.length > maxLength) {
      parts.push(text.slice(0, Math.max(0, maxLength - length)), ELLIPSIS)
      throw new Full()
    }
    parts.push(text)
    length += text.length
  }

  const write = (item: unknown, depth: number, indent: string): void => {
    switch (typeof item) {
      case 'string':
        return emit(visibleJsonString(item))
      case 'number':
        return emit(Number.isFinite(item) ? String(item) : 'null')
      case 'boolean':
      case 'bigint':
        return emit(String(item))
      case 'object':
        break
      default:
        // undefined, functions, symbols: what JSON.stringify writes for them in an array.
        return emit('null')
    }
    if (item === null) return emit('null')
    const inner = `${indent}  `
    if (Array.isArray(item)) {
      if (item.length === 0) return emit('[]')
      if (depth >= maxDepth) return emit(`[${ELLIPSIS}]`)
      emit('[')
      for (let index = 0; index < item.length; index++) {
        emit(`${index === 0 ? '' : ','}\n${inner}`)
        write(item[index], depth + 1, inner)
      }
      return emit(`\n${indent}]`)
    }
    let first = true
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue
      const field = (item as Record<string, unknown>)[key]
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue
      if (first && depth >= maxDepth) return emit(`{${ELLIPSIS}}`)
      emit(`${first ? '{' : ','}\n${inner}${visibleJsonString(key)}: `)
      first = false
      write(field, depth + 1, inner)
    }
    return emit(first ? '{}' : `\n${indent}}`)
  }

  try {
    write(value, 0, '')
  } catch (error) {
    // Full: the text is long enough. Anything else (a getter of a host object that throws) ends the text there too.
    if (!(error instanceof Full)) parts.push(ELLIPSIS)
  }
  return parts.join('')
}
