/**
 * Runs one call at a time through the round loop and exposes it as an
 * external store (`subscribe` / `getSnapshot`), so any UI (the React hook, a
 * Vue wrapper, a test) renders the same state. Questions wait for `respond`;
 * host handlers may answer sampling, roots or even elicitation without a UI.
 * The observer keeps the state; keeping the call across a reload (reading
 * and writing the storage, the writing loaded on demand) is
 * call-persistence.ts's, told at every change.
 */
import { reduceCall, IDLE, isActive, type CallAction, type CallState, type PendingInput } from './call-state.js'
import { CallPersistence } from './call-persistence.js'
import { answersOf, answersToResend, isCallOf, isLostCall, isSavedTask, savedRound, type RoundStorage, type SavedCall, type SavedTask, type StoredCall } from './call-storage.js'
import { endpointKey } from './endpoint-key.js'
import { notify } from './listeners.js'
import type { InputContext, McpClient } from './client.js'
import { McpArgumentError, McpCancelledError, McpInputError, isMcpCancelledError, isMcpError, type McpError } from './errors.js'
import { hostAnswer, type HostHandlers } from './host-handlers.js'
import { redactUrl } from './redact-url.js'
import type { OriginalRequest } from './input-round.js'
import { DETACHED } from './signals.js'
import type { InputRequests, InputResponse, InputResponses, JsonObject, McpResult } from './types.js'

export interface CallObserverOptions extends HostHandlers {
  /** @defaultValue the client's */
  maxRounds?: number
  pacingMs?: number
  /** Where an open round is kept across reloads. Nothing is stored without it. */
  storage?: RoundStorage
  /** The storage key of this observer's call. @defaultValue `'call'` */
  storageKey?: string
  /** Why a round was not saved to `storage`, say. @defaultValue the client's `onWarning` */
  onWarning?: (message: string) => void
}

/** An answer that declines: an explicit no. */
export const declineAnswer = (): InputResponse => ({ action: 'decline' })
/** An answer that cancels: the question was dismissed. */
export const cancelAnswer = (): InputResponse => ({ action: 'cancel' })

/** One ask waiting for answers: a whole MRTR round, or one request a legacy server pushed. */
interface Waiter {
  keys: string[]
  resolve: (responses: InputResponses) => void
}

export class CallObserver {
  #client: McpClient
  #options: CallObserverOptions
  #state: CallState = IDLE
  #memory: ReturnType<typeof reduceCall>['memory'] = { lastResult: undefined, answers: {} }
  #listeners = new Set<() => void>()
  #controller: AbortController | undefined
  /** The state a superseded or cancelled run ended in, keyed by its controller. */
  #endings = new WeakMap<AbortController, CallState>()
  /** Legacy servers may push several requests at once: each waits for its own keys. */
  #waiters: Waiter[] = []
  #runs = 0
  /** Unsent form content by question key, for the open round only (see {@link saveDraft}). */
  #drafts: Record<string, JsonObject> = {}
  /** Keys of the running task's questions already answered, for storage. */
  #taskAnswered: readonly string[] = []
  #storage = new CallPersistence(
    () => ({ storage: this.#options.storage, key: this.#options.storageKey ?? 'call' }),
    (message) => (this.#options.onWarning ?? ((text: string) => this.#client.warn(text)))(message),
  )

  constructor(client: McpClient, options: CallObserverOptions = {}) {
    this.#client = client
    this.#options = options
    this.#storage.prepare()
  }

  /** Registers a listener; returns its removal. Bound, so it can be passed around. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The current immutable snapshot. Bound. */
  getSnapshot = (): CallState => this.#state

  get listenerCount(): number {
    return this.#listeners.size
  }

  setOptions(options: CallObserverOptions): void {
    this.#options = options
    this.#storage.prepare()
  }

  #dispatch(action: CallAction): void {
    const next = reduceCall(this.#state, action, this.#memory)
    this.#memory = next.memory
    if (next.state === this.#state) return
    this.#state = next.state
    this.#persist()
    // A broken listener must not stop the others or the call.
    notify(this.#listeners)
  }

  /** Starts a call, cancelling any call still running. Resolves with the final snapshot. */
  start(request: OriginalRequest): Promise<CallState> {
    return this.#run(request, undefined)
  }

  /**
   * Continues a saved round (see {@link save}); the same `requestState` goes
   * back. A round saved for another endpoint ends in an `McpArgumentError`
   * at once: its `requestState` and answers are that server's.
   */
  resume(saved: SavedCall): Promise<CallState> {
    if (saved.endpoint !== undefined && !isCallOf(saved, this.#client.url)) {
      this.cancel()
      this.#dispatch({ type: 'start', request: saved.request })
      this.#dispatch({ type: 'fail', error: new McpArgumentError(`The saved round belongs to ${redactUrl(saved.endpoint)}, not to ${redactUrl(this.#client.url)}: its requestState is not sent to another server`, { url: this.#client.url }) })
      return Promise.resolve(this.#state)
    }
    return this.#run(saved.request, saved)
  }

  /**
   * Resumes the call kept in storage, if there is one: an open round, or a
   * task (polling goes on with the same task id). A 2025-11-25 call cannot
   * be resumed: it ends in an error that says so, with its last question
   * and the answers given (`retry()` runs it again), as soon as the round
   * writer (which stored it) is there; `running` until then.
   */
  restore(): Promise<CallState> | undefined {
    const saved = this.saved()
    if (isSavedTask(saved)) return this.#run(saved.request, undefined, saved)
    if (isLostCall(saved)) {
      this.cancel()
      this.#dispatch({ type: 'resume', request: saved.request, round: saved.round, answers: saved.answers })
      const resumed = this.#state
      // The error's words come with the writer (which wrote the lost call, so it is there or on its way).
      const fail = (error: McpError) => {
        // Unless the call was started or reset meanwhile.
        if (this.#state === resumed) this.#dispatch({ type: 'fail', error })
        return this.#state
      }
      return this.#storage.withWriter((writer) => fail(writer.notResumable(saved, { method: saved.request.method, url: this.#client.url }))).catch(fail)
    }
    return saved ? this.resume(saved) : undefined
  }

  /**
   * The call kept in storage, if any: what {@link restore} would resume (or
   * report as lost). Only a call of this client's endpoint: another server
   * must never get this one's `requestState`, task id or answers (one kept
   * by an older version, which named no endpoint, is not resumed either).
   */
  saved(): StoredCall | undefined {
    const stored = this.#storage.load()
    return stored && isCallOf(stored, this.#client.url) ? stored : undefined
  }

  /**
   * After an error: sends the failed round again with the same
   * `requestState` and answers (nothing already answered is asked again), or
   * starts the call over when it failed before any round (and for 2025-11-25
   * calls, whose rounds live in the server's session).
   */
  retry(): Promise<CallState> | undefined {
    const state = this.#state
    if (state.status !== 'error') return undefined
    const failed = savedRound(state, {})
    return failed ? this.resume(failed) : this.start(state.request)
  }

  /**
   * Keeps what the person typed in a question of the open round but has not
   * sent, so it survives a reload when the observer has `storage`.
   */
  saveDraft(key: string, content: JsonObject): void {
    const state = this.#state
    if (state.status !== 'awaiting_input' || !state.inputs.some((input) => input.key === key && !input.answered)) return
    this.#drafts = { ...this.#drafts, [key]: content }
    this.#persist()
  }

  async #run(request: OriginalRequest, saved: SavedCall | undefined, task?: SavedTask): Promise<CallState> {
    this.cancel()
    const controller = new AbortController()
    this.#controller = controller
    const run = ++this.#runs
    const current = () => run === this.#runs && !controller.signal.aborted
    this.#drafts = saved?.drafts ? { ...saved.drafts } : task?.drafts ? { ...task.drafts } : {}
    this.#taskAnswered = task?.answered ?? []
    if (task) this.#dispatch({ type: 'resume', request, round: 0, task: task.task })
    else this.#dispatch(saved ? { type: 'resume', request, round: saved.pending.round, pending: saved.pending, answers: saved.answers } : { type: 'start', request })
    let rounds = 0
    try {
      const result: McpResult = await this.#client.run(request, {
        signal: controller.signal,
        maxRounds: this.#options.maxRounds,
        pacingMs: this.#options.pacingMs,
        resume: saved ? { pending: saved.pending, responses: answersToResend(saved) } : undefined,
        resumeTask: task ? { taskId: task.task.taskId, answered: task.answered } : undefined,
        onProgress: (progress) => current() && this.#dispatch({ type: 'progress', progress }),
        onEvent: (event) => {
          if (event.type === 'complete') rounds = event.rounds
          if (!current()) return
          if (event.type === 'retrying') this.#dispatch({ type: 'retrying', round: event.round })
          if (event.type === 'task') {
            this.#taskAnswered = event.answered
            this.#dispatch({ type: 'task', task: event.task })
          }
        },
        // Saved answers belong to the resumed round only; a later round may ask the same key again.
        onInputRequests: (requests, context) => this.#ask(requests, context, controller.signal, context.round === saved?.pending.round ? saved.answers : undefined),
      })
      if (current()) this.#dispatch({ type: 'complete', result, rounds })
    } catch (error) {
      if (current() && !isMcpCancelledError(error)) this.#dispatch({ type: 'fail', error: toMcpError(error) })
    }
    return this.#endings.get(controller) ?? this.#state
  }

  async #ask(requests: InputRequests, context: InputContext, signal: AbortSignal, given: Record<string, InputResponse> = {}): Promise<InputResponses> {
    const inputs: PendingInput[] = await Promise.all(
      Object.entries(requests).map(async ([key, request]) => {
        const input: PendingInput = { key, method: request.method, params: request.params ?? {}, era: context.era, server: context.serverInfo, url: this.#client.url, answered: false }
        if (Object.hasOwn(this.#drafts, key)) input.draft = this.#drafts[key]
        const response = Object.hasOwn(given, key) ? given[key] : await hostAnswer(this.#options, input, signal)
        return response ? { ...input, answered: true, response } : input
      }),
    )
    if (signal.aborted) throw new McpCancelledError({ method: context.method })
    if (inputs.every((input) => input.answered)) return answersOf(inputs)
    const waiting = new Promise<InputResponses>((resolve) => {
      const waiter = { keys: inputs.map((i) => i.key), resolve }
      this.#waiters.push(waiter)
      // Questions a task withdrew (it ended or moved on) stop waiting for the person.
      signal.addEventListener('abort', () => this.#waiters.includes(waiter) && this.#waiters.splice(this.#waiters.indexOf(waiter), 1), { once: true })
    })
    // A request pushed while another still waits joins the questions on screen,
    // as the same objects: the panel keeps their forms (forms/card-keys.ts).
    const open = this.#state.status === 'awaiting_input' && this.#waiters.length > 1 ? this.#state.inputs : []
    // Drafts of another round do not belong to these questions; those of questions still open do.
    const keys = new Set([...open, ...inputs].filter((input) => !input.answered).map((input) => input.key))
    this.#drafts = Object.fromEntries(Object.entries(this.#drafts).filter(([key]) => keys.has(key)))
    this.#dispatch({
      type: 'input_required',
      round: context.round,
      inputs: [...open, ...inputs],
      pending: context.pending,
      result: context.pending ? { resultType: 'input_required', inputRequests: requests } : undefined,
    })
    return waiting
  }

  /** Answers one question of the current round; the retry goes out when all are answered. */
  respond(key: string, response: InputResponse): void {
    const asked = this.#state.status === 'awaiting_input' ? this.#state.inputs.find((input) => input.key === key) : undefined
    // Sampling has no "no" answer in MRTR: a declined sampling request ends the
    // call, which the server does not wait for (spec: client/sampling, Error Handling).
    if (asked?.method === 'sampling/createMessage' && asked.era === 'modern' && isRefusal(response)) {
      this.cancel()
      return
    }
    if (Object.hasOwn(this.#drafts, key)) {
      const { [key]: _sent, ...rest } = this.#drafts
      this.#drafts = rest
    }
    this.#dispatch({ type: 'answer', key, response })
    const state = this.#state
    if (state.status !== 'awaiting_input') return
    const answers = answersOf(state.inputs)
    for (const waiter of [...this.#waiters]) {
      if (!waiter.keys.every((k) => Object.hasOwn(answers, k))) continue
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1)
      waiter.resolve(Object.fromEntries(waiter.keys.map((k) => [k, answers[k]!])))
    }
    // A 2025-11-25 call has no retry to report: once every question is answered it runs on, and its progress shows again.
    if (state.inputs.every((input) => input.answered && input.era === 'legacy')) this.#dispatch({ type: 'answered' })
  }

  /**
   * Lets the call go without stopping it on the server: a task keeps
   * running (and stays in storage for {@link restore}); the state is left as
   * it was. For a call that is no task this is a {@link cancel} that keeps
   * its round in storage.
   */
  detach(): void {
    const controller = this.#controller
    if (!controller) return
    this.#controller = undefined
    this.#waiters = []
    this.#endings.set(controller, this.#state)
    controller.abort(DETACHED)
  }

  /** Aborts whatever is in flight: the request stream, the wait for the person, or a task (`tasks/cancel` is sent). */
  cancel(): void {
    if (!this.#controller) return
    const controller = this.#controller
    const wasActive = isActive(this.#state)
    controller.abort()
    this.#controller = undefined
    this.#waiters = []
    if (wasActive) this.#dispatch({ type: 'cancel' })
    this.#endings.set(controller, this.#state)
  }

  /** Cancels and returns to `idle`. */
  reset(): void {
    this.cancel()
    this.#dispatch({ type: 'reset' })
  }

  /**
   * The open round as plain JSON (original request, input requests, request
   * state, answers and drafts so far), or undefined when none can be resumed
   * (nothing open, or a legacy session, which lives on the server). A round
   * whose retry failed is kept too, so its answers outlive the failure.
   */
  save(): SavedCall | undefined {
    const saved = savedRound(this.#state, this.#drafts)
    return saved && { ...saved, endpoint: endpointKey(this.#client.url) }
  }

  /** Writes the call to `storage` as it stands; a failed write is warned about, never thrown (call-storage.ts). */
  #persist(): void {
    this.#storage.save({ state: this.#state, drafts: this.#drafts, taskAnswered: this.#taskAnswered, endpoint: endpointKey(this.#client.url) })
  }
}

function isRefusal(response: InputResponse): boolean {
  return (response as { action?: unknown }).action === 'decline' || (response as { action?: unknown }).action === 'cancel'
}

function toMcpError(error: unknown): McpError {
  if (isMcpError(error)) return error
  return new McpInputError(error instanceof Error ? error.message : String(error), { cause: error })
}
