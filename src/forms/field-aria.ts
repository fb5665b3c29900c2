/**
 * What the rjsf templates and widgets of `ElicitationForm` share
 * (`form-parts.tsx`, `choice-widgets.tsx`): the ids that tie a field's
 * label, description and errors to its input, and what the form passes
 * down in its context (texts, where to report a failure).
 */
import type { ErrorInfo } from 'react'
import { descriptionId, errorId, type WidgetProps } from '@rjsf/utils'
import type { Messages } from './messages.js'
import { cardTexts } from './texts/card.js'
import { formTexts } from './texts/form.js'
import { resolvePart, type PartTexts } from './texts/resolve.js'

/** The texts the form's templates and widgets read: the card's and the form's, with the app's replacements. */
export type FieldTexts = PartTexts<[typeof cardTexts, typeof formTexts]>

/** What `ElicitationForm` puts in rjsf's form context for its templates and widgets. */
export interface FormContext {
  messages?: Partial<Messages> | undefined
  /** {@link messages} over the defaults, resolved once by the card for all of its fields (else each field resolves them itself). */
  texts?: FieldTexts | undefined
  /** The form's `onError`: a widget that fails on its own (the file input's chunk) reports there. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
}

const contextOf = (registry: { formContext?: unknown }) => registry.formContext as FormContext | undefined

/** The app's replacement texts from the form context; each widget puts them over its own part's defaults (`resolvePart`). */
export const messagesOf = (registry: { formContext?: unknown }): Partial<Messages> | undefined => contextOf(registry)?.messages
/** The texts of the templates and widgets: the card's resolved ones, so a form of 50 fields does not copy them 50 times on the way to its first input. */
export const fieldTextsOf = (registry: { formContext?: unknown }): FieldTexts => contextOf(registry)?.texts ?? resolvePart(messagesOf(registry), cardTexts, formTexts)
/** The form's `onError` from the form context. */
export const onErrorOf = (registry: { formContext?: unknown }): FormContext['onError'] => contextOf(registry)?.onError
/** The id of a field's visible label (radio and checkbox groups are named by it). */
export const labelIdOf = (id: string) => `${id}__label`

/** Ids that exist for this widget: its errors and its description. */
export function describedBy(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'schema' | 'options' | 'hideError'>, extra?: string): string | undefined {
  const ids = [
    !props.hideError && props.rawErrors?.length ? errorId(props.id) : undefined,
    props.options.description ?? props.schema.description ? descriptionId(props.id) : undefined,
    extra,
  ].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export const invalid = (props: Pick<WidgetProps, 'rawErrors'>) => (props.rawErrors?.length ? true : undefined)
