/**
 * One form-mode `elicitation/create` in front of a person, on @rjsf/core.
 *
 * The widgets and templates of `form-parts.tsx` plug into rjsf's own
 * extension points; a theme passed in replaces them all except the date-time
 * and file widgets, which load with the first form that needs them
 * (`lazy-date-time.ts`, `lazy-file-widget.tsx`).
 */
import { forwardRef, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType, type ErrorInfo, type ForwardedRef, type KeyboardEvent, type MouseEvent } from 'react'
import CoreForm, { type FormProps, type IChangeEvent } from '@rjsf/core'
import { type RegistryWidgetsType, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils'
import type { ElicitResult, JsonObject } from '../core/index.js'
import { AskedBy } from './AskedBy.js'
import { CLAMP_LONG, ClampedText } from './ClampedText.js'
import { templates, widgets } from './form-parts.js'
import { inlineText } from './IsolatedLine.js'
import { DeclineCancel } from './DeclineCancel.js'
import { PartFailed } from './PartFailed.js'
import type { FormContext } from './field-aria.js'
import { useFormValidator } from './default-validator.js'
import { hasDateTimeField, useDateTimePart } from './lazy-date-time.js'
import { LazyFileInputWidget } from './lazy-file-widget.js'
import { guardedCard } from './guarded-card.js'
import type { AskingServer, Messages } from './messages.js'
import { cardTexts } from './texts/card.js'
import { formTexts } from './texts/form.js'
import { resolvePart } from './texts/resolve.js'
import { isNoEvalValidator } from './no-eval-mark.js'
import { fromFieldKeys, pickSubmittedContent, toFieldKeys, toKeyedFormSchema, type KeyedFormSchema } from './schema.js'
import { fieldKeyOf, fieldLabelOf, humanizeErrors } from './validation-messages.js'

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
  /**
   * The rjsf validator. @defaultValue the no-eval validator, which compiles nothing and so works under any CSP; loaded on demand, so
   * the fields show once it is there (pass one to have them at once: `chooseValidator({ unsafeEval: true })` where the page allows code generation)
   */
  validator?: ValidatorType | undefined
  /** An rjsf theme. @defaultValue unstyled markup with stable class names */
  theme?: ElicitationFormTheme | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Answers to start from (e.g. a draft, or those given before an error), over the schema's defaults; by property name. */
  initialData?: Record<string, unknown> | undefined
  /**
   * Called with the unsent content (by property name, as `content` would be
   * sent) each time the person changes it, so it can be kept as a draft
   * (the hook's `saveDraft`). Not called after the answer was sent.
   */
  onDraft?: ((content: JsonObject) => void) | undefined
  /**
   * Told when the form failed to render; the card then shows only Decline and
   * Skip question. Told too when a file field's input could not be loaded
   * (a `PartLoadError`): only that field is replaced, by a line and Try again;
   * and when the date-time widget could not be loaded (a `PartLoadError`):
   * the fields are replaced by a line and Try again, with Decline and Skip
   * question.
   */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  /**
   * The largest file a file field (SEP-2356 `x-mcp-file`, experimental)
   * takes, in bytes, whatever the server's `maxSize`: larger files are
   * refused before they are read. @defaultValue 5 MiB (`DEFAULT_MAX_FILE_BYTES`)
   */
  maxFileBytes?: number | undefined
  /** Move focus into the form on mount. @defaultValue false */
  autoFocus?: boolean | undefined
  className?: string | undefined
}

type FormStatus = 'open' | 'invalid' | 'answered'

/**
 * Renders one form-mode elicitation with Accept (its one primary action),
 * Decline and Skip question (`cancel`); Escape skips too. Invalid answers get
 * plain-word messages (`messages.validation`) and a summary linking to each
 * field. Behind its own error boundary: if the form cannot be rendered,
 * Decline and Skip question still answer.
 */

/** One entry of the error summary: the field and its first message. */
interface SummaryEntry {
  key: string
  label: string
  message: string
}

const FormCard = /* @__PURE__ */ forwardRef(function FormCard(props: ElicitationFormProps, ref: ForwardedRef<HTMLDivElement>) {
  const { request, server, url, onRespond, onDraft, theme, initialData, autoFocus, className } = props
  const text = resolvePart(props.messages, cardTexts, formTexts)
  // The date-time widget, which also reads a date-time default: the fields wait for it (lazy-date-time.ts).
  const parts = useDateTimePart(useMemo(() => hasDateTimeField(request.requestedSchema), [request.requestedSchema]), props.onError)
  const mapped = useMemo(
    () => toKeyedFormSchema(request.requestedSchema, { maxFileBytes: props.maxFileBytes }, parts.kit?.dateTimeDefault),
    [request.requestedSchema, props.maxFileBytes, parts.kit],
  )
  const validator = useFormValidator(props.validator)
  // Taken when the fields are first shown: a date-time default is read once its part is there.
  const initial = useRef<Record<string, unknown> | undefined>(undefined)
  // What was last reported as a draft, so an unchanged form (rjsf also reports on mount) is not reported again.
  const lastDraft = useRef<string | undefined>(undefined)
  if (initial.current === undefined && parts.state === 'ready') {
    initial.current = { ...mapped.defaults, ...toFieldKeys(mapped, initialData) }
    lastDraft.current = JSON.stringify(contentOf(mapped, initial.current))
  }
  const [status, setStatus] = useState<FormStatus>('open')
  const [failure, setFailure] = useState<{ attempt: number; entries: SummaryEntry[] }>({ attempt: 0, entries: [] })
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

  // The fields wait for the default validator (default-validator.ts) when none was passed, and for the date-time widget; a confirmation has none.
  const loading = (validator === undefined || parts.state === 'loading') && properties.length > 0
  const focused = useRef(false)
  const focusAtMount = useRef<Element | null>(null)
  useEffect(() => {
    focusAtMount.current = root.current?.ownerDocument.activeElement ?? null
  }, [])
  useEffect(() => {
    if (!autoFocus || loading || focused.current || !root.current) return
    focused.current = true
    // Fields that came late take focus only if it has not gone elsewhere meanwhile (the person may be typing there).
    const active = root.current.ownerDocument.activeElement
    if (active !== focusAtMount.current && active !== root.current.ownerDocument.body && !root.current.contains(active)) return
    const first = root.current.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')
    first?.focus()
    // Once, when the fields are first there: focus must not jump while the person types.
  }, [loading])
  useEffect(() => {
    // After Try again brought the fields, focus goes to the first one (the button it was on is gone), unless the person went elsewhere.
    if (parts.attempt === 0 || loading || parts.state !== 'ready' || !root.current) return
    const active = root.current.ownerDocument.activeElement
    if (active && active !== root.current.ownerDocument.body && !root.current.contains(active)) return
    root.current.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus()
  }, [loading, parts.state])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing || answered) return
    event.preventDefault()
    respond({ action: 'cancel' })
  }

  const idPrefix = `mcp-elicit-${ids}`
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => sortByField(humanizeErrors(errors, mapped.schema, mapped.uiSchema, text), properties),
    [properties.join('\u0000'), mapped, text.validation, text.errorSummaryItem],
  )

  /** The summary's link: focus the field's input (a group's first), as the browser would not for a group. */
  const focusField = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    const target = root.current?.ownerDocument.getElementById(`${idPrefix}_${key}`)
    if (!target) return
    event.preventDefault()
    const input = target.matches('input, select, textarea') ? target : target.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')
    ;(input ?? target).focus()
    ;(input ?? target).scrollIntoView?.({ block: 'center' })
  }

  const reportDraft = (formData: unknown) => {
    if (!onDraft || sent.current) return
    const content = contentOf(mapped, formData)
    const json = JSON.stringify(content)
    if (json === lastDraft.current) return
    lastDraft.current = json
    onDraft(content)
  }

  const buttons = (acceptType: 'submit' | 'button', onAccept?: () => void) => (
    <div className="mcp-elicit-actions">
      <button type={acceptType} className="mcp-elicit-accept mcp-elicit-primary" data-action="accept" disabled={answered || blocking} onClick={onAccept}>
        {text.accept}
      </button>
      <DeclineCancel disabled={answered} onRespond={respond} text={text} />
    </div>
  )

  const FormComponent = theme?.Form ?? CoreForm
  // The date-time and file widgets are the form's own under any theme (a theme may still replace them by name).
  const own = { ...(parts.kit && { DateTimeWidget: parts.kit.DateTimeWidget }), mcpFile: LazyFileInputWidget }
  const formKit = theme ? { templates: theme.templates ?? {}, widgets: { ...own, ...theme.widgets } } : { templates, widgets: { ...widgets, ...own } }

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
      data-validator={validator === undefined ? undefined : isNoEvalValidator(validator) ? 'no-eval' : 'custom'}
      aria-busy={loading || undefined}
      aria-labelledby={messageId}
      onKeyDown={onKeyDown}
    >
      {/* A message of any length stays a few lines until asked for: who asks and Accept stay in view. */}
      <ClampedText id={messageId} className="mcp-elicit-message" dir="auto" text={typeof request.message === 'string' ? request.message : ''} budget={CLAMP_LONG} labels={text} />
      <AskedBy server={server} url={url} text={text} />
      {mapped.unsupported.length > 0 && (
        <div className="mcp-elicit-unsupported" role="note">
          <p>{text.unsupportedHeading}</p>
          <ul>
            {mapped.unsupported.map((item, index) => (
              // Field names and reasons quote the server: no bidi controls, so they cannot reorder the line; a long one is clamped.
              <li key={index}>
                <ClampedText as="span" text={text.unsupportedItem(item.field === null ? null : inlineText(item.field), inlineText(item.reason))} budget={CLAMP_LONG} labels={text} />
              </li>
            ))}
          </ul>
          {blocking && <p>{text.unsupportedBlocksAccept}</p>}
        </div>
      )}
      {status === 'invalid' && failure.entries.length > 0 && (
        <div className="mcp-elicit-error-summary">
          {/* A new element per failed attempt, so the same count is announced again. */}
          <p key={failure.attempt} role="alert">
            {text.errorSummary(failure.entries.length)}
          </p>
          <ul className="mcp-elicit-error-summary-list">
            {failure.entries.map((entry) => (
              <li key={entry.key} dir="auto">
                {entry.label ? (
                  <a href={`#${idPrefix}_${entry.key}`} onClick={(event) => focusField(event, entry.key)}>
                    {text.errorSummaryItem(entry.label, entry.message)}
                  </a>
                ) : (
                  entry.message
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {properties.length === 0 ? (
        buttons('button', () => respond({ action: 'accept', content: {} }))
      ) : parts.state === 'failed' ? (
        <PartFailed className="mcp-elicit-fields-failed" line={text.fieldsLoadFailed} retryLabel={text.fieldsLoadRetry} action="retry-fields" attempt={parts.attempt} onRetry={parts.retry} disabled={answered}>
          <DeclineCancel disabled={answered} onRespond={respond} text={text} />
        </PartFailed>
      ) : validator === undefined || initial.current === undefined ? null : (
        <FormComponent
          schema={mapped.schema}
          uiSchema={mapped.uiSchema}
          validator={validator}
          initialFormData={initial.current}
          idPrefix={idPrefix}
          className="mcp-elicit-fields"
          formContext={{ messages: props.messages, onError: props.onError } satisfies FormContext}
          templates={formKit.templates}
          widgets={formKit.widgets}
          noHtml5Validate
          showErrorList={false}
          focusOnFirstError
          transformErrors={transformErrors}
          disabled={answered}
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' } }}
          onChange={(event: IChangeEvent) => reportDraft(event.formData)}
          onError={(errors: RJSFValidationError[]) => {
            setStatus('invalid')
            // By field: one answer can break several rules; the summary names the first.
            setFailure((previous) => ({ attempt: previous.attempt + 1, entries: summaryOf(errors, mapped) }))
          }}
          onSubmit={(event: IChangeEvent) => {
            if (blocking) return
            respond({ action: 'accept', content: contentOf(mapped, event.formData) as Extract<ElicitResult, { action: 'accept' }>['content'] })
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

/** The content to send (or keep as a draft): the schema's fields of rjsf's form data, by property name. */
function contentOf(mapped: KeyedFormSchema, formData: unknown): JsonObject {
  return fromFieldKeys(mapped.fields, pickSubmittedContent(mapped.schema, formData))
}

/**
 * One summary entry per field, in the errors' (field) order. Keys are the
 * form's own (`f0`), so rjsf's dotted `property` (`.f0`, `f0`, `.f2.1` for
 * an item) splits safely; an error of the form as a whole counts once.
 */
function summaryOf(errors: RJSFValidationError[], mapped: KeyedFormSchema): SummaryEntry[] {
  const entries: SummaryEntry[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const key = fieldKeyOf(error)
    if (seen.has(key)) continue
    seen.add(key)
    const known = key !== '' && Object.hasOwn(mapped.schema.properties ?? {}, key)
    entries.push({ key, label: known ? fieldLabelOf(mapped.schema, key) : '', message: error.message ?? error.stack })
  }
  return entries
}

/** Errors in the order the fields appear, so focus goes to the first invalid field on screen. */
function sortByField(errors: RJSFValidationError[], order: string[]): RJSFValidationError[] {
  const rank = (error: RJSFValidationError) => {
    const index = order.indexOf(fieldKeyOf(error))
    return index === -1 ? order.length : index
  }
  return [...errors].sort((a, b) => rank(a) - rank(b))
}

// ——— templates and widgets (rjsf extension points) ———

export const ElicitationForm = /* @__PURE__ */ guardedCard<ElicitationFormProps>(FormCard)
