/**
 * One form-mode `elicitation/create` in front of a person, on @rjsf/core.
 *
 * The widgets and templates below plug into rjsf's own extension points
 * (house style 13) only to add what the defaults lack: `aria-invalid`, an
 * `aria-describedby` that names elements which exist, named radio and
 * checkbox groups, descriptions as plain text (rjsf can render Markdown), and
 * a date-time input that keeps the chosen offset. A theme passed in replaces
 * them all except the date-time widget.
 */
import { forwardRef, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType, type ForwardedRef, type KeyboardEvent } from 'react'
import CoreForm, { type FormProps, type IChangeEvent } from '@rjsf/core'
import {
  descriptionId,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  errorId,
  getInputProps,
  getTemplate,
  getUiOptions,
  toPath,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type RegistryWidgetsType,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidatorType,
  type WidgetProps,
} from '@rjsf/utils'
import type { ElicitResult } from '../core/index'
import { chooseValidator } from './csp'
import { noEvalValidator } from './no-eval-validator'
import { fromDateTimeInput, toDateTimeInput } from './date-time'
import { resolveMessages, type AskingServer, type Messages } from './messages'
import { pickSubmittedContent, toFormSchema } from './schema'
import { endpointHost } from './url-safety'

/** The params of a form-mode `elicitation/create`. */
export interface ElicitationRequest {
  /** Shown as plain text. */
  message?: unknown
  /** The flat `requestedSchema`; anything outside the allowed subset is listed, not rendered. */
  requestedSchema?: unknown
  /** `"form"` or absent. */
  mode?: unknown
  [key: string]: unknown
}

/**
 * An rjsf theme to render with, e.g. from `@rjsf/shadcn`: its `Form`
 * (from `withTheme`), or its `templates` and `widgets`.
 */
export interface ElicitationFormTheme {
  Form?: ComponentType<FormProps<any, RJSFSchema, any>>
  templates?: FormProps['templates']
  widgets?: RegistryWidgetsType
}

export interface ElicitationFormProps {
  /** The elicitation params: `message`, `requestedSchema`, `mode`. */
  request: ElicitationRequest
  /** Who asks (`serverInfo`), shown by name and version. */
  server?: AskingServer | undefined
  /** The endpoint that asks; its host is shown. */
  url?: string | undefined
  /** Called once with the person's answer. */
  onRespond: (result: ElicitResult) => void
  /** The rjsf validator. @defaultValue `chooseValidator()`: ajv8 where the page allows code generation, else one that compiles nothing */
  validator?: ValidatorType | undefined
  /** An rjsf theme. @defaultValue unstyled markup with stable class names */
  theme?: ElicitationFormTheme | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Answers to start from (e.g. those given before an error), over the schema's defaults. */
  initialData?: Record<string, unknown> | undefined
  /** Move focus into the form on mount. @defaultValue false */
  autoFocus?: boolean | undefined
  className?: string | undefined
}

type FormStatus = 'open' | 'invalid' | 'answered'

/** Renders one form-mode elicitation with Accept, Decline and Cancel; Escape cancels. */
export const ElicitationForm = /* @__PURE__ */ forwardRef(function ElicitationForm(props: ElicitationFormProps, ref: ForwardedRef<HTMLDivElement>) {
  const { request, server, url, onRespond, theme, initialData, autoFocus, className } = props
  const text = resolveMessages(props.messages)
  const mapped = useMemo(() => toFormSchema(request.requestedSchema), [request.requestedSchema])
  const validator = useMemo(() => props.validator ?? chooseValidator(), [props.validator])
  const [initialFormData] = useState(() => ({ ...mapped.defaults, ...initialData }))
  const [status, setStatus] = useState<FormStatus>('open')
  const [failure, setFailure] = useState({ attempt: 0, count: 0 })
  const sent = useRef(false)
  const root = useRef<HTMLElement | null>(null)
  const ids = useId().replace(/[^a-zA-Z0-9]/g, '')
  const messageId = `mcp-elicit-${ids}-message`

  const respond = useCallback(
    (result: ElicitResult) => {
      if (sent.current) return
      sent.current = true
      setStatus('answered')
      onRespond(result)
    },
    [onRespond],
  )

  const properties = Object.keys(mapped.schema.properties ?? {})
  const blocking = acceptBlocked(request.requestedSchema, mapped.unsupported, properties.length)
  const answered = status === 'answered'

  useEffect(() => {
    if (!autoFocus || !root.current) return
    const first = root.current.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')
    first?.focus()
    // Mount only: focus must not jump while the person types.
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing || answered) return
    event.preventDefault()
    respond({ action: 'cancel' })
  }

  const sortErrors = useCallback((errors: RJSFValidationError[]) => sortByField(errors, properties), [properties.join('\u0000')])

  const buttons = (acceptType: 'submit' | 'button', onAccept?: () => void) => (
    <div className="mcp-elicit-actions">
      <button type={acceptType} className="mcp-elicit-accept" data-action="accept" disabled={answered || blocking} onClick={onAccept}>
        {text.accept}
      </button>
      <button type="button" className="mcp-elicit-decline" data-action="decline" disabled={answered} onClick={() => respond({ action: 'decline' })}>
        {text.decline}
      </button>
      <button type="button" className="mcp-elicit-cancel" data-action="cancel" disabled={answered} onClick={() => respond({ action: 'cancel' })}>
        {text.cancel}
      </button>
    </div>
  )

  const FormComponent = theme?.Form ?? CoreForm
  const formKit = theme ? { templates: theme.templates ?? {}, widgets: { DateTimeWidget, ...theme.widgets } } : { templates, widgets }

  return (
    <div
      role="group"
      ref={(node) => {
        root.current = node
        if (typeof ref === 'function') ref(node)
        else if (ref) ref.current = node
      }}
      className={['mcp-elicit-form', className].filter(Boolean).join(' ')}
      data-state={status}
      data-kind={properties.length === 0 ? 'confirm' : 'form'}
      data-validator={validator === noEvalValidator ? 'no-eval' : props.validator ? 'custom' : 'ajv8'}
      aria-labelledby={messageId}
      onKeyDown={onKeyDown}
    >
      <p id={messageId} className="mcp-elicit-message">
        {typeof request.message === 'string' ? request.message : ''}
      </p>
      <p className="mcp-elicit-server">{text.askedBy(server, endpointHost(url))}</p>
      {mapped.unsupported.length > 0 && (
        <div className="mcp-elicit-unsupported" role="note">
          <p>{text.unsupportedHeading}</p>
          <ul>
            {mapped.unsupported.map((item, index) => (
              <li key={index}>{text.unsupportedItem(item.field, item.reason)}</li>
            ))}
          </ul>
          {blocking && <p>{text.unsupportedBlocksAccept}</p>}
        </div>
      )}
      {status === 'invalid' && failure.count > 0 && (
        // A new element per failed attempt, so the same count is announced again.
        <p key={failure.attempt} role="alert" className="mcp-elicit-error-summary">
          {text.errorSummary(failure.count)}
        </p>
      )}
      {properties.length === 0 ? (
        buttons('button', () => respond({ action: 'accept', content: {} }))
      ) : (
        <FormComponent
          schema={mapped.schema}
          uiSchema={mapped.uiSchema}
          validator={validator}
          initialFormData={initialFormData}
          idPrefix={`mcp-elicit-${ids}`}
          className="mcp-elicit-fields"
          formContext={{ messages: text }}
          templates={formKit.templates}
          widgets={formKit.widgets}
          noHtml5Validate
          showErrorList={false}
          focusOnFirstError
          transformErrors={sortErrors}
          disabled={answered}
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
          onError={(errors: RJSFValidationError[]) => {
            setStatus('invalid')
            // Counted by field: one answer can break several rules.
            setFailure((previous) => ({ attempt: previous.attempt + 1, count: new Set(errors.map((error) => error.property ?? '')).size }))
          }}
          onSubmit={(event: IChangeEvent) => {
            if (blocking) return
            respond({ action: 'accept', content: pickSubmittedContent(mapped.schema, event.formData) as Extract<ElicitResult, { action: 'accept' }>['content'] })
          }}
        >
          {buttons('submit')}
        </FormComponent>
      )}
      {answered && (
        <p role="status" className="mcp-elicit-answered">
          {text.answered}
        </p>
      )}
    </div>
  )
})


/** Accept cannot work when a required field (or the schema as a whole) cannot be shown. */
function acceptBlocked(requestedSchema: unknown, unsupported: ReadonlyArray<{ field: string | null }>, renderable: number): boolean {
  const required = new Set(
    typeof requestedSchema === 'object' && requestedSchema !== null && Array.isArray((requestedSchema as { required?: unknown }).required)
      ? ((requestedSchema as { required: unknown[] }).required.filter((name) => typeof name === 'string') as string[])
      : [],
  )
  return unsupported.some((item) => (item.field === null ? renderable === 0 : required.has(item.field)))
}

/** Errors in the order the fields appear, so focus goes to the first invalid field on screen. */
function sortByField(errors: RJSFValidationError[], order: string[]): RJSFValidationError[] {
  const rank = (error: RJSFValidationError) => {
    const name = toPath(error.property ?? '').find((part) => part !== '')
    const index = name === undefined ? -1 : order.indexOf(String(name))
    return index === -1 ? order.length : index
  }
  return [...errors].sort((a, b) => rank(a) - rank(b))
}

// ——— templates and widgets (rjsf extension points) ———

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
            {label}
            {mark}
          </span>
        ) : (
          <label id={labelIdOf(id)} htmlFor={id} className="mcp-elicit-label">
            {label}
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
    <div id={id} className="mcp-elicit-description">
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
function DateTimeWidget(props: WidgetProps) {
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
        {hideLabel ? null : label}
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
        <option key={i} value={String(i)}>
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
          <span>{choice.label}</span>
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
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  )
}

const templates: NonNullable<FormProps['templates']> = { FieldTemplate, DescriptionFieldTemplate, FieldErrorTemplate, BaseInputTemplate }
const widgets: RegistryWidgetsType = { DateTimeWidget, CheckboxWidget, SelectWidget, RadioWidget, CheckboxesWidget }

