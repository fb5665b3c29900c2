/**
 * An rjsf `ValidatorType` that compiles nothing: no `new Function`, no `eval`,
 * so it works on pages whose Content-Security-Policy forbids `unsafe-eval`
 * (where `@rjsf/validator-ajv8` cannot compile a single schema, and
 * elicitation schemas arrive at run time, so they cannot be precompiled).
 *
 * It interprets the small JSON Schema subset elicitation uses, and reproduces
 * what `@rjsf/validator-ajv8` (ajv 8, `allErrors`, ajv-formats "full", default
 * English messages) reports for it: the same error objects in the same order
 * (`instancePath`, `schemaPath`, `keyword`, `params`, `message`, `schema`,
 * `parentSchema`, `data`), turned into the same rjsf error list
 * (`name`, `property`, `message`, `params`, `stack`, `schemaPath`, `title`).
 *
 * Supported: `type` (incl. lists, `nullable`), `enum`, `const`, `required`,
 * `properties`, `additionalProperties`, `min/maxProperties`, `items` (one
 * schema), `min/maxItems`, `uniqueItems`, `min/maxLength`, `pattern`, `format`
 * (email, uri, date, date-time — as ajv-formats 2.1.1 checks them; note that
 * it lets a date-time without an offset through), `minimum`,
 * `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `anyOf`,
 * `oneOf`, `allOf`, `not`, local `$ref`, and SEP-2356's `x-mcp-file` (a
 * data URI within `maxSize` of an `accept`ed type, `file-data-uri.ts`). Any other draft-07 assertion (`if`,
 * `dependencies`, `patternProperties`, `contains`, tuple `items`, …) or a
 * format ajv-formats knows but this does not is reported as a schema error
 * (`validationError`), as ajv reports a schema it cannot compile — never
 * silently passed. Unknown keywords and formats are ignored, as ajv does with
 * `strict: false`.
 */
import { checkFileValue, FILE_ERROR_MESSAGE } from './file-data-uri.js'
import { FILE_KEYWORD } from './file-descriptor.js'
import { markNoEval } from './no-eval-mark.js'
import { FORMATS } from './string-formats.js'
import type {
  CustomValidator,
  ErrorSchema,
  ErrorTransformer,
  FormContextType,
  RJSFSchema,
  RJSFValidationError,
  StrictRJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils'
import {
  createErrorHandler,
  getByPath,
  getDefaultFormState,
  getUiOptions,
  ROOT_SCHEMA_PREFIX,
  toErrorSchema,
  toPath,
  unwrapErrorHandler,
  validationDataMerge,
} from '@rjsf/utils'

/** One validation failure, shaped like an ajv 8 `ErrorObject` with `verbose: true`. */
export interface NoEvalError {
  instancePath: string
  schemaPath: string
  keyword: string
  params: Record<string, unknown>
  message: string
  schema: unknown
  parentSchema: unknown
  data: unknown
}

/** The validator: rjsf's `ValidatorType`, plus nothing to configure. */
export type NoEvalValidator<T = any, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = any> = ValidatorType<T, S, F> & {
  rawValidation<Result = NoEvalError>(schema: S, formData?: T): { errors?: Result[]; validationError?: Error }
}

/** Creates a validator that compiles nothing. Stateless: instances are interchangeable. */
export function createNoEvalValidator<T = any, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = any>(): NoEvalValidator<T, S, F> {
  const validator: NoEvalValidator<T, S, F> = {
    rawValidation<Result = NoEvalError>(schema: S, formData?: T) {
      try {
        const errors = run(schema, formData, schema)
        return { errors: errors.length > 0 ? (errors as Result[]) : undefined }
      } catch (error) {
        return { errors: undefined, validationError: error instanceof Error ? error : new Error(String(error)) }
      }
    },

    isValid(schema: S, formData: T | undefined, rootSchema: S): boolean {
      try {
        return run(schema, formData, rootSchema).length === 0
      } catch {
        return false
      }
    },

    validateFormData(
      formData: T | undefined,
      schema: S,
      customValidate?: CustomValidator<T, S, F>,
      transformErrors?: ErrorTransformer<T, S, F>,
      uiSchema?: UiSchema<T, S, F>,
    ): ValidationData<T> {
      const raw = validator.rawValidation<NoEvalError>(schema, formData)
      let errors = toRjsfErrors<T, S, F>(raw.errors ?? [], uiSchema, schema)
      const schemaError = raw.validationError
      if (schemaError) errors = [...errors, { stack: schemaError.message } as RJSFValidationError]
      if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema)
      let errorSchema: ErrorSchema<T> = toErrorSchema<T>(errors)
      if (schemaError) errorSchema = { ...errorSchema, $schema: { __errors: [schemaError.message] } } as ErrorSchema<T>
      if (typeof customValidate !== 'function') return { errors, errorSchema }
      // Like rjsf's ajv validator: the custom check sees the form data with undefined fields filled in.
      const filled = getDefaultFormState<T, S, F>(validator, schema, formData, schema, true) as T
      const handler = customValidate(filled, createErrorHandler<T>(filled), uiSchema, errorSchema)
      return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler))
    },

    reset() {
      // Nothing is cached per schema except the pattern cache, which is keyed by source text.
    },
  }
  return markNoEval(validator)
}

/** A ready instance. */
export const noEvalValidator: NoEvalValidator = /* @__PURE__ */ createNoEvalValidator()

// ---------------------------------------------------------------------------
// Evaluation, in ajv's keyword order.

type Schema = Record<string, unknown>
interface Context {
  root: unknown
  errors: NoEvalError[]
}

function run(schema: unknown, data: unknown, root: unknown): NoEvalError[] {
  checkSchema(schema, root, '#', new Set())
  const context: Context = { root, errors: [] }
  evaluate(schema, data, '', '#', context)
  return context.errors
}

/** Type-specific keyword groups, in ajv's order within each group. */
const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format']
// `x-mcp-file` (SEP-2356) last: chooseValidator's ajv adds it as a string keyword, after the built-in ones.
const STRING_KEYWORDS = ['maxLength', 'minLength', 'pattern', 'format', FILE_KEYWORD]
const ARRAY_KEYWORDS = ['maxItems', 'minItems', 'items', 'uniqueItems', 'additionalItems', 'contains']
const OBJECT_KEYWORDS = ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties', 'dependencies', 'propertyNames', 'patternProperties']
const GROUP_KEYWORDS: Record<string, string[]> = { number: NUMBER_KEYWORDS, string: STRING_KEYWORDS, array: ARRAY_KEYWORDS, object: OBJECT_KEYWORDS }

function evaluate(schema: unknown, data: unknown, instancePath: string, schemaPath: string, context: Context): boolean {
  const before = context.errors.length
  if (schema === true) return true
  if (schema === false) {
    report(context, { instancePath, schemaPath: `${schemaPath}/false schema`, keyword: 'false schema', params: {}, message: 'boolean schema is false', schema: false, parentSchema: false, data })
    return false
  }
  const s = schema as Schema
  const fail = (keyword: string, params: Record<string, unknown>, message: string, at = instancePath) =>
    report(context, { instancePath: at, schemaPath: `${schemaPath}/${keyword}`, keyword, params, message, schema: s[keyword], parentSchema: s, data })

  const types = schemaTypes(s)
  // ajv checks the type up front unless a single type has keywords of its own
  // group, in which case the type error is reported when that group is reached.
  const upfront = types.length > 0 && !(types.length === 1 && hasGroup(s, types[0]!))
  if (upfront && !types.some((type) => isType(type, data))) typeError(s, data, instancePath, schemaPath, context)

  // Keywords for any type.
  if (typeof s.$ref === 'string') evaluate(resolveRef(s.$ref, context.root), data, instancePath, s.$ref, context)
  if (s.const !== undefined && !equal(data, s.const)) fail('const', { allowedValue: s.const }, 'must be equal to constant')
  if (Array.isArray(s.enum) && !s.enum.some((value) => (typeof value === 'object' && value !== null ? equal(data, value) : data === value))) {
    fail('enum', { allowedValues: s.enum }, 'must be equal to one of the allowed values')
  }
  if (s.not !== undefined) {
    const mark = context.errors.length
    const valid = evaluate(s.not, data, instancePath, `${schemaPath}/not`, context)
    context.errors.length = mark
    if (valid) fail('not', {}, 'must NOT be valid')
  }
  if (Array.isArray(s.anyOf)) anyOf(s, data, instancePath, schemaPath, context)
  if (Array.isArray(s.oneOf)) oneOf(s, data, instancePath, schemaPath, context)
  if (Array.isArray(s.allOf)) s.allOf.forEach((branch, index) => evaluate(branch, data, instancePath, `${schemaPath}/allOf/${index}`, context))

  for (const group of ['number', 'string', 'array', 'object'] as const) {
    if (!hasGroup(s, group)) continue
    if (isType(group, data)) {
      if (group === 'number') numberKeywords(s, data as number, fail)
      else if (group === 'string') stringKeywords(s, data as string, fail, instancePath, schemaPath, context)
      else if (group === 'array') arrayKeywords(s, data as unknown[], instancePath, schemaPath, context, fail)
      else objectKeywords(s, data as Schema, instancePath, schemaPath, context, fail)
    } else if (!upfront && types.length === 1 && types[0] === group) {
      typeError(s, data, instancePath, schemaPath, context)
    }
  }
  return context.errors.length === before
}

type Fail = (keyword: string, params: Record<string, unknown>, message: string, at?: string) => void

function numberKeywords(s: Schema, data: number, fail: Fail): void {
  const bounds = [
    ['maximum', '<=', (limit: number) => data > limit],
    ['minimum', '>=', (limit: number) => data < limit],
    ['exclusiveMaximum', '<', (limit: number) => data >= limit],
    ['exclusiveMinimum', '>', (limit: number) => data <= limit],
  ] as const
  for (const [keyword, comparison, fails] of bounds) {
    const limit = s[keyword]
    if (typeof limit === 'number' && (fails(limit) || Number.isNaN(data))) fail(keyword, { comparison, limit }, `must be ${comparison} ${limit}`)
  }
  const step = s.multipleOf
  if (typeof step === 'number') {
    // rjsf configures ajv with multipleOfPrecision: 8.
    const ratio = data / step
    if (step === 0 || Math.abs(Math.round(ratio) - ratio) > 1e-8) fail('multipleOf', { multipleOf: step }, `must be multiple of ${step}`)
  }
}

function stringKeywords(s: Schema, data: string, fail: Fail, instancePath: string, schemaPath: string, context: Context): void {
  // Lengths count code points, as ajv's ucs2length does (a surrogate pair is one character).
  const length = typeof s.maxLength === 'number' || typeof s.minLength === 'number' ? [...data].length : 0
  if (typeof s.maxLength === 'number' && length > s.maxLength) fail('maxLength', { limit: s.maxLength }, `must NOT have more than ${s.maxLength} characters`)
  if (typeof s.minLength === 'number' && length < s.minLength) fail('minLength', { limit: s.minLength }, `must NOT have fewer than ${s.minLength} characters`)
  if (typeof s.pattern === 'string' && !pattern(s.pattern).test(data)) fail('pattern', { pattern: s.pattern }, `must match pattern "${s.pattern}"`)
  if (typeof s.format === 'string') {
    const check = FORMATS[s.format]
    if (check && !check(data)) fail('format', { format: s.format }, `must match format "${s.format}"`)
  }
  const file = s[FILE_KEYWORD]
  if (isObject(file)) {
    const problem = checkFileValue(data, file)
    // ajv gives a keyword's own errors no parentSchema.
    if (problem) report(context, { instancePath, schemaPath: `${schemaPath}/${FILE_KEYWORD}`, keyword: FILE_KEYWORD, params: { ...problem }, message: FILE_ERROR_MESSAGE, schema: file, parentSchema: undefined, data })
  }
}

function arrayKeywords(s: Schema, data: unknown[], instancePath: string, schemaPath: string, context: Context, fail: Fail): void {
  if (typeof s.maxItems === 'number' && data.length > s.maxItems) fail('maxItems', { limit: s.maxItems }, `must NOT have more than ${s.maxItems} items`)
  if (typeof s.minItems === 'number' && data.length < s.minItems) fail('minItems', { limit: s.minItems }, `must NOT have fewer than ${s.minItems} items`)
  if (s.items !== undefined && !Array.isArray(s.items)) {
    data.forEach((item, index) => evaluate(s.items, item, `${instancePath}/${index}`, `${schemaPath}/items`, context))
  }
  if (s.uniqueItems === true && data.length > 1) {
    const duplicate = findDuplicate(data, s.items)
    if (duplicate) fail('uniqueItems', duplicate, `must NOT have duplicate items (items ## ${duplicate.j} and ${duplicate.i} are identical)`)
  }
}

function objectKeywords(s: Schema, data: Schema, instancePath: string, schemaPath: string, context: Context, fail: Fail): void {
  const count = Object.keys(data).length
  if (typeof s.maxProperties === 'number' && count > s.maxProperties) fail('maxProperties', { limit: s.maxProperties }, `must NOT have more than ${s.maxProperties} properties`)
  if (typeof s.minProperties === 'number' && count < s.minProperties) fail('minProperties', { limit: s.minProperties }, `must NOT have fewer than ${s.minProperties} properties`)
  if (Array.isArray(s.required)) {
    // ajv reads data[name], prototype included.
    for (const name of s.required) if (typeof name === 'string' && data[name] === undefined) fail('required', { missingProperty: name }, `must have required property '${name}'`)
  }
  const properties = isObject(s.properties) ? s.properties : {}
  const extra = s.additionalProperties
  if (extra !== undefined && extra !== true && !(isObject(extra) && Object.keys(extra).length === 0)) {
    for (const key in data) {
      if (Object.hasOwn(properties, key) && key !== '__proto__') continue
      if (extra === false) fail('additionalProperties', { additionalProperty: key }, 'must NOT have additional properties')
      else evaluate(extra, data[key], `${instancePath}/${escapePointer(key)}`, `${schemaPath}/additionalProperties`, context)
    }
  }
  for (const name of Object.keys(properties)) {
    if (name === '__proto__' || data[name] === undefined) continue
    evaluate(properties[name], data[name], `${instancePath}/${escapePointer(name)}`, `${schemaPath}/properties/${encodeURIComponent(escapePointer(name))}`, context)
  }
}

function anyOf(s: Schema, data: unknown, instancePath: string, schemaPath: string, context: Context): void {
  const mark = context.errors.length
  const branches = s.anyOf as unknown[]
  // ajv stops at the first branch that passes.
  const valid = branches.some((branch, index) => evaluate(branch, data, instancePath, `${schemaPath}/anyOf/${index}`, context))
  if (valid) context.errors.length = mark
  else report(context, { instancePath, schemaPath: `${schemaPath}/anyOf`, keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf', schema: branches, parentSchema: s, data })
}

function oneOf(s: Schema, data: unknown, instancePath: string, schemaPath: string, context: Context): void {
  const mark = context.errors.length
  const branches = s.oneOf as unknown[]
  let valid = false
  let passing: number | [number, number] | null = null
  for (const [index, branch] of branches.entries()) {
    const branchValid = evaluate(branch, data, instancePath, `${schemaPath}/oneOf/${index}`, context)
    if (index > 0 && branchValid && valid) {
      // A second passing branch settles it; ajv does not look at the rest.
      valid = false
      passing = [passing as number, index]
      break
    }
    if (branchValid) {
      valid = true
      passing = index
    }
  }
  if (valid) context.errors.length = mark
  else report(context, { instancePath, schemaPath: `${schemaPath}/oneOf`, keyword: 'oneOf', params: { passingSchemas: passing }, message: 'must match exactly one schema in oneOf', schema: branches, parentSchema: s, data })
}

function typeError(s: Schema, data: unknown, instancePath: string, schemaPath: string, context: Context): void {
  report(context, { instancePath, schemaPath: `${schemaPath}/type`, keyword: 'type', params: { type: s.type }, message: `must be ${String(s.type)}`, schema: s.type, parentSchema: s, data })
}

function report(context: Context, error: NoEvalError): void {
  context.errors.push(error)
}

/** The first duplicate as ajv finds it: `{i, j}` with its own index order. */
function findDuplicate(data: unknown[], items: unknown): { i: number; j: number } | undefined {
  const itemTypes = isObject(items) ? schemaTypes(items) : []
  if (itemTypes.length > 0 && !itemTypes.some((type) => type === 'object' || type === 'array')) {
    // Scalar items: scanned from the end, skipping items of another type.
    const seen = new Map<unknown, number>()
    for (let i = data.length - 1; i >= 0; i--) {
      const item = data[i]
      if (!itemTypes.some((type) => isType(type, item))) continue
      const j = seen.get(item)
      if (j !== undefined) return { i, j }
      seen.set(item, i)
    }
    return undefined
  }
  for (let i = data.length - 1; i >= 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (equal(data[i], data[j])) return { i, j }
  }
  return undefined
}

// ---------------------------------------------------------------------------
// Types, refs, equality.

function schemaTypes(s: Schema): string[] {
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? [...(s.type as string[])] : [s.type as string]
  if (s.nullable === true && types.length > 0 && !types.includes('null')) types.push('null')
  return types
}

function hasGroup(s: Schema, type: string): boolean {
  return GROUP_KEYWORDS[type]?.some((keyword) => s[keyword] !== undefined) ?? false
}

/** ajv's type test with `strictNumbers: false` (rjsf sets `strict: false`). */
function isType(type: string, data: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof data === 'string'
    case 'number':
      return typeof data === 'number'
    case 'integer':
      return typeof data === 'number' && !(data % 1) && !Number.isNaN(data)
    case 'boolean':
      return typeof data === 'boolean'
    case 'null':
      return data === null
    case 'array':
      return Array.isArray(data)
    case 'object':
      return isObject(data)
    default:
      return false
  }
}

function resolveRef(ref: string, root: unknown): unknown {
  const hash = ref.indexOf('#')
  const base = hash < 0 ? ref : ref.slice(0, hash)
  if (base !== '' && base !== ROOT_SCHEMA_PREFIX) throw new Error(`no-eval validator: cannot resolve the reference "${ref}" (only local references are supported)`)
  let target: unknown = root
  const pointer = hash < 0 ? '' : ref.slice(hash + 1)
  for (const part of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
    target = isObject(target) || Array.isArray(target) ? (target as Schema)[key] : undefined
  }
  if (target === undefined) throw new Error(`no-eval validator: cannot resolve the reference "${ref}"`)
  return target
}

/** Deep equality as ajv uses it (fast-deep-equal): NaN equals NaN inside structures. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (a.constructor !== b.constructor) return false
    if (Array.isArray(a)) {
      const other = b as unknown[]
      return a.length === other.length && a.every((item, index) => equal(item, other[index]))
    }
    const keys = Object.keys(a)
    if (keys.length !== Object.keys(b).length) return false
    return keys.every((key) => Object.hasOwn(b, key) && equal((a as Schema)[key], (b as Schema)[key]))
  }
  return a !== a && b !== b
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

const patterns = new Map<string, RegExp>()
function pattern(source: string): RegExp {
  let compiled = patterns.get(source)
  if (!compiled) {
    // A RegExp is not code generation: CSP allows it.
    compiled = new RegExp(source, 'u')
    patterns.set(source, compiled)
  }
  return compiled
}

// ---------------------------------------------------------------------------
// Schema check: what ajv would compile but this validator cannot honour is a
// schema error, reported before any data is looked at.

const UNSUPPORTED_KEYWORDS = ['if', 'then', 'else', 'dependencies', 'patternProperties', 'propertyNames', 'additionalItems', 'contains']
/** Formats ajv-formats 2.1.1 or rjsf add that this validator does not implement. */
const OTHER_KNOWN_FORMATS = new Set([
  'time', 'duration', 'uri-reference', 'uri-template', 'url', 'hostname', 'ipv4', 'ipv6',
  'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer', 'byte', 'int32', 'int64',
  'float', 'double', 'password', 'binary', 'data-url', 'color',
])
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'])

function checkSchema(schema: unknown, root: unknown, path: string, visiting: Set<unknown>): void {
  if (typeof schema === 'boolean') return
  if (!isObject(schema)) throw new Error(`no-eval validator: the schema at ${path} is not an object`)
  if (visiting.has(schema)) return
  visiting.add(schema)
  const unsupported = UNSUPPORTED_KEYWORDS.find((keyword) => schema[keyword] !== undefined)
  if (unsupported) throw new Error(`no-eval validator: "${unsupported}" (at ${path}) is not supported`)
  if (Array.isArray(schema.items)) throw new Error(`no-eval validator: tuple "items" (at ${path}) is not supported`)
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]
  if (!types.every((type) => typeof type === 'string' && JSON_TYPES.has(type))) throw new Error(`no-eval validator: "type" (at ${path}) must be a JSON type or a list of them`)
  for (const keyword of ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties']) {
    if (schema[keyword] !== undefined && typeof schema[keyword] !== 'number') throw new Error(`no-eval validator: "${keyword}" (at ${path}) must be a number`)
  }
  if (schema.format !== undefined && typeof schema.format === 'string' && OTHER_KNOWN_FORMATS.has(schema.format)) {
    throw new Error(`no-eval validator: format "${schema.format}" (at ${path}) is not supported`)
  }
  if (schema.pattern !== undefined) {
    if (typeof schema.pattern !== 'string') throw new Error(`no-eval validator: "pattern" (at ${path}) must be a string`)
    pattern(schema.pattern)
  }
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((name) => typeof name === 'string'))) {
    throw new Error(`no-eval validator: "required" (at ${path}) must be a list of names`)
  }
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) throw new Error(`no-eval validator: "enum" (at ${path}) must be a list`)
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword]
    if (branches === undefined) continue
    if (!Array.isArray(branches) || branches.length === 0) throw new Error(`no-eval validator: "${keyword}" (at ${path}) must be a non-empty list`)
    branches.forEach((branch, index) => checkSchema(branch, root, `${path}/${keyword}/${index}`, visiting))
  }
  for (const keyword of ['not', 'items', 'additionalProperties']) {
    if (schema[keyword] !== undefined) checkSchema(schema[keyword], root, `${path}/${keyword}`, visiting)
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) throw new Error(`no-eval validator: "properties" (at ${path}) must be an object`)
    for (const [name, property] of Object.entries(schema.properties)) checkSchema(property, root, `${path}/properties/${name}`, visiting)
  }
  if (schema.$ref !== undefined) {
    if (typeof schema.$ref !== 'string') throw new Error(`no-eval validator: "$ref" (at ${path}) must be a string`)
    checkSchema(resolveRef(schema.$ref, root), root, schema.$ref, visiting)
  }
  visiting.delete(schema)
}

// ---------------------------------------------------------------------------
// ajv errors → rjsf's error list, as @rjsf/validator-ajv8 presents them.

function toRjsfErrors<T, S extends StrictRJSFSchema, F extends FormContextType>(
  errors: NoEvalError[],
  uiSchema: UiSchema<T, S, F> | undefined,
  rootSchema: S,
): RJSFValidationError[] {
  const list = errors.map((error): RJSFValidationError => {
    const { instancePath, keyword, params, schemaPath, parentSchema } = error
    let message = error.message
    let property = instancePath.replace(/\//g, '.')
    let stack = `${property} ${message}`.trim()
    let title = ''
    const named = [params.missingProperty, params.property].filter((name): name is string => typeof name === 'string' && name !== '')
    if (named.length > 0) {
      for (const name of named) {
        const found = fieldTitle(name, property, schemaPath, uiSchema, parentSchema, rootSchema)
        if (found) {
          message = message.replace(`'${name}'`, `'${found}'`)
          title = found
        }
      }
      stack = message
    } else {
      const uiTitle = getUiOptions<T, S, F>(getByPath<UiSchema<T, S, F> | undefined>(uiSchema, toPath(property))).title
      const schemaTitle = isObject(parentSchema) && typeof parentSchema.title === 'string' ? parentSchema.title : undefined
      const shown = uiTitle || schemaTitle
      if (shown) {
        stack = `'${shown}' ${message}`.trim()
        title = shown
      }
    }
    if ('missingProperty' in params) property = property ? `${property}.${String(params.missingProperty)}` : String(params.missingProperty)
    return { name: keyword, property, message, params, stack, schemaPath, title }
  })
  return dropBranchDuplicates(list)
}

/** The title rjsf shows for a named property: uiSchema first (three ways), then the schemas. */
function fieldTitle<T, S extends StrictRJSFSchema, F extends FormContextType>(
  name: string,
  property: string,
  schemaPath: string,
  uiSchema: UiSchema<T, S, F> | undefined,
  parentSchema: unknown,
  rootSchema: S,
): string | undefined {
  const path = property ? `${property}.${name}` : name
  const parts = property.replace(/^\./, '').split('.').filter(Boolean)
  const fromUi =
    getUiOptions<T, S, F>(getByPath<UiSchema<T, S, F> | undefined>(uiSchema, toPath(path))).title ??
    getUiOptions<T, S, F>(getByPath<UiSchema<T, S, F> | undefined>(uiSchema, [...schemaPath.replace(/\/properties\//g, '/').split('/').slice(1, -1), name])).title ??
    getByPath<string | undefined>(uiSchema, [...parts, name, 'title'])
  if (fromUi) return fromUi
  const fromParent = getByPath<string | undefined>(parentSchema, ['properties', name, 'title'])
  if (fromParent) return fromParent
  const rootPath: string[] = []
  for (const part of parts) rootPath.push('properties', part)
  return getByPath<string | undefined>(rootSchema, [...rootPath, 'properties', name, 'title']) || undefined
}

/** Within one anyOf/oneOf, the same message is listed once (as rjsf's ajv validator does). */
function dropBranchDuplicates(list: RJSFValidationError[]): RJSFValidationError[] {
  const kept: RJSFValidationError[] = []
  for (const error of list) {
    const path = error.schemaPath ?? ''
    const anyIndex = path.indexOf('/anyOf/')
    const oneIndex = path.indexOf('/oneOf/')
    const prefix = anyIndex > 0 ? path.slice(0, anyIndex) : oneIndex > 0 ? path.slice(0, oneIndex) : undefined
    if (prefix !== undefined && kept.some((other) => other.message === error.message && other.schemaPath?.startsWith(prefix))) continue
    kept.push(error)
  }
  return kept
}
