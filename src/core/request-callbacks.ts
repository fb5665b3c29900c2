/**
 * A request's own callbacks, progress and log messages: the `_meta` that
 * asks the server for them, and the notifications that carry them back.
 * What no callback of the request takes goes to the client's.
 */
import type { RequestOptions } from './client-options.js'
import { displayText } from './server-values.js'
import { META_LOG_LEVEL } from './modern-connection.js'
import type { JsonObject, JsonRpcNotification, Progress } from './types.js'

/**
 * The params to send, with a `_meta` that asks for progress (a fresh
 * `progressToken`, when the request has `onProgress`) and log messages (its
 * `logLevel`, `'info'` when it has `onLog`); and the token.
 */
export function askForCallbacks(params: JsonObject, options: RequestOptions, newToken: () => string): { params: JsonObject; token: string | undefined } {
  const token = options.onProgress ? newToken() : undefined
  const logLevel = options.logLevel ?? (options.onLog ? 'info' : undefined)
  const meta: JsonObject = { ...(params._meta as JsonObject | undefined) }
  if (token !== undefined) meta.progressToken = token
  if (logLevel !== undefined) meta[META_LOG_LEVEL] = logLevel
  return { params: Object.keys(meta).length > 0 ? { ...params, _meta: meta } : params, token }
}

/**
 * Hands a notification to the request's callbacks (progress for its
 * `token`, log messages), else to `other`, the client's. A callback that
 * throws is warned about: it must not break the request.
 */
export function deliverNotification(
  notification: JsonRpcNotification,
  token: string | undefined,
  options: RequestOptions,
  other: ((notification: JsonRpcNotification) => void) | undefined,
  warn: (message: string) => void,
): void {
  const params = notification.params ?? {}
  try {
    if (notification.method === 'notifications/progress' && token !== undefined && params.progressToken === token) {
      const progress: Progress = { progress: Number(params.progress) }
      if (typeof params.total === 'number') progress.total = params.total
      if (typeof params.message === 'string') progress.message = params.message
      options.onProgress?.(progress)
    } else if (notification.method === 'notifications/message' && options.onLog) {
      options.onLog({ level: displayText(params.level, 'info'), logger: typeof params.logger === 'string' ? params.logger : undefined, data: params.data })
    } else {
      other?.(notification)
    }
  } catch (error) {
    warn(`A notification callback threw: ${error instanceof Error ? error.message : String(error)}`)
  }
}
