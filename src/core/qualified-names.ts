/**
 * The name a model calls a server's tool by when a conversation holds
 * several servers: `<serverId>__<tool>`, one rule for both chat adapters,
 * the AI SDK route and the browser alike.
 *
 * What the names must be, and why:
 * - accepted by every provider: `^[a-zA-Z0-9_-]{1,64}$` (Claude, OpenAI),
 *   starting with a letter (Gemini, Cohere). The server id starts with a
 *   letter and holds no `_`, so the first `__` always ends it: no tool of one
 *   server can take the name of another server's tool.
 * - stable across reloads and sessions: a stored conversation names its
 *   tools by these names, and a name that moved to another tool after a
 *   reload would route an old call to the wrong tool. So a name depends on
 *   the server id and the tool's own name only, never on the order servers
 *   mounted or tools were listed: a name that is acceptable as it is stays
 *   as it is after the prefix; any other is cleaned (refused characters
 *   become `_`), clipped to fit, and given a short hash of the original
 *   name, so two names that clean to the same text differ.
 * - readable: `calendar__create_event`, not an opaque id.
 *
 * Within one server a collision can still happen (a hostile server lists
 * `a.b` and the exact hashed name of `a.b`): it is broken by a rule of the
 * listing's set of names, not its order (names kept as they are first, then
 * by the names' code units), so the same listing gives the same names
 * whatever order it comes in.
 */

/** What the providers accept as a tool name. */
export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/

/** A server id of a set of servers: a letter, then up to 23 letters, digits or `-` (no `_`: `__` ends it in a tool's name). */
export const SERVER_ID = /^[a-zA-Z][a-zA-Z0-9-]{0,23}$/

/** Between the server id and the tool's name. */
export const SERVER_SEPARATOR = '__'

const MAX_LENGTH = 64
const HASH_LENGTH = 6

/** Whether `id` can be a server id (see {@link SERVER_ID}). */
export function isServerId(id: unknown): id is string {
  return typeof id === 'string' && SERVER_ID.test(id)
}

/**
 * A short hash of `text` in base 36 (two 32-bit FNV-1a lanes mixed): the
 * same on every page and engine, so a clipped or cleaned name comes back
 * the same after a reload. Not a secret and not collision-proof: a
 * collision is resolved by {@link qualifyToolNames}.
 */
export function shortHash(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    a = Math.imul(a ^ unit, 0x01000193) >>> 0
    b = Math.imul(b ^ unit, 0x5bd1e995) >>> 0
  }
  a = Math.imul(a ^ (b >>> 15), 0x2c1b3c6d) >>> 0
  b = Math.imul(b ^ (a >>> 13), 0x297a2d39) >>> 0
  const value = (b % 0x1000) * 0x100000000 + a
  return value.toString(36).padStart(HASH_LENGTH, '0').slice(-HASH_LENGTH)
}

/** Whether `name` needs no change to follow the prefix (within `room` characters). */
function keptAsIs(name: string, room: number): boolean {
  return name.length > 0 && name.length <= room && /^[a-zA-Z0-9_-]+$/.test(name)
}

/**
 * The model's name for the tool `mcpName` of the server `serverId`, before
 * any collision within the server's listing ({@link qualifyToolNames}
 * resolves those). Throws a `TypeError` for an id that is not a server id.
 */
export function qualifiedToolName(serverId: string, mcpName: string): string {
  if (!isServerId(serverId)) throw new TypeError(`Not a server id: ${JSON.stringify(String(serverId).slice(0, 40))} (a letter, then up to 23 letters, digits or "-")`)
  const prefix = `${serverId}${SERVER_SEPARATOR}`
  const room = MAX_LENGTH - prefix.length
  const name = String(mcpName)
  if (keptAsIs(name, room)) return `${prefix}${name}`
  // Only the head is kept, so only the head is cleaned (a 10,000-character name costs its hash, not a copy).
  const head = name.slice(0, room).replace(/[^a-zA-Z0-9_-]/g, '_')
  return `${prefix}${head.slice(0, room - HASH_LENGTH - 1)}_${shortHash(name)}`
}

/** `name` with `_n`, within 64 characters. */
function numbered(name: string, n: number): string {
  const suffix = `_${n}`
  return `${name.slice(0, MAX_LENGTH - suffix.length)}${suffix}`
}

/**
 * The model's names for every tool of one server's listing, in the order
 * given, each unique. Names in `taken` (the app's own tools beside these)
 * are never given. The result depends on the set of names, never on their
 * order: a colliding name gets `_2`, `_3`, … with names kept as they are
 * served first, then the rest in the order of their code units.
 */
export function qualifyToolNames(serverId: string, mcpNames: readonly string[], taken: Iterable<string> = []): string[] {
  const candidates = mcpNames.map((name) => qualifiedToolName(serverId, name))
  const room = MAX_LENGTH - serverId.length - SERVER_SEPARATOR.length
  const order = mcpNames.map((name, index) => ({ name, index, asIs: keptAsIs(name, room) }))
  order.sort((x, y) => (x.asIs !== y.asIs ? (x.asIs ? -1 : 1) : x.name < y.name ? -1 : x.name > y.name ? 1 : x.index - y.index))
  const used = new Set<string>(taken)
  const result: string[] = new Array<string>(mcpNames.length)
  for (const { index } of order) {
    const base = candidates[index]!
    let candidate = base
    for (let n = 2; used.has(candidate); n++) candidate = numbered(base, n)
    used.add(candidate)
    result[index] = candidate
  }
  return result
}

/** The server id a qualified name starts with, or undefined when it has none. */
export function serverIdOfToolName(modelName: string): string | undefined {
  const end = modelName.indexOf(SERVER_SEPARATOR)
  if (end <= 0) return undefined
  const id = modelName.slice(0, end)
  return isServerId(id) ? id : undefined
}
