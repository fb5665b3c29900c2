/**
 * One MCP input round shown where assistant-ui parked the tool call
 * (`interrupt.payload` from `human()`): the library's question cards, and
 * once every question is answered, `resume(answers)` hands them back to the
 * `execute` waiting on `human()`. The payload may come back from stored
 * thread JSON, so it is read defensively. One instance per round (the
 * part keys it by the round), so answers never leak into the next round.
 */
import { useRef, useState } from 'react'
import type { InputResponse, PendingInput } from '../core/index.js'
// The round panel loads on demand (forms/lazy-round-panel.tsx); the tool part fetches it as soon as it shows.
import { LazyInputRequestPanel } from '../forms/lazy-round-panel.js'
import type { McpRoundPayload } from './round-payload.js'
import type { McpAssistantToolOptions } from './settings.js'

export interface RoundQuestionsProps {
  payload: McpRoundPayload
  resume: (answers: Record<string, InputResponse>) => void
  options: McpAssistantToolOptions
}

export function RoundQuestions({ payload: received, resume, options }: RoundQuestionsProps) {
  const payload = useSamePayload(received)
  const [answers, setAnswers] = useState<Record<string, InputResponse>>({})
  // The answers so far, read at each answer: a card may hold on to the `respond` of the render it was made in.
  const given = useRef<Record<string, InputResponse>>({})
  const asked = payload.inputs.filter(isInput)
  const inputs = asked.map((input) => (Object.hasOwn(answers, input.key) ? { ...input, answered: true, response: answers[input.key] } : input))
  const respond = (key: string, response: InputResponse) => {
    const next = { ...given.current, [key]: response }
    given.current = next
    setAnswers(next)
    // MRTR answers a round in one retry: resume once every question has its answer.
    if (asked.every((input) => Object.hasOwn(next, input.key))) resume(next)
  }
  return (
    <LazyInputRequestPanel
      status="awaiting_input"
      inputs={inputs}
      round={payload.round}
      respond={respond}
      onSampling={options.onSampling}
      roots={options.roots}
      validator={options.validator}
      theme={options.theme}
      messages={options.messages}
      onError={options.onError}
      autoFocus
    />
  )
}

/**
 * The payload as first seen while its content stays the same. A runtime may
 * hand the interrupt over as a fresh copy on every snapshot; the forms would
 * take each copy for a new question and drop what the person typed.
 */
function useSamePayload(payload: McpRoundPayload): McpRoundPayload {
  const kept = useRef<{ payload: McpRoundPayload; text: string | undefined } | undefined>(undefined)
  if (kept.current?.payload === payload) return payload
  const text = jsonOf(payload)
  // A payload that has no JSON is compared by identity alone: each new object is a new round's.
  if (text === undefined || kept.current?.text !== text) kept.current = { payload, text }
  return kept.current.payload
}

/**
 * The payload's JSON, or undefined when it has none: a server's schema
 * nested 100,000 deep overflows `JSON.stringify`'s stack (a RangeError),
 * which thrown here, during render, would take the thread down with it.
 */
function jsonOf(payload: McpRoundPayload): string | undefined {
  try {
    return JSON.stringify(payload)
  } catch {
    return undefined
  }
}

function isInput(value: unknown): value is PendingInput {
  if (typeof value !== 'object' || value === null) return false
  const input = value as Partial<PendingInput>
  return typeof input.key === 'string' && typeof input.method === 'string' && typeof input.params === 'object' && input.params !== null
}
