/**
 * What the kit's tools share: one round of questions (`oneRound`, `ask`),
 * plain-text results, how an answer is reported, progress (`progressTicks`),
 * abortable waits, signed-flow state, mirrored `Mcp-Param-*` headers, and the
 * `received` record a test awaits when it cannot see a tool's result.
 * (Multi-round flows built on these: `tools/rounds.ts`.)
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type {
  CreateMessageRequestParams,
  ElicitInputParams,
  ElicitRequestURLParams,
  InputRequest,
  InputRequiredResult,
  InputResponseView,
  ServerContext,
} from '@modelcontextprotocol/server'

/** Something a tool, prompt or resource got, recorded for tests that cannot see the result. */
export interface ReceivedInput {
  /** Tool name, `prompt:<name>` or `resource:<uri>`. */
  tool: string
  data: unknown
}

/** A {@link ReceivedInput} with the time it arrived. */
export interface ReceivedEntry extends ReceivedInput {
  at: number
}

export interface Recorder<Entry extends ReceivedInput> {
  received: Entry[]
  record(tool: string, data: unknown): void
  /** Resolves with the first entry of `tool` (waits for it). */
  waitForReceived(tool: string, timeoutMs?: number): Promise<Entry>
}

/** A `received` list with a waiter, so tests can await a tool that never answers (aborted calls). */
export function receivedRecorder(): Recorder<ReceivedEntry>
export function receivedRecorder(options: { timestamps: false }): Recorder<ReceivedInput>
export function receivedRecorder(options: { timestamps?: boolean } = {}): Recorder<ReceivedInput> {
  type Entry = ReceivedInput
  const received: Entry[] = []
  const waiters: Array<{ tool: string; resolve: (entry: Entry) => void }> = []
  const record = (tool: string, data: unknown): void => {
    const entry = options.timestamps === false ? { tool, data } : { at: Date.now(), tool, data }
    received.push(entry)
    for (const waiter of waiters.filter((w) => w.tool === tool)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(entry)
    }
  }
  const waitForReceived = (tool: string, timeoutMs = 5000): Promise<Entry> => {
    const found = received.find((entry) => entry.tool === tool)
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const waiter = {
        tool,
        resolve: (entry: Entry) => {
          clearTimeout(timer)
          resolve(entry)
        },
      }
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1)
        reject(new Error(`nothing received by ${tool} within ${timeoutMs} ms`))
      }, timeoutMs)
      waiters.push(waiter)
    })
  }
  return { received, record, waitForReceived }
}

/** The signed-state pair a server hands its tool files, one per flow kind (`tool`). */
export interface SignedState<Payload extends { tool: string }> {
  /** Signs a state for the next round. */
  mint(state: Payload): Promise<string>
  /** This round's verified state of `tool`, or undefined on a first round ({@link stateReader}). */
  stateOf<T extends Payload['tool']>(ctx: ServerContext, tool: T): Extract<Payload, { tool: T }> | undefined
}

/**
 * Reads this round's verified `requestState` for `tool`: undefined on a
 * first round, -32602 when the state belongs to another flow. (The SDK's
 * codec has already refused a forged or expired state.)
 */
export function stateReader<Payload extends { tool: string }>() {
  return <T extends Payload['tool']>(ctx: ServerContext, tool: T): Extract<Payload, { tool: T }> | undefined => {
    const state = ctx.mcpReq.requestState<Payload>()
    if (state === undefined) return undefined
    if (state.tool !== tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState belongs to ${state.tool}, not ${tool}`)
    return state as Extract<Payload, { tool: T }>
  }
}

/** The kinds of answer an embedded request gets back. */
export type AnswerKind = Exclude<InputResponseView['kind'], 'missing'>

/** The answer view of one kind. */
export type AnswerOf<K extends AnswerKind> = Extract<InputResponseView, { kind: K }>

/** An embedded request, with the kind of answer that settles it. */
export interface Question<K extends AnswerKind = AnswerKind> {
  kind: K
  request: InputRequest
}

/** The questions a round asks: a form or a URL to open (an elicitation answers both), the client's model, its roots. */
export const ask = {
  form: (params: ElicitInputParams): Question<'elicit'> => ({ kind: 'elicit', request: inputRequired.elicit(params) }),
  url: (params: Omit<ElicitRequestURLParams, 'mode' | 'elicitationId'>): Question<'elicit'> => ({ kind: 'elicit', request: inputRequired.elicitUrl(params) }),
  model: (params: CreateMessageRequestParams): Question<'sampling'> => ({ kind: 'sampling', request: inputRequired.createMessage(params) }),
  roots: (): Question<'roots'> => ({ kind: 'roots', request: inputRequired.listRoots() }),
}

/**
 * One round of questions asked together, the pattern of every tool, prompt
 * and resource that asks once: `answered` gets the answers once the retried
 * request carries one of the right kind for each key; until then the result
 * is the `input_required` that asks them all.
 */
export function oneRound<Q extends Record<string, Question>, R>(
  ctx: ServerContext,
  questions: Q,
  answered: (answers: { [K in keyof Q]: AnswerOf<Q[K]['kind']> }) => R,
): R | InputRequiredResult {
  const answers: Record<string, InputResponseView> = {}
  for (const [key, question] of Object.entries(questions)) {
    const view = inputResponse(ctx.mcpReq.inputResponses, key)
    if (view.kind !== question.kind) {
      return inputRequired({ inputRequests: Object.fromEntries(Object.entries(questions).map(([name, { request }]) => [name, request])) })
    }
    answers[key] = view
  }
  return answered(answers as { [K in keyof Q]: AnswerOf<Q[K]['kind']> })
}

/** A sampling answer's content as one line of text (non-text blocks as `[type]`). */
export function modelText(result: AnswerOf<'sampling'>['result']): string {
  const blocks = Array.isArray(result.content) ? result.content : [result.content]
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ')
}

/** Decodes the `=?base64?…?=` header sentinel; other values are returned as they are. */
export function decodeHeaderValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const match = /^=\?base64\?(.*)\?=$/.exec(value)
  if (!match) return value
  return Buffer.from(match[1] ?? '', 'base64').toString('utf8')
}

/** The `Mcp-Param-<name>` header of this request (an `x-mcp-header` parameter's mirror), decoded and as sent. */
export function mirroredHeader(ctx: ServerContext, name: string): { header: string | null; rawHeader: string | null } {
  const rawHeader = ctx.http?.req?.headers.get(`mcp-param-${name.toLowerCase()}`) ?? null
  return { header: decodeHeaderValue(rawHeader), rawHeader }
}

/** Waits `ms`, resolving `true` early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(true)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(true)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(false)
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** What an answer view holds, as plain data for logs and results. */
export function answerData(view: InputResponseView): unknown {
  switch (view.kind) {
    case 'missing':
      return { kind: 'missing' }
    case 'elicit':
      return view.content === undefined ? { action: view.action } : { action: view.action, content: view.content }
    case 'sampling':
      return { sampling: view.result }
    case 'roots':
      return { roots: view.roots }
  }
}

/** `accept {"a":1}`, `decline`, `cancel`, or `missing`: how every result reports an elicitation answer. */
export function answerText(view: InputResponseView): string {
  if (view.kind === 'elicit') return view.action === 'accept' ? `accept ${JSON.stringify(view.content ?? {})}` : view.action
  return view.kind
}

/** What THIS request's client declared it can do (2026-07-28 `_meta` envelope); empty on a 2025-era request. */
export function clientCapabilitiesOf(ctx: ServerContext): { extensions?: Record<string, unknown>; [capability: string]: unknown } {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined
  const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY]
  return typeof declared === 'object' && declared !== null ? (declared as Record<string, unknown>) : {}
}

/** The request's `progressToken`, when the client opted in to progress. */
export function progressTokenOf(ctx: ServerContext): string | number | undefined {
  const token = ctx.mcpReq._meta?.progressToken
  return typeof token === 'string' || typeof token === 'number' ? token : undefined
}

/** Sends one progress notification; false when the client is gone (closing the stream is how it cancels). */
export async function sendProgress(ctx: ServerContext, token: string | number | undefined, progress: number, total: number, message: string): Promise<boolean> {
  if (token === undefined) return true
  try {
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } })
    return true
  } catch {
    return false
  }
}

/**
 * Works in `ticks` steps `delayMs` apart with a progress notification at
 * each (when the client asked for progress), before or after the wait;
 * stops early when the client goes away (the signal aborts, or a
 * notification cannot be sent).
 */
export async function progressTicks(
  ctx: ServerContext,
  { ticks, delayMs, waitFirst, message }: { ticks: number; delayMs: number; waitFirst: boolean; message(tick: number): string },
): Promise<{ token: string | number | undefined; sent: number; aborted: boolean }> {
  const token = progressTokenOf(ctx)
  let sent = 0
  let aborted = false
  for (let tick = 1; tick <= ticks && !aborted; tick++) {
    if (waitFirst && (await sleep(delayMs, ctx.mcpReq.signal))) {
      aborted = true
      break
    }
    if (token !== undefined) {
      if (await sendProgress(ctx, token, tick, ticks, message(tick))) sent++
      else aborted = true
    }
    if (!waitFirst && (await sleep(delayMs, ctx.mcpReq.signal))) aborted = true
  }
  return { token, sent, aborted }
}

/** A text-only tool result; plain enough for both SDKs' tool types (v1 and v2). */
export function text(value: string): { content: Array<{ type: 'text'; text: string }> } {
  return { content: [{ type: 'text', text: value }] }
}

/** The two-field form ("Tell me about you": a name and an age) the test servers of both eras ask with. */
export const ABOUT_YOU_SCHEMA = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, title: 'Name' },
    age: { type: 'integer' as const, title: 'Age', minimum: 0 },
  },
  required: ['name', 'age'],
}
