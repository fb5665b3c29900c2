/**
 * The scripted stand-in for a language model that the chat-framework demos
 * and their tests use (no model is available offline; it is the only
 * stand-in in the repository). Framework-neutral and free of Node and DOM
 * APIs, so the AI SDK route (Node) and assistant-ui's local runtime (the
 * browser) wrap the same script in their own model interfaces.
 *
 * The script, for one turn:
 * - the last message is the person's: if it names a tool of the offered
 *   listing (its exact name, as a word), call that tool with the arguments
 *   the message spells as `key=value` (a number or `true`/`false` when the
 *   schema says so, else the text; quoted values may hold spaces);
 * - the last message is a tool's result: answer with a sentence quoting the
 *   result's text (clipped), or saying the call failed;
 * - anything else: a short help text naming the tools it could call.
 */

/** A tool as the model sees it: a name and an object JSON Schema. */
export interface ScriptedTool {
  name: string
  description?: string
  inputSchema?: { properties?: Record<string, { type?: unknown } | boolean> }
}

/** What the model last saw, reduced to what the script needs. */
export type ScriptedLastMessage =
  | { role: 'user'; text: string }
  | { role: 'tool'; toolName: string; output: unknown; isError?: boolean }
  | { role: 'other' }

export type ScriptedStep = { type: 'tool-call'; toolName: string; input: Record<string, unknown> } | { type: 'text'; text: string }

/** Longest quote of a result the answer carries. */
export const QUOTE_LIMIT = 400

const ARGUMENT = /([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S+))/g

export function scriptedStep(last: ScriptedLastMessage, tools: readonly ScriptedTool[]): ScriptedStep {
  if (last.role === 'tool') {
    const quote = clip(resultText(last.output))
    if (last.isError) return { type: 'text', text: `The tool ${last.toolName} failed: ${quote || 'no reason given'}.` }
    return { type: 'text', text: `The tool ${last.toolName} answered: “${quote}”.` }
  }
  if (last.role === 'user') {
    const tool = pickTool(last.text, tools)
    if (tool) return { type: 'tool-call', toolName: tool.name, input: argumentsFor(last.text, tool) }
  }
  const names = tools.map((tool) => tool.name).slice(0, 12)
  return {
    type: 'text',
    text: names.length ? `I am a scripted stand-in. Name a tool and I will call it: ${names.join(', ')}.` : 'I am a scripted stand-in and no tool is offered.',
  }
}

/** The tool whose name the text holds as a word; the longest name wins (`add_note` over `add`). */
function pickTool(text: string, tools: readonly ScriptedTool[]): ScriptedTool | undefined {
  const words = new Set(text.split(/[^\w-]+/).filter(Boolean))
  return [...tools].sort((a, b) => b.name.length - a.name.length).find((tool) => words.has(tool.name))
}

function argumentsFor(text: string, tool: ScriptedTool): Record<string, unknown> {
  const properties = tool.inputSchema?.properties ?? {}
  const input: Record<string, unknown> = {}
  for (const match of text.matchAll(ARGUMENT)) {
    const [, key, double, single, bare] = match
    if (key === undefined || !Object.hasOwn(properties, key)) continue
    const raw = double ?? single ?? bare ?? ''
    const property = properties[key]
    const type = typeof property === 'object' ? property.type : undefined
    input[key] = type === 'number' || type === 'integer' ? Number(raw) : type === 'boolean' ? raw === 'true' : raw
  }
  return input
}

/** The text of an MCP tool result (its text blocks), else its JSON. */
function resultText(output: unknown): string {
  if (typeof output === 'string') return output
  if (output && typeof output === 'object' && Array.isArray((output as { content?: unknown }).content)) {
    const texts = ((output as { content: unknown[] }).content)
      .map((block) => (block && typeof block === 'object' && (block as { type?: unknown }).type === 'text' ? String((block as { text?: unknown }).text ?? '') : ''))
      .filter(Boolean)
    if (texts.length) return texts.join(' ')
  }
  try {
    return JSON.stringify(output) ?? ''
  } catch {
    return ''
  }
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT - 1)}…` : flat
}
