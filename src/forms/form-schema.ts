/**
 * The public mapping, `toFormSchema`: `schema.ts`'s, with the date-time code
 * (`date-time.ts`) that reads a `date-time` default. Apart from `schema.ts`
 * so the form, which loads that code only for a schema with a date-time
 * field (`lazy-date-time.ts`), does not import it statically.
 */
import { dateTimeDefault } from './date-time.js'
import { mapRequestedSchema, type FormSchema, type FormSchemaOptions } from './schema.js'

/**
 * Maps an elicitation `requestedSchema` to an rjsf form. Never throws: what the
 * form cannot show is listed in `unsupported` and left out of `schema`.
 *
 * Kinds and the widgets they get (rjsf widget names, so a theme's widget of
 * that name is used):
 * - string: `text`; `format` email → `email`, uri → `uri` (`<input type=url>`),
 *   date → `date`, date-time → `date-time` (rjsf's `DateTimeWidget`, which the
 *   form must replace with one built on `./date-time` so the chosen instant
 *   keeps its offset). `minLength` / `maxLength` stay in the schema and are
 *   repeated in `ui:options` for the input template to set as attributes.
 * - number / integer with `minimum` / `maximum` (rjsf turns these into
 *   `min` / `max` / `step` on the input).
 * - boolean: `checkbox`.
 * - single-select by `enum`, `oneOf` `[{const, title}]` (also `anyOf`) or
 *   legacy `enum` + `enumNames`: `{enum: values}` + `ui:enumNames: titles`, so
 *   titles are shown and values sent, and every flavour validates with the same
 *   message.
 * - multi-select (`type: array`, `items.enum` or `items.anyOf`/`oneOf`
 *   `[{const, title}]`, `minItems`, `maxItems`): `checkboxes`, with
 *   `uniqueItems: true` added — this makes it an rjsf "multi-select", which rjsf
 *   never pads to `minItems` with `undefined`/`null` (whatever
 *   `experimental_defaultFormStateBehavior` says); the form may still pass
 *   `arrayMinItems: {populate: 'never'}` as a second guard.
 *
 * - file (experimental, SEP-2356): `x-mcp-file` on a `{type: 'string', format:
 *   'uri'}` field, or on the `items` of an array of them: the `mcpFile` widget
 *   (`file-widget.tsx`), `format` dropped, the descriptor kept with the limit
 *   in force (`options.maxFileBytes`) for the widget and both validators.
 *
 * Decisions: a root without `type` is read as an object, and one without
 * `properties` as an empty form (a confirmation); keywords outside the subset
 * on a supported field (`pattern`, `multipleOf`, …) are ignored, not enforced; a `default` that the widget
 * could not show (a value not among the options, a malformed `date`, a
 * `date-time` that is not one) is not pre-filled, and a `date-time` default
 * without an offset is read as the person's local time; `$schema` and other
 * annotations are dropped (ajv would try to resolve a foreign `$schema`).
 */
export function toFormSchema(requestedSchema: unknown, options?: FormSchemaOptions): FormSchema {
  return mapRequestedSchema(requestedSchema, false, options, dateTimeDefault)
}
