/**
 * The rjsf templates and widgets of `ElicitationForm`. They plug into rjsf's
 * own extension points (house style 13) only to add what the defaults lack:
 * `aria-invalid`, an `aria-describedby` that names elements which exist,
 * named radio and checkbox groups, descriptions as plain text (rjsf can
 * render Markdown), server-chosen titles bidi-isolated (`<bdi dir="auto">`,
 * so a right-to-left override in a title cannot reorder the text around it),
 * long titles and descriptions clamped with "Show all" (`ClampedText.tsx`;
 * the toggle sits outside the `<label>` and the described element, so it
 * joins neither the input's name nor its description). The choice widgets
 * are in `choice-widgets.tsx`; the date-time input that keeps the chosen
 * offset (`date-time-widget.tsx`) loads on demand (`lazy-date-time.ts`).
 * Internal: their props follow rjsf's and may change with it.
 */
import type { FormProps } from '@rjsf/core'
import {
  descriptionId,
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
import { CheckboxesWidget, RadioWidget, SelectWidget } from './choice-widgets.js'
import { CLAMP_LONG, ClampedText, useClamp } from './ClampedText.js'
import { describedBy, fieldTextsOf, invalid, labelIdOf } from './field-aria.js'

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, description, hidden, required, displayLabel, rawErrors, schema, uiSchema, registry } = props
  const title = useClamp(typeof label === 'string' ? label : '')
  if (hidden) return <div hidden>{children}</div>
  const widget = getUiOptions(uiSchema).widget
  // A list of files is one file input (`file-widget.tsx`), named by a label like any input.
  const isGroup = (schema.type === 'array' && widget !== 'mcpFile') || widget === 'radio'
  // A checkbox carries its own label (after the box); the template adds only the description.
  const ownLabel = widget === 'checkbox' || (schema.type === 'boolean' && widget === undefined)
  const text = fieldTextsOf(registry)
  const mark = required ? (
    <span aria-hidden="true" className="mcp-elicit-required">
      {text.requiredMark}
    </span>
  ) : null
  return (
    <div className="mcp-elicit-field" data-invalid={rawErrors?.length ? 'true' : undefined}>
      {displayLabel && label && !ownLabel ? (
        <>
          {isGroup ? (
            <span id={labelIdOf(id)} className="mcp-elicit-label">
              <bdi dir="auto" {...title.props()}>
                {label}
              </bdi>
              {mark}
            </span>
          ) : (
            <label id={labelIdOf(id)} htmlFor={id} className="mcp-elicit-label">
              <bdi dir="auto" {...title.props()}>
                {label}
              </bdi>
              {mark}
            </label>
          )}
          {title.button(text)}
        </>
      ) : null}
      {displayLabel && description ? description : null}
      {children}
      {errors}
    </div>
  )
}

function DescriptionFieldTemplate({ id, description, registry }: DescriptionFieldProps) {
  if (!description) return null
  // Server text: a string is rendered as a text node, never parsed as Markdown or HTML.
  if (typeof description === 'string') {
    return <ClampedText as="div" id={id} className="mcp-elicit-description" dir="auto" text={description} budget={CLAMP_LONG} labels={fieldTextsOf(registry)} />
  }
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

function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, label, hideLabel, onChange, onBlur, onFocus, schema, options, registry, required } = props
  // With `ui:widget: checkbox` the field template shows the description (rjsf's split).
  const description = getUiOptions(props.uiSchema).widget === 'checkbox' ? undefined : (options.description ?? schema.description)
  const Description = getTemplate('DescriptionFieldTemplate', registry, options)
  const text = fieldTextsOf(registry)
  const title = useClamp(typeof label === 'string' && !hideLabel ? label : '')
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
        {hideLabel ? null : (
          <bdi dir="auto" {...title.props()}>
            {label}
          </bdi>
        )}
        {required && (
          <span aria-hidden="true" className="mcp-elicit-required">
            {text.requiredMark}
          </span>
        )}
      </label>
      {title.button(text)}
      {description && <Description id={descriptionId(id)} description={description} schema={schema} registry={registry} />}
    </div>
  )
}

export const templates: NonNullable<FormProps['templates']> = { FieldTemplate, DescriptionFieldTemplate, FieldErrorTemplate, BaseInputTemplate }
/** The date-time widget (`date-time-widget.tsx`) loads with the first form that has a date-time field (`lazy-date-time.ts`). */
export const widgets: RegistryWidgetsType = { CheckboxWidget, SelectWidget, RadioWidget, CheckboxesWidget }

