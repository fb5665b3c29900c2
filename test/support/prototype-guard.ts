/**
 * For property tests over hostile JSON: a watch on the built-in prototypes
 * (what a test may not change), and objects built as `JSON.parse` builds
 * them, where `__proto__` is a plain own key.
 */
import { afterEach, beforeEach, expect } from 'vitest'

/** A key hostile inputs use to try to plant a property on every object. */
export const SENTINEL = 'polluted'

const watched = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype]
const snapshot = () => watched.map((proto) => Reflect.ownKeys(proto).map(String).sort().join('\u0000'))

/** Registers the watch for the calling file; the returned check fails if a prototype changed since the test began. */
export function guardPrototypes(): () => void {
  let before: string[] = []
  beforeEach(() => {
    before = snapshot()
  })
  afterEach(() => {
    // A failing run must not leave a polluted prototype behind for other tests.
    for (const proto of watched) delete (proto as Record<string, unknown>)[SENTINEL]
  })
  return () => {
    expect(({} as Record<string, unknown>)[SENTINEL]).toBeUndefined()
    expect(([] as unknown as Record<string, unknown>)[SENTINEL]).toBeUndefined()
    expect(snapshot()).toEqual(before)
  }
}

/** Own data properties only, as `JSON.parse` makes them: `__proto__` is a key here. */
export function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  return object
}
