/**
 * A set of servers (`createServerSet`, from the core) for the components
 * below: the chat adapters' tool parts find each call's server in it, the
 * page's status line and sign-in buttons read its states, and the outside-
 * call questions come from it. Thin hooks over the set's external stores.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import type { McpServerQuestion, McpServerSet, McpServerState } from '../core/index.js'

/** Carries the set to the components below a {@link McpServersProvider}. */
export const McpServersContext = /* @__PURE__ */ createContext<McpServerSet | undefined>(undefined)

export interface McpServersProviderProps {
  /** The page's set (`createServerSet(entries)`); create it once, outside render. */
  servers: McpServerSet
  /** List every server when mounted (each within the set's `listTimeoutMs`). @defaultValue true */
  refresh?: boolean | undefined
  children?: ReactNode
}

/** Makes `servers` the set of every component below; lists them once mounted. */
export function McpServersProvider({ servers, refresh = true, children }: McpServersProviderProps) {
  useEffect(() => {
    if (refresh) void servers.refresh()
  }, [servers, refresh])
  return <McpServersContext.Provider value={servers}>{children}</McpServersContext.Provider>
}

/** The set of the nearest {@link McpServersProvider}; throws when there is none. */
export function useMcpServerSet(): McpServerSet {
  const servers = useContext(McpServersContext)
  if (!servers) throw new Error('mcp-elicit: useMcpServers needs <McpServersProvider servers={createServerSet(entries)}> above it')
  return servers
}

/** Every server's state (status, listing), re-rendering when one changes. */
export function useMcpServers(): readonly McpServerState[] {
  const servers = useMcpServerSet()
  return useSyncExternalStore(servers.subscribe, servers.getSnapshot, servers.getSnapshot)
}

/** The questions the set's servers ask outside any call, oldest first. */
export function useMcpServerQuestions(): readonly McpServerQuestion[] {
  const { questions } = useMcpServerSet()
  return useSyncExternalStore(questions.subscribe, questions.getSnapshot, questions.getSnapshot)
}
