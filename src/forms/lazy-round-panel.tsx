/**
 * The round panel (`InputRequestPanel`) as a call renders it: one of the
 * parts loaded on demand (`lazyPart`). A call shows it only once the server
 * asks something, and a Run button needs none of it: `McpToolCall` fetches it
 * as soon as it is on the page, after its first paint, an app's own call
 * (`apps/react/app-calls.tsx`) when it starts, and an assistant-ui tool part
 * (`assistant-ui/McpToolPart.tsx`) when it shows, so it is there before the
 * first round is. While it still loads, the call's working line stands where
 * the round goes; the forms in it then show as they always do (their
 * autofocus lands on the first field unless the person went elsewhere
 * meanwhile).
 *
 * A chunk that cannot be fetched (offline, a deploy replaced the files) must
 * not take the call down with it: its `PartLoadError` stops at a boundary
 * around the panel, goes to `onError`, and a line and Try again stand in its
 * place; Try again mounts it anew, which asks for the chunk again (`lazyPart`
 * forgets a failure). Nothing was typed in a round that never showed, and the
 * call's Stop stays usable.
 */
import { useState, type ComponentProps } from 'react'
import { CardBoundary } from './CardBoundary.js'
import { lazyPart } from './lazy-parts.js'
import { PartFailed } from './PartFailed.js'
import type { InputRequestPanelProps, RoundPanel } from './round-panel.js'
import { roundParts } from './round-parts.js'
import { callTexts } from './texts/call.js'
import { resolvePart } from './texts/resolve.js'

// The panel's own code only: the form and the cards come from this first load (`round-parts.ts`).
const LoadRoundPanel = /* @__PURE__ */ lazyPart<ComponentProps<typeof RoundPanel>>('InputRequestPanel', () => import('./round-panel.js').then((module) => module.RoundPanel))

/** `InputRequestPanel` with its code loaded on first render (or {@link LazyInputRequestPanel.preload}), behind its own boundary. */
export function LazyInputRequestPanel(props: InputRequestPanelProps) {
  // Each Try again clears the boundary, which mounts the part anew: a fresh mount asks for the chunk again.
  const [attempt, setAttempt] = useState(0)
  const text = resolvePart(props.messages, callTexts)
  return (
    <CardBoundary
      onError={props.onError}
      resetKey={attempt}
      fallback={() => <PartFailed className="mcp-elicit-round-failed" line={text.roundFailed} retryLabel={text.retry} action="retry-round" attempt={attempt} onRetry={() => setAttempt(attempt + 1)} />}
    >
      <LoadRoundPanel {...props} parts={roundParts} />
    </CardBoundary>
  )
}

/** Starts loading the panel's chunk (once); a failure is forgotten, and shown where the round goes. */
LazyInputRequestPanel.preload = LoadRoundPanel.preload
