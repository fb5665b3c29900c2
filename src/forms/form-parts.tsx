/**
 * The rjsf templates and widgets of `ElicitationForm`. They plug into rjsf's
 * own extension points (house style 13) only to add what the defaults lack:
 * `aria-invalid`, an `aria-describedby` that names elements which exist,
 * named radio and checkbox groups, descriptions as plain text (rjsf can
 * render Markdown), server-chosen titles bidi-isolated (`<bdi dir="auto">`,
 * so a right-to-left override in a title cannot reorder the text around it),
 * and a date-time input that keeps the chosen offset.
 * Internal: their props follow rjsf's and may change with it.
 */
import type { FormProps } from '@rjsf/core'
import {
  descriptionId,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  errorId,
  getInputProps,
  getTemplate,
  getUiOptions,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type RegistryWidgetsType,
  type WidgetProps,
} from '@rjsf/utils'
import { fromDateTimeInput, toDateTimeInput } from './date-time.js'
import { resolveMessages, type Messages } from './messages.js'

const messagesOf = (registry: { formContext?: unknown }): Messages => resolveMessages((registry.formContext as { messages?: Messages } | undefined)?.messages)
const labelIdOf = (id: string) => `${id}__label`
const zoneIdOf = (id: string) => `${id}__zone`

/** Ids that exist for this widget: its errors and its description. */
function describedBy(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'schema' | 'options' | 'hideError'>, extra?: string): string | undefined {
  const ids = [
    !props.hideError && props.rawErrors?.length ? errorId(props.id) : undefined,
    props.options.description ?? props.schema.description ? descriptionId(props.id) : undefined,
    extra,
  ].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}
const invalid = (props: Pick<WidgetProps, 'rawErrors'>) => (props.rawErrors?.length ? true : undefined)

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, description, hidden, required, displayLabel, rawErrors, schema, uiSchema, registry } = props
  if (hidden) return <div hidden>{children}</div>
  const widget = getUiOptions(uiSchema).widget
  const isGroup = schema.type === 'array' || widget === 'radio'
  // A checkbox carries its own label (after the box); the template adds only the description.
  const ownLabel = widget === 'checkbox' || (schema.type === 'boolean' && widget === undefined)
  const mark = required ? (
    <span aria-hidden="true" className="mcp-elicit-required">
      {messagesOf(registry).requiredMark}
    </span>
  ) : null
  return (
    <div className="mcp-elicit-field" data-invalid={rawErrors?.length ? 'true' : undefined}>
      {displayLabel && label && !ownLabel ? (
        isGroup ? (
          <span id={labelIdOf(id)} className="mcp-elicit-label">
            <bdi dir="auto">{label}</bdi>
            {mark}
          </span>
        ) : (
          <label id={labelIdOf(id)} htmlFor={id} className="mcp-elicit-label">
            <bdi dir="auto">{label}</bdi>
            {mark}
          </label>
        )
      ) : null}
      {displayLabel && description ? description : null}
      {children}
      {errors}
    </div>
  )
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null
  // Server text: a string is rendered as a text node, never parsed as Markdown or HTML.
  return (
    <div id={id} className="mcp-elicit-description" dir="auto">
      {description}
    </div>
  )
}

function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter(Boolean)
  if (list.length === 0) return null
  return (
    <ul id={errorId(fieldPathId)} className="mcp-elicit-field-errors">
      {list.map((error, index) => (
        <li key={index}>{error}</li>
      ))}
    </ul>
  )
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, type, required, placeholder } = props
  const inputProps = getInputProps(schema, type, options)
  const empty = value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value))
  return (
    <input
      id={id}
      name={htmlName || id}
      className="mcp-elicit-input"
      {...inputProps}
      value={empty ? '' : value}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      minLength={typeof schema.minLength === 'number' ? schema.minLength : undefined}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      aria-invalid={invalid(props)}
      aria-describedby={describedBy(props, props['aria-describedby'] as string | undefined)}
      onChange={onChangeOverride ?? ((event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  )
}

/** The person's UTC offset on the shown date (daylight saving included), as `+01:00`. */
function localOffset(local: string): string {
  const date = local ? new Date(local) : new Date()
  const minutes = -(Number.isNaN(date.getTime()) ? new Date() : date).getTimezoneOffset()
  const abs = Math.abs(minutes)
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** `format: date-time` as a native `datetime-local` input that keeps the chosen instant with its offset. */
export function DateTimeWidget(props: WidgetProps) {
  const { id, value, onChange, options, registry } = props
  const Input = getTemplate('BaseInputTemplate', registry, options)
  const local = typeof value === 'string' && value ? toDateTimeInput(value) : ''
  return (
    <>
      <Input
        {...props}
        type="datetime-local"
        value={local}
        onChange={(local: unknown) => onChange(typeof local === 'string' && local ? fromDateTimeInput(local) : options.emptyValue)}
        aria-describedby={zoneIdOf(id)}
      />
      <small id={zoneIdOf(id)} className="mcp-elicit-hint">
        {messagesOf(registry).timeZoneNote(localOffset(local))}
      </small>
    </>
  )
}

function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, label, hideLabel, onChange, onBlur, onFocus, schema, options, registry, required } = props
  // With `ui:widget: checkbox` the field template shows the description (rjsf's split).
  const description = getUiOptions(props.uiSchema).widget === 'checkbox' ? undefined : (options.description ?? schema.description)
  const Description = getTemplate('DescriptionFieldTemplate', registry, options)
  return (
    <div className="mcp-elicit-checkbox">
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-required={required || undefined}
        aria-invalid={invalid(props)}
        aria-describedby={describedBy(props)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={(event) => onBlur(id, event.target.checked)}
        onFocus={(event) => onFocus(id, event.target.checked)}
      />
      <label htmlFor={id} className="mcp-elicit-label">
        {hideLabel ? null : <bdi dir="auto">{label}</bdi>}
        {required && (
          <span aria-hidden="true" className="mcp-elicit-required">
            {messagesOf(registry).requiredMark}
          </span>
        )}
      </label>
      {description && <Description id={descriptionId(id)} description={description} schema={schema} registry={registry} />}
    </div>
  )
}

function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, required, onChange, onBlur, onFocus, options } = props
  const choices = options.enumOptions ?? []
  const index = choices.findIndex((choice) => enumOptionsIsSelected(choice.value, value))
  const decode = (raw: string) => (raw === '' ? options.emptyValue : choices[Number(raw)]?.value)
  return (
    <select
      id={id}
      name={htmlName || id}
      className="mcp-elicit-select"
      value={index === -1 ? '' : String(index)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={invalid(props)}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(decode(event.target.value))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
    >
      {/* An optional choice can be taken back; a required one starts empty only when nothing is chosen. */}
      {(index === -1 || !required) && <option value="" />}
      {choices.map((choice, i) => (
        <option key={i} value={String(i)} dir="auto">
          {choice.label}
        </option>
      ))}
    </select>
  )
}

function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, required, onChange, onBlur, onFocus, options } = props
  const choices = options.enumOptions ?? []
  return (
    <div
      id={id}
      role="radiogroup"
      className="mcp-elicit-choices"
      aria-labelledby={labelIdOf(id)}
      aria-required={required || undefined}
      aria-invalid={invalid(props)}
      aria-describedby={describedBy(props)}
    >
      {choices.map((choice, i) => (
        <label key={i} className="mcp-elicit-choice">
          <input
            type="radio"
            id={`${id}-${i}`}
            name={htmlName || id}
            value={String(i)}
            checked={enumOptionsIsSelected(choice.value, value)}
            disabled={disabled || readonly}
            autoFocus={autofocus && i === 0}
            onChange={() => onChange(choice.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <bdi dir="auto">{choice.label}</bdi>
        </label>
      ))}
    </div>
  )
}

function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, onChange, onBlur, onFocus, options } = props
  const choices = options.enumOptions ?? []
  const selected: unknown[] = Array.isArray(value) ? value : []
  return (
    <div id={id} role="group" className="mcp-elicit-choices" aria-labelledby={labelIdOf(id)} aria-describedby={describedBy(props)}>
      {choices.map((choice, i) => (
        <label key={i} className="mcp-elicit-choice">
          <input
            type="checkbox"
            id={`${id}-${i}`}
            name={htmlName || id}
            value={String(i)}
            checked={enumOptionsIsSelected(choice.value, selected as never)}
            disabled={disabled || readonly}
            autoFocus={autofocus && i === 0}
            aria-invalid={invalid(props)}
            onChange={(event) =>
              onChange(event.target.checked ? enumOptionsSelectValue(i, selected as never, choices) : (enumOptionsDeselectValue(i, selected as never, choices) ?? []))
            }
            onBlur={() => onBlur(id, selected)}
            onFocus={() => onFocus(id, selected)}
          />
          <bdi dir="auto">{choice.label}</bdi>
        </label>
      ))}
    </div>
  )
}

export const templates: NonNullable<FormProps['templates']> = { FieldTemplate, DescriptionFieldTemplate, FieldErrorTemplate, BaseInputTemplate }
export const widgets: RegistryWidgetsType = { DateTimeWidget, CheckboxWidget, SelectWidget, RadioWidget, CheckboxesWidget }

