/**
 * Where a call the server runs as a task (tasks extension,
 * `io.modelcontextprotocol/tasks`) stands: a status line in a live region
 * ("Running in the background"), the task's status message and a progress
 * bar. Used by `McpToolCall` while a task runs and, compact, above the
 * questions a task asks; usable alone with the hook's fields:
 *
 *   {tool.task && <TaskLine task={tool.task} progress={tool.progress} />}
 *
 * Presentational only: no Stop button (the call's own Stop sends
 * `tasks/cancel`). The status message and the progress message come from the
 * server: shown as text, bidi-isolated, without bidi controls or line breaks,
 * and clamped to a few lines when very long (see `IsolatedLine.tsx`). Nothing
 * else of the task (its id, timestamps, TTL) is shown.
 */
import { forwardRef, type ForwardedRef } from 'react'
import type { Progress, TaskInfo } from '../core/index.js'
import { inlineText, isolate, IsolatedLine } from './IsolatedLine.js'
import type { Messages } from './messages.js'
import { callTexts } from './texts/call.js'
import { cardTexts } from './texts/card.js'
import { resolvePart } from './texts/resolve.js'
import { taskTexts } from './texts/task.js'

export interface TaskLineProps {
  /** The task as last polled (the hook's `task`). */
  task: TaskInfo
  /** The latest progress notification (the hook's `progress`); without a positive `total` the bar is indeterminate. */
  progress?: Progress | undefined
  /**
   * Only the status line and the status message, no bar: for the line above
   * a task's questions. @defaultValue false
   */
  compact?: boolean | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  className?: string | undefined
}

/** A finite, non-negative number, or undefined: progress values come from the server. */
function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}

/** The status of a task-backed call: a live status line, the server's status message, a progress bar. */
export const TaskLine = /* @__PURE__ */ forwardRef(function TaskLine(props: TaskLineProps, ref: ForwardedRef<HTMLDivElement>) {
  const { task, progress, compact, className } = props
  const text = resolvePart(props.messages, cardTexts, callTexts, taskTexts)
  const statusMessage = inlineText(task.statusMessage)
  const done = amount(progress?.progress)
  const total = amount(progress?.total)
  const determinate = done !== undefined && total !== undefined && total > 0
  // The progress message, unless it only repeats the status message.
  const progressMessage = progress?.message !== undefined && inlineText(progress.message) !== statusMessage ? progress.message : undefined
  return (
    <div
      ref={ref}
      className={['mcp-elicit-task', className].filter(Boolean).join(' ')}
      data-state={inlineText(task.status)}
      data-compact={compact || undefined}
    >
      <p role="status" className="mcp-elicit-task-status">
        {text.taskRunning}
      </p>
      {statusMessage !== '' && <IsolatedLine className="mcp-elicit-task-message" text={isolate(statusMessage)} showAll={text.showAll} showLess={text.showLess} />}
      {!compact && (
        <>
          {determinate ? (
            <progress className="mcp-elicit-task-bar" value={Math.min(done, total)} max={total} aria-label={text.progress(done, total)} />
          ) : (
            <progress className="mcp-elicit-task-bar" aria-label={text.running} />
          )}
          {progressMessage !== undefined ? (
            <IsolatedLine className="mcp-elicit-progress-text" text={isolate(progressMessage)} showAll={text.showAll} showLess={text.showLess} />
          ) : (
            done !== undefined && (
              <p className="mcp-elicit-progress-text" dir="auto">
                {text.progress(done, determinate ? total : undefined)}
              </p>
            )
          )}
        </>
      )}
    </div>
  )
})
