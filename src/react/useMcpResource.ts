import { useCallback, useEffect, useRef, useState } from 'react'
import type { McpResult } from '../core/index.js'
import { useMcpClient } from './McpProvider.js'
import { useMcpCall, type McpCallResult, type UseMcpCallOptions } from './useMcpCall.js'

export interface UseMcpResourceOptions extends UseMcpCallOptions {
  /**
   * Reads the resource again whenever the server says it was updated (one
   * listener per client: `subscriptions/listen`, or `resources/subscribe` on
   * a 2025-11-25 server). An update heard while a read runs is read after it.
   */
  live?: boolean | undefined
}

export type McpResourceResult = McpCallResult<string> & {
  /** The latest complete read of this hook, kept while a live re-read runs. */
  lastRead: McpResult | undefined
}

/** Reads the resource `uri` through every input round; `call()` starts it (`call(otherUri)` reads another). */
export function useMcpResource(uri: string, options?: UseMcpResourceOptions): McpResourceResult {
  const toRequest = useCallback((other: string | undefined) => ({ method: 'resources/read' as const, params: { uri: other ?? uri } }), [uri])
  const call = useMcpCall(toRequest, options)
  const client = useMcpClient()
  const live = options?.live === true
  const [lastRead, setLastRead] = useState<McpResult | undefined>(undefined)
  if (call.status === 'done' && call.result !== lastRead) setLastRead(call.result)
  // An update that came while a read was in flight: read once more when it ends.
  const [stale, setStale] = useState(false)
  const latest = useRef(call)
  latest.current = call

  useEffect(() => {
    if (!live) return
    return client.watch({ resourceUris: [uri] }, () => {
      const now = latest.current
      if (now.isActive) setStale(true)
      else if (now.status !== 'idle') void now.call()
    })
  }, [client, uri, live])

  useEffect(() => {
    if (stale && !call.isActive) {
      setStale(false)
      if (call.status === 'done' || call.status === 'error') void call.call()
    }
  }, [stale, call.isActive, call.status])

  return { ...call, lastRead }
}
