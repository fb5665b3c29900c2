/**
 * Bidi isolation of server-chosen text inside our own lines (the "Asked by …"
 * line, where a server's name sits next to the endpoint host).
 *
 * Message functions are replaceable and return strings (`messages.ts`), so a
 * component cannot wrap the server's part of their output in an element
 * itself. Instead each server value is handed to the message function
 * between private-use markers; whatever string comes back is split on them
 * and every marked part is rendered in its own `<bdi dir="auto">`. A
 * translation that embeds the value verbatim is isolated too, without knowing
 * about it. Marker characters are removed from server text first, so a
 * server cannot open or close a part itself; an unclosed part runs to the end
 * (over-isolating is the safe side).
 *
 * Inside a part, explicit bidi controls and line breaks are removed: a
 * PDI (U+2069) could close the element's own isolate early and an RLO after it
 * would then reorder our text (the endpoint host), and a paragraph separator
 * ends every isolate (UAX #9, X8). Direction comes from `dir="auto"` (the
 * first strong character), which is all a right-to-left name needs.
 */
import { useState, type ReactNode } from 'react'
import { displayText } from '../core/index.js'
import { CLAMP_SHORT, isLongText, ShowAllButton } from './ClampedText.js'
import { BIDI_CONTROLS } from './format-chars.js'

const SERVER_OPEN = '\uE000'
const SERVER_CLOSE = '\uE001'
const HOST_OPEN = '\uE002'
const HOST_CLOSE = '\uE003'
const MARKERS = /[\uE000-\uE003]/g
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]+/g

/** Parts longer than this are clamped (CSS) and get a "Show all" disclosure (`ClampedText.tsx`). */
export const CLAMP_CHARS = CLAMP_SHORT.chars

/**
 * Server text as one inline line: coerced, without bidi controls, line breaks
 * or markers. Also for server text quoted in our own sentences without an
 * element of its own ("field: reason", "[type content not shown]"), so it
 * cannot reorder the rest of the sentence.
 */
export function inlineText(value: unknown, fallback = ''): string {
  return displayText(value, fallback).replace(MARKERS, '').replace(BIDI_CONTROLS, '').replace(LINE_BREAKS, ' ')
}

/** Marks a server value for isolation. Empty stays empty, so `filter(Boolean)` in a message still drops it. */
export function isolate(value: unknown): string {
  const text = inlineText(value)
  return text === '' ? '' : SERVER_OPEN + text + SERVER_CLOSE
}

/** Marks the endpoint host: our own text, kept left-to-right and apart from the server's parts. */
export function isolateHost(host: string | undefined): string | undefined {
  return host === undefined ? undefined : HOST_OPEN + host.replace(MARKERS, '') + HOST_CLOSE
}

type Part = { kind: 'text' | 'server' | 'host'; text: string }

function partsOf(marked: string): Part[] {
  const parts: Part[] = []
  let kind = 'text' as Part['kind']
  let text = ''
  const flush = (next: Part['kind']) => {
    if (text !== '') parts.push({ kind, text })
    text = ''
    kind = next
  }
  for (const char of marked) {
    if (char === SERVER_OPEN) flush('server')
    else if (char === HOST_OPEN) flush('host')
    else if ((char === SERVER_CLOSE && kind === 'server') || (char === HOST_CLOSE && kind === 'host')) flush('text')
    else if (char === SERVER_CLOSE || char === HOST_CLOSE) continue
    else text += char
  }
  flush('text')
  return parts
}

function renderPart(part: Part, index: number): ReactNode {
  if (part.kind === 'text') return part.text
  if (part.kind === 'host') {
    return (
      <bdi key={index} dir="ltr" className="mcp-elicit-server-host">
        {part.text}
      </bdi>
    )
  }
  const long = isLongText(part.text)
  return (
    <bdi key={index} dir="auto" className={long ? 'mcp-elicit-server-text mcp-elicit-clamp' : 'mcp-elicit-server-text'} title={long ? part.text : undefined}>
      {part.text}
    </bdi>
  )
}

export interface IsolatedLineProps {
  /** A message function's output with marked parts. */
  text: unknown
  className: string
  /** Labels of the disclosure shown when a part is clamped. */
  showAll: string
  showLess: string
}

/**
 * A paragraph of marked text whose very long server parts are clamped to a
 * few lines (so a 100 KB name cannot make the card thousands of pixels tall),
 * with the full part in `title` and a disclosure button that lifts the clamp.
 */
export function IsolatedLine({ text, className, showAll, showLess }: IsolatedLineProps) {
  const [expanded, setExpanded] = useState(false)
  const parts = partsOf(typeof text === 'string' ? text : displayText(text))
  const clamped = parts.some((part) => part.kind === 'server' && isLongText(part.text))
  return (
    <p className={className} data-expanded={clamped && expanded ? 'true' : undefined}>
      {parts.map(renderPart)}
      {clamped && (
        <>
          {' '}
          <ShowAllButton expanded={expanded} onToggle={() => setExpanded(!expanded)} labels={{ showAll, showLess }} />
        </>
      )}
    </p>
  )
}
