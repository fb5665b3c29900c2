/**
 * `long_task`: `steps` steps of `stepMs` each, with one question at step
 * `askAt` ("Halfway there: continue with the remaining steps?"). One tool,
 * two ways of running, chosen per request:
 *
 * - the client declared the tasks extension → the call is answered at once
 *   with a task, and the steps run in the background; the question waits in
 *   the task's `inputRequests` until a `tasks/update` answers it;
 * - it did not (a 2026-07-28 client without the extension, or a 2025-11-25
 *   session) → the steps run inside the `tools/call`, with progress per
 *   step, and the question is an `input_required` round. On a 2025-era
 *   session the SDK's legacy shim turns that round into a pushed
 *   `elicitation/create`, so the same code serves both eras.
 *
 * Every result states what the question's answer was, as the other demo
 * tools do, and every run ends in one `record('long_task', …)`.
 */
import { inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type { CallToolResult, InputRequest, InputRequiredResult, InputResponseView, McpServer, ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { answerData, answerText, progressTokenOf, sendProgress, sleep, text } from '../kit.ts'
import { declaresTasks } from './tasks-extension.ts'
import type { Task, TaskStore } from './tasks-extension.ts'

/** A run's parameters; also the checkpoint an inline run resumes from, the first `askAt` steps done. */
export interface LongTaskRun {
  steps: number
  stepMs: number
  askAt: number
}

export interface LongTaskOptions {
  /** Where background runs live; one per server start. */
  store: TaskStore
  /** Called once per run with `{ taskId, steps, done, answer, outcome }`. */
  record(tool: string, data: unknown): void
  /**
   * Carries the checkpoint of an inline run across its `input_required`
   * round in `requestState` (sign it: the client holds it). Without one, the
   * retry trusts the answer alone: an answer to the question means the
   * first `askAt` steps are done.
   */
  checkpoint?: {
    mint(checkpoint: LongTaskRun): Promise<string>
    /** The verified checkpoint of this round, or undefined on a first round. */
    read(ctx: ServerContext): LongTaskRun | undefined
  }
}

type Outcome = 'completed' | 'cancelled' | 'stopped'

const TEN_MINUTES = 10 * 60 * 1000

const keyOf = (askAt: number) => `confirm-${askAt}`

function question(): InputRequest {
  return inputRequired.elicit({
    message: 'Halfway there: continue with the remaining steps?',
    requestedSchema: {
      type: 'object',
      properties: {
        proceed: { type: 'boolean', title: 'Continue', default: true },
        note: { type: 'string', title: 'Note for the log' },
      },
      required: ['proceed'],
    },
  })
}

const proceeds = (view: InputResponseView) => view.kind === 'elicit' && view.action === 'accept' && view.content?.proceed === true
const doneText = (steps: number, view: InputResponseView | undefined) => `long_task: ${steps} steps done; confirm: ${view ? answerText(view) : 'not asked'}`
const stoppedText = (step: number, view: InputResponseView) => `long_task: stopped after step ${step} (${answerText(view)})`
const stepMessage = (step: number, steps: number) => `Step ${step} of ${steps}`

export function registerLongTask(server: McpServer, options: LongTaskOptions): void {
  const recordOutcome = (taskId: string | null, steps: number, done: number, view: InputResponseView | undefined, outcome: Outcome) =>
    options.record('long_task', { taskId, steps, done, answer: view ? answerData(view) : null, outcome })

  /** The background run of a task: nothing here may touch the creating request, long answered. */
  async function work(task: Task, { steps, stepMs, askAt }: LongTaskRun): Promise<void> {
    let view: InputResponseView | undefined
    for (let step = 1; step <= steps; step++) {
      if (await sleep(stepMs, task.signal)) return recordOutcome(task.taskId, steps, step - 1, view, 'cancelled')
      task.report({ statusMessage: stepMessage(step, steps), progress: { progress: step, total: steps } })
      if (step !== askAt) continue
      const key = keyOf(askAt)
      const answer = await task.ask(key, question())
      if (task.signal.aborted) return recordOutcome(task.taskId, steps, step, view, 'cancelled')
      view = inputResponse({ [key]: answer }, key)
      if (!proceeds(view)) {
        task.complete(text(stoppedText(step, view)), `Stopped after step ${step}`)
        return recordOutcome(task.taskId, steps, step, view, 'stopped')
      }
    }
    task.complete(text(doneText(steps, view)), `Done: ${steps} steps`)
    recordOutcome(task.taskId, steps, steps, view, 'completed')
  }

  /** The inline run: the first round does steps 1..askAt and asks; the retry does the rest. */
  async function inline(args: LongTaskRun, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    const saved = options.checkpoint?.read(ctx)
    const { steps, stepMs, askAt } = saved ?? args
    const key = keyOf(askAt)
    const view = inputResponse(ctx.mcpReq.inputResponses, key)
    const asks = askAt >= 1 && askAt <= steps
    const resumed = asks && (options.checkpoint ? saved !== undefined : view.kind !== 'missing')
    const answered = resumed ? view : undefined
    const ask = async () =>
      inputRequired({
        inputRequests: { [key]: question() },
        ...(options.checkpoint ? { requestState: await options.checkpoint.mint({ steps, stepMs, askAt }) } : {}),
      })

    if (resumed && view.kind === 'missing') return ask()
    if (resumed && !proceeds(view)) {
      recordOutcome(null, steps, askAt, view, 'stopped')
      return text(stoppedText(askAt, view))
    }
    const token = progressTokenOf(ctx)
    const last = asks && !resumed ? askAt : steps
    for (let step = resumed ? askAt + 1 : 1; step <= last; step++) {
      // A closed stream is how an inline caller cancels: the signal aborts, or the progress cannot be sent.
      if ((await sleep(stepMs, ctx.mcpReq.signal)) || !(await sendProgress(ctx, token, step, steps, stepMessage(step, steps)))) {
        recordOutcome(null, steps, step - 1, answered, 'cancelled')
        return text(`long_task: cancelled after step ${step - 1}`)
      }
    }
    if (asks && !resumed) return ask()
    recordOutcome(null, steps, steps, answered, 'completed')
    return text(doneText(steps, answered))
  }

  server.registerTool(
    'long_task',
    {
      title: 'Long task',
      description:
        'Works through `steps` steps of `stepMs` each, in the background as a task when the client supports the tasks extension (inline otherwise), and asks once halfway (after step `askAt`) whether to go on.',
      inputSchema: z.object({
        steps: z.number().int().min(1).max(50).default(8).describe('How many steps (1 to 50).'),
        stepMs: z.number().int().min(10).max(5000).default(1000).describe('Milliseconds per step (10 to 5,000).'),
        askAt: z.number().int().min(0).max(50).optional().describe('After which step to ask whether to go on; 0 never asks. Default: half the steps, rounded up.'),
      }),
    },
    async ({ steps, stepMs, askAt }, ctx) => {
      const run = { steps, stepMs, askAt: askAt ?? Math.ceil(steps / 2) }
      if (!declaresTasks(ctx)) return inline(run, ctx)
      const task = options.store.create({
        ttlMs: TEN_MINUTES,
        pollIntervalMs: Math.max(100, Math.min(stepMs, 1000)),
        statusMessage: 'Starting',
        progress: { progress: 0, total: steps },
      })
      void work(task, run).catch((error: unknown) => task.fail({ code: -32603, message: `long_task failed: ${String(error)}` }))
      // The SDK has no type for SEP-2663's CreateTaskResult; it sends the object as is.
      return task.created() as unknown as CallToolResult
    },
  )
}
