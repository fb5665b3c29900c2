/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663, protocol
 * 2026-07-28), server side: a task store, and the three methods a client
 * drives a task with (`tasks/get`, `tasks/update`, `tasks/cancel`).
 *
 * The serving entry builds a fresh McpServer per request, so tasks live in a
 * store made once per server start; `installTaskMethods` wires each
 * request's instance to it. The work runs in the background, tied to no HTTP
 * request: whatever it waits on hangs off the task's `signal`, which aborts
 * when the task stops (finished, cancelled, expired, or the store closed),
 * so nothing is left running or ticking after `close()`.
 *
 *   const store = createTaskStore()
 *   const task = store.create({ ttlMs: 600_000, pollIntervalMs: 500, statusMessage: 'Starting' })
 *   return task.created()        // the tools/call answer: resultType "task"
 *   // …in the background: task.report(…), await task.ask(key, request), task.complete(result)
 */
import { randomUUID } from 'node:crypto'

import { CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { CallToolResult, InputRequest, McpServer, ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { clientCapabilitiesOf, progressTokenOf, sendProgress } from '../kit.ts'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** `completed`, `failed` and `cancelled` are final. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** A JSON-RPC error object: what a failed task reports. */
export interface TaskError {
  code: number
  message: string
  data?: unknown
}

/** How far the work is; sent as `notifications/progress` on a `tasks/get` that asks for progress. */
export interface TaskProgress {
  progress: number
  total: number
}

/** A task as `tasks/get` answers it. */
export interface TaskView {
  taskId: string
  status: TaskStatus
  statusMessage?: string
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601; moves with every change of status, message, progress or input requests. */
  lastUpdatedAt: string
  /** Lifetime from creation; null keeps the task until the store closes. */
  ttlMs: number | null
  pollIntervalMs: number
  /** `input_required` only: every outstanding request, by key. */
  inputRequests?: Record<string, InputRequest>
  /** `completed` only. */
  result?: CallToolResult
  /** `failed` only. */
  error?: TaskError
}

/** The answer to the creating request (SEP-2663 CreateTaskResult). */
export type CreateTaskResult = Omit<TaskView, 'inputRequests' | 'result' | 'error'> & { resultType: 'task' }

export interface TaskOptions {
  ttlMs: number | null
  pollIntervalMs: number
  statusMessage?: string
  progress?: TaskProgress
}

/** The working side of one task. Calls after the task stopped change nothing. */
export interface Task {
  readonly taskId: string
  /** Aborts once the task stopped: finished, cancelled, expired, or the store closed. */
  readonly signal: AbortSignal
  /** The task as it is now, as a CreateTaskResult. */
  created(): CreateTaskResult
  report(update: { statusMessage?: string; progress?: TaskProgress }): void
  /**
   * Adds `request` to the outstanding input requests (the task is
   * `input_required` while any is outstanding) and resolves with the answer
   * a `tasks/update` brings for `key`, or with `undefined` once the task
   * stopped. A key may be used once in a task's life: it names one question.
   */
  ask(key: string, request: InputRequest): Promise<unknown>
  complete(result: CallToolResult, statusMessage?: string): void
  fail(error: TaskError): void
}

export interface TaskStore {
  /** Throws once the store is closed. */
  create(options: TaskOptions): Task
  /** Undefined for an unknown or expired id. */
  get(taskId: string): { view: TaskView; progress: TaskProgress | undefined } | undefined
  /** Hands each answer to its outstanding request; keys not outstanding are ignored. False for an unknown id. */
  answer(taskId: string, responses: Record<string, unknown>): boolean
  /** Stops the work and marks the task `cancelled` (a final task keeps its status). False for an unknown id. */
  cancel(taskId: string): boolean
  /** Stops every task and clears every timer. */
  close(): void
}

interface Entry {
  view: Omit<TaskView, 'status' | 'inputRequests'>
  final: 'completed' | 'failed' | 'cancelled' | undefined
  progress: TaskProgress | undefined
  outstanding: Map<string, { request: InputRequest; resolve: (answer: unknown) => void }>
  usedKeys: Set<string>
  controller: AbortController
  expiry: ReturnType<typeof setTimeout> | undefined
}

function viewOf(entry: Entry): TaskView {
  const status: TaskStatus = entry.final ?? (entry.outstanding.size > 0 ? 'input_required' : 'working')
  const { taskId, ...rest } = entry.view
  const view: TaskView = { taskId, status, ...rest }
  if (status === 'input_required') view.inputRequests = Object.fromEntries([...entry.outstanding].map(([key, { request }]) => [key, request]))
  return view
}

export function createTaskStore(): TaskStore {
  const entries = new Map<string, Entry>()
  let closed = false

  const touch = (entry: Entry) => {
    entry.view.lastUpdatedAt = new Date().toISOString()
  }
  /** Final status: unblocks every waiting `ask` and aborts the work. */
  const finish = (entry: Entry, final: NonNullable<Entry['final']>) => {
    entry.final = final
    touch(entry)
    const waiting = [...entry.outstanding.values()]
    entry.outstanding.clear()
    for (const { resolve } of waiting) resolve(undefined)
    entry.controller.abort()
  }
  const forget = (taskId: string) => {
    const entry = entries.get(taskId)
    if (entry === undefined) return
    clearTimeout(entry.expiry)
    entries.delete(taskId)
    if (entry.final === undefined) finish(entry, 'cancelled')
  }

  return {
    create(options) {
      if (closed) throw new Error('The task store is closed')
      const taskId = randomUUID()
      const now = new Date().toISOString()
      const entry: Entry = {
        view: {
          taskId,
          ...(options.statusMessage !== undefined ? { statusMessage: options.statusMessage } : {}),
          createdAt: now,
          lastUpdatedAt: now,
          ttlMs: options.ttlMs,
          pollIntervalMs: options.pollIntervalMs,
        },
        final: undefined,
        progress: options.progress,
        outstanding: new Map(),
        usedKeys: new Set(),
        controller: new AbortController(),
        expiry: options.ttlMs === null ? undefined : setTimeout(() => forget(taskId), options.ttlMs),
      }
      entries.set(taskId, entry)
      const live = () => entry.final === undefined
      return {
        taskId,
        signal: entry.controller.signal,
        // A CreateTaskResult carries the task, never its questions, result or error (those are tasks/get's).
        created: () => {
          const { inputRequests: _questions, result: _result, error: _error, ...task } = viewOf(entry)
          return { resultType: 'task', ...task }
        },
        report({ statusMessage, progress }) {
          if (!live()) return
          if (statusMessage !== undefined) entry.view.statusMessage = statusMessage
          if (progress !== undefined) entry.progress = progress
          touch(entry)
        },
        ask(key, request) {
          if (entry.usedKeys.has(key)) throw new Error(`Input request key "${key}" was already used in task ${taskId}`)
          entry.usedKeys.add(key)
          if (!live()) return Promise.resolve(undefined)
          return new Promise((resolve) => {
            entry.outstanding.set(key, { request, resolve })
            touch(entry)
          })
        },
        complete(result, statusMessage) {
          if (!live()) return
          entry.view.result = result
          if (statusMessage !== undefined) entry.view.statusMessage = statusMessage
          finish(entry, 'completed')
        },
        fail(error) {
          if (!live()) return
          entry.view.error = error
          finish(entry, 'failed')
        },
      }
    },
    get(taskId) {
      const entry = entries.get(taskId)
      return entry && { view: viewOf(entry), progress: entry.progress }
    },
    answer(taskId, responses) {
      const entry = entries.get(taskId)
      if (entry === undefined) return false
      for (const [key, answer] of Object.entries(responses)) {
        const waiting = entry.outstanding.get(key)
        if (waiting === undefined) continue
        entry.outstanding.delete(key)
        touch(entry)
        waiting.resolve(answer)
      }
      return true
    },
    cancel(taskId) {
      const entry = entries.get(taskId)
      if (entry === undefined) return false
      if (entry.final === undefined) finish(entry, 'cancelled')
      return true
    },
    close() {
      closed = true
      for (const taskId of [...entries.keys()]) forget(taskId)
    },
  }
}

/** Whether THIS request's client declared the tasks extension: never answer a task to one that did not. */
export function declaresTasks(ctx: ServerContext): boolean {
  const declared = clientCapabilitiesOf(ctx).extensions?.[TASKS_EXTENSION]
  return typeof declared === 'object' && declared !== null
}

const TaskIdParams = z.object({ taskId: z.string() })

function unknownTask(): never {
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Unknown or expired task')
}

/** -32021 naming the extension: the tasks methods exist only for a request that declared it (SEP-2575, SEP-2663). */
export function tasksRequired(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } }, `This needs the ${TASKS_EXTENSION} extension, which the request did not declare`)
}

/**
 * The -32021 a `tools/call` of a tool that runs only as a task gets from a
 * request that did not declare the extension (SEP-2663 "Required
 * Capabilities"); undefined for any other request. It has to be answered
 * before the MCP handler: the SDK turns anything a tool handler throws into
 * an `isError` tool result.
 */
export function taskRequiredRefusal(body: unknown, tools: ReadonlySet<string>): { id: string | number | null; error: MissingRequiredClientCapabilityError } | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  const { id, method, params } = body as { id?: unknown; method?: unknown; params?: { name?: unknown; _meta?: Record<string, unknown> } }
  if (method !== 'tools/call' || typeof params?.name !== 'string' || !tools.has(params.name)) return undefined
  const capabilities = params._meta?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined
  const declared = capabilities?.extensions?.[TASKS_EXTENSION]
  if (typeof declared === 'object' && declared !== null) return undefined
  return { id: typeof id === 'string' || typeof id === 'number' ? id : null, error: tasksRequired() }
}

/**
 * Registers `tasks/get`, `tasks/update` and `tasks/cancel` on one request's
 * server instance, backed by `store`. A request that did not declare the
 * extension gets -32021 (before an unknown id's -32602). The SDK lifts
 * `inputResponses` and `_meta` out of the params, so the answers and the
 * progress token are read from `ctx.mcpReq`.
 */
export function installTaskMethods(server: McpServer, store: TaskStore): void {
  const declared = (ctx: ServerContext) => {
    if (!declaresTasks(ctx)) throw tasksRequired()
  }
  server.server.setRequestHandler('tasks/get', { params: TaskIdParams }, async ({ taskId }, ctx) => {
    declared(ctx)
    const found = store.get(taskId) ?? unknownTask()
    // The one place a polling client gets numbers for its progress bar.
    const token = progressTokenOf(ctx)
    if (token !== undefined && found.progress !== undefined) {
      await sendProgress(ctx, token, found.progress.progress, found.progress.total, found.view.statusMessage ?? found.view.status)
    }
    return { ...found.view }
  })
  server.server.setRequestHandler('tasks/update', { params: TaskIdParams }, async ({ taskId }, ctx) => {
    declared(ctx)
    if (!store.answer(taskId, ctx.mcpReq.inputResponses ?? {})) unknownTask()
    return {}
  })
  server.server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, async ({ taskId }, ctx) => {
    declared(ctx)
    if (!store.cancel(taskId)) unknownTask()
    return {}
  })
}
