/**
 * From a set of servers (as `McpServerSet.getSnapshot()` shows it) to what
 * assistant-ui registers: the tools the model is offered, named
 * `<serverId>__<tool>` and each saying which server it comes from
 * (src/chat/server-listing.ts, the reader both adapters share), the line of
 * the system prompt about the servers whose tools are not offered, and the
 * tool UIs: one for every tool of every server's latest known listing,
 * offered or not, so a reloaded or older part of a server that is down, slow
 * or signed out still finds its server. Pure and free of React.
 */
import { qualifyToolNames, type McpServerState, type Tool } from '../core/index.js'
import { describeForModel, readServerListings, unavailableNote, type UnavailableServer } from '../chat/server-listing.js'
import type { McpToolHints, SkippedTool } from '../chat/tool-listing.js'
import type { JsonObject } from '../core/index.js'
import { cleanText, isObject } from '../chat/json.js'

/** A tool the model is offered. */
export interface ServerToolEntry {
  /** Its model name, `<serverId>__<tool>`. */
  name: string
  /** The server it runs on. */
  server: { id: string; name: string }
  /** Its name on the server (what `tools/call` sends). */
  mcpName: string
  /** What the model reads: which server, the description, the hints. */
  description: string | undefined
  parameters: JsonObject
  title: string | undefined
  hints: McpToolHints
}

/** The tool behind a model name, for its tool UI. */
export interface ServerToolRoute {
  server: { id: string; name: string }
  mcpName: string
  title: string | undefined
  hints: McpToolHints
}

export interface ServerToolMapping {
  /** The tools offered to the model, in the servers' order. */
  tools: ServerToolEntry[]
  /** Every model name a tool UI is registered for (the offered tools and those of the servers' kept listings). */
  routes: Map<string, ServerToolRoute>
  /** Servers whose tools are not offered now, each with the line the model reads. */
  unavailable: UnavailableServer[]
  /** Those lines together, for the model's system prompt; undefined when every server is offered. */
  system: string | undefined
  /** Tools left out of the model's listing (named `<serverId>__<tool>`), each with why. */
  skipped: SkippedTool[]
}

/** Maps the set's snapshot; `reserved` are names the app's own tools use. */
export function mapServerTools(servers: readonly McpServerState[], reserved: readonly string[] = []): ServerToolMapping {
  const read = readServerListings(
    servers.map((server) => ({ id: server.id, name: server.name, status: server.status, tools: server.status === 'ready' ? server.tools : undefined })),
    {},
    reserved,
  )
  const tools = read.tools.map((tool) => ({
    name: tool.modelName,
    server: tool.server,
    mcpName: tool.mcpName,
    description: describeForModel(tool),
    parameters: tool.inputSchema,
    title: tool.title,
    hints: tool.hints,
  }))
  const routes = new Map<string, ServerToolRoute>(tools.map((tool) => [tool.name, { server: tool.server, mcpName: tool.mcpName, title: tool.title, hints: tool.hints }]))
  // The rest of each kept listing, named as the set resolves them: a part of a server that went down keeps its UI.
  for (const server of servers) {
    const kept = (server.tools ?? []).filter((tool): tool is Tool => typeof tool?.name === 'string')
    const names = qualifyToolNames(server.id, kept.map((tool) => tool.name), reserved)
    kept.forEach((tool, index) => {
      const name = names[index]!
      if (routes.has(name)) return
      const annotations = isObject(tool.annotations) ? tool.annotations : {}
      const hints = { readOnly: annotations.readOnlyHint === true, destructive: annotations.destructiveHint === true }
      routes.set(name, { server: { id: server.id, name: cleanText(server.name, 100) ?? server.id }, mcpName: tool.name, title: cleanText(tool.title, 200) ?? cleanText(annotations.title, 200), hints })
    })
  }
  return { tools, routes, unavailable: read.unavailable, system: unavailableNote(read.unavailable), skipped: read.skipped }
}
