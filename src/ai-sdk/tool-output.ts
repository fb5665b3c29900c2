/**
 * What the model reads of an MCP tool's result. The browser hands back the
 * whole `CallToolResult` (so the page can show it again after a reload); the
 * model gets its text blocks as text, which every provider takes, and the
 * result as JSON only when it holds something else (structured content,
 * other blocks), all of it bounded ({@link boundedResult}: images and audio
 * become a line saying so). A result flagged `isError` reaches it as an
 * error: its text, or its content as JSON cut to a bounded depth and length.
 */
import type { JSONValue, Tool } from 'ai'
import { clipText, isObject, jsonCopy } from '../chat/json.js'
import { boundedJson } from '../forms/bounded-json.js'
import { boundedResult, MAX_RESULT_LENGTH } from '../chat/bounded-result.js'

type ModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>


/** The text of a result's text blocks, or undefined when it has other blocks (or none). */
function textOnly(content: unknown): string | undefined {
  if (!Array.isArray(content) || content.length === 0) return undefined
  const texts: string[] = []
  for (const block of content) {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') return undefined
    texts.push(block.text)
  }
  return texts.join('\n')
}

/** An MCP `CallToolResult` (or anything the browser sent back) as the model's tool output, bounded ({@link boundedResult}). */
export function mcpOutputForModel(output: unknown): ModelOutput {
  if (!isObject(output)) {
    const copy = jsonCopy(output ?? null, MAX_RESULT_LENGTH)
    return copy === 'too-large' ? { type: 'text', value: boundedJson(output) } : { type: 'json', value: copy as JSONValue }
  }
  // Bounded: JSON.stringify throws on content nested 100,000 deep, and would hand the model a huge one whole.
  if (output.isError === true) {
    const text = textOnly(output.content)
    return { type: 'error-text', value: text === undefined ? boundedJson(output.content ?? output) : clipText(text, MAX_RESULT_LENGTH) }
  }
  const bounded = boundedResult(output)
  const text = textOnly(bounded.content)
  if (text !== undefined && bounded.structuredContent === undefined) return { type: 'text', value: text }
  return { type: 'json', value: bounded as JSONValue }
}
