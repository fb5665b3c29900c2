/**
 * A settled call in its tool part: the MCP result as the forms show it (or
 * the tool's MCP App under an `McpAppsProvider`), anything else as text.
 * The part shows the whole result when this page ran the call; the thread
 * holds the bounded copy the model reads (call-results.ts), which is what a
 * reloaded page shows.
 */
import { displayText, type JsonObject, type McpResult } from '../core/index.js'
import { CardBoundary, useMcpViews } from '../forms/index.js'
// The result renderer loads when first shown, as in McpToolCall (forms/lazy-parts.tsx).
import { LazyToolResult } from '../forms/lazy-parts.js'
import { callTexts } from '../forms/texts/call.js'
import { resolvePart } from '../forms/texts/resolve.js'
import type { PartSettings } from './settings.js'

/** A settled call: the MCP result as the forms show it (or the tool's app), anything else as text. */
export function Settled({ name, args, result, settings }: { name: string; args: JsonObject; result: unknown; settings: PartSettings }) {
  const { messages, onError } = settings.options
  const text = resolvePart(messages, callTexts)
  const views = useMcpViews()
  const mcp = isMcpResult(result) ? result : undefined
  const block = (
    <div className="mcp-elicit-result" data-error={mcp?.isError === true || undefined}>
      <p className="mcp-elicit-result-heading">{text.resultHeading}</p>
      <CardBoundary onError={onError} resetKey={result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
        {mcp ? <LazyToolResult result={mcp} messages={messages} onError={onError} /> : <p dir="auto">{displayText(typeof result === 'string' ? result : jsonText(result))}</p>}
      </CardBoundary>
    </div>
  )
  if (!views.toolView || !mcp) return block
  return (
    <CardBoundary onError={onError} resetKey={name} fallback={() => block}>
      {views.toolView({ name, arguments: args, status: 'done', result: mcp, error: undefined, fallback: block })}
    </CardBoundary>
  )
}

function isMcpResult(value: unknown): value is McpResult {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { content?: unknown }).content)
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}
