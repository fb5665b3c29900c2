'use client'
/**
 * mcp-elicit/ai-sdk/react: the browser's side of an AI SDK chat with MCP
 * tools. Render each tool part of `useChat`'s messages with
 * `<McpToolPart part={part} chat={chat} />` (inside an `McpProvider`): the
 * call runs through the person's client, its questions show in the part,
 * its result goes back with `addToolOutput`. The route's side is
 * `mcp-elicit/ai-sdk`.
 */
export { McpToolPart } from './McpToolPart.js'
export type { McpToolPartProps } from './McpToolPart.js'
export { isMcpToolPart, isToolPart, modelToolName } from '../tool-part.js'
export type { ToolPartLike } from '../tool-part.js'
export { DECLINED_TEXT, STOPPED_TEXT, partOutputOf } from './part-output.js'
export type { PartOutput, ToolOutputSink } from './part-output.js'
