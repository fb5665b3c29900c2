/**
 * The rjsf widgets for a choice among a server's options: a native
 * `<select>`, a radio group, a group of checkboxes (a multi-select). Split
 * from `form-parts.tsx`; the same rules apply (rjsf extension points only,
 * `aria-invalid`, `aria-describedby` naming elements that exist, groups
 * named by their label).
 *
 * Option labels are server text of any length. In a radio or checkbox
 * group each label is clamped with its own "Show all" (`ClampedText.tsx`),
 * placed after the `<label>` so it does not join the option's name. A
 * native `<option>` can hold no button, so its text is cut with `…` and the
 * full label goes in `title`: a 100 KB label would otherwise make the
 * select, and the list it opens, as wide as the text.
 * Internal: their props follow rjsf's and may change with it.
 */
import { enumOptionsDeselectValue, enumOptionsIsSelected, enumOptionsSelectValue, type WidgetProps } from '@rjsf/utils'
import type { ReactNode } from 'react'
import { shortText, useClamp, type ShowAllLabels } from './ClampedText.js'
import { describedBy, fieldTextsOf, invalid, labelIdOf } from './field-aria.js'

/** Characters of an option label shown inside a native `<select>`; longer ones end in `…`. */
export const OPTION_CHARS = 80

export function SelectWidget(props: WidgetProps) {
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
      {choices.map((choice, i) => {
        const label = String(choice.label)
        const shown = shortText(label, OPTION_CHARS)
        return (
          <option key={i} value={String(i)} dir="auto" title={shown === label ? undefined : label}>
            {shown}
          </option>
        )
      })}
    </select>
  )
}

/** One radio or checkbox with its label, the label clamped when long and its toggle after the `<label>`. */
function Choice({ label, labels, children }: { label: string; labels: ShowAllLabels; children: ReactNode }) {
  const clamp = useClamp(label)
  return (
    <>
      <label className="mcp-elicit-choice">
        {children}
        <bdi dir="auto" {...clamp.props()}>
          {label}
        </bdi>
      </label>
      {clamp.button(labels)}
    </>
  )
}

export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, required, onChange, onBlur, onFocus, options, registry } = props
  const choices = options.enumOptions ?? []
  const labels = fieldTextsOf(registry)
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
        <Choice key={i} label={String(choice.label)} labels={labels}>
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
        </Choice>
      ))}
    </div>
  )
}

export function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, registry } = props
  const choices = options.enumOptions ?? []
  const selected: unknown[] = Array.isArray(value) ? value : []
  const labels = fieldTextsOf(registry)
  return (
    <div id={id} role="group" className="mcp-elicit-choices" aria-labelledby={labelIdOf(id)} aria-describedby={describedBy(props)}>
      {choices.map((choice, i) => (
        <Choice key={i} label={String(choice.label)} labels={labels}>
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
        </Choice>
      ))}
    </div>
  )
}
