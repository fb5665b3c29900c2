/**
 * The `date-time` widget: a native `datetime-local` input that keeps the
 * chosen instant with its offset (`date-time.ts`), and the reading of a
 * `date-time` default that goes with it. Only a schema with a `date-time`
 * field needs them: the form loads this module with the first such form
 * (`lazy-date-time.ts`), not with every form.
 * Internal: its props follow rjsf's and may change with it.
 */
import { getTemplate, type WidgetProps } from '@rjsf/utils'
import { fromDateTimeInput, toDateTimeInput } from './date-time.js'
import { messagesOf } from './field-aria.js'
import { formTexts } from './texts/form.js'
import { resolvePart } from './texts/resolve.js'

export { dateTimeDefault } from './date-time.js'

const zoneIdOf = (id: string) => `${id}__zone`

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
        {resolvePart(messagesOf(registry), formTexts).timeZoneNote(localOffset(local))}
      </small>
    </>
  )
}

