/**
 * This tab's id: the same across its reloads and the return from a sign-in
 * redirect (sessionStorage is per tab and outlives both), so a round this
 * tab claimed to send is known as its own when the page comes back, where a
 * round another tab or device claimed is theirs to send. Where there is no
 * sessionStorage (Node, a worker, storage refused), one id per process.
 */
const KEY = 'mcp-elicit:tab'
let fallback: string | undefined

function randomId(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function tabId(): string {
  try {
    const storage = globalThis.sessionStorage
    if (storage) {
      const kept = storage.getItem(KEY)
      if (kept) return kept
      const id = randomId()
      storage.setItem(KEY, id)
      return id
    }
  } catch {
    // A storage that throws (blocked, full): this process's id.
  }
  return (fallback ??= randomId())
}
