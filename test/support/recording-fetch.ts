/**
 * A real `fetch` that records what goes over the wire: method, the parsed
 * JSON-RPC body, the session id sent, and the status and session id of the
 * answer. Passed to `createClient({ fetch })`, it lets a test against a
 * third-party server see what the client sent (a `notifications/cancelled`,
 * a re-`initialize`) without touching the server.
 */
export interface WireRecord {
  method: string
  /** The JSON-RPC message sent (POST), when the body was JSON. */
  body: { id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown } | undefined
  sessionId: string | null
  /** The HTTP status, or undefined while the fetch is pending or when it failed. */
  status?: number
  responseSessionId?: string | null
  /** Set when fetch itself rejected. */
  error?: string
}

export function recordingFetch(): { fetch: typeof fetch; records: WireRecord[] } {
  const records: WireRecord[] = []
  const recording = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    let body: WireRecord['body']
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body)
      } catch {
        body = undefined
      }
    }
    const record: WireRecord = { method: init.method ?? 'GET', body, sessionId: new Headers(init.headers).get('mcp-session-id') }
    records.push(record)
    try {
      const response = await fetch(input, init)
      record.status = response.status
      record.responseSessionId = response.headers.get('mcp-session-id')
      return response
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error)
      throw error
    }
  }
  return { fetch: recording as typeof fetch, records }
}

/** Polls `check` every 10 ms until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return true
}
