/**
 * Every pending question of one input round (`round-panel.tsx`), with the
 * form and the cards it shows (`round-parts.ts`). Rendering it loads nothing
 * more than the cards do: it is the panel as an app imports it, at once.
 */
import { forwardRef, type ForwardedRef } from 'react'
import { RoundPanel, type InputRequestPanelProps } from './round-panel.js'
import { roundParts } from './round-parts.js'

export type { InputRequestPanelProps } from './round-panel.js'

/** Renders the pending questions of an `awaiting_input` round. */
export const InputRequestPanel = /* @__PURE__ */ forwardRef(function InputRequestPanel(props: InputRequestPanelProps, ref: ForwardedRef<HTMLDivElement>) {
  return <RoundPanel {...props} parts={roundParts} ref={ref} />
})
