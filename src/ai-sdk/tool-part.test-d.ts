/** Type tests for the tool part guards, checked by `npm run typecheck` (tsc). */
import type { DynamicToolUIPart, TextUIPart, UIMessage } from 'ai'
import { expectTypeOf } from 'vitest'
import { isMcpToolPart, isToolPart, type ToolPartLike } from './tool-part'

export function probe(message: UIMessage) {
  // In `.filter`, the guards narrow to the message's own tool parts: no text part is left in the type.
  const tools = message.parts.filter(isToolPart)
  expectTypeOf(tools[0]!).toMatchTypeOf<ToolPartLike>()
  expectTypeOf<Extract<(typeof tools)[number], TextUIPart>>().toBeNever()
  expectTypeOf<Extract<(typeof tools)[number], { type: 'dynamic-tool' }>>().toMatchTypeOf<DynamicToolUIPart>()
  const mcp = message.parts.filter(isMcpToolPart)
  expectTypeOf(mcp[0]!.toolCallId).toEqualTypeOf<string>()
  // On one part, as before.
  const part = message.parts[0]!
  if (isToolPart(part)) expectTypeOf(part.toolCallId).toEqualTypeOf<string>()
  // A part typed only by its `type` string narrows to the adapter's fields.
  const loose: { type: string } = { type: 'dynamic-tool' }
  if (isToolPart(loose)) expectTypeOf(loose).toMatchTypeOf<ToolPartLike>()
}
