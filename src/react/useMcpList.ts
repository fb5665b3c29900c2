import { useCallback, useEffect, useRef, useState } from 'react'
import type { JsonObject, McpClient, McpError, Tool } from '../core/index.js'
import { isMcpError } from '../core/index.js'
import { CHANGE_PACE_MS } from './change-pace.js'
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
  /** Lists again, past the cache (after the listing in flight, if one is). */
  refresh(): void
}

const LISTS = {
  tools: { change: 'tools_changed', filter: { tools: true }, list: (client: McpClient, signal: AbortSignal, reload: boolean) => client.listTools({ signal, reload }) },
  prompts: { change: 'prompts_changed', filter: { prompts: true }, list: (client: McpClient, signal: AbortSignal, reload: boolean) => client.listPrompts({ signal, reload }) },
  resources: { change: 'resources_changed', filter: { resources: true }, list: (client: McpClient, signal: AbortSignal, reload: boolean) => client.listResources({ signal, reload }) },
} as const

/**
 * One listing at a time. A change heard while one runs does not abort it (a
 * flood would abort every listing, and none would ever arrive): it marks the
 * list stale, and one more listing starts when this one ends, no sooner than
 * {@link CHANGE_PACE_MS} after the last began. However many changes are heard
 * meanwhile, they make one listing.
 */
function pacedListings(list: (reload: boolean) => Promise<unknown>, signal: AbortSignal): (reload: boolean) => void {
  let running = false
  /** A listing is owed: undefined when none; true when it must go past the cache (refresh()). */
  let owed: boolean | undefined
  let startedAt = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  const start = () => {
    timer = undefined
    if (signal.aborted || owed === undefined) return
    const reload = owed
    owed = undefined
    running = true
    startedAt = Date.now()
    void list(reload).finally(() => {
      running = false
      schedule()
    })
  }
  const schedule = () => {
    if (running || timer !== undefined || owed === undefined || signal.aborted) return
    const wait = startedAt + CHANGE_PACE_MS - Date.now()
    if (wait <= 0) start()
    else timer = setTimeout(start, wait)
  }
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  return (reload) => {
    owed = owed === true || reload
    schedule()
  }
}

/**
 * The server's tools, prompts or resources, kept current: listed on mount
 * (from the client's cache while fresh) and again whenever the server says
 * the list changed (the client's one change listener), one listing at a
 * time and at most one per {@link CHANGE_PACE_MS}.
 */
export function useMcpList<K extends McpListKind>(kind: K): McpListResult<K> {
  const client = useMcpClient()
  const [state, setState] = useState<{ items: ReadonlyArray<ItemOf<K>>; isLoading: boolean; error: McpError | Error | undefined }>({ items: [], isLoading: true, error: undefined })
  /** Asks for a listing of the mounted client and kind (refresh() goes through it too). */
  const ask = useRef<(reload: boolean) => void>(() => {})

  useEffect(() => {
    const { change, filter, list } = LISTS[kind]
    const controller = new AbortController()
    const { signal } = controller
    const request = pacedListings(
      (reload) =>
        list(client, signal, reload).then(
          (items) => !signal.aborted && setState({ items: items as unknown as ReadonlyArray<ItemOf<K>>, isLoading: false, error: undefined }),
          (error: unknown) => !signal.aborted && setState((old) => ({ ...old, isLoading: false, error: isMcpError(error) || error instanceof Error ? error : new Error(String(error)) })),
        ),
      signal,
    )
    ask.current = request
    request(false)
    // A change made the cached listing stale, so listing again asks the server.
    const unwatch = client.watch(filter, (heard) => heard.type === change && request(false))
    return () => {
      controller.abort()
      unwatch()
    }
  }, [client, kind])

  const refresh = useCallback(() => ask.current(true), [])
  return { ...state, refresh }
}
