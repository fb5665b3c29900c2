import { useCallback } from 'react'
import { useMcpCall, type McpCallResult, type UseMcpCallOptions } from './useMcpCall.js'

/** Gets the prompt `name` through every input round; `call(args)` starts it. */
export function useMcpPrompt<Args extends Record<string, string> = Record<string, string>>(name: string, options?: UseMcpCallOptions): McpCallResult<Args> {
  const toRequest = useCallback((args: Args | undefined) => ({ method: 'prompts/get' as const, params: { name, arguments: args ?? {} } }), [name])
  return useMcpCall(toRequest, options)
}
