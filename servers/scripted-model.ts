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
 *   schema says so, else the text; quoted values may hold spaces). With
 *   several servers the tools are named `<server>__<tool>` (their
 *   descriptions start "A tool of the MCP server “<name>”"): the message may
 *   name the tool alone ("run seat_map on the legacy server"), and the
 *   server by its id or its name picks among the servers that have it; a
 *   tool two servers have, named without a server, gets a question back;
 * - the last message is a tool's result: answer with a sentence quoting the
 *   result's text (clipped), or saying the call failed;
 * - anything else: a short help text naming the tools it could call, and
 *   what the system prompt says of the servers whose tools are not offered
 *   (`system`), so the person reads why a tool is missing.
 */

/** A tool as the model sees it: a name and an object JSON Schema. */
export interface ScriptedTool {
  /** Its model name: the tool's own, or `<serverId>__<tool>` for a set of servers. */
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

/** What the model got besides the tools: the system prompt (a set of servers says there which servers' tools are not offered, and why). */
export interface ScriptedContext {
  system?: string | undefined
}

export function scriptedStep(last: ScriptedLastMessage, tools: readonly ScriptedTool[], context: ScriptedContext = {}): ScriptedStep {
  if (last.role === 'tool') {
    const quote = clip(resultText(last.output))
    if (last.isError) return { type: 'text', text: `The tool ${last.toolName} failed: ${quote || 'no reason given'}.` }
    return { type: 'text', text: `The tool ${last.toolName} answered: “${quote}”.` }
  }
  if (last.role === 'user') {
    const picked = pickTool(last.text, tools)
    if (picked.length === 1) return { type: 'tool-call', toolName: picked[0]!.name, input: argumentsFor(last.text, picked[0]!) }
    if (picked.length > 1) {
      const which = picked.map((tool) => `${tool.name} (${serverOf(tool)?.name ?? serverOf(tool)?.id})`).join(', ')
      return { type: 'text', text: `Several servers have ${ownName(picked[0]!.name)}: ${which}. Say which server.` }
    }
  }
  const names = tools.map((tool) => tool.name).slice(0, 12)
  const help = names.length ? `I am a scripted stand-in. Name a tool and I will call it: ${names.join(', ')}.` : 'I am a scripted stand-in and no tool is offered.'
  const missing = context.system?.trim()
  return { type: 'text', text: missing ? `${help} ${missing}` : help }
}

/** The tool's own name: after `<serverId>__` when it has one. */
function ownName(name: string): string {
  const at = name.indexOf('__')
  return at > 0 ? name.slice(at + 2) : name
}

/** The server a qualified tool comes from: its id (the name's prefix) and the name its description gives. */
function serverOf(tool: ScriptedTool): { id: string; name: string | undefined } | undefined {
  const at = tool.name.indexOf('__')
  if (at <= 0) return undefined
  return { id: tool.name.slice(0, at), name: /MCP server “([^”]+)”/.exec(tool.description ?? '')?.[1] }
}

/**
 * The tools the text names: one whose whole name is a word of the text
 * (the longest wins: `add_note` over `add`); else those whose own name is,
 * narrowed to the servers the text names (by id, as a word, or by name) when
 * several servers have it. More than one means the text did not say which.
 */
function pickTool(text: string, tools: readonly ScriptedTool[]): ScriptedTool[] {
  const words = new Set(text.split(/[^\w-]+/).filter(Boolean))
  const byLength = [...tools].sort((a, b) => b.name.length - a.name.length)
  const whole = byLength.find((tool) => words.has(tool.name))
  if (whole) return [whole]
  const own = byLength.find((tool) => words.has(ownName(tool.name)))
  if (!own) return []
  const same = tools.filter((tool) => ownName(tool.name) === ownName(own.name))
  if (same.length === 1) return same
  const lower = text.toLowerCase()
  const named = same.filter((tool) => {
    const server = serverOf(tool)
    return server !== undefined && (words.has(server.id) || (server.name !== undefined && lower.includes(server.name.toLowerCase())))
  })
  return named.length > 0 ? named : same
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
