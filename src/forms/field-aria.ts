/**
 * What the rjsf templates and widgets of `ElicitationForm` share
 * (`form-parts.tsx`, `choice-widgets.tsx`): the ids that tie a field's
 * label, description and errors to its input, and the messages from the
 * form context.
 */
import { descriptionId, errorId, type WidgetProps } from '@rjsf/utils'
import type { Messages } from './messages.js'

/** The app's replacement texts from the form context; each widget puts them over its own part's defaults (`resolvePart`). */
export const messagesOf = (registry: { formContext?: unknown }): Partial<Messages> | undefined => (registry.formContext as { messages?: Partial<Messages> } | undefined)?.messages
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
