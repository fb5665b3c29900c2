/**
 * The texts of a conversation with several servers: the tool parts of both
 * chat adapters (their heading, a call whose server or tool is gone, the
 * folded line of a finished call) and the questions a server asks outside any call. They
 * load with the chat parts and with `McpServerQuestions`.
 */
import type { Messages } from '../messages.js'

export const chatTexts = {
  toolHeading: (tool, server) => (server ? `${tool} · ${server}` : tool),
  serverAsks: (server) => `${server} asks, outside any tool call:`,
  serverGone: (server) => `This call's server (${server}) is no longer part of this chat: nothing was called.`,
  toolGone: (tool, server) => `${server} no longer has the tool ${tool}: nothing was called.`,
  waitingForListing: (server) => `Waiting for the tool list of ${server}…`,
  resultLineError: (line) => `Error: ${line}`,
} satisfies Partial<Messages>
