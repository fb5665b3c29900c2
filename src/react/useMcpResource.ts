import { useCallback } from 'react'
import { useMcpCall, type McpCallResult, type UseMcpCallOptions } from './useMcpCall.js'

/** Reads the resource `uri` through every input round; `call()` starts it (`call(otherUri)` reads another). */
export function useMcpResource(uri: string, options?: UseMcpCallOptions): McpCallResult<string> {
  const toRequest = useCallback((other: string | undefined) => ({ method: 'resources/read' as const, params: { uri: other ?? uri } }), [uri])
  return useMcpCall(toRequest, options)
}
