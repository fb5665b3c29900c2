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
import { answersOf, answersToResend, isCallOf, isFinishedCall, isLostCall, isSavedTask, isStartedCall, savedRound, type CallStorage, type SavedCall, type SavedTask, type StoredCall } from './call-storage.js'
import { endpointKey } from './endpoint-key.js'
import { tabId } from './tab-id.js'
import { notify } from './listeners.js'
import type { InputContext, McpClient } from './client.js'
import { McpArgumentError, McpCancelledError, McpInputError, isMcpCancelledError, isMcpError, type McpError } from './errors.js'
import { hostAnswer, type HostHandlers } from './host-handlers.js'
import { redactUrl } from './redact-url.js'
import type { OriginalRequest } from './input-round.js'
import { DETACHED } from './signals.js'
import { McpStoreError } from './store-error.js'
import type { InputRequests, InputResponse, InputResponses, JsonObject, McpResult } from './types.js'

export interface CallObserverOptions extends HostHandlers {
  /** @defaultValue the client's */
  maxRounds?: number
  pacingMs?: number
  /** Where an open round is kept across reloads (tabs, devices: see `mcp-elicit/stores`). Nothing is stored without it. */
  storage?: CallStorage
  /** The storage key of this observer's call. @defaultValue `'call'` */
  storageKey?: string
  /** Why a round was not saved to `storage`, say. @defaultValue the client's `onWarning` */
  onWarning?: (message: string) => void
  /**
   * In a shared storage (one with `watch`): how long a round another tab or
   * device is sending may go without news before this one offers to send it
   * again (an error whose `retry()` sends the kept answers). @defaultValue 120000
   */
  claimTimeoutMs?: number
}

/** A round another tab claimed and never reported on: after this, the person may send it from here. */
const CLAIM_TIMEOUT_MS = 120_000

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
  /** The latest {@link restore}'s look in the storage: the state right after it. */
  #lookup: Promise<CallState> | undefined
  #storage = new CallPersistence(
    () => ({ storage: this.#options.storage, key: this.#key, elsewhere: (current) => this.#elsewhere(current) }),
    (message) => this.#warnOf(message),
  )
  /** The watch on the shared storage's record of this call, while the call is active. */
  #watching: { storage: CallStorage; key: string; stop: () => void } | undefined
  /** When this observer's latest fresh run started (a stored call says so until it has a round). */
  #startedAt: number | undefined
  /** The call on screen is another tab's or device's (adopted): nothing of it is written from here. */
  #adopted = false
  /** Ends the wait on a round another tab claimed (see {@link CallObserverOptions.claimTimeoutMs}). */
  #claimTimer: ReturnType<typeof setTimeout> | undefined

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
    // A look in the storage changes nothing there (an idle state written would remove what it looks for).
    if (action.type !== 'lookup') this.#persist()
    this.#follow()
    // A broken listener must not stop the others or the call.
    notify(this.#listeners)
  }

  /** Starts a call, cancelling any call still running. Resolves with the final snapshot. */
  start(request: OriginalRequest): Promise<CallState> {
    // The person's new call: it goes over whatever is kept under the key.
    this.#storage.seen(undefined)
    this.#startedAt = Date.now()
    return this.#run(request, undefined)
  }

  /**
   * Continues a saved round (see {@link save}); the same `requestState` goes
   * back. A round saved for another endpoint ends in an `McpArgumentError`
   * at once: its `requestState` and answers are that server's.
   */
  resume(saved: SavedCall): Promise<CallState> {
    if (saved.endpoint !== undefined && !isCallOf(saved, this.#client.url)) {
      this.#abort()
      this.#adopted = false
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
   *
   * While the storage is read the state is `idle` with `stored:
   * 'checking'`; a storage that cannot be read leaves it `idle` with
   * `stored: 'unreadable'` (and warns). A call started meanwhile wins: what
   * was found is then left alone. Resolves with the state the resumed call
   * ends in, or undefined when none was resumed ({@link restoring} tells
   * what the look found as soon as it is done).
   */
  restore(): Promise<CallState | undefined> {
    const before = this.#state
    if (before.status === 'idle') this.#dispatch({ type: 'lookup', stored: 'checking' })
    const looking = this.#state
    let resumed: Promise<CallState | undefined> = Promise.resolve(undefined)
    const lookup = this.saved().then(
      (saved) => {
        if (this.#state !== looking) return this.#state
        resumed = this.#resumeStored(saved)
        return this.#state
      },
      (error: unknown) => {
        const failure = toMcpError(error)
        if (this.#state === looking) {
          this.#dispatch({ type: 'lookup', stored: 'unreadable', error: failure })
          this.#warnOf(`The kept call under "${this.#key}" could not be read: ${failure.message}`)
        }
        return this.#state
      },
    )
    this.#lookup = lookup
    return lookup.then(() => resumed)
  }

  /**
   * Settles once the latest {@link restore} has read the storage, with the
   * state right after: `idle` (plain) when nothing was found, `idle` with
   * `stored: 'unreadable'` when the storage failed, else the found call's.
   * The current state when no restore was asked.
   */
  restoring(): Promise<CallState> {
    return this.#lookup ?? Promise.resolve(this.#state)
  }

  #resumeStored(saved: StoredCall | undefined): Promise<CallState | undefined> {
    if (isSavedTask(saved)) return this.#run(saved.request, undefined, saved)
    if (isLostCall(saved)) {
      this.#abort()
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
    // Finished (here before a reload, or elsewhere): its result, the call not run again.
    if (isFinishedCall(saved)) {
      this.#adopt(saved)
      return Promise.resolve(this.#state)
    }
    // Started and never heard from: the person decides whether it runs again.
    if (isStartedCall(saved)) {
      this.#dispatch({ type: 'lookup', stored: 'unconfirmed' })
      return Promise.resolve(undefined)
    }
    // In a shared storage, answers kept as sent (or all given) are another tab's to send: shown, not sent here. Sent
    // by this very tab before it reloaded or left for a sign-in redirect, they are this tab's to send again.
    const ownClaim = saved !== undefined && 'pending' in saved && saved.sendingTab !== undefined && saved.sendingTab === tabId()
    if (saved && this.#shared() && !ownClaim && (saved.sendingSince !== undefined || answersToResend(saved))) {
      this.#adopt(saved)
      return Promise.resolve(this.#state)
    }
    if (saved) return this.resume(saved)
    this.#dispatch({ type: 'lookup', stored: undefined })
    return Promise.resolve(undefined)
  }

  /**
   * The call kept in storage, if any: what {@link restore} would resume (or
   * report as lost). Only a call of this client's endpoint: another server
   * must never get this one's `requestState`, task id or answers (one kept
   * by an older version, which named no endpoint, is not resumed either).
   * Rejects when the storage cannot be read.
   */
  async saved(): Promise<StoredCall | undefined> {
    const stored = await this.#storage.load()
    return stored && isCallOf(stored, this.#client.url) ? stored : undefined
  }

  /** Settles once the call as it stands is written to `storage` (a failed write was warned about). */
  flush(): Promise<void> {
    return this.#storage.flush()
  }

  get #key(): string {
    return this.#options.storageKey ?? 'call'
  }

  #warnOf(message: string): void {
    ;(this.#options.onWarning ?? ((text: string) => this.#client.warn(text)))(message)
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
    this.#abort()
    this.#adopted = false
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
      const responses = Object.fromEntries(waiter.keys.map((k) => [k, answers[k]!]))
      if (this.#shared() && state.pending) void this.#claim(state, waiter, responses)
      else waiter.resolve(responses)
    }
    // A 2025-11-25 call has no retry to report: once every question is answered it runs on, and its progress shows again.
    if (state.inputs.every((input) => input.answered && input.era === 'legacy')) this.#dispatch({ type: 'answered' })
  }

  /** Whether the storage is shared with other tabs or devices (it can be watched). */
  #shared(): boolean {
    return typeof this.#options.storage?.watch === 'function'
  }

  /**
   * Sends the round's answers only once this tab has claimed the round in
   * the shared storage: another tab or device that claimed it first sends
   * them, and this one shows that (adopted in {@link elsewhere}).
   */
  async #claim(state: CallState, waiter: Waiter, responses: InputResponses): Promise<void> {
    const controller = this.#controller
    const won = await this.#storage.claim({ state, drafts: {}, taskAnswered: this.#taskAnswered, endpoint: endpointKey(this.#client.url), sendingSince: Date.now(), sendingTab: tabId() })
    // A run that was stopped or replaced meanwhile sends nothing.
    if (won && controller && controller === this.#controller && !controller.signal.aborted) waiter.resolve(responses)
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
    // A call shown as another tab left it has no run here: Stop ends it here (the record stays theirs).
    if (!this.#controller && this.#adopted && isActive(this.#state)) return this.#dispatch({ type: 'cancel' })
    this.#abort()
  }

  /** Aborts this tab's run, if any (a task gets `tasks/cancel`). */
  #abort(): void {
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
    this.#adopted = false
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
    if (this.#adopted) return
    const state = this.#state
    // In a shared storage a round with every answer is written by the claim alone: written
    // unclaimed, another tab would take it for one to send.
    if (this.#shared() && state.status === 'awaiting_input' && state.pending && state.inputs.every((input) => input.answered)) return
    this.#storage.save({ state, drafts: this.#drafts, taskAnswered: this.#taskAnswered, endpoint: endpointKey(this.#client.url), startedAt: this.#startedAt })
  }

  /** Watches the shared storage's record of the call while it is active; stops watching once it ended. */
  #follow(): void {
    const storage = this.#options.storage
    const key = this.#key
    const wanted = storage?.watch && isActive(this.#state) ? storage : undefined
    if (this.#watching && this.#watching.storage === wanted && this.#watching.key === key) return
    this.#watching?.stop()
    this.#watching = undefined
    if (!isActive(this.#state) && this.#claimTimer !== undefined) {
      clearTimeout(this.#claimTimer)
      this.#claimTimer = undefined
    }
    if (!wanted?.watch) return
    try {
      this.#watching = { storage: wanted, key, stop: wanted.watch(key, (current) => void this.#elsewhere(current)) }
    } catch (error) {
      this.#warnOf(`Other tabs' answers to this call cannot be followed: ${toMcpError(error).message}`)
    }
  }

  /**
   * Another tab or device changed this call's record (a watch, or a write of
   * this tab's that lost the compare-and-set). True when nothing changes
   * here: another tab's draft of the same round (this tab's own typing stays
   * on screen), a record of another server, a lost legacy call. Otherwise
   * this tab lets its own wait go (nothing was sent) and shows what the
   * record says: the answers being sent elsewhere, a later round, a task, or
   * the call ended there.
   */
  #elsewhere(current: StoredCall | undefined): boolean {
    const state = this.#state
    if (!isActive(state)) return true
    if (current && (!isCallOf(current, this.#client.url) || isLostCall(current))) return true
    if (current && 'pending' in current && current.sendingSince === undefined && !answersToResend(current) && state.status === 'awaiting_input' && state.pending?.requestState === current.pending.requestState && state.round === current.pending.round) {
      return true
    }
    // This tab's own start, read back (a watch that came late).
    if (isStartedCall(current) && current.startedAt === this.#startedAt && !this.#adopted) return true
    // This tab's own claim, read back (a watch that came late): it is what this tab does.
    if (state.status === 'retrying' && this.#controller && current && 'pending' in current && current.pending.round === state.round && current.sendingSince !== undefined) return true
    this.#adopt(current)
    return false
  }

  /** Shows the call as another tab or device left it, letting go of this tab's wait (nothing of it was sent). */
  #adopt(current: StoredCall | undefined): void {
    const controller = this.#controller
    if (controller) {
      this.#controller = undefined
      this.#waiters = []
      this.#endings.set(controller, this.#state)
      controller.abort(DETACHED)
    }
    this.#storage.seen(current?.rev)
    this.#adopted = true
    if (this.#claimTimer !== undefined) clearTimeout(this.#claimTimer)
    this.#claimTimer = undefined
    if (!current) {
      // Ended there without a result to show (stopped, failed, expired).
      this.#dispatch({ type: 'cancel' })
      return
    }
    if (isFinishedCall(current)) {
      this.#dispatch({ type: 'resume', request: current.request, round: current.finished.rounds })
      this.#dispatch({ type: 'complete', result: current.finished.result, rounds: current.finished.rounds })
      return
    }
    if (isSavedTask(current)) {
      void this.#run(current.request, undefined, current)
      return
    }
    // Started anew there: this tab's round is not the call's any more.
    if (isStartedCall(current)) return void this.#dispatch({ type: 'cancel' })
    if (!('pending' in current)) return
    if (current.sendingSince === undefined && !answersToResend(current)) {
      void this.#run(current.request, current)
      return
    }
    // Being sent from there: this tab shows it and waits for news.
    this.#dispatch({ type: 'resume', request: current.request, round: current.pending.round, pending: current.pending, answers: current.answers })
    this.#dispatch({ type: 'retrying', round: current.pending.round })
    const waiting = this.#state
    this.#claimTimer = setTimeout(() => {
      this.#claimTimer = undefined
      if (this.#state !== waiting) return
      const error = new McpStoreError('unavailable', 'Your answers were sent from another tab or device, which has not said how the call ended. Try again sends them from here.', { method: current.request.method, url: this.#client.url })
      this.#dispatch({ type: 'fail', error })
    }, this.#options.claimTimeoutMs ?? CLAIM_TIMEOUT_MS)
  }
}

function isRefusal(response: InputResponse): boolean {
  return (response as { action?: unknown }).action === 'decline' || (response as { action?: unknown }).action === 'cancel'
}

function toMcpError(error: unknown): McpError {
  if (isMcpError(error)) return error
  return new McpInputError(error instanceof Error ? error.message : String(error), { cause: error })
}
