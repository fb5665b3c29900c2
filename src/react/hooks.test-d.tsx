/** Type tests for the hooks, checked by `npm run typecheck` (tsc). */
import { expectTypeOf } from 'vitest'
import type { CallState, McpResult, PendingInput } from '../core/index'
import { useMcpPrompt, useMcpTool } from './index'

export function Probe() {
  const tool = useMcpTool('book')
  expectTypeOf(tool.call).parameters.toEqualTypeOf<[args?: Record<string, unknown> | undefined]>()
  expectTypeOf(tool.call({ a: 1 })).resolves.toEqualTypeOf<CallState>()
  expectTypeOf(tool.isActive).toEqualTypeOf<boolean>()
  if (tool.status === 'done') expectTypeOf(tool.result).toEqualTypeOf<McpResult>()
  if (tool.status === 'awaiting_input') expectTypeOf(tool.inputs).toEqualTypeOf<readonly PendingInput[]>()
  const prompt = useMcpPrompt('draft')
  expectTypeOf(prompt.call).parameters.toEqualTypeOf<[args?: Record<string, string> | undefined]>()
  return null
}
