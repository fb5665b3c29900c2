import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { customizeValidator } from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createNoEvalValidator, noEvalValidator } from './no-eval-validator'
import { matchesFormat } from './string-formats'
import { toFormSchema } from './form-schema'

const EXAMPLES = join(import.meta.dirname, '../../test/fixtures/mcp-schema/2026-07-28/examples')
const readExamples = (dir: string): unknown[] =>
  readdirSync(join(EXAMPLES, dir))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(EXAMPLES, dir, file), 'utf8')))

const ajv = customizeValidator()
afterEach(() => {
  vi.restoreAllMocks()
})

/** Runs ajv8 and the no-eval validator on the same input and expects identical output. */
function expectSame(schema: RJSFSchema, data: unknown, uiSchema?: UiSchema) {
  const expected = ajv.rawValidation(schema, data)
  const actual = noEvalValidator.rawValidation(schema, data)
  expect(actual.validationError).toBeUndefined()
  expect(expected.validationError).toBeUndefined()
  expect(actual.errors).toEqual(expected.errors)
  const expectedData = ajv.validateFormData(data, schema, undefined, undefined, uiSchema)
  const actualData = noEvalValidator.validateFormData(data, schema, undefined, undefined, uiSchema)
  expect(actualData.errors).toEqual(expectedData.errors)
  expect(actualData.errorSchema).toEqual(expectedData.errorSchema)
  expect(noEvalValidator.isValid(schema, data, schema)).toBe(ajv.isValid(schema, data, schema))
  return actualData.errors
}

const wrap = (property: unknown, required = false): RJSFSchema =>
  ({ type: 'object', properties: { field: property }, ...(required ? { required: ['field'] } : {}) }) as RJSFSchema

describe('official examples', () => {
  const kinds = ['StringSchema', 'NumberSchema', 'BooleanSchema', 'TitledSingleSelectEnumSchema', 'UntitledSingleSelectEnumSchema', 'TitledMultiSelectEnumSchema', 'UntitledMultiSelectEnumSchema']
  for (const kind of kinds) {
    test(`${kind}: its default is valid, mapped and as published`, () => {
      for (const example of readExamples(kind) as Array<{ default: unknown }>) {
        const mapped = toFormSchema({ type: 'object', properties: { field: example }, required: ['field'] })
        expect(mapped.unsupported).toEqual([])
        expect(expectSame(mapped.schema, mapped.defaults, mapped.uiSchema)).toEqual([])
        expect(expectSame(wrap(example, true), { field: example.default })).toEqual([])
      }
    })
  }

  test('form requests validate their ElicitResult contents', () => {
    const [multiple, single] = readExamples('ElicitRequestFormParams') as Array<{ requestedSchema: unknown }>
    const results = readExamples('ElicitResult') as Array<{ content?: unknown }>
    const multipleContent = results.find((result) => JSON.stringify(result.content ?? {}).includes('octocat@github.com'))!.content
    const singleContent = results.find((result) => JSON.stringify(result.content ?? {}) === '{"name":"octocat"}')!.content
    const request = (readExamples('ElicitRequest')[0] as { params: { requestedSchema: unknown } }).params.requestedSchema
    for (const [requested, content] of [
      [multiple!.requestedSchema, multipleContent],
      [single!.requestedSchema, singleContent],
      [request, singleContent],
    ] as const) {
      const mapped = toFormSchema(requested)
      expect(mapped.unsupported).toEqual([])
      expect(expectSame(mapped.schema, content, mapped.uiSchema)).toEqual([])
      expect(expectSame(requested as RJSFSchema, content)).toEqual([])
      expect(expectSame(mapped.schema, {}, mapped.uiSchema).map((error) => error.name)).toContain('required')
    }
  })

  test('invalid answers to the published field kinds', () => {
    const bad: Record<string, unknown[]> = {
      StringSchema: ['ab', 'x'.repeat(51), 'not-an-email', 5, null, ['a@b.co']],
      NumberSchema: [-1, 101, '50', null, true, Number.NaN],
      BooleanSchema: ['true', 0, null],
      TitledSingleSelectEnumSchema: ['Red', '#ff0000', 1, null],
      UntitledSingleSelectEnumSchema: ['red', '', 3],
      TitledMultiSelectEnumSchema: [[], ['#FF0000', '#00FF00', '#0000FF'], ['#FF0000', '#FF0000'], ['Red'], [null], '#FF0000', [1]],
      UntitledMultiSelectEnumSchema: [[], ['Red', 'Green', 'Blue'], ['Red', 'Red'], ['red'], [null, null], 'Red'],
    }
    for (const [kind, values] of Object.entries(bad)) {
      const example = readExamples(kind)[0]
      const mapped = toFormSchema({ type: 'object', properties: { field: example } })
      for (const value of values) {
        expect(expectSame(mapped.schema, { field: value }, mapped.uiSchema).length).toBeGreaterThan(0)
        // The published (unmapped) form too: oneOf / items.anyOf branches, duplicate filtering.
        expectSame(wrap(example), { field: value })
      }
    }
  })
})

describe('every field kind, one bad value at a time', () => {
  const requested = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 3, maxLength: 10 },
      email: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri', title: 'Website' },
      birthday: { type: 'string', format: 'date' },
      meeting: { type: 'string', format: 'date-time' },
      age: { type: 'integer', minimum: 1, maximum: 130 },
      score: { type: 'number', minimum: 0, maximum: 1.5 },
      agree: { type: 'boolean', title: 'I agree' },
      color: { type: 'string', enum: ['red', 'green'] },
      titled: { type: 'string', title: 'Titled', oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] },
      legacy: { type: 'string', enum: ['x', 'y'], enumNames: ['Ex', 'Why'] },
      tags: { type: 'array', items: { type: 'string', enum: ['t1', 't2', 't3'] }, minItems: 1, maxItems: 2 },
      picks: { type: 'array', title: 'Picks', items: { anyOf: [{ const: 'p1', title: 'P1' }, { const: 'p2', title: 'P2' }] }, minItems: 2 },
    },
    required: ['name', 'email', 'age', 'agree', 'tags', 'titled'],
  }
  const valid = {
    name: 'Ada', email: 'ada@example.com', site: 'https://example.com/a?b#c', birthday: '1815-12-10',
    meeting: '2026-11-30T14:05:00+01:00', age: 36, score: 1.5, agree: false, color: 'red', titled: 'b',
    legacy: 'y', tags: ['t1', 't3'], picks: ['p2', 'p1'],
  }
  const badValues: Record<string, unknown[]> = {
    name: ['Al', 'x'.repeat(11), '', 7, null, ['Ada'], { a: 1 }, '😀😀', '\u00e9\u0301'],
    email: ['ada', 'ada@', 'ada@example', 'a b@c.de', '', 1],
    site: ['example.com', '/path', 'http://a b', 'https://[::1', 42],
    birthday: ['2023-02-29', '1815-13-10', '1815-12-10T00:00:00Z', 18151210],
    meeting: ['2026-11-30T14:05', '2026-11-30T14:05:00+1:00', '2026-11-30', 'tomorrow', 0],
    age: [0, 131, 36.5, '36', null, Number.NaN, true],
    score: [-0.1, 1.51, '1', null, Number.POSITIVE_INFINITY],
    agree: ['false', 0, null],
    color: ['blue', 'Red', '', 1, null],
    titled: ['A', 'c', null, 2],
    legacy: ['Ex', 'z'],
    tags: [[], ['t1', 't2', 't3'], ['t1', 't1'], ['t4'], [null], ['t1', null, 't1'], 't1', [1, 2], null],
    picks: [['p1'], ['p1', 'p1'], ['p3', 'p1'], ['P1', 'P2'], [null, undefined], 'p1', {}],
  }
  const mapped = toFormSchema(requested)

  test('the mapping covers every field', () => {
    expect(mapped.unsupported).toEqual([])
    expect(expectSame(mapped.schema, valid, mapped.uiSchema)).toEqual([])
    // Lengths count code points: three emoji are three characters, as for ajv.
    expect(expectSame(mapped.schema, { ...valid, name: '😀😀😀' }, mapped.uiSchema)).toEqual([])
    expect(expectSame(mapped.schema, { ...valid, name: 'x'.repeat(9) + '😀' }, mapped.uiSchema)).toEqual([])
  })

  for (const [field, values] of Object.entries(badValues)) {
    test(`${field}`, () => {
      for (const value of values) {
        const data = { ...valid, [field]: value }
        const errors = expectSame(mapped.schema, data, mapped.uiSchema)
        expect(errors.length).toBeGreaterThan(0)
        // Unmapped (oneOf / anyOf / enumNames as published) gives the same verdicts in both validators too.
        expectSame(requested as RJSFSchema, data)
      }
      const missing: Record<string, unknown> = { ...valid }
      delete missing[field]
      expectSame(mapped.schema, missing, mapped.uiSchema)
    })
  }

  test('everything wrong at once, extra fields, empty and non-object data', () => {
    const allBad = Object.fromEntries(Object.entries(badValues).map(([field, values]) => [field, values[0]]))
    expect(expectSame(mapped.schema, { ...allBad, extra: 1 }, mapped.uiSchema).length).toBeGreaterThan(10)
    for (const data of [{}, undefined, null, [], 'x', 3]) expectSame(mapped.schema, data, mapped.uiSchema)
  })
})

describe('ajv behaviours reproduced', () => {
  const cases: Array<[string, unknown, unknown[]]> = [
    ['type before enum without string keywords', { type: 'string', enum: ['a'] }, [5, 'b', 'a']],
    ['enum before type with string keywords', { type: 'string', enum: ['a'], minLength: 2 }, [5, 'b']],
    ['integer and bounds', { type: 'integer', minimum: 1, maximum: 3 }, [1.5, 0.5, 4, 2, '2', -0, 1e21]],
    ['number keywords on a string type', { type: 'string', minimum: 3, maxLength: 1 }, [1, 'abc']],
    ['exclusive bounds and multipleOf', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.1 }, [0, 1, 0.3, 0.35, 0.7000000001]],
    ['pattern', { type: 'string', pattern: '^[a-z]+\\d$' }, ['ab1', 'ab', 'AB1', 'é1']],
    ['unique scalar items, from the end', { type: 'array', uniqueItems: true, items: { type: 'string' } }, [['a', 'b', 'a'], ['a', 'a', 'b', 'b'], ['a', 1, 1], [1, 1]]],
    ['unique untyped items, pairwise', { type: 'array', uniqueItems: true, items: { enum: ['a', 'b', 1] } }, [['a', 'b', 'a'], ['a', 'a', 'b', 'b'], [1, 'a', 1], [{ x: 1 }, { x: 1 }]]],
    ['unique items without items', { type: 'array', uniqueItems: true }, [[[1], [1]], [null, null], [1, '1']]],
    ['several types', { type: ['string', 'null'], minLength: 2 }, [null, 'a', 1, 'ab']],
    ['nullable', { type: 'string', nullable: true }, [null, 1]],
    ['oneOf with two passing', { oneOf: [{ type: 'string' }, { minLength: 1 }, { const: 'x' }] }, ['x', 'y', '', 1]],
    ['oneOf passing later', { oneOf: [{ const: 'a' }, { type: 'number' }, { minimum: 2 }, { const: 'b' }] }, ['b', 3, 1, 'c', 'a']],
    ['anyOf stops at the first pass', { anyOf: [{ type: 'string' }, { type: 'number', minimum: 3 }] }, [1, 'a', 4, null]],
    ['allOf and not', { allOf: [{ type: 'string' }, { minLength: 2 }], not: { const: 'no' } }, ['no', 'a', 1, 'yes']],
    ['const objects', { const: { a: [1, 2] } }, [{ a: [1, 2] }, { a: [2, 1] }, null]],
    ['additionalProperties false', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, [{ a: 'x', b: 1, c: 2 }, { a: 1 }]],
    ['additionalProperties schema', { type: 'object', properties: { a: {} }, additionalProperties: { type: 'number' } }, [{ a: 'x', 'b/c~d': 'y' }]],
    ['min/maxProperties', { type: 'object', minProperties: 1, maxProperties: 1 }, [{}, { a: 1, b: 2 }]],
    ['false schema', { type: 'object', properties: { a: false } }, [{ a: 1 }, {}]],
    ['local $ref', { definitions: { s: { type: 'string', minLength: 2 } }, type: 'object', properties: { a: { $ref: '#/definitions/s' } } }, [{ a: 'x' }, { a: 1 }]],
    ['odd property names', { type: 'object', properties: { 'a b': { type: 'string' }, 'x/y': { type: 'number' }, 'ü~': { type: 'boolean' } }, required: ['a b', 'x/y'] }, [{ 'a b': 1, 'x/y': 'n', 'ü~': 1 }, {}]],
  ]
  for (const [name, schema, values] of cases) {
    test(name, () => {
      for (const value of values) expectSame(schema as RJSFSchema, value)
      // (References resolve against the root, so a wrapped $ref would point nowhere.)
      if (!JSON.stringify(schema).includes('$ref')) for (const value of values) expectSame(wrap(schema, true), { field: value })
    })
  }

  test('titles from the uiSchema and the schema in messages and stacks', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', title: 'Alpha', minLength: 2 }, b: { type: 'number' }, c: { type: 'string' } }, required: ['a', 'b', 'c'] } as RJSFSchema
    const uiSchemas: UiSchema[] = [{}, { b: { 'ui:title': 'Beta' } }, { a: { 'ui:options': { title: '' } } }, { c: { title: 'Gamma' } }]
    for (const uiSchema of uiSchemas) {
      expectSame(schema, {}, uiSchema)
      expectSame(schema, { a: 'x', b: 'y', c: 1 }, uiSchema)
    }
    const errors = noEvalValidator.validateFormData({ a: 'x' }, schema).errors
    expect(errors.map((error) => error.stack)).toEqual([
      "must have required property 'b'",
      "must have required property 'c'",
      "'Alpha' must NOT have fewer than 2 characters",
    ])
  })

  test('transformErrors and customValidate are applied the same way', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', minLength: 2 }, b: { type: 'string' } } } as RJSFSchema
    const transform = (errors: Array<{ message?: string }>) => errors.map((error) => ({ ...error, message: `! ${error.message}` }))
    const custom = (formData: any, errors: any) => {
      if (formData?.b !== 'ok') errors.b.addError('b must be ok')
      return errors
    }
    const expected = ajv.validateFormData({ a: 'x' }, schema, custom, transform as never)
    const actual = noEvalValidator.validateFormData({ a: 'x' }, schema, custom, transform as never)
    expect(actual).toEqual(expected)
    expect(actual.errorSchema.b?.__errors).toEqual(['b must be ok'])
  })
})

describe('formats, value by value, as ajv-formats decides', () => {
  const corpus: Record<string, string[]> = {
    email: [
      'a@b.co', 'user@example.com', 'first.last+tag@sub.example.org', 'UPPER@EXAMPLE.COM', "o'reilly@x.io", 'x@y.z1',
      'a@b', 'a@b.', '.a@b.co', 'a.@b.co', 'a..b@c.co', 'a@-b.co', 'a@b-.co', 'a@b_c.co', '"q"@b.co', 'a b@c.co',
      'a@@b.co', '', '@b.co', 'a@', 'a@1.2.3.4', 'a@[1.2.3.4]', 'ü@b.co', 'a@ü.co', 'a@b.co\n', 'a@b.c-d', 'a@b.-c', 'a@b..c',
    ],
    uri: [
      'https://example.com', 'http://a', 'http://a.b/c?d=e#f', 'mailto:a@b.co', 'urn:isbn:0451450523', 'a:', 'a:/', 'a://',
      'a:b', '1a:b', 'a b:c', ':b', 'http://[::1]/', 'http://[::1]:8080/x', 'http://[1:2:3:4:5:6:7:8]', 'http://[1:2:3:4:5:6:7:8:9]',
      'http://[::ffff:1.2.3.4]', 'http://[::ffff:1.2.3.256]', 'http://[v1.x]', 'http://[vz.x]', 'http://[v1.]', 'http://user:pw@host:80/p',
      'http://u@h@x', 'http://h:port', 'http://h:80:90', 'http://ex ample.com', 'http://example.com/a b', 'http://example.com/%zz',
      'http://example.com/%41', 'example.com', '/relative', '//host', '#frag', 'http://example.com/?q=a?b/c', 'http://example.com/#a#b',
      'http://例え.jp', 'HTTP://EXAMPLE.COM', 'h+t.t-p://x', 'http://[1::2::3]', 'http://[::]', 'http://[1:2:3:4:5:6:7::]',
      'http://[1:2:3:4:5:6:7:8::]', 'http://[::1.2.3.4]', 'http://[1:2:3:4:5:6:1.2.3.4]', 'http://[1:2:3:4:5:6:7:1.2.3.4]',
      'http://[1:2:3:4:5::1.2.3.4]', 'http://[1:2:3:4:5:6::1.2.3.4]', 'http://[1.2.3.4::1]', 'http://[:1::2]', 'http://[1::2:]',
      'http://[::01.02.03.004]', 'http://[12345::]', 'http://[::1]x', 'file:///etc/passwd', 'a:b/c//d', 'a:@', 'a:/@:', 'a://@:',
      'javascript:alert(1)', 'data:text/plain,hi', 'http://a/b"c', "http://a/b'c", 'http://a/{x}', 'tel:+1-201-555-0123',
      'http://a\\b', 'http://a/b?c#d?e/f', 'http://a:/', 'http://[::1]:/', 'a:?q', 'a:#f', 'a:/?', 'http://a%2Fb/', 'http://a%2/',
    ],
    date: ['2026-11-30', '2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-04-30', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z', '', '２０２６-01-01', '2026-01-32', '0000-01-01'],
    'date-time': [
      '2026-11-30T14:05:00+01:00', '2026-11-30T14:05:00Z', '2026-11-30t14:05:00z', '2026-11-30 14:05:00Z', '2026-11-30T14:05Z',
      '2026-11-30T14:05:00', '2026-11-30T24:00:00Z', '2026-11-30T23:59:60Z', '2026-11-30T23:59:60+01:00', '2026-11-30T00:59:60+01:00',
      '2026-11-30T22:59:60-01:00', '2026-11-30T23:59:60.5Z', '2026-11-30T14:05:00.123456Z', '2026-11-30T14:05:00+0100', '2026-11-30T14:05:00+01',
      '2026-11-30T14:05:00+24:00', '2026-11-30T14:05:00+01:60', '2026-02-30T10:00:00Z', '2026-11-30TT14:05:00Z', '2026-11-30\t14:05:00Z',
      '2026-11-30\u00a014:05:00Z', '2026-11-30T14:05:00.Z', '2026-11-30T14:60:00Z', '2026-11-30T14:05:00+01:00:00', '2026-11-30T14:05:00-00:00',
    ],
  }
  for (const [format, values] of Object.entries(corpus)) {
    test(format, () => {
      const schema = { type: 'string', format } as RJSFSchema
      for (const value of values) {
        const ajvSays = ajv.isValid(schema, value, schema)
        expect([value, matchesFormat(format, value)]).toEqual([value, ajvSays])
        expectSame(wrap(schema), { field: value })
      }
    })
  }
})

describe('formats, generated values', () => {
  // Deterministic pseudo-random mutations (0–3 edits) of valid values.
  let seed = 20261130
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const pick = <T,>(list: T[]): T => list[Math.floor(next() * list.length)]!
  const seeds: Record<string, string[]> = {
    uri: ['http://a.b/c?d#e', 'https://u:p@[::1]:8080/x/y', 'urn:x:y', 'mailto:a@b.co', 'a:/b', 'h://[v1.a]/', 'f:///p', 'h://[1:2:3:4:5:6:1.2.3.4]'],
    email: ['a@b.co', 'first.last+tag@sub.example.org', "o'r@x-y.io", 'Z9@A.B.C'],
    'date-time': ['2026-11-30T14:05:00+01:00', '2024-02-29t23:59:60Z', '2026-01-01 00:00:00.5-0130', '2026-12-31T23:59:59'],
    date: ['2026-11-30', '2024-02-29', '2000-02-29', '2026-04-30'],
  }
  const alphabet = ['a', 'Z', '0', '9', ':', '/', '//', '[', ']', '::', '.', '@', '%', '%2F', '?', '#', '-', '+', ' ', '\t', 'ü', '"', '\\', 'T', 'z', '6', '3', '1', '2', '5', 'v', 'f', '..', '_']
  const mutate = (value: string): string => {
    let result = value
    for (let edits = Math.floor(next() * 4); edits > 0; edits--) {
      const at = Math.floor(next() * (result.length + 1))
      const kind = next()
      if (kind < 0.4) result = result.slice(0, at) + pick(alphabet) + result.slice(at)
      else if (kind < 0.7) result = result.slice(0, at) + result.slice(at + 1)
      else result = result.slice(0, at) + pick(alphabet) + result.slice(at + 1)
    }
    return result
  }
  for (const [format, values] of Object.entries(seeds)) {
    test(format, () => {
      const schema = { type: 'string', format } as RJSFSchema
      let accepted = 0
      for (let round = 0; round < 4000; round++) {
        const value = mutate(pick(values))
        const verdict = ajv.isValid(schema, value, schema)
        expect([value, matchesFormat(format, value)]).toEqual([value, verdict])
        if (verdict) accepted++
      }
      // Both verdicts occur often, so the comparison means something.
      expect(accepted).toBeGreaterThan(400)
      expect(accepted).toBeLessThan(3600)
    })
  }
})

describe('the exact ajv messages', () => {
  test('one per failure kind', () => {
    const messages = (property: unknown, value: unknown, required = false) =>
      noEvalValidator.validateFormData(value === undefined ? {} : { field: value }, wrap(property, required)).errors.map((error) => error.message)
    expect(messages({ type: 'string' }, undefined, true)).toEqual(["must have required property 'field'"])
    expect(messages({ type: 'string', minLength: 3 }, 'ab')).toEqual(['must NOT have fewer than 3 characters'])
    expect(messages({ type: 'string', maxLength: 1 }, 'ab')).toEqual(['must NOT have more than 1 characters'])
    expect(messages({ type: 'string', format: 'email' }, 'x')).toEqual(['must match format "email"'])
    expect(messages({ type: 'string', format: 'uri' }, 'x')).toEqual(['must match format "uri"'])
    expect(messages({ type: 'string', format: 'date' }, 'x')).toEqual(['must match format "date"'])
    expect(messages({ type: 'string', format: 'date-time' }, 'x')).toEqual(['must match format "date-time"'])
    expect(messages({ type: 'number', minimum: 1 }, 0)).toEqual(['must be >= 1'])
    expect(messages({ type: 'number', maximum: 1 }, 2)).toEqual(['must be <= 1'])
    expect(messages({ type: 'integer' }, 1.5)).toEqual(['must be integer'])
    expect(messages({ type: 'string' }, 1)).toEqual(['must be string'])
    expect(messages({ type: 'string', enum: ['a'] }, 'b')).toEqual(['must be equal to one of the allowed values'])
    expect(messages({ type: 'array', minItems: 1 }, [])).toEqual(['must NOT have fewer than 1 items'])
    expect(messages({ type: 'array', maxItems: 1 }, ['a', 'b'])).toEqual(['must NOT have more than 1 items'])
    expect(messages({ type: 'array', uniqueItems: true, items: { type: 'string' } }, ['a', 'a'])).toEqual(['must NOT have duplicate items (items ## 1 and 0 are identical)'])
    expect(messages({ type: 'string', oneOf: [{ const: 'a' }] }, 'b')).toEqual(['must be equal to constant', 'must match exactly one schema in oneOf'])
    expect(messages({ type: 'array', items: { anyOf: [{ const: 'a' }] } }, ['b'])).toEqual(['must be equal to constant', 'must match a schema in anyOf'])
  })
})

describe('schemas outside the subset', () => {
  test('are a schema error, not a silent pass', () => {
    for (const schema of [
      { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } },
      { type: 'object', patternProperties: { '^a': { type: 'string' } } },
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'array', contains: { const: 1 } },
      { type: 'string', format: 'uuid' },
      { type: 'strin' },
      { type: 'string', pattern: '(' },
      { $ref: 'https://example.com/schema.json' },
      { $ref: '#/definitions/missing' },
    ]) {
      const raw = noEvalValidator.rawValidation(wrap(schema), { field: 'x' })
      expect(raw.errors).toBeUndefined()
      expect(raw.validationError).toBeInstanceOf(Error)
      expect(noEvalValidator.isValid(wrap(schema), { field: 'x' }, wrap(schema))).toBe(false)
      const data = noEvalValidator.validateFormData({ field: 'x' }, wrap(schema))
      expect(data.errors).toEqual([{ stack: raw.validationError!.message }])
      expect(data.errorSchema).toEqual({ $schema: { __errors: [raw.validationError!.message] } })
    }
  })

  test('unknown keywords and formats are ignored, as ajv does with strict: false', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expectSame(wrap({ type: 'string', format: 'phone', 'x-anything': 1, enumNames: ['a'] }), { field: '12' })
  })

  test('isValid resolves references against the root schema, as rjsf rewrites them', () => {
    const root = { definitions: { s: { type: 'string' } }, type: 'object' } as RJSFSchema
    expect(noEvalValidator.isValid({ $ref: '#/definitions/s' }, 'x', root)).toBe(true)
    expect(noEvalValidator.isValid({ $ref: '__rjsf_rootSchema#/definitions/s' }, 1, root)).toBe(false)
    expect(ajv.isValid({ $ref: '#/definitions/s' }, 'x', root)).toBe(true)
  })

  test('instances are independent and reset is harmless', () => {
    const other = createNoEvalValidator()
    other.reset?.()
    expect(other.validateFormData({ field: 1 }, wrap({ type: 'string' })).errors).toEqual(noEvalValidator.validateFormData({ field: 1 }, wrap({ type: 'string' })).errors)
  })
})
