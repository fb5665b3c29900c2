import { useCallback, useEffect, useRef, useState } from 'react'
import type { McpResult } from '../core/index.js'
import { CHANGE_PACE_MS } from './change-pace.js'
import { useMcpClient } from './McpProvider.js'
import { useMcpCall, type McpCallResult, type UseMcpCallOptions } from './useMcpCall.js'

export interface UseMcpResourceOptions extends UseMcpCallOptions {
  /**
   * Reads the resource again whenever the server says it was updated (one
   * listener per client: `subscriptions/listen`, or `resources/subscribe` on
   * a 2025-11-25 server). An update heard while a read runs is read after it;
   * however many come meanwhile, they make one read, no sooner than
   * {@link CHANGE_PACE_MS} after the last re-read began. Only a read that
   * ended on its own (done or failed) is followed: not one the person
   * cancelled, nor one never started.
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
  // The server said the resource was updated since the latest read began: read it again once that can be.
  const [stale, setStale] = useState(false)
  const latest = useRef(call)
  latest.current = call
  /** When the latest re-read an update caused began. */
  const rereadAt = useRef(-Infinity)

  useEffect(() => {
    if (!live) return
    return client.watch({ resourceUris: [uri] }, () => setStale(true))
  }, [client, uri, live])

  useEffect(() => {
    if (!stale || call.isActive) return
    // Cancelled, or never read: an update is no reason to read (the person stopped, or has not asked yet).
    if (call.status !== 'done' && call.status !== 'error') {
      setStale(false)
      return
    }
    const timer = setTimeout(() => {
      setStale(false)
      rereadAt.current = Date.now()
      void latest.current.call()
    }, Math.max(0, rereadAt.current + CHANGE_PACE_MS - Date.now()))
    return () => clearTimeout(timer)
  }, [stale, call.isActive, call.status])

  return { ...call, lastRead }
}
