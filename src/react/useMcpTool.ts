import { useCallback } from 'react'
import type { JsonObject } from '../core/index.js'
import { useMcpCall, type McpCallResult, type UseMcpCallOptions } from './useMcpCall.js'

/** Calls the tool `name` through every input round; `call(args)` starts it. */
export function useMcpTool<Args extends JsonObject = JsonObject>(name: string, options?: UseMcpCallOptions): McpCallResult<Args> {
  const toRequest = useCallback((args: Args | undefined) => ({ method: 'tools/call' as const, params: { name, arguments: args ?? {} } }), [name])
  return useMcpCall(toRequest, options)
}
