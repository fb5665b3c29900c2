/**
 * Bench-only MCP server for the streaming benchmark, on the official SDK
 * (`@modelcontextprotocol/server` 2.4 + `@modelcontextprotocol/node`): one tool,
 * `stream {count}`, that sends `count` `notifications/progress` over the SSE
 * response as fast as the SDK writes them, then completes with a text result.
 * (The test fixture's `progress` tool caps `count` at 100.)
 *
 * In-process: `startStreamServer()`. As its own process (what `stream.mjs`
 * does, so the server's memory stays out of the client's):
 * `node bench/stream-server.ts` prints `{"url": …}` on stdout and serves until
 * stdin closes. Listens on 127.0.0.1, port 0.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler, type CallToolResult } from '@modelcontextprotocol/server'
import * as z from 'zod'

/** Upper bound on `count`: the bench asks for 10,000; the cap only keeps a stray call bounded. */
export const MAX_COUNT = 100_000

export interface StreamServer {
  url: string
  close(): Promise<void>
}

export async function startStreamServer(): Promise<StreamServer> {
  const build = () => {
    const server = new McpServer({ name: 'mcp-elicit-bench-stream', version: '1.0.0' }, { capabilities: { logging: {} } })
    server.registerTool(
      'stream',
      {
        description: 'Sends `count` progress notifications over SSE, then completes.',
        inputSchema: z.object({ count: z.number().int().min(0).max(MAX_COUNT).default(10_000) }),
      },
      async ({ count }, ctx): Promise<CallToolResult> => {
        const token = ctx.mcpReq._meta?.progressToken
        let sent = 0
        if (typeof token === 'string' || typeof token === 'number') {
          for (let i = 1; i <= count; i++) {
            if (ctx.mcpReq.signal.aborted) break
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken: token, progress: i, total: count, message: `step ${i} of ${count}` },
            })
            sent++
          }
        }
        return { content: [{ type: 'text', text: `streamed ${sent}` }] }
      },
    )
    return server
  }

  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)
  const httpServer = createServer((req, res) => {
    if (req.url !== '/mcp') {
      res.writeHead(404).end()
      return
    }
    serveMcp(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = httpServer.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await handler.close()
      httpServer.closeAllConnections()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startStreamServer()
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`)
  // Serves until the parent closes stdin (or goes away).
  process.stdin.resume()
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)))
  process.stdin.on('error', () => process.exit(0))
}
