/**
 * `McpTaskError`, of the family in errors.ts, in a module of its own: only
 * the task loop (task-loop.ts) makes it, so it loads with tasks, and not with
 * every page that calls a tool. Exported from the core's index with the rest
 * of the family.
 */
import { displayText } from './server-values.js'
import { McpError, guard, type ErrorDetails } from './errors.js'
import { redactText } from './redact-url.js'

/**
 * A task ended without a result: the server cancelled it, it outlived its
 * `ttlMs` without finishing, or the server no longer knows its id. (A task
 * that failed with a JSON-RPC error is an {@link McpProtocolError} with that
 * error, as the request itself would have failed; one the person stopped is
 * an {@link McpCancelledError}.)
 */
export class McpTaskError extends McpError {
  override name = 'McpTaskError'
  declare readonly code: 'TASK_ENDED'
  readonly taskId: string
  readonly reason: 'cancelled' | 'expired' | 'not_found'
  /** The task's status message, as text, when it had one. */
  readonly statusMessage: string | undefined
  constructor(taskId: string, reason: 'cancelled' | 'expired' | 'not_found', statusMessage: string | undefined, details: ErrorDetails = {}) {
    const what = reason === 'cancelled' ? 'was cancelled by the server' : reason === 'expired' ? 'outlived its time to live without finishing' : 'is no longer known to the server'
    super('TASK_ENDED', `Task ${displayText(taskId)} ${what}${statusMessage ? `: ${redactText(statusMessage, details.url)}` : ''}`, details)
    this.taskId = taskId
    this.reason = reason
    this.statusMessage = statusMessage
  }
}

export const isMcpTaskError = guard(McpTaskError, 'McpTaskError')
