/**
 * Registers an MCP server's tools with the assistant-ui runtime around it:
 * each model-visible tool becomes a frontend tool (its `execute` runs the
 * call through our client and asks each round through `human()`), and its
 * tool UI ({@link createMcpToolPart}) shows the call where the model made it.
 * Needs an `McpProvider` (the client, and `signIn` for protected servers)
 * and an `AssistantRuntimeProvider` above it.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useAui } from '@assistant-ui/react'
import type { Tool as AssistantTool } from '@assistant-ui/react'
import type { JsonObject } from '../core/index.js'
import { useMcpClient, useSignInStore } from '../react/index.js'
import { missingApi } from './errors.js'
import { executeMcpTool, type ExecuteContext, type Executing } from './execute.js'
import { createMcpToolPart } from './McpToolPart.js'
import type { McpAssistantToolOptions, PartSettings } from './settings.js'
import { observerOptions } from './settings.js'
import { mapMcpTools, type McpToolMapping } from './toolkit.js'

/**
 * Registers the tools of `listing` (a `tools/list` result, untrusted) while
 * the calling component is mounted; returns what was registered, renamed and
 * skipped. Throws an `McpAssistantUiError` (`UNSUPPORTED_VERSION`) when the
 * runtime lacks `modelContext.register` or `tools.setToolUI`.
 */
export function useMcpAssistantTools(listing: readonly unknown[], options: McpAssistantToolOptions = {}): McpToolMapping {
  const aui = useAui() as unknown as Partial<RuntimeSeams> | undefined
  const client = useMcpClient()
  const signIn = useSignInStore()
  const executing = useMemo<Executing>(() => new Set(), [])
  const settings = useRef<PartSettings>({ client, signIn, options, executing })
  settings.current = { client, signIn, options, executing }
  const mapping = useMemo(() => mapMcpTools(listing), [listing])
  const seams = checkSeams(aui)

  useEffect(() => {
    const tools: Record<string, AssistantTool> = {}
    for (const entry of mapping.tools) {
      tools[entry.name] = {
        type: 'frontend',
        description: entry.description,
        parameters: entry.parameters as AssistantTool['parameters'],
        execute: (args: Record<string, unknown>, context: ExecuteContext) => {
          const current = settings.current
          return executeMcpTool(current.client, entry.tool.name, args as JsonObject, context, observerOptions(current.options), current.executing)
        },
      } as AssistantTool
    }
    return seams.register({ getModelContext: () => ({ tools }) })
  }, [seams, mapping])

  useEffect(() => {
    const removals = mapping.tools.map((entry) => seams.setToolUI(entry.name, createMcpToolPart(entry.tool.name, settings), { standalone: true }))
    return () => removals.forEach((remove) => remove())
  }, [seams, mapping])

  return mapping
}

/** The two runtime APIs the adapter uses, bound. */
interface RuntimeSeams {
  modelContext: { register(provider: { getModelContext(): { tools: Record<string, AssistantTool> } }): () => void }
  tools: { setToolUI(toolName: string, render: unknown, options?: { standalone?: boolean }): () => void }
}

interface BoundSeams {
  register: RuntimeSeams['modelContext']['register']
  setToolUI: RuntimeSeams['tools']['setToolUI']
}

const seamsOf = new WeakMap<object, BoundSeams>()

/** The runtime's registration APIs, or a typed error naming the one missing. One object per client, so effects run once. */
function checkSeams(aui: Partial<RuntimeSeams> | undefined): BoundSeams {
  if (typeof aui?.modelContext?.register !== 'function') throw missingApi('useAui().modelContext.register', 'MCP tools cannot be offered to the model (is an AssistantRuntimeProvider above?)')
  if (typeof aui.tools?.setToolUI !== 'function') throw missingApi('useAui().tools.setToolUI', 'MCP tool calls cannot be shown in the thread')
  const known = seamsOf.get(aui)
  if (known) return known
  const modelContext = aui.modelContext
  const tools = aui.tools
  const bound: BoundSeams = { register: (provider) => modelContext.register(provider), setToolUI: (name, render, options) => tools.setToolUI(name, render, options) }
  seamsOf.set(aui, bound)
  return bound
}
