/**
 * Property tests of the schema mapping over hostile `requestedSchema`s:
 * `toFormSchema` and `pickSubmittedContent` never throw (schema.ts documents
 * no refusal: what cannot be shown is listed in `unsupported`), never touch a
 * prototype, return plain objects, and drop nothing silently.
 */
import ajvValidator from '@rjsf/validator-ajv8'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { noEvalValidator } from './no-eval-validator'
import { toFormSchema } from './form-schema'
import { pickSubmittedContent } from './schema'
import { SENTINEL, guardPrototypes, objectOf } from '../../test/support/prototype-guard'
import { record, wellFormedField } from '../../test/support/schema-arbitraries'

const expectClean = guardPrototypes()

// ——— hostile schemas ———


const fieldName = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', SENTINEL,
      'a.b', 'a[0]', '[0]', 'a/b', '/', '~1', '#', '$ref', '$id', 'ui:widget', 'ui:order', 'items', 'properties', 'required', '',
      ' ', '名前', 'é', '🙂', '\u0000', '\u2028', "a'b", 'a"b', 'a\\b', '<script>', 'x'.repeat(5000),
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) },
)
const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('hostile'), { maxLength: 3 }),
    fc.array(fc.tuple(fieldName, tie('hostile')), { maxLength: 4 }).map(objectOf),
  ),
}))
const text = fc.oneof(fc.string({ maxLength: 12 }), fieldName)
const count = fc.oneof(fc.nat({ max: 20 }), fc.constantFrom(-1, 1.5, 0, 1e21, '3'), hostile)
const option = record({ const: fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: hostile }), title: fc.oneof(text, hostile) })
const options = fc.oneof({ weight: 4, arbitrary: fc.array(option, { maxLength: 4 }) }, { weight: 1, arbitrary: hostile })
const enumValues = fc.oneof({ weight: 4, arbitrary: fc.array(text, { maxLength: 4 }) }, { weight: 1, arbitrary: hostile })
const fieldType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('string', 'number', 'integer', 'boolean', 'array') },
  { weight: 1, arbitrary: fc.constantFrom('object', 'null', 'String', ['string', 'null']) },
  { weight: 1, arbitrary: hostile },
)
const defaultValue = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.array(text, { maxLength: 3 }), fc.constantFrom('2024-02-30', '2024-01-15', '2024-01-15T10:30:00Z', '2024-01-15T10:30', 'not a date'), hostile)
const field = record({
  type: fieldType,
  title: fc.oneof(text, hostile),
  description: fc.oneof(text, hostile),
  format: fc.oneof(fc.constantFrom('email', 'uri', 'date', 'date-time', 'time', 'regex', '__proto__', 'toString'), hostile),
  enum: enumValues,
  enumNames: enumValues,
  oneOf: options,
  anyOf: options,
  minLength: count,
  maxLength: count,
  minimum: fc.oneof(fc.double(), hostile),
  maximum: fc.oneof(fc.double(), hostile),
  minItems: count,
  maxItems: count,
  default: defaultValue,
  items: fc.oneof(record({ type: fieldType, enum: enumValues, anyOf: options, oneOf: options, enumNames: enumValues, $ref: text }), hostile),
  $ref: text,
  pattern: text,
})
const wellFormed = wellFormedField(text)
const fields = fc.array(fc.tuple(fieldName, fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 4, arbitrary: field }, { weight: 1, arbitrary: hostile })), { maxLength: 6 }).map(objectOf)
const rootRule = fc.constantFrom('$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'dependencies', 'patternProperties', 'minProperties')
const requestedSchema = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc
          .record(
            {
              type: fc.oneof({ weight: 5, arbitrary: fc.constant('object') }, { weight: 1, arbitrary: hostile }),
              properties: fc.oneof({ weight: 6, arbitrary: fields }, { weight: 1, arbitrary: hostile }),
              required: fc.oneof({ weight: 4, arbitrary: fc.array(fc.oneof(fieldName, hostile), { maxLength: 4 }) }, { weight: 1, arbitrary: hostile }),
              $schema: fc.constantFrom('https://json-schema.org/draft/2020-12/schema', 'http://evil.example/schema'),
            },
            { requiredKeys: ['properties'] },
          )
          .map((r) => objectOf(Object.entries(r))),
        fc.array(fc.tuple(rootRule, hostile), { maxLength: 2 }),
      )
      .map(([root, rules]) => objectOf([...Object.entries(root), ...rules])),
  },
  { weight: 1, arbitrary: hostile },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, 'object', 42, [], () => ({})) },
)
/** Form data as rjsf could hand it over, and worse. */
const formData = (keys: string[]) =>
  fc.oneof(
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(keys.length > 0 ? keys : ['x'])), fieldName), fc.oneof(text, fc.double(), fc.boolean(), fc.array(fc.oneof(text, hostile), { maxLength: 3 }), fc.constantFrom(null, undefined, NaN, Infinity), hostile)), { maxLength: 8 }).map(objectOf),
    hostile,
  )

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const protoOf = (value: unknown) => Object.getPrototypeOf(value)

describe('toFormSchema over hostile schemas', () => {
  it('never throws, returns plain objects, touches no prototype, and lists every field it leaves out', () => {
    fc.assert(
      fc.property(requestedSchema, (input) => {
        const mapped = toFormSchema(input)
        expectClean()
        expect(protoOf(mapped)).toBe(Object.prototype)
        for (const part of [mapped.schema, mapped.uiSchema, mapped.defaults, mapped.schema.properties]) expect(protoOf(part)).toBe(Object.prototype)
        expect(Array.isArray(mapped.unsupported)).toBe(true)
        for (const item of mapped.unsupported) {
          expect(item.field === null || typeof item.field === 'string').toBe(true)
          expect(typeof item.reason).toBe('string')
          expect(item.reason.length).toBeGreaterThan(0)
        }
        expect(mapped.schema.type).toBe('object')
        const shown = Object.keys(mapped.schema.properties ?? {})
        const given = isPlain(input) && isPlain(input.properties) ? input.properties : undefined
        for (const name of shown) {
          // Only the schema's own fields, never a name the form or ajv would misread.
          expect(given !== undefined && Object.hasOwn(given, name)).toBe(true)
          expect(name === '' || name.startsWith('ui:') || name in Object.prototype).toBe(false)
          const property = mapped.schema.properties![name]
          expect(protoOf(property)).toBe(Object.prototype)
          expect(['string', 'number', 'integer', 'boolean', 'array']).toContain((property as { type: unknown }).type)
        }
        for (const name of mapped.schema.required ?? []) expect(shown).toContain(name)
        for (const name of Object.keys(mapped.defaults)) expect(shown).toContain(name)
        for (const name of Object.keys(mapped.uiSchema)) expect(shown).toContain(name)
        // schema.ts reads `properties: null` (`?? {}`) as absent: an empty form, like no `properties` at all.
        const readableRoot = isPlain(input) && (input.type === undefined || input.type === 'object') && (input.properties == null || isPlain(input.properties))
        if (!readableRoot) {
          // A root the form cannot read is refused as a whole, and said so.
          expect(shown).toEqual([])
          expect(mapped.unsupported.some((item) => item.field === null)).toBe(true)
        } else if (given !== undefined) {
          // Nothing dropped silently: each field given is shown or listed.
          const listed = new Set(mapped.unsupported.map((item) => item.field))
          for (const name of Object.keys(given)) expect(shown.includes(name) || listed.has(name), `field ${JSON.stringify(name)}`).toBe(true)
        }
        // Plain JSON all through, so it can be logged, stored and compiled.
        expect(() => JSON.stringify(mapped)).not.toThrow()
      }),
      { numRuns: 600 },
    )
  })

  it('every pre-filled default has its field\u2019s type (and is one of its options)', () => {
    fc.assert(
      fc.property(requestedSchema, (input) => {
        const mapped = toFormSchema(input)
        for (const [name, value] of Object.entries(mapped.defaults)) {
          const property = mapped.schema.properties![name] as { type: string; enum?: string[]; items?: { enum?: string[] } }
          switch (property.type) {
            case 'string':
              expect(typeof value).toBe('string')
              if (property.enum) expect(property.enum).toContain(value)
              break
            case 'number':
              expect(typeof value === 'number' && Number.isFinite(value)).toBe(true)
              break
            case 'integer':
              expect(Number.isInteger(value)).toBe(true)
              break
            case 'boolean':
              expect(typeof value).toBe('boolean')
              break
            case 'array':
              expect(Array.isArray(value)).toBe(true)
              for (const item of value as unknown[]) expect(property.items?.enum).toContain(item)
              expect(new Set(value as unknown[]).size).toBe((value as unknown[]).length)
              break
          }
        }
      }),
      { numRuns: 400 },
    )
  })

  it('the schema it returns compiles and validates with both validators without throwing', () => {
    fc.assert(
      fc.property(requestedSchema, fc.option(hostile), (input, data) => {
        const mapped = toFormSchema(input)
        for (const validator of [ajvValidator, noEvalValidator]) {
          const defaults = validator.validateFormData(mapped.defaults, mapped.schema)
          expect(Array.isArray(defaults.errors)).toBe(true)
          expect(Array.isArray(validator.validateFormData(data, mapped.schema).errors)).toBe(true)
        }
        expectClean()
      }),
      { numRuns: 150 },
    )
  })
})

describe('pickSubmittedContent over hostile form data', () => {
  it('never throws, keeps only the schema\u2019s own fields with values of their type, in a plain object', () => {
    fc.assert(
      fc.property(
        requestedSchema.chain((input) => {
          const mapped = toFormSchema(input)
          // The mapped schema (as the form passes it) or the raw requested one (the doc allows both).
          return fc.tuple(fc.constantFrom(mapped.schema as unknown, input), formData(Object.keys(mapped.schema.properties ?? {})))
        }),
        ([schema, data]) => {
          const content = pickSubmittedContent(schema as never, data)
          expectClean()
          expect(protoOf(content)).toBe(Object.prototype)
          const properties = isPlain(schema) && isPlain(schema.properties) ? schema.properties : {}
          for (const [name, value] of Object.entries(content)) {
            expect(Object.hasOwn(properties, name)).toBe(true)
            expect(isPlain(data) && Object.hasOwn(data, name)).toBe(true)
            const type = isPlain(properties[name]) ? (properties[name] as { type?: unknown }).type : undefined
            if (typeof value === 'string') expect(type === undefined || type === 'string').toBe(true)
            else if (typeof value === 'number') {
              expect(Number.isFinite(value)).toBe(true)
              expect(type === undefined || type === 'number' || (type === 'integer' && Number.isInteger(value))).toBe(true)
            } else if (typeof value === 'boolean') expect(type === undefined || type === 'boolean').toBe(true)
            else {
              expect(Array.isArray(value)).toBe(true)
              expect(type === undefined || type === 'array').toBe(true)
              for (const item of value) expect(typeof item).toBe('string')
            }
          }
          // Own keys only: nothing lands on the prototype chain of the answer.
          expect(Reflect.ownKeys(content).every((key) => typeof key === 'string')).toBe(true)
          expect(() => JSON.stringify(content)).not.toThrow()
        },
      ),
      { numRuns: 600 },
    )
  })
})
