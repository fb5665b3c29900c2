/**
 * How a call stands while the server works on it: the task line
 * ({@link TaskLine}, loaded when first shown) when the server runs the
 * call as a task, else the working line with the latest progress (a bar
 * when the server gave a total, and its message). `McpToolCall` shows it
 * while its call runs, and the assistant-ui tool part while an `execute`
 * runs the call: both read the same call state.
 *
 * The progress message comes from the server: shown as text.
 */
import type { ErrorInfo } from 'react'
import { displayText, type Progress, type TaskInfo } from '../core/index.js'
import { LazyTaskLine } from './lazy-parts.js'
import type { Messages } from './messages.js'
import { callTexts } from './texts/call.js'
import { resolvePart } from './texts/resolve.js'

export interface CallProgressProps {
  /** `retrying`: the answers are on their way (the working line says so). */
  retrying?: boolean | undefined
  progress: Progress | undefined
  task: TaskInfo | undefined
  messages?: Partial<Messages> | undefined
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
}

export function CallProgress({ retrying, progress, task, messages, onError }: CallProgressProps) {
  if (task) return <LazyTaskLine task={task} progress={progress} messages={messages} onError={onError} />
  const text = resolvePart(messages, callTexts)
  return (
    <div className="mcp-elicit-progress">
      <p role="status">{retrying ? text.retrying : text.running}</p>
      {progress && (
        <>
          {progress.total !== undefined && progress.total > 0 ? (
            <progress value={Math.min(progress.progress, progress.total)} max={progress.total} aria-label={text.progress(progress.progress, progress.total)} />
          ) : null}
          <p className="mcp-elicit-progress-text" dir="auto">
            {progress.message !== undefined ? displayText(progress.message) : text.progress(progress.progress, progress.total)}
          </p>
        </>
      )}
    </div>
  )
}
