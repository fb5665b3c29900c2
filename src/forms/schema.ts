/**
 * Pure mapping from an elicitation `requestedSchema` (MCP 2026-07-28, "a
 * restricted subset of JSON Schema": a flat object of primitive fields) to an
 * rjsf schema + uiSchema, and back from rjsf form data to the `content` of an
 * accepted `ElicitResult`. No React here: everything is testable in node.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { isDate } from './date-formats.js'
import { DEFAULT_MAX_FILE_BYTES, FILE_KEYWORD, readFileDescriptor } from './file-descriptor.js'
import { isFileNotKept } from '../core/index.js'
import { readableName } from './validation-messages.js'

/** A field (or, with `field: null`, a part of the schema as a whole) that the form cannot show. */
export interface UnsupportedField {
  /** The property name, or `null` for the schema as a whole. */
  field: string | null
  /** Why, in words a person can read. */
  reason: string
}

/** What `toFormSchema` returns. */
export interface FormSchema {
  /**
   * The rjsf schema: `{type: 'object', properties, required}` with only the
   * fields the form can show. Single-selects of every flavour become
   * `{type: 'string', enum}`; multi-selects become
   * `{type: 'array', uniqueItems: true, items: {type: 'string', enum}}`.
   */
  schema: RJSFSchema
  /** Widgets and option titles (`ui:enumNames`) for those fields. */
  uiSchema: UiSchema
  /**
   * Initial form data: every usable `default`, plus `false` for a required
   * boolean without one (an unchecked box already reads as "no"). Pass it as
   * `initialFormData` / `formData`.
   */
  defaults: Record<string, unknown>
  /** What was left out, in schema order; empty when everything can be shown. */
  unsupported: UnsupportedField[]
}

/** A value an accepted elicitation may carry (`ElicitResult.content`). */
export type SubmittedValue = string | number | boolean | string[]

/** Options of the mapping. */
export interface FormSchemaOptions {
  /**
   * The largest file a file field (SEP-2356 `x-mcp-file`, experimental) takes,
   * whatever its `maxSize`: the lower of the two is written to the mapped
   * field's `x-mcp-file.maxSize`, which the widget and both validators enforce.
   * @defaultValue {@link DEFAULT_MAX_FILE_BYTES} (5 MiB)
   */
  maxFileBytes?: number | undefined
}

/**
 * How the mapping reads a `date-time` default (`dateTimeDefault` of
 * `date-time.ts`): the value to pre-fill, or `undefined` to leave it out.
 */
export type DateTimeDefault = (value: string) => string | undefined

/** A form whose rjsf keys are the form's own (`f0`, `f1`, …), with the server's name of each. */
export interface KeyedFormSchema extends FormSchema {
  /** Every shown field: its key in `schema`, `uiSchema` and `defaults`, and the property name it stands for. */
  fields: ReadonlyArray<{ key: string; name: string }>
}

/**
 * `toFormSchema`, keyed by the form's own field keys instead of the
 * server's property names. rjsf and its validators read a key as a path
 * (`a.b`, `a[0]`), put it into element ids and CSS selectors, and ajv reads
 * `data[name]` through the prototype (`constructor`); keys like `f0` mean
 * none of that can misplace an error or a value, so every non-empty name can
 * be shown. Fields without a `title` are titled with a label made from their
 * name (`full_name` → "Full name", see `readableName`). Internal to `ElicitationForm`; convert data with
 * {@link toFieldKeys} and {@link fromFieldKeys}.
 *
 * `readDateTime` reads a `date-time` default; without it such a default is
 * not pre-filled. The form passes the one it loads with the date-time widget
 * (`date-time-widget.tsx`), so a page whose forms have no date-time field
 * never downloads the date-time code.
 */
export function toKeyedFormSchema(requestedSchema: unknown, options?: FormSchemaOptions, readDateTime?: DateTimeDefault): KeyedFormSchema {
  return mapRequestedSchema(requestedSchema, true, options, readDateTime)
}

/** Data by property name (answers, drafts) as form data by field key. Only own properties are read. */
export function toFieldKeys({ fields, schema }: Pick<KeyedFormSchema, 'fields' | 'schema'>, data: unknown): Record<string, unknown> {
  const keyed: Record<string, unknown> = {}
  if (!isPlainObject(data)) return keyed
  const properties = isPlainObject(schema.properties) ? schema.properties : {}
  for (const { key, name } of fields) {
    if (!Object.hasOwn(data, name)) continue
    const property = properties[key]
    if (fitsField(data[name], isPlainObject(property) ? property.type : undefined)) defineOwn(keyed, key, data[name])
  }
  return keyed
}

/**
 * Whether a value may stand in a field of `type` as the form shows it. Data
 * handed in (a draft from storage, an app's `initialData`) is not trusted to
 * be well formed: an object in a text input makes React coerce it to a
 * string, which throws for `{ toString: [] }` and would take the form down.
 * A file field may hold the marker of a file that was not kept.
 */
function fitsField(value: unknown, type: unknown): boolean {
  const text = (item: unknown) => typeof item === 'string' || isFileNotKept(item)
  if (type === 'string') return text(value)
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value)
  if (type === 'integer') return Number.isInteger(value)
  if (type === 'boolean') return typeof value === 'boolean'
  if (type === 'array') return Array.isArray(value) && value.every(text)
  return false
}

/** Content by field key back by property name; a name like `__proto__` becomes an own data property. */
export function fromFieldKeys<T>(fields: KeyedFormSchema['fields'], keyed: Record<string, T>): Record<string, T> {
  const content: Record<string, T> = {}
  for (const { key, name } of fields) if (Object.hasOwn(keyed, key)) defineOwn(content, name, keyed[key]!)
  return content
}

/** The mapping of `toFormSchema` (`form-schema.ts`) and {@link toKeyedFormSchema}. Internal. */
export function mapRequestedSchema(requestedSchema: unknown, keyed: true, options: FormSchemaOptions | undefined, readDateTime: DateTimeDefault | undefined): KeyedFormSchema
export function mapRequestedSchema(requestedSchema: unknown, keyed: false, options: FormSchemaOptions | undefined, readDateTime: DateTimeDefault): FormSchema
export function mapRequestedSchema(requestedSchema: unknown, keyed: boolean, options: FormSchemaOptions | undefined, readDateTime: DateTimeDefault | undefined): KeyedFormSchema {
  const cap = options?.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
  const fields: Array<{ key: string; name: string }> = []
  const result: KeyedFormSchema = {
    schema: { type: 'object', properties: {} },
    uiSchema: {},
    defaults: {},
    unsupported: [],
    fields,
  }
  const done = () => {
    // The plain mapping has no keys of its own to report.
    if (!keyed) delete (result as Partial<KeyedFormSchema>).fields
    return result
  }
  const unsupported = result.unsupported
  if (!isPlainObject(requestedSchema)) {
    unsupported.push({ field: null, reason: `The requested schema is ${describe(requestedSchema)}, not an object of fields.` })
    return done()
  }
  if (requestedSchema.type !== undefined && requestedSchema.type !== 'object') {
    unsupported.push({ field: null, reason: `The requested schema has type ${describe(requestedSchema.type)}; only an object of fields can be shown.` })
    return done()
  }
  for (const keyword of ROOT_RULES) {
    if (ownValue(requestedSchema, keyword) !== undefined) {
      unsupported.push({ field: null, reason: `The schema uses "${keyword}", which this form does not support; that rule is not checked.` })
    }
  }
  const properties = ownValue(requestedSchema, 'properties') ?? {}
  if (!isPlainObject(properties)) {
    unsupported.push({ field: null, reason: `The schema's "properties" is ${describe(properties)}, not an object of fields.` })
    return done()
  }

  const requiredList = ownValue(requestedSchema, 'required') ?? []
  if (!Array.isArray(requiredList)) {
    unsupported.push({ field: null, reason: `The schema's "required" is ${describe(requiredList)}, not a list of field names; it is ignored.` })
  }
  const required = new Set(Array.isArray(requiredList) ? requiredList.filter((name): name is string => typeof name === 'string') : [])

  // Server names are written with defineOwn: `schemaProperties[name] = …` with
  // name `__proto__` would replace the object's prototype instead.
  const schemaProperties: Record<string, RJSFSchema> = {}
  const shownRequired: string[] = []
  let index = -1
  for (const [name, property] of Object.entries(properties)) {
    index++
    const isRequired = required.has(name)
    const usable = keyed ? name !== '' : isUsableName(name)
    const mapped = usable ? mapField(property, isRequired, cap, readDateTime) : { reason: name === '' ? 'This field has no name.' : `The field name "${name}" cannot be used by the form.` }
    if ('reason' in mapped) {
      unsupported.push({ field: name, reason: isRequired ? `${mapped.reason} It is required.` : mapped.reason })
      continue
    }
    const key = keyed ? `f${index}` : name
    if (keyed && mapped.schema.title === undefined) mapped.schema.title = readableName(name)
    defineOwn(schemaProperties, key, mapped.schema)
    if (mapped.ui) defineOwn(result.uiSchema, key, mapped.ui)
    if (mapped.initial !== undefined) defineOwn(result.defaults, key, mapped.initial)
    if (isRequired) shownRequired.push(key)
    fields.push({ key, name })
  }
  for (const name of required) {
    if (!Object.hasOwn(properties, name)) {
      unsupported.push({ field: name, reason: 'This field is required but the schema does not describe it, so the form cannot ask for it.' })
    }
  }
  result.schema = { type: 'object', properties: schemaProperties }
  if (shownRequired.length > 0) result.schema.required = shownRequired
  return done()
}

/**
 * The `content` of an accepted elicitation: exactly the schema's fields, from
 * rjsf `formData`. Anything else in `formData` is dropped, and so are
 * `undefined` / `null` / `NaN`, values of another type than their field's
 * (e.g. a string in a number field), non-string array items (rjsf's
 * padding), and objects. An empty string or empty selection in an OPTIONAL field counts as
 * "no answer" and is dropped; in a required field it is kept (validation has
 * already judged it; rjsf itself turns an emptied text input into `undefined`).
 *
 * @param schema - the `schema` returned by `toFormSchema` (or the requested schema)
 * @param formData - rjsf's form data
 */
export function pickSubmittedContent(schema: RJSFSchema, formData: unknown): Record<string, SubmittedValue> {
  const content: Record<string, SubmittedValue> = {}
  const properties = isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {}
  const required = new Set(isPlainObject(schema) && Array.isArray(schema.required) ? schema.required : [])
  if (!isPlainObject(formData)) return content
  for (const name of Object.keys(properties)) {
    if (!Object.hasOwn(formData, name)) continue
    const value = formData[name]
    const isRequired = required.has(name)
    const property = properties[name]
    const type = isPlainObject(property) ? property.type : undefined
    const allows = (kind: string) => type === undefined || type === kind
    let kept: SubmittedValue | undefined
    if (typeof value === 'string') kept = !allows('string') || (value === '' && !isRequired) ? undefined : value
    else if (typeof value === 'number') kept = Number.isFinite(value) && (allows('number') || (type === 'integer' && Number.isInteger(value))) ? value : undefined
    else if (typeof value === 'boolean') kept = allows('boolean') ? value : undefined
    else if (Array.isArray(value) && allows('array')) {
      const items = value.filter((item): item is string => typeof item === 'string')
      kept = items.length === 0 && !isRequired ? undefined : items
    }
    if (kept !== undefined) defineOwn(content, name, kept)
  }
  return content
}

// ---------------------------------------------------------------------------

type JsonObject = Record<string, unknown>
type Mapped = { schema: RJSFSchema; ui?: UiSchema; initial?: unknown } | { reason: string }
interface Option {
  value: string
  label: string
}

/** Root keywords that constrain several fields at once: not supported, reported, not enforced. */
const ROOT_RULES = ['$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'dependencies', 'dependentRequired', 'dependentSchemas', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'] as const

const FORMAT_WIDGETS: Record<string, string> = { email: 'email', uri: 'uri', date: 'date', 'date-time': 'date-time' }

function mapField(property: unknown, isRequired: boolean, cap: number, readDateTime: DateTimeDefault | undefined): Mapped {
  if (!isPlainObject(property)) return { reason: `This field's schema is ${describe(property)}, not an object.` }
  if (property.$ref !== undefined) return { reason: 'This field refers to another schema ($ref), which is not supported.' }
  const type = property.type
  switch (type) {
    case 'string':
      return isFileField(property) ? mapFile(property, cap) : mapString(property, readDateTime)
    case 'number':
    case 'integer':
      return mapNumber(property, type)
    case 'boolean':
      return mapBoolean(property, isRequired)
    case 'array':
      return isPlainObject(property.items) && isFileField(property.items) ? mapFile(property, cap) : mapMultiSelect(property)
    case 'object':
      return { reason: 'This field is a nested object, which is not supported.' }
    case undefined:
      return { reason: 'This field has no type.' }
    default:
      return { reason: `This field has type ${describe(type)}, which is not supported.` }
  }
}

function mapString(property: JsonObject, readDateTime: DateTimeDefault | undefined): Mapped {
  const hasEnum = property.enum !== undefined
  const alternatives = property.oneOf ?? property.anyOf
  if (hasEnum && alternatives !== undefined) return { reason: 'This field lists its options twice (enum and oneOf).' }
  if (hasEnum || alternatives !== undefined) {
    const options = hasEnum ? enumOptions(property.enum, property.enumNames) : constOptions(alternatives)
    if (typeof options === 'string') return { reason: options }
    const schema = base(property, { type: 'string', enum: options.map((option) => option.value) })
    const initial = typeof property.default === 'string' && options.some((option) => option.value === property.default) ? property.default : undefined
    if (initial !== undefined) schema.default = initial
    const ui: UiSchema = {}
    if (options.some((option) => option.label !== option.value)) ui['ui:enumNames'] = options.map((option) => option.label)
    return { schema, ui: Object.keys(ui).length > 0 ? ui : undefined, initial }
  }

  const format = property.format
  if (format !== undefined && (typeof format !== 'string' || !Object.hasOwn(FORMAT_WIDGETS, format))) {
    return { reason: `This field has format ${describe(format)}, which is not supported.` }
  }
  const schema = base(property, { type: 'string' })
  const ui: UiSchema = {}
  if (typeof format === 'string') {
    schema.format = format
    ui['ui:widget'] = FORMAT_WIDGETS[format]
  }
  const lengths: Record<string, number> = {}
  for (const keyword of ['minLength', 'maxLength'] as const) {
    const limit = property[keyword]
    if (limit === undefined) continue
    if (!isCount(limit)) return { reason: `This field's ${keyword} is ${describe(limit)}, not a whole number.` }
    schema[keyword] = limit
    lengths[keyword] = limit
  }
  if (Object.keys(lengths).length > 0) ui['ui:options'] = lengths
  const initial = stringDefault(property.default, format, readDateTime)
  if (initial !== undefined) schema.default = initial
  return { schema, ui: Object.keys(ui).length > 0 ? ui : undefined, initial }
}

/** SEP-2356: `x-mcp-file` counts only on `{type: 'string', format: 'uri'}`; elsewhere it is ignored. */
function isFileField(property: JsonObject): boolean {
  return property.type === 'string' && property.format === 'uri' && Object.hasOwn(property, FILE_KEYWORD)
}

/**
 * A file field (`x-mcp-file` on a uri string), or a list of them (an array
 * whose `items` is one, with `minItems` / `maxItems`): the `mcpFile` widget,
 * the descriptor with the limit in force kept for the widget and the
 * validators, no `format` (SEP-2356: not asserted on file fields), no default.
 */
function mapFile(property: JsonObject, cap: number): Mapped {
  const list = property.type === 'array'
  const field = list ? (property.items as JsonObject) : property
  const descriptor = readFileDescriptor(field[FILE_KEYWORD], cap)
  if (typeof descriptor === 'string') return { reason: descriptor }
  const keyword = { maxSize: descriptor.maxSize, ...(descriptor.accept ? { accept: descriptor.accept } : {}) }
  const item: RJSFSchema = { type: 'string', [FILE_KEYWORD]: keyword }
  if (!list) return { schema: base(property, item), ui: { 'ui:widget': 'mcpFile' } }
  const schema = base(property, { type: 'array', items: item })
  for (const limit of ['minItems', 'maxItems'] as const) {
    if (property[limit] === undefined) continue
    if (!isCount(property[limit])) return { reason: `This field's ${limit} is ${describe(property[limit])}, not a whole number.` }
    schema[limit] = property[limit]
  }
  return { schema, ui: { 'ui:widget': 'mcpFile' } }
}

function mapNumber(property: JsonObject, type: 'number' | 'integer'): Mapped {
  const schema = base(property, { type })
  for (const keyword of ['minimum', 'maximum'] as const) {
    const limit = property[keyword]
    if (limit === undefined) continue
    if (typeof limit !== 'number' || !Number.isFinite(limit)) return { reason: `This field's ${keyword} is ${describe(limit)}, not a number.` }
    schema[keyword] = limit
  }
  const value = property.default
  const initial = typeof value === 'number' && Number.isFinite(value) && (type === 'number' || Number.isInteger(value)) ? value : undefined
  if (initial !== undefined) schema.default = initial
  return { schema, initial }
}

function mapBoolean(property: JsonObject, isRequired: boolean): Mapped {
  const schema = base(property, { type: 'boolean' })
  let initial: boolean | undefined
  if (typeof property.default === 'boolean') {
    initial = property.default
    schema.default = initial
  } else if (isRequired) {
    initial = false
  }
  return { schema, ui: { 'ui:widget': 'checkbox' }, initial }
}

function mapMultiSelect(property: JsonObject): Mapped {
  const items = property.items
  if (!isPlainObject(items)) return { reason: 'This list has no options to choose from.' }
  if (items.$ref !== undefined) return { reason: 'This list refers to another schema ($ref), which is not supported.' }
  if (items.type === 'object' || items.properties !== undefined) return { reason: 'This field is a list of objects, which is not supported.' }
  if (items.type !== undefined && items.type !== 'string') return { reason: `This list holds items of type ${describe(items.type)}; only a choice of text options is supported.` }
  const alternatives = items.anyOf ?? items.oneOf
  let options: Option[] | string
  if (items.enum !== undefined && alternatives !== undefined) options = 'This list gives its options twice (enum and anyOf).'
  else if (items.enum !== undefined) options = enumOptions(items.enum, items.enumNames)
  else if (alternatives !== undefined) options = constOptions(alternatives)
  else options = 'This list has no options to choose from.'
  if (typeof options === 'string') return { reason: options }

  const values = options.map((option) => option.value)
  const schema = base(property, { type: 'array', uniqueItems: true, items: { type: 'string', enum: values } })
  for (const keyword of ['minItems', 'maxItems'] as const) {
    const limit = property[keyword]
    if (limit === undefined) continue
    if (!isCount(limit)) return { reason: `This field's ${keyword} is ${describe(limit)}, not a whole number.` }
    schema[keyword] = limit
  }
  const value = property.default
  let initial: string[] | undefined
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && values.includes(item))) {
    initial = [...new Set(value as string[])]
    schema.default = initial
  }
  const ui: UiSchema = { 'ui:widget': 'checkboxes' }
  if (options.some((option) => option.label !== option.value)) ui.items = { 'ui:enumNames': options.map((option) => option.label) }
  return { schema, ui, initial }
}

/**
 * Options a choice field may offer. A field of 300,000 options is a page
 * of 300,000 elements (a checkbox group: a million), which freezes the tab
 * for seconds as it renders and again at each change; a form question this
 * long is no question a person can answer. Measured in jsdom (mapping and
 * first render): 1,000 options in 0.2–1 s, 30,000 in 8 s (checkboxes) to
 * 114 s (a `<select>`). A field over the cap is unsupported, said so, and
 * the question can still be declined.
 */
export const MAX_OPTIONS = 1_000

const tooMany = (count: number) => `This field offers ${count} options; a form lists at most ${MAX_OPTIONS}.`

/** `enum` (+ legacy `enumNames`) → options; a string when the shape is wrong. */
function enumOptions(values: unknown, names: unknown): Option[] | string {
  if (Array.isArray(values) && values.length > MAX_OPTIONS) return tooMany(values.length)
  if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'string')) {
    return `This field's options (enum) are ${describe(values)}, not a list of text values.`
  }
  // Legacy titles are used only when they line up one to one; otherwise the values are shown.
  const labels = Array.isArray(names) && names.length === values.length && names.every((name) => typeof name === 'string') ? (names as string[]) : undefined
  return dedupe(values.map((value: string, index) => ({ value, label: labels?.[index] || value })))
}

/** `oneOf` / `anyOf` of `{const, title}` → options; a string when the shape is wrong. */
function constOptions(alternatives: unknown): Option[] | string {
  const shapeError = 'This field\'s options (oneOf/anyOf) are not a list of {const, title} text options.'
  if (!Array.isArray(alternatives) || alternatives.length === 0) return shapeError
  if (alternatives.length > MAX_OPTIONS) return tooMany(alternatives.length)
  const options: Option[] = []
  for (const alternative of alternatives) {
    if (!isPlainObject(alternative) || typeof alternative.const !== 'string') return shapeError
    const title = typeof alternative.title === 'string' && alternative.title !== '' ? alternative.title : alternative.const
    options.push({ value: alternative.const, label: title })
  }
  return dedupe(options)
}

function dedupe(options: Option[]): Option[] {
  const seen = new Set<string>()
  return options.filter((option) => !seen.has(option.value) && seen.add(option.value))
}

/** `title` and `description`, when they are text, on top of `schema`. */
function base(property: JsonObject, schema: RJSFSchema): RJSFSchema {
  const result: RJSFSchema = { ...schema }
  if (typeof property.title === 'string') result.title = property.title
  if (typeof property.description === 'string') result.description = property.description
  return result
}

function stringDefault(value: unknown, format: unknown, readDateTime: DateTimeDefault | undefined): string | undefined {
  if (typeof value !== 'string') return undefined
  // A native date / datetime-local input cannot show anything else: it would look empty.
  if (format === 'date') return isDate(value) ? value : undefined
  // Kept as given when valid with an offset; a time without one is read as the person's local time.
  if (format === 'date-time') return readDateTime?.(value)
  return value
}

function isUsableName(name: string): boolean {
  // rjsf reads "ui:*" keys of the uiSchema as options, and ajv reads data[name]
  // through the prototype (a "constructor" field would always be "present").
  return name !== '' && !name.startsWith('ui:') && !(name in Object.prototype)
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

/** A keyword of a server schema, read only when the schema itself has it (never from its prototype). */
function ownValue(value: JsonObject, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  if (typeof value === 'object') return 'an object'
  return typeof value === 'undefined' ? 'missing' : `${typeof value} ${String(value)}`
}

/** A server key written as an own data property, whatever its name (`__proto__` included). */
function defineOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
