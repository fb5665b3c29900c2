/**
 * Registers the tools of a set of servers (`createServerSet`) with the
 * assistant-ui runtime around it, in one registration: each server's tools
 * under `<serverId>__<tool>` (stable across reloads, whatever order the
 * servers answer in), each description saying which server it comes from,
 * and the system prompt saying which servers' tools are not offered now and
 * why (down, slow, signed out). Each tool part runs its call on the server
 * its tool came from, with that server's sign-in, and its heading names the
 * server. A part of the thread whose server or tool is gone says so, to the
 * person and to the model.
 *
 * The listing the model gets follows the set: a server that answers late,
 * comes back, or is signed in to brings its tools in; one that fails takes
 * them out. The tool UIs follow every known listing (the set keeps each
 * server's last one across a reload), so an open part routes before any new
 * listing arrives, and a server that is down still shows its parts.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useAui, useAuiState, type Tool as AssistantTool } from '@assistant-ui/react'
import { qualifiedToolName, serverIdOfToolName, type JsonObject, type McpServerSet } from '../core/index.js'
import type { SignInStore } from '../react/index.js'
import { asksBeforeRunning } from '../chat/tool-approval.js'
import { executeMcpTool, executeRuns, type ExecuteContext } from './execute.js'
import { createGonePart } from './gone-part.js'
import { createMcpToolPart, type McpToolPartProps } from './McpToolPart.js'
import { mapServerTools, type ServerToolMapping, type ServerToolRoute } from './server-toolkit.js'
import { observerOptions, type McpAssistantToolOptions, type PartSettings } from './settings.js'
import { checkSeams, read, type RuntimeSeams } from './useMcpAssistantTools.js'
import type { ComponentType } from 'react'

/**
 * Registers the tools of `servers` while the calling component is mounted
 * and lists the servers once (each within the set's bound); returns what is
 * offered, routed and left out. Throws an `McpAssistantUiError`
 * (`UNSUPPORTED_VERSION`) when the runtime lacks `modelContext.register` or
 * `tools.setToolUI`.
 */
export function useMcpAssistantServerTools(servers: McpServerSet, options: McpAssistantToolOptions = {}): ServerToolMapping {
  const aui = read(() => useAui() as unknown as Partial<RuntimeSeams> | undefined)
  const seams = checkSeams(aui.value, aui.error)
  const snapshot = useSyncExternalStore(servers.subscribe, servers.getSnapshot, servers.getSnapshot)
  // The model names of the thread's tool calls: a part whose tool no listing has still gets a UI (gone, or not listed yet).
  const inThread = read(() => useAuiState((state) => threadToolNames((state as { thread?: { messages?: unknown } }).thread?.messages)))
  const threadNames = inThread.value ?? ''
  const runs = useMemo(executeRuns, [])
  const settings = useRef(new Map<string, { current: PartSettings }>())
  for (const entry of servers.entries) {
    const current: PartSettings = { client: entry.client, signIn: entry.signIn as SignInStore | undefined, options, runs }
    const held = settings.current.get(entry.id)
    if (held) held.current = current
    else settings.current.set(entry.id, { current })
  }
  const reserved = (options.reserved ?? []).join('\n')
  const mapping = useMemo(() => mapServerTools(snapshot, reserved === '' ? [] : reserved.split('\n')), [snapshot, reserved])

  useEffect(() => {
    void servers.refresh()
  }, [servers])
  // Each turn of the thread asks again the servers that were down, slow or failing: one that is back offers its tools from the next turn on.
  const running = read(() => useAuiState((state) => (state as { thread?: { isRunning?: unknown } }).thread?.isRunning === true)).value === true
  useEffect(() => {
    if (!running) return
    const ids = servers.getSnapshot().filter((server) => RETRIED.has(server.status)).map((server) => server.id)
    if (ids.length > 0) void servers.refresh({ ids, reload: true })
  }, [servers, running])

  // What the model is offered, and the line about the servers that are not: registered again only when it changes.
  const offered = JSON.stringify([mapping.tools.map((tool) => [tool.name, tool.server.id, tool.mcpName, tool.description, tool.parameters, tool.hints]), mapping.system, options.runCalls])
  useEffect(() => {
    const runsExecute = options.runCalls === 'execute'
    const tools: Record<string, AssistantTool> = {}
    for (const entry of mapping.tools) {
      const serverId = entry.server.id
      const execute = (args: Record<string, unknown>, context: ExecuteContext) => {
        const current = settings.current.get(serverId)!.current
        const askFirst = asksBeforeRunning({ name: entry.mcpName, hints: entry.hints }, current.options.askBeforeRunning)
        return executeMcpTool(current.client, entry.mcpName, args as JsonObject, context, { ...observerOptions(current.options), askFirst }, current.runs)
      }
      // Without `execute` a runtime that runs frontend tools leaves the call to the tool part.
      tools[entry.name] = { type: 'frontend', description: entry.description, parameters: entry.parameters, ...(runsExecute ? { execute } : {}) } as AssistantTool
    }
    const system = mapping.system
    return seams.register({ getModelContext: () => (system ? { tools, system } : { tools }) })
  }, [seams, offered])

  // The tool UIs: every routed name, and the thread's names no listing has. One component per route, kept while it stays the same,
  // so a new snapshot never remounts a part (a remount would start its call anew).
  const parts = useRef(new Map<string, ComponentType<McpToolPartProps>>())
  const uis = useMemo(() => {
    const all = new Map<string, { key: string; make: () => ComponentType<McpToolPartProps> }>()
    for (const [name, route] of mapping.routes) all.set(name, partFor(route, settings.current))
    for (const name of threadNames === '' ? [] : threadNames.split('\n')) {
      if (all.has(name)) continue
      const unlisted = unlistedRoute(name, snapshot)
      all.set(name, unlisted ? partFor(unlisted, settings.current) : { key: `gone\n${name}`, make: () => createGonePart(name, servers, settings.current.get(serverIdOfToolName(name) ?? '')?.current.options ?? options) })
    }
    return all
  }, [mapping, threadNames, snapshot, servers])
  const registered = [...uis].map(([name, ui]) => `${name}\n${ui.key}`).join('\n\n')
  useEffect(() => {
    const removals = [...uis].map(([name, ui]) => {
      const known = parts.current.get(ui.key) ?? ui.make()
      parts.current.set(ui.key, known)
      return seams.setToolUI(name, known, { standalone: true })
    })
    return () => removals.forEach((remove) => remove())
  }, [seams, registered])

  return mapping
}

/** The statuses a new turn lists again (not `signed-out`: that waits for the person's sign-in). */
const RETRIED = new Set<string>(['unreachable', 'failed', 'slow'])

/** The UI of `route`: a key naming what it shows (a new key is a new component) and how to make it. */
function partFor(route: ServerToolRoute, settings: Map<string, { current: PartSettings }>): { key: string; make: () => ComponentType<McpToolPartProps> } {
  const key = JSON.stringify(['tool', route.server.id, route.server.name, route.mcpName, route.title ?? null, route.hints])
  return { key, make: () => createMcpToolPart({ name: route.mcpName, title: route.title, hints: route.hints, server: route.server }, settings.get(route.server.id)!) }
}

/**
 * A thread's tool name of a server of the set whose listing is not known yet
 * (never listed in this tab, a protected server before its sign-in): called
 * as named, when its own name comes back to this model name unchanged (a
 * cleaned or hashed name cannot be read back).
 */
function unlistedRoute(name: string, servers: ReturnType<McpServerSet['getSnapshot']>): ServerToolRoute | undefined {
  const id = serverIdOfToolName(name)
  const server = servers.find((state) => state.id === id)
  if (!server || server.tools !== undefined) return undefined
  const own = name.slice(server.id.length + 2)
  if (qualifiedToolName(server.id, own) !== name) return undefined
  return { server: { id: server.id, name: server.name }, mcpName: own, title: undefined, hints: {} }
}

/** The model names of the tool calls in a thread's messages, as one string (an unchanged answer is the same snapshot). */
function threadToolNames(messages: unknown): string {
  if (!Array.isArray(messages)) return ''
  const names = new Set<string>()
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content
    if (!Array.isArray(content)) continue
    for (const part of content) {
      const { type, toolName } = (part ?? {}) as { type?: unknown; toolName?: unknown }
      if (type === 'tool-call' && typeof toolName === 'string' && serverIdOfToolName(toolName) !== undefined) names.add(toolName)
    }
  }
  return [...names].sort().join('\n')
}
