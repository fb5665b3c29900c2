/**
 * What the thread is given of a call, whoever ran it (`execute` or the tool
 * part): the result bounded as the model gets it (chat/bounded-result.ts:
 * assistant-ui keeps every result in the thread, and the model adapter sends
 * the thread on every turn), or an MCP error result the model can read: the
 * error's kind and the server's own words, never the error's message, which
 * names the endpoint (chat/model-error.ts), a Stop, or the person's Don't
 * run. The whole result stays on this page for the part to show.
 */
import type { McpResult } from '../core/index.js'
import { boundedResult } from '../chat/bounded-result.js'
import { mcpErrorForModel } from '../chat/model-error.js'

/** The text the model reads of a call the person chose not to run. */
export const DECLINED_TEXT = 'The person chose not to run this tool call.'

/** Whole results kept for their parts at most: past that, the oldest part shows the thread's copy. */
const MAX_KEPT = 32

/** Keeps `result` whole for the part of `id`, within {@link MAX_KEPT} (a long chat of large results must not hold them all). */
export function keepWhole(results: Map<string, McpResult> | undefined, id: string, result: McpResult): void {
  if (!results) return
  results.delete(id)
  results.set(id, result)
  for (const oldest of results.keys()) {
    if (results.size <= MAX_KEPT) break
    results.delete(oldest)
  }
}

/** The thread's copy of a finished call's result. */
export function threadResult(result: McpResult): McpResult {
  return boundedResult(result) as McpResult
}

export function failedResult(error: unknown): McpResult {
  return errorResult(mcpErrorForModel(error))
}

export function stoppedResult(): McpResult {
  return errorResult('The person stopped the call.')
}

export function declinedResult(): McpResult {
  return errorResult(DECLINED_TEXT)
}

/** Whether a thread's result is the one {@link declinedResult} makes (after a reload too). */
export function isDeclinedResult(result: unknown): boolean {
  const content = (result as { content?: unknown } | null)?.content
  return Array.isArray(content) && content.length === 1 && (content[0] as { text?: unknown } | null)?.text === DECLINED_TEXT && (result as { isError?: unknown }).isError === true
}

function errorResult(text: string): McpResult {
  return { content: [{ type: 'text', text }], isError: true }
}
