/**
 * Property tests of `applySchemaDefaults` over hostile `requestedSchema`s and
 * answers: never throws, never touches a prototype (a field named
 * `__proto__` is a field, not a prototype), keeps every given answer, and
 * adds exactly the usable defaults of the fields left out.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applySchemaDefaults } from './schema-defaults'
import { SENTINEL, guardPrototypes, objectOf } from '../../test/support/prototype-guard'

const expectClean = guardPrototypes()

const name = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', SENTINEL, 'a.b', 'a[0]', 'a/b', '', '名前', '🙂', 'x'.repeat(3000), '0', 'length') },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
)
const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('hostile'), { maxLength: 3 }),
    fc.array(fc.tuple(name, tie('hostile')), { maxLength: 4 }).map(objectOf),
  ),
}))
const usableDefault = fc.oneof(fc.string({ maxLength: 6 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }))
const property = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constantFrom('string', 'number', 'boolean', 'array'), default: fc.oneof(usableDefault, hostile) }, { requiredKeys: ['type'] }).map((r) => objectOf(Object.entries(r))) },
  { weight: 1, arbitrary: hostile },
)
const properties = fc.oneof({ weight: 5, arbitrary: fc.array(fc.tuple(name, property), { maxLength: 6 }).map(objectOf) }, { weight: 1, arbitrary: hostile })
const schema = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('object'), properties }, { requiredKeys: ['properties'] }).map((r) => objectOf(Object.entries(r))) },
  { weight: 1, arbitrary: hostile },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 'object', 7, []) },
)
type Content = Parameters<typeof applySchemaDefaults>[1]
const answer = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }))
const content = fc.option(fc.array(fc.tuple(name, answer), { maxLength: 4 }).map((entries) => objectOf(entries) as Content), { nil: undefined })

const usable = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))

describe('applySchemaDefaults over hostile schemas', () => {
  it('keeps every answer, adds exactly the usable defaults of the fields left out, as own keys of a plain object', () => {
    fc.assert(
      fc.property(schema, content, (requestedSchema, given) => {
        const givenCopy = given === undefined ? undefined : objectOf(Object.entries(given))
        const filled = applySchemaDefaults(requestedSchema, given)
        expectClean()
        expect(Object.getPrototypeOf(filled)).toBe(Object.prototype)
        expect(filled).not.toBe(given)
        // The caller's answer is not written to.
        if (given !== undefined) expect(Object.entries(given)).toEqual(Object.entries(givenCopy!))

        const expected: Array<[string, unknown]> = Object.entries(given ?? {})
        const props = (requestedSchema as { properties?: unknown } | null | undefined)?.properties
        if (typeof props === 'object' && props !== null) {
          for (const [field, definition] of Object.entries(props)) {
            if (expected.some(([key]) => key === field)) continue
            if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) continue
            const value = (definition as { default?: unknown }).default
            if (usable(value)) expected.push([field, value])
          }
        }
        expect(Reflect.ownKeys(filled).sort()).toEqual(expected.map(([key]) => key).sort())
        for (const [key, value] of expected) {
          const descriptor = Object.getOwnPropertyDescriptor(filled, key)
          expect(descriptor, `own data property ${JSON.stringify(key)}`).toMatchObject({ enumerable: true, writable: true })
          expect(descriptor!.value).toEqual(value)
          // A default list is copied, so editing the answer cannot change the schema.
          if (Array.isArray(value) && !(given && Object.hasOwn(given, key))) expect(descriptor!.value).not.toBe(value)
        }
      }),
      { numRuns: 800 },
    )
  })
})
