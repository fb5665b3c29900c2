/**
 * A frontend tool's `execute` for an MCP tool, for the assistant-ui
 * runtimes that run frontend tools (the AI SDK runtime, assistant-transport,
 * the external-store runtime with `unstable_enableToolInvocations`): the call
 * runs through our call observer, and every input round goes through
 * assistant-ui's human-in-the-loop seam (`await human(round)`; the tool UI
 * answers with `resume(answers)`). The runtime's `abortSignal` (Stop) stops
 * the call: the server gets the cancel. The round is kept under the
 * `toolCallId`, so a reload finds it (the tool UI resumes it: see
 * McpToolPart.tsx).
 */
import { CallObserver, type CallObserverOptions, type CallState, type JsonObject, type McpClient, type McpResult } from '../core/index.js'
import { missingApi } from './errors.js'
import { liveCalls, type LiveCalls } from './live-calls.js'
import { ROUND_PAYLOAD_TYPE, readRoundAnswers, type McpRoundPayload } from './round-payload.js'

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
}

export function executeRuns(): ExecuteRuns {
  return { running: new Set(), stopped: new Set(), live: liveCalls() }
}

/**
 * Runs `tools/call` for `name` with `args`, asking each round through
 * `context.human`. Resolves with the MCP result (an error result for a
 * failed or stopped call, so the model hears about it); throws an
 * `McpAssistantUiError` (`UNSUPPORTED_VERSION`) when the runtime gives no `human`.
 */
export async function executeMcpTool(client: McpClient, name: string, args: JsonObject, context: ExecuteContext, options: CallObserverOptions, runs: ExecuteRuns = executeRuns()): Promise<McpResult> {
  if (typeof context?.human !== 'function') {
    throw missingApi('execute context.human', `the MCP tool "${name.slice(0, 100)}" cannot ask its questions in the thread`)
  }
  const human = context.human
  const observer = new CallObserver(client, { ...options, storageKey: context.toolCallId })
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
    const saved = options.storage ? await observer.saved().catch(() => undefined) : undefined
    const final = (saved ? await observer.restore() : undefined) ?? (await observer.start({ method: 'tools/call', params: { name, arguments: args } }))
    return outcome(final)
  } finally {
    unsubscribe()
    if (context.abortSignal.aborted) runs.stopped.add(context.toolCallId)
    runs.running.delete(context.toolCallId)
    runs.live?.remove(context.toolCallId, observer)
    context.abortSignal.removeEventListener('abort', stop)
  }
}

/** What the model is told: the result, or why there is none, as an MCP error result. */
export function outcome(state: CallState): McpResult {
  if (state.status === 'done') return state.result
  if (state.status === 'error') return errorResult(`The call failed: ${state.error.message}`)
  return stoppedResult()
}

export function stoppedResult(): McpResult {
  return errorResult('The person stopped the call.')
}

function errorResult(text: string): McpResult {
  return { content: [{ type: 'text', text }], isError: true }
}
