/**
 * The thread in sessionStorage (this tab only), one per server, through
 * the local runtime's history adapter. `update` matters: with it the runtime
 * also writes a reply paused at `requires-action` (an MCP call waiting on
 * the person), so a reload shows that tool call again and its tool UI
 * resumes the round kept under its `toolCallId`.
 */
import type { ExportedMessageRepository, ExportedMessageRepositoryItem, ThreadHistoryAdapter } from '@assistant-ui/react'

type Stored = ExportedMessageRepository

export function sessionHistory(key: string): ThreadHistoryAdapter {
  const read = (): Stored => {
    try {
      const parsed = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Stored | null
      if (!parsed || !Array.isArray(parsed.messages)) return { messages: [] }
      // JSON has no dates: createdAt comes back as a string.
      return { ...parsed, messages: parsed.messages.map((item) => ({ ...item, message: { ...item.message, createdAt: new Date(item.message.createdAt) } })) }
    } catch {
      return { messages: [] }
    }
  }
  const write = (stored: Stored) => sessionStorage.setItem(key, JSON.stringify(stored))
  const put = async (item: ExportedMessageRepositoryItem) => {
    const stored = read()
    const others = stored.messages.filter((entry) => entry.message.id !== item.message.id)
    const index = stored.messages.findIndex((entry) => entry.message.id === item.message.id)
    const messages = index === -1 ? [...others, item] : stored.messages.map((entry) => (entry.message.id === item.message.id ? item : entry))
    write({ headId: index === -1 ? item.message.id : (stored.headId ?? item.message.id), messages })
  }
  return {
    load: async () => read(),
    append: put,
    update: put,
  }
}
