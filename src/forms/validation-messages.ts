/**
 * Validator errors in plain words. Both validators (`@rjsf/validator-ajv8`
 * and the no-eval one) give rjsf `RJSFValidationError`s whose `name` is the
 * JSON Schema keyword, with ajv's `params` and the `property` path in the
 * form's own field keys (`.f0`, `f0`, `.f2.1`); their `message` is ajv's
 * English ("must have required property 'f0'"). Here each gets the
 * {@link Messages.validation} text instead, naming the field by its title.
 */
import { toPath, type RJSFSchema, type RJSFValidationError, type UiSchema } from '@rjsf/utils'
import { shortText } from './ClampedText.js'
import { inlineText } from './IsolatedLine.js'
import type { Messages, ValidationField } from './messages.js'

/**
 * A readable label for a field the server left untitled, from its name:
 * `full_name` → "Full name", `ok` → "Ok", `firstName` → "First name".
 * Only names that read as identifiers (letters and digits joined by `_` or
 * `-`, or camelCase) are reworded; any other (`a.b`, `__proto__`, `x[0]`) is
 * shown as it is, so a name the server chose is never made ambiguous.
 */
export function readableName(name: string): string {
  if (!/^\p{L}[\p{L}\p{N}]*(?:[_-][\p{L}\p{N}]+)*$/u.test(name)) return name
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_\-.]+/u)
    .filter(Boolean)
  if (words.length === 0) return name
  const lowered = words.map((word, index) => (index > 0 && !/^\p{Lu}{2,}$/u.test(word) ? word.toLowerCase() : word))
  const first = lowered[0]!
  lowered[0] = /^\p{Lu}{2,}$/u.test(first) ? first : first.charAt(0).toUpperCase() + first.slice(1).toLowerCase()
  return lowered.join(' ')
}

/** The field key an error belongs to ('' for the form as a whole). */
export function fieldKeyOf(error: RJSFValidationError): string {
  return toPath(error.property ?? '')[0] ?? ''
}

/** The kind of input a field of the mapped schema is shown as. */
export function fieldKind(schema: RJSFSchema | undefined, ui: UiSchema | undefined): ValidationField {
  const format = typeof schema?.format === 'string' ? schema.format : undefined
  if (!schema) return { kind: 'text' }
  if (ui?.['ui:widget'] === 'mcpFile') return { kind: 'file' }
  if (schema.type === 'array') return { kind: 'choices' }
  if (Array.isArray(schema.enum) || ui?.['ui:widget'] === 'radio' || ui?.['ui:widget'] === 'select') return { kind: 'choice' }
  if (schema.type === 'boolean') return { kind: 'boolean' }
  if (schema.type === 'integer') return { kind: 'integer' }
  if (schema.type === 'number') return { kind: 'number' }
  return { kind: 'text', format }
}

/** Characters of a field's title quoted in a sentence (a validation message, the error summary). */
export const QUOTED_LABEL_CHARS = 80

/**
 * The label of a field key as quoted in a sentence: its title (untitled
 * fields were titled by `toKeyedFormSchema`), without bidi controls, cut to
 * {@link QUOTED_LABEL_CHARS} with `…`. The full title is on the field itself
 * (clamped there, with "Show all"); a 100 KB title quoted whole would make
 * every message about the field, and the summary, 100 KB long.
 */
export function fieldLabelOf(schema: RJSFSchema, key: string): string {
  const property = (schema.properties as Record<string, RJSFSchema> | undefined)?.[key]
  const title = property && typeof property === 'object' && typeof property.title === 'string' ? property.title : key
  return shortText(inlineText(title), QUOTED_LABEL_CHARS)
}

/**
 * The errors with `message` and `stack` in the words of `text.validation`.
 * Errors of the form as a whole (no field) are kept as they are.
 */
export function humanizeErrors(errors: RJSFValidationError[], schema: RJSFSchema, uiSchema: UiSchema, text: Pick<Messages, 'validation' | 'errorSummaryItem'>): RJSFValidationError[] {
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>
  return errors.map((error) => {
    const key = fieldKeyOf(error)
    if (!key || !Object.hasOwn(properties, key)) return error
    const label = fieldLabelOf(schema, key)
    const keyword = error.name ?? ''
    const message = text.validation(keyword, (error.params ?? {}) as Record<string, unknown>, label, fieldKind(properties[key], uiSchema[key] as UiSchema | undefined))
    return { ...error, message, stack: text.errorSummaryItem(label, message), title: label }
  })
}
