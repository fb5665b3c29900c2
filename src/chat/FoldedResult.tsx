/**
 * A finished call in a chat, in both adapters: one line with its result
 * (the first line of its text, else what it holds), which opens to the whole
 * result. Not a card with a button that runs the tool again: the model made
 * the call, and its answer is in the conversation.
 */
import type { ErrorInfo } from 'react'
import { displayText, type McpResult } from '../core/index.js'
import { CardBoundary } from '../forms/CardBoundary.js'
// The result renderer loads when first shown (forms/lazy-parts.tsx): a folded line needs none of it.
import { LazyToolResult } from '../forms/lazy-parts.js'
import type { Messages } from '../forms/messages.js'
import { callTexts } from '../forms/texts/call.js'
import { chatTexts } from '../forms/texts/chat.js'
import { resolvePart } from '../forms/texts/resolve.js'
import { boundedJson } from '../forms/bounded-json.js'
import { cleanText, isObject } from './json.js'

const MAX_LINE = 200

/** The line a finished result folds to: its first line of text, else its structured content, else the kinds of its blocks. */
export function resultLine(result: McpResult): string {
  const blocks: unknown[] = Array.isArray(result.content) ? result.content : []
  for (const block of blocks) {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') continue
    const line = block.text.split('\n').find((text) => text.trim() !== '')
    const clean = cleanText(line, MAX_LINE)
    if (clean !== undefined) return clean
  }
  if (result.structuredContent !== undefined) return cleanText(boundedJson(result.structuredContent, { maxLength: MAX_LINE * 2 }), MAX_LINE) ?? ''
  const kinds = [...new Set(blocks.map((block) => (isObject(block) ? cleanText(displayText(block.type), 40) : undefined) ?? 'content'))]
  return kinds.length > 0 ? `[${kinds.join(', ')}]` : ''
}

export interface FoldedResultProps {
  result: McpResult
  messages?: Partial<Messages> | undefined
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
}

/** The result as one line, opening to the whole of it. */
export function FoldedResult({ result, messages, onError }: FoldedResultProps) {
  const text = resolvePart(messages, callTexts, chatTexts)
  const line = resultLine(result)
  const failed = result.isError === true
  return (
    <details className="mcp-elicit-folded" data-error={failed || undefined}>
      <summary className="mcp-elicit-folded-line" dir="auto">
        {failed ? text.resultLineError(line) : line || text.resultHeading}
      </summary>
      <div className="mcp-elicit-result" data-error={failed || undefined}>
        <CardBoundary onError={onError} resetKey={result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
          <LazyToolResult result={result} messages={messages} onError={onError} />
        </CardBoundary>
      </div>
    </details>
  )
}
