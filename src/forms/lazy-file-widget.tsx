/**
 * The `mcpFile` widget as the form registers it: `file-widget.tsx` (and the
 * data URI code behind it) loads only when a form shows a file field
 * (SEP-2356 `x-mcp-file`), not with every form. Its own Suspense boundary
 * keeps the rest of the form, and what was typed there, in place while it
 * loads; the field's label is already shown, and the input follows.
 */
import { lazy, Suspense } from 'react'
import type { WidgetProps } from '@rjsf/utils'

const FileInputWidget = /* @__PURE__ */ lazy(() => import('./file-widget.js').then((module) => ({ default: module.FileInputWidget })))

export function LazyFileInputWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<span className="mcp-elicit-file-loading" aria-busy="true" />}>
      <FileInputWidget {...props} />
    </Suspense>
  )
}
