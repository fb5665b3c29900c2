/**
 * Type tests, checked by `npm run typecheck` (tsc): the public types say what
 * the runtime does.
 */
import { expectTypeOf } from 'vitest'
import {
  McpHttpError,
  McpProtocolError,
  createClient,
  isMcpInputRoundsExceededError,
  type CallState,
  type InputHandler,
  type InputResponses,
  type McpResult,
} from './index'

// The client's calls resolve to results; options are typed.
const client = createClient('http://127.0.0.1/mcp', { protocolVersion: 'auto', capabilities: { elicitation: { form: {} } } })
expectTypeOf(client.callTool('t', {})).resolves.toEqualTypeOf<McpResult>()
expectTypeOf(client.era).toEqualTypeOf<'modern' | 'legacy' | undefined>()

// One handler shape for both eras: the era is visible, the answers are keyed.
expectTypeOf<Parameters<InputHandler>[1]['era']>().toEqualTypeOf<'modern' | 'legacy'>()
expectTypeOf<ReturnType<InputHandler>>().toEqualTypeOf<Promise<InputResponses>>()

// Errors from the wire carry the JSON-RPC code as a number; local ones a string literal.
expectTypeOf<McpProtocolError['code']>().toEqualTypeOf<number>()
expectTypeOf<McpHttpError['code']>().toEqualTypeOf<'HTTP_ERROR'>()
expectTypeOf<McpHttpError['status']>().toEqualTypeOf<number>()
declare const unknownError: unknown
if (isMcpInputRoundsExceededError(unknownError)) {
  expectTypeOf(unknownError.rounds).toEqualTypeOf<number>()
  expectTypeOf(unknownError.lastResult.resultType).toEqualTypeOf<'input_required'>()
}

// The call state narrows by status.
declare const state: CallState
if (state.status === 'awaiting_input') expectTypeOf(state.inputs[0]!.key).toEqualTypeOf<string>()
if (state.status === 'done') expectTypeOf(state.result).toEqualTypeOf<McpResult>()
// @ts-expect-error an idle call has no result
void (state.status === 'idle' && state.result)
