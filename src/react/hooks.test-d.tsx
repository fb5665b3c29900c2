/** Type tests for the hooks, checked by `npm run typecheck` (tsc). */
import { expectTypeOf } from 'vitest'
import type { PendingSignIn } from '../auth/browser/sign-in-store'
import type { CallState, McpResult, PendingInput } from '../core/index'
import { useMcpAuth, useMcpPrompt, useMcpTool, type McpAuthResult, type McpAuthStatus, type McpCallStatus, type McpCallView, type NeedsAuthSignIn } from './index'

export function Probe() {
  const tool = useMcpTool('book')
  expectTypeOf(tool.call).parameters.toEqualTypeOf<[args?: Record<string, unknown> | undefined]>()
  expectTypeOf(tool.call({ a: 1 })).resolves.toEqualTypeOf<CallState>()
  expectTypeOf(tool.isActive).toEqualTypeOf<boolean>()
  if (tool.status === 'done') expectTypeOf(tool.result).toEqualTypeOf<McpResult>()
  if (tool.status === 'awaiting_input') expectTypeOf(tool.inputs).toEqualTypeOf<readonly PendingInput[]>()
  if (tool.status === 'needs_auth') {
    expectTypeOf(tool.auth).toMatchTypeOf<NeedsAuthSignIn>()
    expectTypeOf(tool.auth.pending).toEqualTypeOf<PendingSignIn>()
    expectTypeOf(tool.callStatus).toEqualTypeOf<'running' | 'awaiting_input' | 'retrying'>()
  }
  // The call's sign-in is useMcpAuth()'s, by the same names, in every status.
  expectTypeOf(tool.auth).toMatchTypeOf<McpAuthResult>()
  useMcpTool('book', {
    onStatusChange: (status, state) => {
      expectTypeOf(status).toEqualTypeOf<McpCallStatus>()
      expectTypeOf(state).toEqualTypeOf<McpCallView>()
    },
    onResult: (result) => expectTypeOf(result).toEqualTypeOf<McpResult>(),
  })
  // The call's own state never carries the overlay.
  expectTypeOf(tool.state).toEqualTypeOf<CallState>()
  expectTypeOf(tool.auth.signIn).parameters.toEqualTypeOf<[]>()
  const auth = useMcpAuth()
  expectTypeOf(auth.status).toEqualTypeOf<McpAuthStatus>()
  expectTypeOf(auth.pending).toEqualTypeOf<PendingSignIn | undefined>()
  expectTypeOf(auth.signOut).returns.toEqualTypeOf<Promise<void>>()
  const prompt = useMcpPrompt('draft')
  expectTypeOf(prompt.call).parameters.toEqualTypeOf<[args?: Record<string, string> | undefined]>()
  return null
}
