/**
 * fast-check arbitraries shared by the property tests of the form schema
 * mapping and of the rendered form: objects built as `JSON.parse` builds them
 * (so `__proto__` is a plain key), and fields of the allowed subset.
 */
import fc from 'fast-check'
import { objectOf } from './prototype-guard'

/** A record of optional keys, as own data properties. */
export const record = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) =>
  fc.record(model, { requiredKeys: [] }).map((r) => objectOf(Object.entries(r)))

/** Fields of the allowed subset, with random titles (from `text`), bounds and defaults: most of them can be shown. */
export function wellFormedField(text: fc.Arbitrary<string>) {
  return fc.oneof(
    record({ type: fc.constant('string'), title: text, description: text, format: fc.constantFrom('email', 'uri', 'date', 'date-time'), minLength: fc.nat({ max: 4 }), maxLength: fc.integer({ min: 4, max: 40 }), default: fc.oneof(text, fc.constantFrom('2024-01-15', '2024-01-15T10:30:00+02:00', 'a@b.example')) }),
    record({ type: fc.constantFrom('number', 'integer'), title: text, minimum: fc.integer({ min: -10, max: 0 }), maximum: fc.integer({ min: 1, max: 100 }), default: fc.oneof(fc.integer({ min: -20, max: 120 }), fc.double()) }),
    record({ type: fc.constant('boolean'), title: text, default: fc.boolean() }),
    fc.array(text, { minLength: 1, maxLength: 4 }).chain((values) =>
      fc.oneof(
        record({ type: fc.constant('string'), title: text, enum: fc.constant(values), enumNames: fc.array(text, { minLength: values.length, maxLength: values.length }), default: fc.constantFrom(...values) }),
        record({ type: fc.constant('string'), title: text, oneOf: fc.constant(values.map((value) => ({ const: value, title: value.toUpperCase() }))), default: fc.constantFrom(...values) }),
        record({ type: fc.constant('array'), title: text, minItems: fc.nat({ max: 2 }), maxItems: fc.integer({ min: 2, max: 4 }), items: fc.constant({ type: 'string', enum: values }), default: fc.subarray(values) }),
        record({ type: fc.constant('array'), title: text, items: fc.constant({ anyOf: values.map((value) => ({ const: value, title: `${value}!` })) }), default: fc.subarray(values) }),
      ),
    ),
  )
}
