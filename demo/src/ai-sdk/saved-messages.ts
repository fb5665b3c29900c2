/**
 * The conversation in this tab's sessionStorage, one per server, so a reload
 * finds the assistant's tool part still `input-available` and its
 * `McpToolPart` resumes the open round (kept by the library under the
 * part's `toolCallId`). A real app keeps its chats wherever it keeps them;
 * without the messages, a reload has no tool part to resume in.
 */
import type { UIMessage } from 'ai'

const key = (serverId: string) => `mcp-elicit-ai-sdk-demo:messages:${serverId}`

export function loadMessages(serverId: string): UIMessage[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key(serverId)) ?? '[]')
    return Array.isArray(parsed) ? (parsed as UIMessage[]) : []
  } catch {
    return []
  }
}

export function saveMessages(serverId: string, messages: readonly UIMessage[]): void {
  try {
    sessionStorage.setItem(key(serverId), JSON.stringify(messages))
  } catch {
    // Full or forbidden storage: the chat goes on, a reload just starts it afresh.
  }
}

export function clearMessages(serverId: string): void {
  sessionStorage.removeItem(key(serverId))
}
