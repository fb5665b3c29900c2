/**
 * A Fetch API handler as a Node `http` listener (plain Node, Express,
 * Connect): the request becomes a `Request` (body streamed, aborted when the
 * client goes), the `Response` is written back. Typed by the shape it uses,
 * so the entry needs no Node types and no `node:` import.
 */

/** What of Node's `IncomingMessage` the listener reads. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array> {
  method?: string | undefined
  url?: string | undefined
  headers: Record<string, string | string[] | undefined>
  /** A TLS socket has `encrypted: true`. */
  socket: object
}

/** What of Node's `ServerResponse` the listener writes. */
export interface NodeResponseLike {
  readonly headersSent: boolean
  writeHead(status: number, headers?: Record<string, string>): unknown
  end(body?: Uint8Array | string): unknown
  on(event: 'close', listener: () => void): unknown
}

export function toNodeListener(handler: (request: Request) => Promise<Response>): (req: NodeRequestLike, res: NodeResponseLike) => void {
  return (req, res) => {
    const controller = new AbortController()
    res.on('close', () => controller.abort())
    const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost'
    const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
      else if (value !== undefined) headers.set(name, value)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const chunks = req[Symbol.asyncIterator]()
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        const { done, value } = await chunks.next()
        if (done) stream.close()
        else stream.enqueue(value)
      },
    })
    const request = new Request(new URL(req.url ?? '/', `${protocol}://${host}`), {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      ...(hasBody && { body, duplex: 'half' }),
    } as RequestInit)
    handler(request).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(response.body ? new Uint8Array(await response.arrayBuffer()) : undefined)
      },
      () => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end('{"error":{"reason":"unavailable","message":"The call store failed."}}')
      },
    )
  }
}
