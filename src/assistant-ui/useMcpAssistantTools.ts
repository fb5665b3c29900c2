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
import { executeMcpTool, executeRuns, type ExecuteContext } from './execute.js'
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
  // Called on every render, inside try only to turn its refusal (no provider, another version) into our typed error.
  const aui = read(() => useAui() as unknown as Partial<RuntimeSeams> | undefined)
  const client = useMcpClient()
  const signIn = useSignInStore()
  const runs = useMemo(executeRuns, [])
  const settings = useRef<PartSettings>({ client, signIn, options, runs })
  settings.current = { client, signIn, options, runs }
  const mapping = useMemo(() => mapMcpTools(listing), [listing])
  const seams = checkSeams(aui.value, aui.error)

  useEffect(() => {
    const runsExecute = settings.current.options.runCalls === 'execute'
    const tools: Record<string, AssistantTool> = {}
    for (const entry of mapping.tools) {
      const execute = (args: Record<string, unknown>, context: ExecuteContext) => {
        const current = settings.current
        return executeMcpTool(current.client, entry.tool.name, args as JsonObject, context, observerOptions(current.options), current.runs)
      }
      // Without `execute` a runtime that runs frontend tools leaves the call to the tool part.
      tools[entry.name] = { type: 'frontend', description: entry.description, parameters: entry.parameters, ...(runsExecute ? { execute } : {}) } as AssistantTool
    }
    return seams.register({ getModelContext: () => ({ tools }) })
  }, [seams, mapping, options.runCalls])

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
function checkSeams(aui: Partial<RuntimeSeams> | undefined, failure: unknown): BoundSeams {
  // assistant-ui's client throws on a scope it does not have (no provider, an older version): that error goes in `cause`.
  const register = read(() => aui?.modelContext?.register)
  if (typeof register.value !== 'function') {
    throw missingApi('useAui().modelContext.register', 'MCP tools cannot be offered to the model (is an AssistantRuntimeProvider above?)', failure ?? register.error)
  }
  const setToolUI = read(() => aui?.tools?.setToolUI)
  if (typeof setToolUI.value !== 'function') throw missingApi('useAui().tools.setToolUI', 'MCP tool calls cannot be shown in the thread', setToolUI.error)
  const known = seamsOf.get(aui!)
  if (known) return known
  const context = aui!.modelContext!
  const registry = aui!.tools!
  // The client may hand out functions that only refuse when called (no provider above): their refusal becomes ours too.
  const bound: BoundSeams = {
    register: (provider) => attempt(() => context.register(provider), 'useAui().modelContext.register', 'MCP tools cannot be offered to the model (is an AssistantRuntimeProvider above?)'),
    setToolUI: (name, render, options) => attempt(() => registry.setToolUI(name, render, options), 'useAui().tools.setToolUI', 'MCP tool calls cannot be shown in the thread'),
  }
  seamsOf.set(aui!, bound)
  return bound
}

function attempt<T>(call: () => T, api: string, what: string): T {
  try {
    return call()
  } catch (error) {
    throw missingApi(api, what, error)
  }
}

function read<T>(get: () => T): { value: T | undefined; error: unknown } {
  try {
    return { value: get(), error: undefined }
  } catch (error) {
    return { value: undefined, error }
  }
}
