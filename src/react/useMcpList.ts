import { useCallback, useEffect, useState } from 'react'
import type { JsonObject, McpClient, McpError, Tool } from '../core/index.js'
import { isMcpError } from '../core/index.js'
import { useMcpClient } from './McpProvider.js'

export type McpListKind = 'tools' | 'prompts' | 'resources'

type ItemOf<K extends McpListKind> = K extends 'tools' ? Tool : JsonObject

export interface McpListResult<K extends McpListKind> {
  /** The latest listing; kept while a refresh runs. */
  items: ReadonlyArray<ItemOf<K>>
  /** True until the first listing arrived (or failed). */
  isLoading: boolean
  /** Why the latest listing failed, if it did. */
  error: McpError | Error | undefined
  /** Lists again, past the cache. */
  refresh(): void
}

const LISTS = {
  tools: { change: 'tools_changed', filter: { tools: true }, list: (client: McpClient, signal: AbortSignal, reload: boolean) => client.listTools({ signal, reload }) },
  prompts: { change: 'prompts_changed', filter: { prompts: true }, list: (client: McpClient, signal: AbortSignal, reload: boolean) => client.listPrompts({ signal, reload }) },
  resources: { change: 'resources_changed', filter: { resources: true }, list: (client: McpClient, signal: AbortSignal, reload: boolean) => client.listResources({ signal, reload }) },
} as const

/**
 * The server's tools, prompts or resources, kept current: listed on mount
 * (from the client's cache while fresh) and again whenever the server says
 * the list changed (the client's one change listener).
 */
export function useMcpList<K extends McpListKind>(kind: K): McpListResult<K> {
  const client = useMcpClient()
  const [state, setState] = useState<{ items: ReadonlyArray<ItemOf<K>>; isLoading: boolean; error: McpError | Error | undefined }>({ items: [], isLoading: true, error: undefined })
  const [version, setVersion] = useState(0)
  const [reload, setReload] = useState(false)

  useEffect(() => {
    const { change, filter } = LISTS[kind]
    // A change made the cached listing stale, so listing again asks the server.
    return client.watch(filter, (heard) => heard.type === change && setVersion((v) => v + 1))
  }, [client, kind])

  useEffect(() => {
    const controller = new AbortController()
    LISTS[kind].list(client, controller.signal, reload).then(
      (items) => !controller.signal.aborted && setState({ items: items as unknown as ReadonlyArray<ItemOf<K>>, isLoading: false, error: undefined }),
      (error: unknown) => !controller.signal.aborted && setState((old) => ({ ...old, isLoading: false, error: isMcpError(error) || error instanceof Error ? error : new Error(String(error)) })),
    )
    return () => controller.abort()
  }, [client, kind, version, reload])

  const refresh = useCallback(() => {
    setReload(true)
    setVersion((v) => v + 1)
  }, [])
  return { ...state, refresh }
}
