/**
 * A fetch that answers from a script, for the edge cases no real server
 * produces (bytes split anywhere, broken streams, HTML error pages). Each
 * call takes the next step; every request is recorded with its parsed body.
 */
export interface RecordedRequest {
  url: string
  method: string
  headers: Headers
  body: any
}

export type Step = (request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>

export function scriptedFetch(steps: Step[]) {
  const requests: RecordedRequest[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const recorded: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    requests.push(recorded)
    const step = steps.shift()
    if (!step) throw new Error(`scriptedFetch: no step left for request ${requests.length}`)
    const signal = init.signal ?? undefined
    if (signal?.aborted) throw signal.reason
    return step(recorded, signal)
  }
  return { fetch: fetch as typeof globalThis.fetch, requests, remaining: () => steps.length }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

/** A JSON-RPC result answering the recorded request. */
export function result(value: unknown): Step {
  return (request) => json({ jsonrpc: '2.0', id: request.body.id, result: value })
}

/** An SSE response whose body arrives in the given chunks, then ends (or breaks). */
export function sse(chunks: Array<string | Uint8Array>, options: { breakAtEnd?: boolean; status?: number } = {}): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = chunks.shift()
      if (chunk === undefined) {
        if (options.breakAtEnd) controller.error(new TypeError('network connection lost'))
        else controller.close()
        return
      }
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  })
  return new Response(body, { status: options.status ?? 200, headers: { 'content-type': 'text/event-stream' } })
}

/**
 * An SSE stream the test writes JSON-RPC messages to (`push`) until the
 * request's signal aborts: a legacy session's GET stream, say. `step` answers
 * the request that opens it.
 */
export function pushedSse(): { step: Step; readonly opened: boolean; push: (message: object) => void } {
  const encoder = new TextEncoder()
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined
  return {
    step: (_request, signal) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            stream = controller
            signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true })
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
    get opened() {
      return stream !== undefined
    },
    push(message) {
      if (!stream) throw new Error('pushedSse: the client has not opened the stream')
      stream.enqueue(encoder.encode(`data: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`))
    },
  }
}

/** An SSE stream that never ends until the request's signal aborts. */
export function hangingSse(first: string, signal: AbortSignal | undefined): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first))
      signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true })
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
}
