/**
 * A deterministic stand-in for the app's own model, answering sampling
 * requests the person approved. Real apps call their LLM here.
 */
import type { JsonObject } from 'mcp-elicit'

const ANSWERS: Array<[RegExp, string]> = [
  [/capital of france/i, 'Paris.'],
  [/capital of japan/i, 'Tokyo.'],
  [/haiku/i, 'Quiet server hums / a question crosses the wire / the person answers'],
]

export async function standInModel(params: JsonObject): Promise<JsonObject> {
  const messages = Array.isArray(params.messages) ? (params.messages as Array<{ content?: { type?: string; text?: string } }>) : []
  const question = messages.map((m) => (m.content?.type === 'text' ? m.content.text ?? '' : '')).join(' ')
  const answer = ANSWERS.find(([pattern]) => pattern.test(question))?.[1] ?? `I read ${question.length} characters and have nothing useful to add.`
  return { role: 'assistant', content: { type: 'text', text: answer }, model: 'stand-in-1', stopReason: 'endTurn' }
}
