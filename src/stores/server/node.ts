/**
 * A Fetch API handler as a Node `http` listener (plain Node, Express,
 * Connect): the request becomes a `Request` (body streamed, aborted when the
 * client goes), the `Response` is written back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

export function toNodeListener(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const controller = new AbortController()
    res.on('close', () => controller.abort())
    const host = req.headers.host ?? 'localhost'
    const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item))
      else if (value !== undefined) headers.set(name, value)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(new URL(req.url ?? '/', `${protocol}://${host}`), {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      ...(hasBody && { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' }),
    } as RequestInit)
    handler(request).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined)
      },
      () => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end('{"error":{"reason":"unavailable","message":"The call store failed."}}')
      },
    )
  }
}
