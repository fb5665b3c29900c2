/**
 * The multi-round flows the demo server (`demo.ts`) and the test fixture
 * (`testing.ts`) both offer, written once; each tool passes its names, texts,
 * schemas and records, and mints its own signed `requestState`:
 *
 * - `formWizard`: form questions asked one per round, the answers so far
 *   carried in signed state (`trip_wizard`, `wizard`).
 * - `countedRound`: work split into rounds that carry only requestState, one
 *   progress notification a round (`crunch_numbers`, `slow_steps`).
 * - `outsideStepRound`: a URL-mode question whose page is one of the server's
 *   own outside steps, asked again until the tool is satisfied
 *   (`connect_account`, `confirm_url`).
 *
 * (One-round questions and progress loops are `oneRound` and
 * `progressTicks` in `../kit.ts`.)
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { randomUUID } from 'node:crypto'

import { ProtocolError, ProtocolErrorCode, inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type { ElicitInputParams, InputRequiredResult, InputResponseView, ServerContext } from '@modelcontextprotocol/server'

import { progressTokenOf, sendProgress, sleep } from '../kit.ts'
import type { OutsideStep } from '../outside-step.ts'

/** One round of a {@link formWizard}: a form question, and how its accepted answer joins the answers so far. */
export interface FormStep<Answers> {
  /** The input key its question is asked under (and the name a stop reports). */
  key: string
  /** The question, given the answers so far; `problem` says what was wrong with the last answer. */
  question(answers: Answers, problem?: string): ElicitInputParams
  /** The answers with this step's accepted content added; a string instead is what is wrong with it, and the step is asked again. */
  take(answers: Answers, content: Record<string, unknown>): Answers | string
}

export interface FormWizard<Answers, Result> {
  steps: ReadonlyArray<FormStep<Answers>>
  /** Signs the state that carries `answers` to the round that answers step `step` (1-based). */
  mint(step: number, answers: Answers): Promise<string>
  /** A step declined or cancelled (or, with `stopWhenLastMissing`, the last one unanswered). */
  stopped(key: string, view: InputResponseView, answers: Answers): Result
  /** Every step accepted. */
  done(answers: Answers): Result
  /** A retried last round without its answer stops the wizard instead of asking again. Default false. */
  stopWhenLastMissing?: boolean
}

/**
 * This round of a form wizard: `at` is the verified state (`{ tool, step,
 * ...answers }`), undefined on the first round. An unanswered round is
 * asked again with the same state.
 */
export async function formWizard<Answers extends object, Result>(
  ctx: ServerContext,
  at: ({ tool: string; step: number } & Answers) | undefined,
  wizard: FormWizard<Answers, Result>,
): Promise<Result | InputRequiredResult> {
  const stepAt = (index: number): FormStep<Answers> => {
    const step = wizard.steps[index]
    if (step === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `the wizard has no step ${index + 1}`)
    return step
  }
  const askStep = async (index: number, answers: Answers, problem?: string) => {
    const step = stepAt(index)
    return inputRequired({
      inputRequests: { [step.key]: inputRequired.elicit(step.question(answers, problem)) },
      requestState: await wizard.mint(index + 1, answers),
    })
  }
  if (at === undefined) return askStep(0, {} as Answers)
  const { tool: _tool, step, ...rest } = at
  const answers = rest as unknown as Answers
  const index = step - 1
  const current = stepAt(index)
  const last = index === wizard.steps.length - 1
  const view = inputResponse(ctx.mcpReq.inputResponses, current.key)
  if (view.kind !== 'elicit' && !(last && wizard.stopWhenLastMissing === true)) return askStep(index, answers)
  if (view.kind !== 'elicit' || view.action !== 'accept') return wizard.stopped(current.key, view, answers)
  const taken = current.take(answers, view.content ?? {})
  if (typeof taken === 'string') return askStep(index, answers, taken)
  return last ? wizard.done(taken) : askStep(index + 1, taken)
}

/** Where a {@link countedRound} flow stands: rounds done, of how many. */
export interface Count {
  done: number
  steps: number
}

export interface CountedRounds<Data, Result> {
  /** How many rounds this call's arguments ask for (later rounds keep the count in their state). */
  steps: number
  /** A pause before each round's progress, in ms. Default none. */
  pauseMs?: number
  /** The progress message of round `done`. */
  message(done: number, steps: number): string
  /** The flow's own data after round `done`, from the last round's (undefined on the first); `progressed`: this round's notification went out. */
  next(last: Data | undefined, done: number, progressed: boolean): Data
  /** Signs the state of the next round. */
  mint(state: Data & Count): Promise<string>
  /** The last round is done. */
  finished(state: Data & Count): Result
}

/**
 * This round of work split into rounds that carry only signed requestState
 * (no questions): one progress notification (when the client asked for
 * progress), then the next round's state, or the result after the last.
 */
export async function countedRound<Data extends object, Result>(
  ctx: ServerContext,
  at: NoInfer<Data & Count> | undefined,
  rounds: CountedRounds<Data, Result>,
): Promise<Result | InputRequiredResult> {
  const steps = at?.steps ?? rounds.steps
  const done = (at?.done ?? 0) + 1
  const token = progressTokenOf(ctx)
  if (rounds.pauseMs !== undefined) await sleep(rounds.pauseMs, ctx.mcpReq.signal)
  const progressed = token !== undefined && (await sendProgress(ctx, token, done, steps, rounds.message(done, steps)))
  const state = { ...rounds.next(at, done, progressed), done, steps }
  if (done < steps) return inputRequired({ requestState: await rounds.mint(state) })
  return rounds.finished(state)
}

/** The answer to an {@link outsideStepRound}'s question. */
export interface OutsideStepAnswer {
  /** The flow's own id, the one its page was issued for. */
  id: string
  /** How many times the question was asked. */
  asks: number
  action: 'accept' | 'decline' | 'cancel'
  /** Whether the person finished the page. */
  completed: boolean
}

export interface OutsideStepQuestion<Result> {
  /** The input key the URL-mode question is asked under. */
  key: string
  /** The outside step whose page the question sends the person to. */
  page: OutsideStep
  /** The question's message; `again` when it is asked again because the tool was not satisfied. */
  message(again: boolean): string
  /** Signs the state that carries the id and the count of asks. */
  mint(id: string, asks: number): Promise<string>
  /** The answer; `askAgain` asks the same page again (`again` true). */
  answered(answer: OutsideStepAnswer, askAgain: () => Promise<InputRequiredResult>): Result | Promise<Result | InputRequiredResult>
}

/**
 * This round of a URL-mode question whose page is one of the server's own
 * outside steps: a fresh id on the first round, the same id (from the
 * verified state `at`) on every later one; an unanswered round is asked again.
 */
export async function outsideStepRound<Result>(
  ctx: ServerContext,
  at: { id: string; asks: number } | undefined,
  question: OutsideStepQuestion<Result>,
): Promise<Result | InputRequiredResult> {
  const askUrl = async (id: string, asks: number, again: boolean) =>
    inputRequired({
      inputRequests: { [question.key]: inputRequired.elicitUrl({ message: question.message(again), url: question.page.issue(id) }) },
      requestState: await question.mint(id, asks),
    })
  if (at === undefined) return askUrl(randomUUID(), 1, false)
  const view = inputResponse(ctx.mcpReq.inputResponses, question.key)
  if (view.kind !== 'elicit') return askUrl(at.id, at.asks + 1, false)
  const answer = { id: at.id, asks: at.asks, action: view.action, completed: question.page.completed.has(at.id) }
  return question.answered(answer, () => askUrl(at.id, at.asks + 1, true))
}
