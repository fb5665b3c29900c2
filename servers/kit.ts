/**
 * What the kit's tools share: plain-text results, how an answer is reported,
 * progress, abortable waits, signed-flow state, and the `received` record a
 * test awaits when it cannot see a tool's result.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { InputResponseView, ServerContext } from '@modelcontextprotocol/server'

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

/** Decodes the `=?base64?…?=` header sentinel; other values are returned as they are. */
export function decodeHeaderValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const match = /^=\?base64\?(.*)\?=$/.exec(value)
  if (!match) return value
  return Buffer.from(match[1] ?? '', 'base64').toString('utf8')
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
