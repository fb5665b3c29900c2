/**
 * A tool's result as the chat carries it, in both adapters. The AI SDK
 * keeps each tool output in the conversation and the page sends the whole
 * conversation on every request; assistant-ui keeps each result in the
 * thread, which its model adapter sends on every turn. So what a server
 * returned travels every turn: content nested 100,000 deep makes every
 * later `JSON.stringify` throw, and a 6 MB image goes again and again as
 * base64 text the model cannot read as an image anyway. This copy is plain
 * JSON, at most {@link MAX_RESULT_LENGTH} characters of text and JSON in all;
 * images, audio and binary resources become one line saying what was left
 * out. The tool part on the page still shows the server's whole result.
 */
import type { JsonObject } from '../core/index.js'
import { clipText, isObject, jsonCopy } from './json.js'
import { boundedJson } from '../forms/bounded-json.js'

/** Characters of a result (texts and JSON together) the chat carries at most. */
export const MAX_RESULT_LENGTH = 100_000

/** The line that stands for a block the chat does not carry (its type and media type, clipped: both are the server's). */
function leftOut(kind: string, mimeType: unknown): JsonObject {
  const media = typeof mimeType === 'string' ? ` (${clipText(mimeType, 100)})` : ''
  return { type: 'text', text: `[${clipText(kind, 40)}${media} not passed on to the model]` }
}

/** A bounded, JSON-only copy of an MCP `CallToolResult` (anything else: its bounded JSON as one text block). */
export function boundedResult(result: unknown): JsonObject {
  let budget = MAX_RESULT_LENGTH
  const take = (text: string) => {
    const kept = clipText(text, Math.max(1, budget))
    budget -= kept.length
    return kept
  }
  const asText = (value: unknown): JsonObject => ({ type: 'text', text: take(boundedJson(value, { maxLength: Math.max(1, budget) })) })
  if (!isObject(result)) return { content: [asText(result)] }

  const block = (item: unknown): JsonObject => {
    if (!isObject(item)) return asText(item)
    if (item.type === 'text') return { type: 'text', text: take(typeof item.text === 'string' ? item.text : '') }
    if (item.type === 'image' || item.type === 'audio') return leftOut(item.type, item.mimeType)
    if (item.type === 'resource' && isObject(item.resource) && typeof item.resource.blob === 'string') return leftOut('binary resource', item.resource.mimeType)
    const copy = jsonCopy(item, budget)
    if (copy === 'too-large') return asText(item)
    budget -= JSON.stringify(copy).length
    return copy
  }

  const blocks: unknown[] = Array.isArray(result.content) ? result.content : []
  const content: JsonObject[] = []
  for (const item of blocks) {
    if (budget <= 0) {
      content.push({ type: 'text', text: `[${blocks.length - content.length} more block(s) not passed on to the model]` })
      break
    }
    content.push(block(item))
  }
  const bounded: JsonObject = { content }
  if (result.structuredContent !== undefined) {
    const copy = isObject(result.structuredContent) ? jsonCopy(result.structuredContent, budget) : 'too-large'
    // Too large or too deep to copy: the model still reads its bounded JSON, as text.
    if (copy === 'too-large') content.push(asText(result.structuredContent))
    else bounded.structuredContent = copy
  }
  if (result.isError === true) bounded.isError = true
  return bounded
}
