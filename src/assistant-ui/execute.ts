/**
 * A frontend tool's `execute` for an MCP tool, for the assistant-ui
 * runtimes that run frontend tools (the AI SDK runtime, assistant-transport,
 * the external-store runtime with `unstable_enableToolInvocations`): the call
 * runs through our call observer, and every input round goes through
 * assistant-ui's human-in-the-loop seam (`await human(round)`; the tool UI
 * answers with `resume(answers)`). The runtime's `abortSignal` (Stop) stops
 * the call: the server gets the cancel. The round is kept under the
 * `toolCallId`, so a reload finds it (the tool UI resumes it: see
 * McpToolPart.tsx). A call the host's policy asks about (`askFirst`) asks
 * whether to run at all first, through `human()` too, and sends nothing
 * before the person's Run. The thread gets the result bounded (the model
 * reads it on every turn); the whole one stays in `runs.results` for the
 * part to show.
 */
import { CallObserver, type CallObserverOptions, type CallState, type JsonObject, type McpClient, type McpResult } from '../core/index.js'
import { hasSavedCall } from '../chat/saved-call.js'
import { declinedResult, failedResult, keepWhole, stoppedResult, threadResult } from './call-results.js'
import { missingApi } from './errors.js'
import { liveCalls, type LiveCalls } from './live-calls.js'
import { approvedRun, readRoundAnswers, ROUND_PAYLOAD_TYPE, RUN_APPROVAL_TYPE, type McpRoundPayload, type McpRunApprovalPayload } from './round-payload.js'

/** What assistant-ui hands a frontend tool's `execute` (assistant-stream's `ToolExecutionContext`). */
export interface ExecuteContext {
  toolCallId: string
  abortSignal: AbortSignal
  human?: ((payload: unknown) => Promise<unknown>) | undefined
}

/**
 * The calls `execute` runs (so the tool UI does not start the same call a
 * second time) and those the run's Stop ended (so the tool UI does not start
 * them again either: it tells the model they were stopped). `live` holds
 * each running call's observer while it runs, for its tool UI to show the
 * call's progress and task status.
 */
export interface ExecuteRuns {
  running: Set<string>
  stopped: Set<string>
  live?: LiveCalls | undefined
  /** The whole result of each call that finished on this page, for its part (the thread holds the bounded copy). */
  results?: Map<string, McpResult> | undefined
  /** The calls the person said Run to on this page (`askBeforeRunning`). */
  approved?: Set<string> | undefined
}

export function executeRuns(): ExecuteRuns {
  return { running: new Set(), stopped: new Set(), live: liveCalls(), results: new Map(), approved: new Set() }
}

/** The call observer's options, and whether to ask the person before the call goes out. */
export interface ExecuteOptions extends CallObserverOptions {
  /** Ask "Run …?" through `human()` first (a {@link McpRunApprovalPayload}); nothing is sent before `resume({ run: true })`. */
  askFirst?: boolean | undefined
}

/**
 * Runs `tools/call` for `name` with `args`, asking each round through
 * `context.human` (and, with `askFirst`, whether to run at all). Resolves
 * with the MCP result bounded for the thread (an error result for a failed,
 * stopped or refused call, so the model hears about it); throws an
 * `McpAssistantUiError` (`UNSUPPORTED_VERSION`) when the runtime gives no `human`.
 */
export async function executeMcpTool(client: McpClient, name: string, args: JsonObject, context: ExecuteContext, options: ExecuteOptions, runs: ExecuteRuns = executeRuns()): Promise<McpResult> {
  if (typeof context?.human !== 'function') {
    throw missingApi('execute context.human', `the MCP tool "${name.slice(0, 100)}" cannot ask its questions in the thread`)
  }
  const { askFirst, ...observerOptions } = options
  const human = context.human
  // A call kept in storage went out once (the person said Run then): it resumes without asking again.
  if (askFirst && !runs.approved?.has(context.toolCallId) && !(await hasSavedCall(observerOptions.storage, context.toolCallId))) {
    const id = context.toolCallId
    // Running from here on, for the part: its card is this question, never a call of its own.
    runs.running.add(id)
    try {
      const answer = await askToRun(human, { type: RUN_APPROVAL_TYPE, tool: name }, context.abortSignal)
      if (answer === 'stopped') {
        runs.stopped.add(id)
        return stoppedResult()
      }
      if (answer === 'declined') return declinedResult()
      runs.approved?.add(id)
    } finally {
      runs.running.delete(id)
    }
  }
  const observer = new CallObserver(client, { ...observerOptions, storageKey: context.toolCallId })
  const stop = () => observer.cancel()
  context.abortSignal.addEventListener('abort', stop, { once: true })
  runs.running.add(context.toolCallId)
  runs.live?.add(context.toolCallId, observer)
  let asked = 0
  const unsubscribe = observer.subscribe(() => {
    const state = observer.getSnapshot()
    if (state.status !== 'awaiting_input' || state.round === asked) return
    asked = state.round
    const open = state.inputs.filter((input) => !input.answered)
    const payload: McpRoundPayload = { type: ROUND_PAYLOAD_TYPE, tool: name, round: state.round, inputs: open }
    human(payload).then(
      (value) => {
        if (context.abortSignal.aborted) return
        const answers = readRoundAnswers(value, open.map((input) => input.key))
        for (const [key, answer] of Object.entries(answers)) observer.respond(key, answer)
      },
      // A human request the runtime dropped (its run ended) ends the call too.
      () => observer.cancel(),
    ).catch(() => observer.cancel())
  })
  try {
    if (context.abortSignal.aborted) return stoppedResult()
    // A storage that cannot be read keeps nothing this run can resume: the call starts (the runtime asked for it now).
    const saved = observerOptions.storage ? await observer.saved().catch(() => undefined) : undefined
    const final = (saved ? await observer.restore() : undefined) ?? (await observer.start({ method: 'tools/call', params: { name, arguments: args } }))
    if (final.status === 'done') keepWhole(runs.results, context.toolCallId, final.result)
    return outcome(final)
  } finally {
    unsubscribe()
    if (context.abortSignal.aborted) runs.stopped.add(context.toolCallId)
    runs.running.delete(context.toolCallId)
    runs.live?.remove(context.toolCallId, observer)
    context.abortSignal.removeEventListener('abort', stop)
  }
}

/** What the model is told: the result bounded, or why there is none, as an MCP error result. */
export function outcome(state: CallState): McpResult {
  if (state.status === 'done') return threadResult(state.result)
  if (state.status === 'error') return failedResult(state.error)
  return stoppedResult()
}

/** The person's answer to "Run …?": Run, Don't run (or a dropped question), or the run's Stop while it waited. */
async function askToRun(human: NonNullable<ExecuteContext['human']>, payload: McpRunApprovalPayload, signal: AbortSignal): Promise<'run' | 'declined' | 'stopped'> {
  if (signal.aborted) return 'stopped'
  let stop = () => {}
  const stopped = new Promise<'stopped'>((resolve) => {
    stop = () => resolve('stopped')
    signal.addEventListener('abort', stop, { once: true })
  })
  try {
    const asked = human(payload).then(
      (value) => (approvedRun(value) ? ('run' as const) : ('declined' as const)),
      () => 'declined' as const,
    )
    return await Promise.race([asked, stopped])
  } finally {
    signal.removeEventListener('abort', stop)
  }
}
