/**
 * A client's side of the tasks extension: the `tasks/get`, `tasks/update`
 * and `tasks/cancel` requests, and following a call's task with the call's
 * own options. Each poll is a request of the call (its `timeoutMs`, its
 * progress and log callbacks); the task's questions go to whoever answers
 * the call (input-routing.ts) and back with `tasks/update`. The loop itself
 * is task-loop.ts.
 */
import type { CallOptions, RequestOptions } from './client-options.js'
import type { Connector } from './connector.js'
import { McpUnsupportedResultError } from './errors.js'
import type { OriginalRequest } from './input-round.js'
import type { CallInput, InputRouting } from './input-routing.js'
import { WAY_OUT_TIMEOUT_MS, type Limits } from './limits.js'
import { linkSignal } from './signals.js'
import { runTask } from './task-loop.js'
import { TASKS_EXTENSION, type Implementation, type InputResponses, type JsonObject, type McpResult } from './types.js'
import { isObject } from './server-values.js'

export interface TaskClientDeps {
  url: string
  capabilities: JsonObject
  limits: Limits
  /** The client's own `timeoutMs`. */
  timeoutMs: number | undefined
  connector: Pick<Connector, 'connect' | 'closedSignal'>
  routing: InputRouting
  request: (method: string, params: JsonObject, options: RequestOptions) => Promise<McpResult>
  serverInfo: () => Implementation | undefined
}

/** The call a task stands for. */
export interface TaskCall {
  request: OriginalRequest
  options: CallOptions
  input: CallInput
  maxRounds: number
}

export class TaskClient {
  #deps: TaskClientDeps

  constructor(deps: TaskClientDeps) {
    this.#deps = deps
  }

  /** True when the app declared the tasks extension: only then may a server answer with a task. */
  #offered(): boolean {
    const extensions = this.#deps.capabilities.extensions
    return isObject(extensions) && isObject(extensions[TASKS_EXTENSION])
  }

  get(taskId: string, options: RequestOptions): Promise<McpResult> {
    return this.#deps.request('tasks/get', { taskId }, options)
  }

  update(taskId: string, inputResponses: InputResponses, options: RequestOptions): Promise<McpResult> {
    return this.#deps.request('tasks/update', { taskId, inputResponses }, options)
  }

  /** Bounded by the client's `timeoutMs`, or {@link WAY_OUT_TIMEOUT_MS}, so a call stopped on the way out never leaves a request hanging. */
  cancel(taskId: string, options: RequestOptions): Promise<McpResult> {
    const timeoutMs = options.timeoutMs ?? this.#deps.timeoutMs ?? WAY_OUT_TIMEOUT_MS
    return this.#deps.request('tasks/cancel', { taskId }, { ...options, timeoutMs, signal: options.signal ?? this.#deps.connector.closedSignal })
  }

  /** Follows the call's task to its result: one just created, or one kept from before a reload. */
  async follow(call: TaskCall, task: { created: McpResult } | { resume: string }, signal: AbortSignal, answered?: readonly string[]): Promise<McpResult> {
    const { request, options, input } = call
    // A resumed task may be the first thing a new client does: the era is known once connected.
    const link = linkSignal(signal, options.timeoutMs ?? this.#deps.timeoutMs)
    const connection = await this.#deps.connector.connect(link.signal).finally(link.dispose)
    if (!this.#offered() || connection.era !== 'modern') throw new McpUnsupportedResultError('task', 'created' in task ? task.created : task, { method: request.method, url: this.#deps.url })
    const poll: RequestOptions = { timeoutMs: options.timeoutMs, onProgress: options.onProgress, onLog: options.onLog, logLevel: options.logLevel }
    return runTask({
      task,
      signal,
      answered,
      limits: this.#deps.limits,
      maxRounds: call.maxRounds,
      method: request.method,
      url: this.#deps.url,
      get: (taskId, pollSignal) => this.get(taskId, { ...poll, signal: pollSignal }),
      update: (taskId, inputResponses, updateSignal) => this.update(taskId, inputResponses, { timeoutMs: options.timeoutMs, signal: updateSignal }),
      cancel: (taskId) => this.cancel(taskId, {}),
      fulfil: (requests, { round, signal: askSignal, task: info }) =>
        this.#deps.routing.ask(input, requests, { round, signal: askSignal, era: 'modern', method: request.method, serverInfo: this.#deps.serverInfo(), task: info }),
      onTask: (info, keys) => options.onEvent?.({ type: 'task', task: info, answered: keys }),
      onAnswering: (round) => options.onEvent?.({ type: 'retrying', round, stateOnly: false }),
    })
  }
}
