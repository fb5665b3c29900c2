/**
 * The `mcpFile` widget as the form registers it: `file-widget.tsx` (and the
 * data URI code behind it) loads only when a form shows a file field
 * (SEP-2356 `x-mcp-file`), not with every form. It is one of the parts loaded
 * on demand (`lazyPart`), with its own Suspense boundary: the rest of the
 * form, and what was typed there, stays in place while it loads; the field's
 * label is already shown, and the input follows.
 *
 * A chunk that cannot be fetched (offline, a deploy replaced the files) must
 * not take the form down with it: its `PartLoadError` stops at a boundary
 * around this one field, goes to the form's `onError`, and the field shows a
 * line and Try again, which asks for the chunk again (`lazyPart` forgets a
 * failure, and a fresh mount loads anew). The other fields, their values and
 * Accept / Decline stay as they were; the field's value stays empty, so a
 * required file gets the form's usual "Choose …" on Accept.
 */
import { useState, type ComponentType } from 'react'
import type { WidgetProps } from '@rjsf/utils'
import { CardBoundary } from './CardBoundary.js'
import { describedBy, labelIdOf, messagesOf, onErrorOf } from './field-aria.js'
import { lazyPart } from './lazy-parts.js'
import { fileLoadTexts } from './texts/file-load.js'
import { resolvePart } from './texts/resolve.js'

/** While the chunk loads: the field's label is already there, so no words, only busy. */
const loading = () => <span className="mcp-elicit-file-loading" aria-busy="true" />

/**
 * The widget around a given loader. Exported for its tests (a loader that
 * fails, then works); the form registers {@link LazyFileInputWidget}.
 */
export function lazyFileWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const FileInput = lazyPart<WidgetProps>('FileInputWidget', load, loading)
  function LazyFileInputWidget(props: WidgetProps) {
    // Each Try again clears the boundary, which mounts the part anew: a fresh mount asks for the chunk again.
    const [attempt, setAttempt] = useState(0)
    return (
      <CardBoundary onError={onErrorOf(props.registry)} resetKey={attempt} fallback={() => <FileLoadFailed {...props} retried={attempt > 0} onRetry={() => setAttempt(attempt + 1)} />}>
        {/* The person asked for the input: once it is there, it takes focus. */}
        <FileInput {...props} autofocus={props.autofocus || attempt > 0} />
      </CardBoundary>
    )
  }
  return LazyFileInputWidget
}

/**
 * In place of the input: a line and Try again. Named by the field's label
 * and carrying the field's id, so the error summary's link lands here; the
 * button's id starts with the field's, so rjsf's focus on the first invalid
 * field lands on it, described by the line and the field's errors.
 */
function FileLoadFailed(props: WidgetProps & { retried: boolean; onRetry: () => void }) {
  const { id, disabled, readonly, retried, onRetry } = props
  const text = resolvePart(messagesOf(props.registry), fileLoadTexts)
  const lineId = `${id}__unavailable`
  return (
    <div id={id} role="group" tabIndex={-1} aria-labelledby={labelIdOf(id)} className="mcp-elicit-file mcp-elicit-file-failed">
      <p id={lineId} className="mcp-elicit-file-refused">
        {text.fileLoadFailed}
      </p>
      {/* After a failed Try again, focus stays on the button rather than falling back to the page. */}
      <button type="button" id={`${id}__retry`} className="mcp-elicit-file-retry" disabled={disabled || readonly} autoFocus={retried} aria-describedby={describedBy(props, lineId)} onClick={onRetry}>
        {text.fileLoadRetry}
      </button>
    </div>
  )
}

export const LazyFileInputWidget = /* @__PURE__ */ lazyFileWidget(() => import('./file-widget.js').then((module) => module.FileInputWidget))
