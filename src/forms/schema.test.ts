import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getDefaultFormState } from '@rjsf/utils'
import ajvValidator from '@rjsf/validator-ajv8'
import { describe, expect, test } from 'vitest'
import { noEvalValidator } from './no-eval-validator'
import { toFormSchema } from './form-schema'
import { fromFieldKeys, MAX_OPTIONS, pickSubmittedContent, toFieldKeys, toKeyedFormSchema } from './schema'

const EXAMPLES = join(import.meta.dirname, '../../test/fixtures/mcp-schema/2026-07-28/examples')
const readExamples = (dir: string): unknown[] =>
  readdirSync(join(EXAMPLES, dir))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(EXAMPLES, dir, file), 'utf8')))
const example = (dir: string) => readExamples(dir)[0] as Record<string, unknown>
const one = (property: unknown, required = false) => toFormSchema({ type: 'object', properties: { field: property }, ...(required ? { required: ['field'] } : {}) })

describe('official examples', () => {
  test('every published field kind maps with nothing unsupported, default pre-filled and valid', () => {
    for (const kind of ['StringSchema', 'NumberSchema', 'BooleanSchema', 'TitledSingleSelectEnumSchema', 'UntitledSingleSelectEnumSchema', 'TitledMultiSelectEnumSchema', 'UntitledMultiSelectEnumSchema']) {
      for (const property of readExamples(kind) as Array<Record<string, unknown>>) {
        const mapped = one(property, true)
        expect(mapped.unsupported, kind).toEqual([])
        expect(mapped.defaults, kind).toEqual({ field: property.default })
        expect(mapped.schema.required).toEqual(['field'])
        for (const validator of [ajvValidator, noEvalValidator]) {
          expect(validator.validateFormData(mapped.defaults, mapped.schema).errors, kind).toEqual([])
        }
      }
    }
  })

  test('every published form request maps with nothing unsupported and accepts its example answer', () => {
    const requests = [...(readExamples('ElicitRequestFormParams') as Array<{ requestedSchema: unknown }>), (example('ElicitRequest').params as { requestedSchema: unknown })]
    const answers = (readExamples('ElicitResult') as Array<{ content?: Record<string, unknown> }>).flatMap((result) => (result.content ? [result.content] : []))
    for (const { requestedSchema } of requests) {
      const mapped = toFormSchema(requestedSchema)
      expect(mapped.unsupported).toEqual([])
      const answer = answers.find((content) => Object.keys(content).sort().join() === Object.keys(mapped.schema.properties!).sort().join())!
      expect(answer).toBeDefined()
      for (const validator of [ajvValidator, noEvalValidator]) expect(validator.validateFormData(answer, mapped.schema).errors).toEqual([])
      expect(pickSubmittedContent(mapped.schema, { ...answer, injected: 'x' })).toEqual(answer)
    }
  })

  test('string: bounds as schema and input attributes, format widget, title and description', () => {
    const mapped = one(example('StringSchema'))
    expect(mapped.schema.properties!.field).toEqual({
      type: 'string', title: 'Display Name', description: 'Description text', format: 'email', minLength: 3, maxLength: 50, default: 'user@example.com',
    })
    expect(mapped.uiSchema).toEqual({ field: { 'ui:widget': 'email', 'ui:options': { minLength: 3, maxLength: 50 } } })
  })

  test('number keeps its bounds; boolean is a checkbox', () => {
    expect(one(example('NumberSchema')).schema.properties!.field).toEqual({ type: 'number', title: 'Display Name', description: 'Description text', minimum: 0, maximum: 100, default: 50 })
    const boolean = one(example('BooleanSchema'))
    expect(boolean.schema.properties!.field).toEqual({ type: 'boolean', title: 'Display Name', description: 'Description text', default: false })
    expect(boolean.uiSchema).toEqual({ field: { 'ui:widget': 'checkbox' } })
  })

  test('titled single-select: values sent, titles shown', () => {
    const mapped = one(example('TitledSingleSelectEnumSchema'))
    expect(mapped.schema.properties!.field).toEqual({
      type: 'string', title: 'Color Selection', description: 'Choose your favorite color', enum: ['#FF0000', '#00FF00', '#0000FF'], default: '#FF0000',
    })
    expect(mapped.uiSchema).toEqual({ field: { 'ui:enumNames': ['Red', 'Green', 'Blue'] } })
    expect(one(example('UntitledSingleSelectEnumSchema')).uiSchema).toEqual({})
  })

  test('multi-selects are checkbox groups of unique values', () => {
    const titled = one(example('TitledMultiSelectEnumSchema'))
    expect(titled.schema.properties!.field).toEqual({
      type: 'array', title: 'Color Selection', description: 'Choose your favorite colors', uniqueItems: true, minItems: 1, maxItems: 2,
      items: { type: 'string', enum: ['#FF0000', '#00FF00', '#0000FF'] }, default: ['#FF0000', '#00FF00'],
    })
    expect(titled.uiSchema).toEqual({ field: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['Red', 'Green', 'Blue'] } } })
    const untitled = one(example('UntitledMultiSelectEnumSchema'))
    expect(untitled.schema.properties!.field).toMatchObject({ type: 'array', uniqueItems: true, items: { type: 'string', enum: ['Red', 'Green', 'Blue'] } })
    expect(untitled.uiSchema).toEqual({ field: { 'ui:widget': 'checkboxes' } })
  })
})

describe('other kinds', () => {
  test('legacy enum + enumNames becomes enum + ui:enumNames', () => {
    const mapped = one({ type: 'string', title: 'Size', enum: ['s', 'm'], enumNames: ['Small', 'Medium'], default: 'm' })
    expect(mapped.unsupported).toEqual([])
    expect(mapped.schema.properties!.field).toEqual({ type: 'string', title: 'Size', enum: ['s', 'm'], default: 'm' })
    expect(mapped.uiSchema).toEqual({ field: { 'ui:enumNames': ['Small', 'Medium'] } })
    expect(mapped.defaults).toEqual({ field: 'm' })
    // Names that do not line up with the values are not trusted: the values are shown.
    expect(one({ type: 'string', enum: ['s', 'm'], enumNames: ['Small'] }).uiSchema).toEqual({})
  })

  test('oneOf options without a title show their value; anyOf single-select and items.oneOf are read the same way', () => {
    expect(one({ type: 'string', oneOf: [{ const: 'a', title: 'A' }, { const: 'b' }] }).uiSchema).toEqual({ field: { 'ui:enumNames': ['A', 'b'] } })
    expect(one({ type: 'string', anyOf: [{ const: 'a', title: 'A' }] }).schema.properties!.field).toEqual({ type: 'string', enum: ['a'] })
    expect(one({ type: 'array', items: { oneOf: [{ const: 'a', title: 'A' }] } }).uiSchema).toEqual({ field: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['A'] } } })
  })

  test('formats get native inputs; date-time goes to the DateTimeWidget slot', () => {
    const mapped = toFormSchema({
      type: 'object',
      properties: { e: { type: 'string', format: 'email' }, u: { type: 'string', format: 'uri' }, d: { type: 'string', format: 'date' }, t: { type: 'string', format: 'date-time' } },
    })
    expect(mapped.uiSchema).toEqual({ e: { 'ui:widget': 'email' }, u: { 'ui:widget': 'uri' }, d: { 'ui:widget': 'date' }, t: { 'ui:widget': 'date-time' } })
    expect(Object.values(mapped.schema.properties!).map((property) => (property as { format?: string }).format)).toEqual(['email', 'uri', 'date', 'date-time'])
  })

  test('integer keeps bounds and only integer defaults', () => {
    expect(one({ type: 'integer', minimum: 1, maximum: 9, default: 3 }).schema.properties!.field).toEqual({ type: 'integer', minimum: 1, maximum: 9, default: 3 })
    expect(one({ type: 'integer', default: 2.5 }).defaults).toEqual({})
  })

  test('required and title pass through; $schema and other annotations do not', () => {
    const mapped = toFormSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { type: 'string', examples: ['x'] } }, required: ['a'], additionalProperties: false })
    expect(mapped.schema).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })
  })

  test('an empty schema is a confirmation: nothing to show, nothing unsupported', () => {
    expect(toFormSchema({ type: 'object', properties: {} })).toEqual({ schema: { type: 'object', properties: {} }, uiSchema: {}, defaults: {}, unsupported: [] })
    expect(toFormSchema({ type: 'object' }).unsupported).toEqual([])
  })
})

describe('defaults', () => {
  test('every usable default is pre-filled, in the schema and in defaults', () => {
    const mapped = toFormSchema({
      type: 'object',
      properties: {
        s: { type: 'string', default: 'x' }, n: { type: 'number', default: 0 }, b: { type: 'boolean', default: true },
        e: { type: 'string', enum: ['a', 'b'], default: 'b' }, m: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b', 'b', 'a'] },
        d: { type: 'string', format: 'date', default: '2026-11-30' }, t: { type: 'string', format: 'date-time', default: '2026-11-30T14:05:00+01:00' },
      },
    })
    expect(mapped.defaults).toEqual({ s: 'x', n: 0, b: true, e: 'b', m: ['b', 'a'], d: '2026-11-30', t: '2026-11-30T14:05:00+01:00' })
    expect(getDefaultFormState(noEvalValidator, mapped.schema, undefined)).toEqual(mapped.defaults)
  })

  test('defaults the widget could not show are dropped, not pre-filled', () => {
    expect(one({ type: 'string', enum: ['a'], default: 'z' }).defaults).toEqual({})
    expect(one({ type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'z'] }).defaults).toEqual({})
    expect(one({ type: 'string', format: 'date', default: '2026-02-30' }).defaults).toEqual({})
    expect(one({ type: 'string', format: 'date-time', default: 'soon' }).defaults).toEqual({})
    expect(one({ type: 'number', default: '5' }).defaults).toEqual({})
    expect(one({ type: 'boolean', default: 'true' }).defaults).toEqual({})
  })

  test('a date-time default without an offset is read as local time and gets the local offset', () => {
    const { defaults } = one({ type: 'string', format: 'date-time', default: '2026-11-30T14:05:00' })
    expect(defaults.field).toMatch(/^2026-11-30T14:05:00[+-]\d{2}:\d{2}$/)
    expect(new Date(defaults.field as string).getTime()).toBe(new Date(2026, 10, 30, 14, 5).getTime())
  })

  test("the form's keyed mapping reads a date-time default only with the reader it loads with the date-time widget", async () => {
    const requested = { type: 'object', properties: { t: { type: 'string', format: 'date-time', default: '2026-11-30T14:05:00+01:00' }, n: { type: 'string', default: 'Ada' } } }
    // Without it (its chunk not there yet) the default is left out; the form shows no fields until it is.
    expect(toKeyedFormSchema(requested).defaults).toEqual({ f1: 'Ada' })
    const { dateTimeDefault } = await import('./date-time-widget')
    const read = toKeyedFormSchema(requested, undefined, dateTimeDefault)
    expect(read.defaults).toEqual({ f0: '2026-11-30T14:05:00+01:00', f1: 'Ada' })
  })

  test('a required boolean without default starts as false; an optional one starts empty', () => {
    expect(one({ type: 'boolean' }, true).defaults).toEqual({ field: false })
    expect(one({ type: 'boolean' }).defaults).toEqual({})
  })
})

describe('multi-select and minItems: no padding', () => {
  const schema = toFormSchema({
    type: 'object',
    properties: {
      required: { type: 'array', minItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
      optional: { type: 'array', minItems: 2, items: { anyOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] } },
      seeded: { type: 'array', minItems: 3, items: { type: 'string', enum: ['a', 'b', 'c'] }, default: ['a'] },
    },
    required: ['required'],
  }).schema

  test('rjsf computes no undefined / null items, whatever the default-state behaviour', () => {
    for (const validator of [ajvValidator, noEvalValidator]) {
      for (const behavior of [undefined, { arrayMinItems: { populate: 'all' as const } }, { arrayMinItems: { populate: 'never' as const } }, { arrayMinItems: { populate: 'requiredOnly' as const } }]) {
        const state = getDefaultFormState(validator, schema, undefined, schema, false, behavior) as Record<string, unknown>
        for (const value of Object.values(state)) expect((value as unknown[]).every((item) => typeof item === 'string')).toBe(true)
        expect(state.seeded).toEqual(['a'])
        expect(state.optional).toBeUndefined()
      }
    }
  })

  test('without uniqueItems rjsf would pad (why the mapping adds it)', () => {
    const padded = getDefaultFormState(noEvalValidator, { type: 'object', properties: { x: { type: 'array', minItems: 2, items: { type: 'string', enum: ['a'] } } }, required: ['x'] }, undefined)
    expect(padded).toEqual({ x: [undefined, undefined] })
  })
})

describe('outside the subset: listed, left out, never thrown', () => {
  const cases: Array<[string, unknown]> = [
    ['nested object', { type: 'object', properties: { x: { type: 'string' } } }],
    ['array of objects', { type: 'array', items: { type: 'object', properties: {} } }],
    ['array of numbers', { type: 'array', items: { type: 'number', enum: [1] } }],
    ['array without items', { type: 'array' }],
    ['array without options', { type: 'array', items: { type: 'string' } }],
    ['$ref', { $ref: '#/definitions/x' }],
    ['$ref items', { type: 'array', items: { $ref: '#/x' } }],
    ['unknown type', { type: 'date' }],
    ['null type', { type: 'null' }],
    ['type list', { type: ['string', 'null'] }],
    ['no type', { title: 'x' }],
    ['unknown format', { type: 'string', format: 'uuid' }],
    ['format not a string', { type: 'string', format: 1 }],
    ['empty enum', { type: 'string', enum: [] }],
    ['non-string enum', { type: 'string', enum: ['a', 1] }],
    ['enum not a list', { type: 'string', enum: 'a' }],
    ['oneOf without const', { type: 'string', oneOf: [{ title: 'A' }] }],
    ['oneOf with number const', { type: 'string', oneOf: [{ const: 1, title: 'A' }] }],
    ['enum and oneOf', { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] }],
    ['bad items.anyOf', { type: 'array', items: { anyOf: 'a' } }],
    ['negative minLength', { type: 'string', minLength: -1 }],
    ['fractional maxItems', { type: 'array', items: { enum: ['a'] }, maxItems: 1.5 }],
    ['string minimum', { type: 'number', minimum: '1' }],
    ['schema not an object', 'string'],
    ['schema null', null],
    ['schema true', true],
  ]
  for (const [name, property] of cases) {
    test(name, () => {
      const mapped = toFormSchema({ type: 'object', properties: { ok: { type: 'string' }, bad: property }, required: ['bad', 'ok'] })
      expect(Object.keys(mapped.schema.properties!)).toEqual(['ok'])
      expect(mapped.schema.required).toEqual(['ok'])
      expect(mapped.unsupported).toHaveLength(1)
      expect(mapped.unsupported[0]!.field).toBe('bad')
      expect(mapped.unsupported[0]!.reason).toMatch(/\S.*It is required\.$/)
    })
  }

  test(`a choice of more than ${MAX_OPTIONS} options is unsupported, however given; ${MAX_OPTIONS} are listed`, () => {
    const values = (count: number) => Array.from({ length: count }, (_, i) => `v${i}`)
    const over = values(MAX_OPTIONS + 1)
    for (const property of [
      { type: 'string', enum: over },
      { type: 'string', oneOf: over.map((value) => ({ const: value, title: value })) },
      { type: 'array', items: { type: 'string', enum: over } },
      { type: 'array', items: { anyOf: over.map((value) => ({ const: value, title: value })) } },
    ]) {
      expect(one(property).unsupported).toEqual([{ field: 'field', reason: `This field offers ${MAX_OPTIONS + 1} options; a form lists at most ${MAX_OPTIONS}.` }])
    }
    expect(one({ type: 'string', enum: values(MAX_OPTIONS) }).schema.properties!.field).toEqual({ type: 'string', enum: values(MAX_OPTIONS) })
  })

  test('non-object roots', () => {
    for (const root of [null, undefined, 'x', 3, [], [{ type: 'object' }], { type: 'array', items: {} }, { type: 'string' }, { type: 'object', properties: [] }, { type: 'object', properties: 'x' }]) {
      const mapped = toFormSchema(root)
      expect(mapped.schema).toEqual({ type: 'object', properties: {} })
      expect(mapped.unsupported).toHaveLength(1)
      expect(mapped.unsupported[0]!.field).toBeNull()
    }
  })

  test('rules across fields are reported with field null; the fields still show', () => {
    const mapped = toFormSchema({ type: 'object', properties: { a: { type: 'string' } }, allOf: [{ required: ['a'] }], $ref: '#/x', if: {} })
    expect(Object.keys(mapped.schema.properties!)).toEqual(['a'])
    expect(mapped.unsupported.map((item) => item.field)).toEqual([null, null, null])
  })

  test('required names the schema does not describe, and names the form cannot use', () => {
    const mapped = toFormSchema({ type: 'object', properties: { 'ui:widget': { type: 'string' }, constructor: { type: 'string' }, '': { type: 'string' }, ok: { type: 'string' } }, required: ['ghost', 'ok', 7] })
    expect(Object.keys(mapped.schema.properties!)).toEqual(['ok'])
    expect(mapped.unsupported.map((item) => item.field)).toEqual(['ui:widget', 'constructor', '', 'ghost'])
    expect(toFormSchema({ type: 'object', properties: {}, required: 'a' }).unsupported).toHaveLength(1)
  })

  test('__proto__ as a field name cannot reach a prototype', () => {
    const mapped = toFormSchema(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"},"a":{"type":"string"}}}'))
    expect(Object.keys(mapped.schema.properties!)).toEqual(['a'])
    expect(Object.getPrototypeOf(mapped.defaults)).toBe(Object.prototype)
    expect(pickSubmittedContent({ type: 'object', properties: JSON.parse('{"__proto__":{"type":"string"}}') }, JSON.parse('{"__proto__":"x"}'))).toEqual(JSON.parse('{"__proto__":"x"}'))
  })
})

describe('toKeyedFormSchema: the form\'s own keys', () => {
  const wire = '{"type":"object","properties":{"a.b":{"type":"string"},"__proto__":{"type":"string","title":"Proto","default":"x"},"constructor":{"type":"boolean"},"ui:widget":{"type":"string"},"":{"type":"string"},"n":{"type":"object"}},"required":["a.b","__proto__"]}'

  test('every named field is keyed f<index> and titled with a label from its name; only what cannot be shown is left out', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort()
    const mapped = toKeyedFormSchema(JSON.parse(wire))
    expect(mapped.fields).toEqual([
      { key: 'f0', name: 'a.b' },
      { key: 'f1', name: '__proto__' },
      { key: 'f2', name: 'constructor' },
      { key: 'f3', name: 'ui:widget' },
    ])
    expect(mapped.schema.properties).toStrictEqual({
      f0: { type: 'string', title: 'a.b' },
      f1: { type: 'string', title: 'Proto', default: 'x' },
      f2: { type: 'boolean', title: 'Constructor' },
      f3: { type: 'string', title: 'ui:widget' },
    })
    expect(mapped.schema.required).toEqual(['f0', 'f1'])
    expect(mapped.defaults).toStrictEqual({ f1: 'x' })
    expect(mapped.uiSchema).toStrictEqual({ f2: { 'ui:widget': 'checkbox' } })
    expect(mapped.unsupported.map((item) => item.field)).toEqual(['', 'n'])
    for (const object of [mapped.schema.properties, mapped.defaults, mapped.uiSchema]) expect(Object.getPrototypeOf(object)).toBe(Object.prototype)
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before)
  })

  test('data crosses between names and keys as own data, "__proto__" included', () => {
    const { fields, schema } = toKeyedFormSchema(JSON.parse(wire))
    const keyed = toFieldKeys({ fields, schema }, JSON.parse('{"__proto__":"p","a.b":"q","ignored":1}'))
    expect(keyed).toStrictEqual({ f0: 'q', f1: 'p' })
    const content = fromFieldKeys(fields, { f1: 'p', f2: true, f9: 'not a field' })
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype)
    expect(Object.getOwnPropertyNames(content)).toEqual(['__proto__', 'constructor'])
    expect(JSON.stringify(content)).toBe('{"__proto__":"p","constructor":true}')
    // Inherited members are not data.
    expect(toFieldKeys({ fields, schema }, Object.create({ 'a.b': 'inherited' }))).toStrictEqual({})
    expect(toFieldKeys({ fields, schema }, 'not an object')).toStrictEqual({})
  })

  test('data handed in keeps only values that fit their field (a hostile object never reaches an input)', () => {
    const mapped = toKeyedFormSchema({
      type: 'object',
      properties: { s: { type: 'string' }, n: { type: 'number' }, i: { type: 'integer' }, b: { type: 'boolean' }, m: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }, file: { type: 'string', format: 'uri', 'x-mcp-file': {} } },
    })
    const notKept = { fileNotKept: { mediaType: 'image/png', bytes: 9 } }
    expect(toFieldKeys(mapped, { s: 'x', n: 1.5, i: 2, b: false, m: ['a'], file: notKept })).toStrictEqual({ f0: 'x', f1: 1.5, f2: 2, f3: false, f4: ['a'], f5: notKept })
    const hostile = { s: { toString: [] }, n: Number.NaN, i: 2.5, b: 'true', m: [{ toString: [] }], file: { fileNotKept: 1, extra: 2 } }
    expect(toFieldKeys(mapped, hostile)).toStrictEqual({})
    expect(toFieldKeys(mapped, { s: null, n: '5', i: null, b: null, m: 'a', file: 7 })).toStrictEqual({})
  })

  test('validates by key, so an inherited "constructor" does not count as answered', () => {
    const mapped = toKeyedFormSchema(JSON.parse('{"type":"object","properties":{"constructor":{"type":"string"}},"required":["constructor"]}'))
    for (const validator of [ajvValidator, noEvalValidator]) {
      expect(validator.validateFormData({}, mapped.schema).errors.map((error) => error.property)).toEqual(['f0'])
    }
  })

  test('toFormSchema keeps the server names and gives no keys', () => {
    expect(toFormSchema({ type: 'object', properties: { 'a.b': { type: 'string' } } })).toStrictEqual({
      schema: { type: 'object', properties: { 'a.b': { type: 'string' } } },
      uiSchema: {},
      defaults: {},
      unsupported: [],
    })
  })
})

describe('pickSubmittedContent', () => {
  const { schema } = toFormSchema({
    type: 'object',
    properties: {
      s: { type: 'string' }, r: { type: 'string' }, n: { type: 'number' }, b: { type: 'boolean' },
      m: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }, rm: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    },
    required: ['r', 'rm'],
  })

  test('exactly the schema fields, with their values', () => {
    expect(pickSubmittedContent(schema, { s: 'x', r: 'y', n: 0, b: false, m: ['a'], rm: ['b'], extra: 'no', nested: { s: 1 } })).toEqual({ s: 'x', r: 'y', n: 0, b: false, m: ['a'], rm: ['b'] })
  })

  test('no answer is dropped: undefined, null, NaN, empty optional strings and selections, padding', () => {
    expect(pickSubmittedContent(schema, { s: '', r: '', n: Number.NaN, b: null, m: [], rm: [] })).toEqual({ r: '', rm: [] })
    expect(pickSubmittedContent(schema, { s: undefined, m: [null, 'a', undefined, 3], rm: [null, null] })).toEqual({ m: ['a'], rm: [] })
    expect(pickSubmittedContent(schema, { s: { toString: 'x' }, n: '5', b: 'true', m: 'a' })).toEqual({})
    const integer = toFormSchema({ type: 'object', properties: { i: { type: 'integer' } } }).schema
    expect(pickSubmittedContent(integer, { i: 2.5 })).toEqual({})
    expect(pickSubmittedContent(integer, { i: 2 })).toEqual({ i: 2 })
  })

  test('anything but an object gives empty content', () => {
    for (const data of [undefined, null, 'x', ['a'], 1]) expect(pickSubmittedContent(schema, data)).toEqual({})
    expect(pickSubmittedContent({} as never, { a: 1 })).toEqual({})
  })
})
