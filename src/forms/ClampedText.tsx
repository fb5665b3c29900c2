/**
 * Server text of any length, kept to a few lines until the person asks for
 * all of it: an elicitation's message, a field's title or description, an
 * option's label, a sampling prompt.
 *
 * A server chooses these, and one of 100 KB would otherwise make its card
 * tens of thousands of pixels tall, pushing who asks and the card's own
 * buttons (Accept, Decline) out of reach. Text over a budget of characters
 * or lines gets the `mcp-elicit-clamp` class (the stylesheet cuts it to a
 * few lines) and a "Show all" button with `aria-expanded` and
 * `aria-controls` that lifts the cut. The full text stays in the document
 * the whole time, so assistive technology reads all of it.
 *
 * The same clamp as the "Asked by" line (`IsolatedLine.tsx`). Where no
 * button can go (an `<option>` of a native `<select>`), {@link shortText}
 * cuts the text itself and the full text goes in `title`.
 */
import { useId, useState, type ReactNode } from 'react'

/** When text counts as long: over `chars` characters, or over `lines` lines. */
export interface ClampBudget {
  chars: number
  lines: number
  /** The class that sets how many lines the stylesheet shows. */
  className: string
}

/** A name, a title, an option's label: over 160 characters or 3 lines, cut to 3 lines. */
export const CLAMP_SHORT: ClampBudget = { chars: 160, lines: 3, className: 'mcp-elicit-clamp' }
/** A paragraph (a question's message, a description): over 600 characters or 8 lines, cut to 8 lines. */
export const CLAMP_LONG: ClampBudget = { chars: 600, lines: 8, className: 'mcp-elicit-clamp mcp-elicit-clamp-long' }

/** Characters after which a line always breaks (with the stylesheet's `white-space: pre-wrap`). */
const LINE_BREAK = /[\n\v\f\u0085\u2028\u2029]/g

/** Whether `text` is over `budget`. Stops counting lines once over, so a 100 KB text costs little. */
export function isLongText(text: string, budget: ClampBudget = CLAMP_SHORT): boolean {
  if (text.length > budget.chars) return true
  let lines = 1
  LINE_BREAK.lastIndex = 0
  while (LINE_BREAK.exec(text) !== null) if (++lines > budget.lines) return true
  return false
}

/** Text cut to `max` characters with `…` (never inside a surrogate pair), for places without a "Show all". */
export function shortText(text: string, max = 80): string {
  if (text.length <= max) return text
  let end = max - 1
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}…`
}

/** The labels of the toggle (`Messages.showAll`, `Messages.showLess`). */
export interface ShowAllLabels {
  showAll: string
  showLess: string
}

export interface ShowAllButtonProps {
  expanded: boolean
  onToggle: () => void
  labels: ShowAllLabels
  /** Id of the element whose cut it lifts. */
  controls?: string | undefined
}

/** The disclosure that lifts a clamp (and puts it back). */
export function ShowAllButton({ expanded, onToggle, labels, controls }: ShowAllButtonProps) {
  return (
    <button type="button" className="mcp-elicit-more" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      {expanded ? labels.showLess : labels.showAll}
    </button>
  )
}

export interface Clamp {
  /** Whether the text is over its budget (and so clamped until expanded). */
  long: boolean
  /** Props for the element holding the text: its id, the clamp's class after `base`, `data-expanded` once lifted. */
  props(base?: string): { id: string | undefined; className: string | undefined; 'data-expanded': 'true' | undefined }
  /** The toggle for it, or nothing when the text is short. Place it outside any `<label>`, whose name it would join. */
  button(labels: ShowAllLabels): ReactNode
}

/**
 * The clamp for one text, for components that place the element and its
 * toggle apart (a title inside its `<label>`, the toggle after it).
 */
export function useClamp(text: string, budget: ClampBudget = CLAMP_SHORT, id?: string): Clamp {
  const [expanded, setExpanded] = useState(false)
  const ownId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-text`
  const long = isLongText(text, budget)
  const elementId = id ?? (long ? ownId : undefined)
  return {
    long,
    props: (base) => ({
      id: elementId,
      className: [base, long ? budget.className : undefined].filter(Boolean).join(' ') || undefined,
      'data-expanded': long && expanded ? 'true' : undefined,
    }),
    button: (labels) => (long ? <ShowAllButton expanded={expanded} onToggle={() => setExpanded(!expanded)} labels={labels} controls={elementId} /> : null),
  }
}

export interface ClampedTextProps {
  text: string
  /** The element that holds the text. @defaultValue 'p' */
  as?: 'p' | 'div' | 'span' | 'bdi'
  id?: string | undefined
  className?: string | undefined
  dir?: 'auto' | 'ltr' | 'rtl' | undefined
  budget?: ClampBudget | undefined
  labels: ShowAllLabels
}

/** The text in its element, clamped when long, with its toggle right after the element. */
export function ClampedText({ text, as: Tag = 'p', id, className, dir, budget = CLAMP_SHORT, labels }: ClampedTextProps) {
  const clamp = useClamp(text, budget, id)
  return (
    <>
      <Tag {...clamp.props(className)} dir={dir}>
        {text}
      </Tag>
      {clamp.button(labels)}
    </>
  )
}
