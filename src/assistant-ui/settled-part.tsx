/**
 * A settled call in its tool part: the MCP result folded to one line that
 * opens to the whole of it (or the tool's MCP App under an `McpAppsProvider`),
 * anything else as text.
 * The part shows the whole result when this page ran the call; the thread
 * holds the bounded copy the model reads (call-results.ts), which is what a
 * reloaded page shows.
 */
import { displayText, type JsonObject, type McpResult } from '../core/index.js'
import { CardBoundary, useMcpViews } from '../forms/index.js'
import { FoldedResult } from '../chat/FoldedResult.js'
import { callTexts } from '../forms/texts/call.js'
import { resolvePart } from '../forms/texts/resolve.js'
import type { PartSettings } from './settings.js'

/** A settled call: the MCP result folded to one line (or the tool's app), anything else as text. */
export function Settled({ name, args, result, settings }: { name: string; args: JsonObject; result: unknown; settings: PartSettings }) {
  const { messages, onError } = settings.options
  const text = resolvePart(messages, callTexts)
  const views = useMcpViews()
  const mcp = isMcpResult(result) ? result : undefined
  // A finished call is one line with its result, opening to the whole of it (as in the AI SDK part): no button runs it again.
  const block = mcp ? (
    <FoldedResult result={mcp} messages={messages} onError={onError} />
  ) : (
    <div className="mcp-elicit-result">
      <p className="mcp-elicit-result-heading">{text.resultHeading}</p>
      <p dir="auto">{displayText(typeof result === 'string' ? result : jsonText(result))}</p>
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
