/**
 * Registers an MCP server's tools with the assistant-ui runtime around it:
 * each model-visible tool becomes a frontend tool (its `execute` runs the
 * call through our client and asks each round through `human()`), and its
 * tool UI ({@link createMcpToolPart}) shows the call where the model made it.
 * Needs an `McpProvider` (the client, and `signIn` for protected servers)
 * and an `AssistantRuntimeProvider` above it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useAui } from '@assistant-ui/react'
import type { Tool as AssistantTool } from '@assistant-ui/react'
import type { JsonObject } from '../core/index.js'
import { useMcpClient, useSignInStore } from '../react/index.js'
import { missingApi } from './errors.js'
import { asksBeforeRunning } from '../chat/tool-approval.js'
import { executeMcpTool, executeRuns, type ExecuteContext } from './execute.js'
import { createMcpToolPart } from './McpToolPart.js'
import type { McpAssistantToolOptions, PartSettings } from './settings.js'
import { observerOptions } from './settings.js'
import { nameGroupOf, nextClaimOrder, type NameClaim } from './name-claims.js'
import { mapMcpTools, type McpToolMapping } from './toolkit.js'

/**
 * Registers the tools of `listing` (a `tools/list` result, untrusted) while
 * the calling component is mounted; returns what was registered, renamed and
 * skipped. A tool whose name another registration of the runtime uses (the
 * app's own tools, another server's) is offered under that name with a `_2`
 * suffix (name-claims.ts), so the runtime's merge never meets two of one
 * name. Throws an `McpAssistantUiError` (`UNSUPPORTED_VERSION`) when the
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
  const listed = useMemo(() => mapMcpTools(listing), [listing])
  const seams = checkSeams(aui.value, aui.error)
  const group = nameGroupOf(seams, seams.readNames)
  const reserved = (options.reserved ?? []).join('\n')
  const [order] = useState(nextClaimOrder)
  const claim = useMemo<NameClaim>(() => ({ order, names: listed.tools.map((entry) => entry.name), reserved: reserved === '' ? [] : reserved.split('\n') }), [order, listed, reserved])
  // The names change when another registration comes or goes: a string, so an unchanged answer is the same snapshot.
  const subscribe = useCallback((listener: () => void) => seams.subscribe?.(listener) ?? (() => {}), [seams])
  const names = useSyncExternalStore(subscribe, () => group.namesOf(claim).join('\n'))
  const mapping = useMemo(() => named(listed, names === '' ? [] : names.split('\n')), [listed, names])

  useEffect(() => {
    const runsExecute = settings.current.options.runCalls === 'execute'
    const built = listed.tools.map((entry) => {
      const execute = (args: Record<string, unknown>, context: ExecuteContext) => {
        const current = settings.current
        const askFirst = asksBeforeRunning({ name: entry.tool.name, hints: entry.hints }, current.options.askBeforeRunning)
        return executeMcpTool(current.client, entry.tool.name, args as JsonObject, context, { ...observerOptions(current.options), askFirst }, current.runs)
      }
      // Without `execute` a runtime that runs frontend tools leaves the call to the tool part.
      return { type: 'frontend', description: entry.description, parameters: entry.parameters, ...(runsExecute ? { execute } : {}) } as AssistantTool
    })
    const leave = group.join(claim)
    // Named at every merge: a tool registered after ours moves ours aside rather than clashing.
    const unregister = seams.register({
      getModelContext: () => {
        if (group.reading) return {}
        const tools: Record<string, AssistantTool> = {}
        group.namesOf(claim).forEach((name, index) => {
          tools[name] = built[index]!
        })
        return { tools }
      },
    })
    return () => {
      // Out of the group first: the runtime's notice of the removal then finds the others' names without ours.
      leave()
      unregister()
    }
  }, [seams, group, claim, listed, options.runCalls])

  useEffect(() => {
    const removals = mapping.tools.map((entry) => seams.setToolUI(entry.name, createMcpToolPart({ name: entry.tool.name, title: entry.title, hints: entry.hints }, settings), { standalone: true }))
    return () => removals.forEach((remove) => remove())
  }, [seams, mapping])

  return mapping
}

/** `mapping` with its tools under `names` (their final names, in order), renames reported. */
function named(mapping: McpToolMapping, names: readonly string[]): McpToolMapping {
  const tools = mapping.tools.map((entry, index) => ({ ...entry, name: names[index] ?? entry.name }))
  return { tools, renamed: tools.filter((entry) => entry.name !== entry.tool.name).map((entry) => ({ name: entry.tool.name, as: entry.name })), skipped: mapping.skipped }
}

/** The runtime APIs the adapter uses, bound. */
interface RuntimeSeams {
  modelContext: {
    register(provider: { getModelContext(): { tools?: Record<string, AssistantTool> } }): () => void
    getModelContext?(): { tools?: Record<string, unknown> }
    subscribe?(listener: () => void): () => void
  }
  tools: { setToolUI(toolName: string, render: unknown, options?: { standalone?: boolean }): () => void }
}

interface BoundSeams {
  register: RuntimeSeams['modelContext']['register']
  setToolUI: RuntimeSeams['tools']['setToolUI']
  /** The names of every tool in the model context; absent in a runtime that does not tell (then only `reserved` is avoided). */
  readNames: (() => readonly string[]) | undefined
  subscribe: ((listener: () => void) => () => void) | undefined
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
    readNames: typeof read(() => context.getModelContext).value === 'function' ? () => Object.keys(context.getModelContext!().tools ?? {}) : undefined,
    subscribe: typeof read(() => context.subscribe).value === 'function' ? (listener) => context.subscribe!(listener) : undefined,
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
