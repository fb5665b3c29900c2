/**
 * What the model reads of an MCP tool's result. The browser hands back the
 * whole `CallToolResult` (so the page can show it again after a reload); the
 * model gets its text blocks as text, which every provider takes, and the
 * result as JSON only when it holds something else (images, structured
 * content without text). A result flagged `isError` reaches it as an error:
 * its text, or its content as JSON cut to a bounded depth and length.
 */
import type { JSONValue, Tool } from 'ai'
import { isObject } from '../chat/json.js'
import { boundedJson } from '../forms/bounded-json.js'

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

/** An MCP `CallToolResult` (or anything the browser sent back) as the model's tool output. */
export function mcpOutputForModel(output: unknown): ModelOutput {
  if (!isObject(output)) return { type: 'json', value: (output ?? null) as JSONValue }
  const text = textOnly(output.content)
  // Bounded: JSON.stringify throws on content nested 100,000 deep, and would hand the model a huge one whole.
  if (output.isError === true) return { type: 'error-text', value: text ?? boundedJson(output.content ?? output) }
  if (text !== undefined && output.structuredContent === undefined) return { type: 'text', value: text }
  return { type: 'json', value: output as JSONValue }
}
