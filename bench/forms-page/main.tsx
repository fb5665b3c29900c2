/**
 * The forms benchmark page (built by bench/forms.mjs with vite, driven in the
 * e2e suite's Chromium). It exposes `window.formsBench.run(...)`, which
 * measures in the page, with performance.now():
 *
 * - interactive: from handing an input-required result's elicitation to React
 *   (`root.render`, an ordinary update as after a fetch) until the first input
 *   is in the DOM, laid out and focused (`document.activeElement`); the commit
 *   is caught with a MutationObserver, so no frame alignment is added;
 * - painted: the same start until the first frame after that (rAF, then a
 *   task, i.e. after the paint), so quantized by the display frame;
 * - submit: from clicking Accept (ours) / Submit (rjsf) on a valid form until
 *   the answer callback fires (rjsf validation with ajv8 included).
 *
 * Contestants get the same schema object and the same ajv8 validator: `ours`
 * is `ElicitationForm`, `rjsf` a bare `@rjsf/core` `Form`. Every run gets a
 * schema of its own (a run number in one title), so ajv compiles it afresh,
 * as for a newly arrived elicitation.
 *
 * `window.formsBench.runResult(...)` measures a large tool result (about 1 MB
 * of `structuredContent`, see {@link largeValue}): from handing the value to
 * React (`root.render`) until the result's root element is committed
 * (MutationObserver, `committedMs`) and until the first frame after it (rAF,
 * then a task, `paintedMs`), `ToolResult` against a plain
 * `<pre>{JSON.stringify(value, null, 2)}</pre>`. Each run parses a fresh copy
 * of the value (outside the timing), as a newly arrived result.
 */
import Form from '@rjsf/core'
import type { RJSFSchema } from '@rjsf/utils'
import validator from '@rjsf/validator-ajv8'
import { createRoot } from 'react-dom/client'
import { ElicitationForm, ToolResult } from 'mcp-elicit/forms'

type Kind = 'ours' | 'rjsf'

interface RunResult {
  kind: Kind
  fields: number
  interactiveMs: number
  paintedMs: number
  submitMs: number
}

interface Answer {
  action: string
  content?: Record<string, unknown> | undefined
}

/** A flat elicitation schema of `fields` fields: text, number, boolean and single-select in turn, all valid by default. */
function requestedSchema(fields: number, run: number) {
  const properties: Record<string, Record<string, unknown>> = {}
  const required: string[] = []
  for (let i = 0; i < fields; i++) {
    const name = `field_${i}`
    const title = i === 0 ? `Field ${i} (run ${run})` : `Field ${i}`
    switch (i % 4) {
      case 0:
        properties[name] = { type: 'string', title, description: `Text ${i}`, minLength: 1, maxLength: 80, default: `value ${i}` }
        break
      case 1:
        properties[name] = { type: 'number', title, minimum: 0, maximum: 100, default: i }
        break
      case 2:
        properties[name] = { type: 'boolean', title, default: true }
        break
      default:
        properties[name] = { type: 'string', title, enum: ['red', 'green', 'blue'], default: 'green' }
    }
    if (i % 2 === 0) required.push(name)
  }
  return { type: 'object', properties, required }
}

/** What the client hands over: an input-required result with one form elicitation. */
function inputRequiredResult(fields: number, run: number) {
  const text = JSON.stringify({
    resultType: 'input_required',
    inputRequests: {
      details: { method: 'elicitation/create', params: { mode: 'form', message: `Please fill in ${fields} fields.`, requestedSchema: requestedSchema(fields, run) } },
    },
    requestState: 'opaque',
  })
  return JSON.parse(text) as { inputRequests: { details: { params: { message: string; requestedSchema: RJSFSchema } } } }
}

const stage = document.getElementById('stage')!
const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])'

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

async function once(kind: Kind, fields: number, run: number): Promise<RunResult> {
  const container = document.createElement('section')
  stage.append(container)
  const root = createRoot(container)
  const result = inputRequiredResult(fields, run)
  let respondedAt = 0
  let answer: Answer | undefined
  let onAnswered: () => void = () => {}
  const answered = new Promise<void>((resolve) => (onAnswered = resolve))
  const respond = (value: Answer) => {
    respondedAt = performance.now()
    answer = value
    onAnswered()
  }

  // Resolves in the microtask after React's commit puts the first field in the DOM.
  let interactiveAt = 0
  const interactive = new Promise<HTMLElement>((resolve) => {
    const observer = new MutationObserver(() => {
      const first = container.querySelector<HTMLElement>(FOCUSABLE)
      if (!first) return
      first.getBoundingClientRect()
      first.focus()
      if (document.activeElement !== first) return
      interactiveAt = performance.now()
      observer.disconnect()
      resolve(first)
    })
    observer.observe(container, { childList: true, subtree: true })
  })

  // --- handed over ---
  const start = performance.now()
  const params = result.inputRequests.details.params
  root.render(
    kind === 'ours' ? (
      <ElicitationForm request={params} validator={validator} onRespond={(r) => respond(r as Answer)} />
    ) : (
      <Form schema={params.requestedSchema} validator={validator} onSubmit={({ formData }) => respond({ action: 'accept', content: formData })} />
    ),
  )
  await withTimeout(interactive, 10_000, `${kind} ${fields} fields: first input`)
  const controls = container.querySelectorAll(FOCUSABLE).length
  if (controls < fields) throw new Error(`${kind} ${fields} fields: only ${controls} inputs rendered`)
  await afterPaint()
  const paintedAt = performance.now()

  const button = container.querySelector<HTMLButtonElement>(kind === 'ours' ? 'button.mcp-elicit-accept' : 'button[type="submit"]')
  if (!button) throw new Error(`${kind}: no accept/submit button`)
  const clickAt = performance.now()
  button.click()
  await withTimeout(answered, 10_000, `${kind} ${fields} fields: answer`)
  if (answer?.action !== 'accept' || Object.keys(answer.content ?? {}).length !== fields) {
    throw new Error(`${kind} ${fields} fields: answered ${JSON.stringify(answer)}`)
  }
  root.unmount()
  container.remove()
  return { kind, fields, interactiveMs: interactiveAt - start, paintedMs: paintedAt - start, submitMs: respondedAt - clickAt }
}

let runNumber = 0

type ResultKind = 'toolResult' | 'pre'

interface ResultRunResult {
  kind: ResultKind
  committedMs: number
  paintedMs: number
  nodes: number
}

/** Deterministic, about 1 MB as compact JSON: `count` records with strings, numbers, a boolean, a nested object and a short array. */
function largeValue(count: number) {
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel']
  const items = []
  let seed = 12345
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
  for (let i = 0; i < count; i++) {
    items.push({
      id: i,
      name: `Item ${i} ${words[i % words.length]}`,
      score: (next() % 100000) / 100,
      active: i % 3 !== 0,
      tags: [words[next() % 8], words[next() % 8]],
      owner: { id: next() % 10000, email: `user${i}@example.com`, region: words[(i >> 3) % 8] },
      note: `Record ${i}: ${words[(i * 7) % 8]} ${words[(i * 5) % 8]} ${words[(i * 3) % 8]}`,
    })
  }
  return { total: count, items }
}

let largeText = ''

function resultOnce(kind: ResultKind): Promise<ResultRunResult> {
  const container = document.createElement('section')
  stage.append(container)
  const root = createRoot(container)
  const value = JSON.parse(largeText) as unknown
  const selector = kind === 'toolResult' ? '.mcp-elicit-tool-result' : 'pre'
  let committedAt = 0
  const committed = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!container.querySelector(selector)) return
      committedAt = performance.now()
      observer.disconnect()
      resolve()
    })
    observer.observe(container, { childList: true, subtree: true })
  })
  // --- handed over ---
  const start = performance.now()
  root.render(kind === 'toolResult' ? <ToolResult result={{ content: [], structuredContent: value }} /> : <pre>{JSON.stringify(value, null, 2)}</pre>)
  return withTimeout(committed, 20_000, `${kind}: result committed`).then(async () => {
    await afterPaint()
    const paintedAt = performance.now()
    const nodes = container.getElementsByTagName('*').length
    root.unmount()
    container.remove()
    return { kind, committedMs: committedAt - start, paintedMs: paintedAt - start, nodes }
  })
}

/** `warmup` unrecorded then `runs` recorded runs per contestant, alternating which goes first; returns the value's size too. */
async function runResult(runs: number, warmup: number, count: number): Promise<{ bytes: number; prettyBytes: number; runs: ResultRunResult[] }> {
  const value = largeValue(count)
  largeText = JSON.stringify(value)
  const prettyBytes = JSON.stringify(value, null, 2).length
  const results: ResultRunResult[] = []
  for (let i = 0; i < warmup + runs; i++) {
    const order: ResultKind[] = i % 2 === 0 ? ['toolResult', 'pre'] : ['pre', 'toolResult']
    for (const kind of order) {
      const r = await resultOnce(kind)
      if (i >= warmup) results.push(r)
      ;(globalThis as { gc?: () => void }).gc?.()
      await rest(5)
      await afterPaint()
    }
  }
  return { bytes: new TextEncoder().encode(largeText).length, prettyBytes, runs: results }
}

/** `warmup` unrecorded then `runs` recorded runs per contestant, alternating which goes first. */
async function run(fields: number, runs: number, warmup: number): Promise<RunResult[]> {
  const results: RunResult[] = []
  for (let i = 0; i < warmup + runs; i++) {
    const order: Kind[] = i % 2 === 0 ? ['ours', 'rjsf'] : ['rjsf', 'ours']
    for (const kind of order) {
      const r = await once(kind, fields, ++runNumber)
      if (i >= warmup) results.push(r)
      // Collect between runs (the browser runs with --js-flags=--expose-gc) so a collection lands in no measurement.
      ;(globalThis as { gc?: () => void }).gc?.()
      await rest(5)
      // Start right after a frame, so no paint of the previous run overlaps the next.
      await afterPaint()
    }
  }
  return results
}

declare global {
  interface Window {
    formsBench: { ready: true; run: typeof run; runResult: typeof runResult }
  }
}
window.formsBench = { ready: true, run, runResult }
