/**
 * The benchmarks' MCP servers, on the official SDK (`@modelcontextprotocol/server`
 * 2.4 + `@modelcontextprotocol/node`) and the kit's host, 127.0.0.1, port 0:
 *
 * - `startStreamServer()` (bench/stream.mjs, in its own process through
 *   bench/stream-server.ts): one tool, `stream {count}`, that sends `count`
 *   `notifications/progress` over the SSE response as fast as the SDK writes
 *   them, then completes with a text result. (The test fixture's `progress`
 *   tool caps `count` at 100.)
 * - `startEchoServer()` (bench/session.mjs): one `echo` tool and a public
 *   `tools/list` cache hint; it counts requests by method, so a sample's
 *   shape (which requests a call cost) can be checked.
 * - `startLoadServer()` (bench/load.mjs, in its own process): the test
 *   fixture's tools (`wizard` and the rest, `tools/testing.ts`) with signed
 *   `requestState`, as `servers/modern-server.ts` serves them but keeping no
 *   log (thousands of calls go through it), and `GET /cpu`: the process's
 *   CPU time so far, so a client can take the server's share of its own
 *   measured window.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler, createRequestStateCodec } from '@modelcontextprotocol/server'
import type { CallToolResult } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { startHost } from './host.ts'
import { stateReader, text } from './kit.ts'
import { outsideStep } from './outside-step.ts'
import { registerTestingTools } from './tools/testing.ts'
import type { TestingState } from './tools/testing.ts'

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
        return text(`streamed ${sent}`)
      },
    )
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)
  const host = await startHost({ serve: (req, res, hit) => serveMcp(req, res, hit.body), onClose: () => handler.close() })
  return { url: host.url, close: host.close }
}

export interface EchoServer {
  url: string
  /** Requests since the last take, by `POST <rpc method>` (each message of a batch) or bare HTTP method; starts afresh. */
  take(): Record<string, number>
  /** The cache hints of the first `tools/list` answer, as the client got them. */
  listingHints(): { ttlMs: number; cacheScope: string }
  close(): Promise<void>
}

export async function startEchoServer(options: { listTtlMs: number }): Promise<EchoServer> {
  const build = () => {
    const server = new McpServer(
      { name: 'bench-session-server', version: '1.0.0' },
      { capabilities: { tools: {} }, cacheHints: { 'tools/list': { ttlMs: options.listTtlMs, cacheScope: 'public' } } },
    )
    server.registerTool('echo', { description: 'Returns its text.', inputSchema: z.object({ text: z.string() }) }, async ({ text: value }) => text(value))
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)

  let counts: Record<string, number> = {}
  let listing: string | undefined
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1)
  /** Keeps the first listing's bytes, to check the server really sends the hints. */
  const keepListing = (res: ServerResponse) => {
    const parts: string[] = []
    const keep = (chunk: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') parts.push(Buffer.from(chunk as string | Uint8Array).toString('utf8'))
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
    ;(res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => (keep(chunk), write(chunk, ...rest))
    ;(res as { end: unknown }).end = (chunk: unknown, ...rest: unknown[]) => {
      keep(chunk)
      listing ??= parts.join('')
      return end(chunk, ...rest)
    }
  }

  const host = await startHost({
    page: ({ method, url }) => (count(`${method} ${url.pathname}`), false),
    serve: async (req, res, { method, body }) => {
      if (method !== 'POST') count(method)
      else for (const message of Array.isArray(body) ? body : [body]) count(`POST ${(message as { method?: string } | null)?.method ?? '(response)'}`)
      if (listing === undefined && (body as { method?: string } | null)?.method === 'tools/list') keepListing(res)
      await serveMcp(req, res, body)
    },
    onClose: () => handler.close(),
  })
  return {
    url: host.url,
    take() {
      const taken = counts
      counts = {}
      return taken
    },
    listingHints() {
      const match = listing === undefined ? null : /"ttlMs":(\d+)[^}]*?"cacheScope":"(\w+)"|"cacheScope":"(\w+)"[^}]*?"ttlMs":(\d+)/.exec(listing)
      if (!match) return { ttlMs: 0, cacheScope: 'none' }
      return { ttlMs: Number(match[1] ?? match[4]), cacheScope: match[2] ?? match[3] ?? 'none' }
    },
    close: host.close,
  }
}

export interface LoadServer {
  url: string
  close(): Promise<void>
}

export async function startLoadServer(): Promise<LoadServer> {
  const codec = createRequestStateCodec<TestingState>({ key: randomBytes(32), ttlSeconds: 600 })
  let origin = ''
  const confirm = outsideStep({ path: '/confirm', title: 'Confirm', explanation: 'Press Finish to confirm.' }, () => origin)
  const build = () => {
    const server = new McpServer(
      { name: 'mcp-elicit-bench-load', version: '1.0.0' },
      { capabilities: { logging: {} }, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } },
    )
    registerTestingTools(server, { record: () => {}, mint: (state) => codec.mint(state), stateOf: stateReader<TestingState>(), confirm, requireUrlVisit: false })
    return server
  }
  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)
  const host = await startHost({
    page: ({ url, method }, _req, res) => {
      if (method !== 'GET' || url.pathname !== '/cpu') return false
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(process.cpuUsage()))
      return true
    },
    serve: (req, res, hit) => serveMcp(req, res, hit.body),
    onClose: () => handler.close(),
  })
  // The host keeps a line per hit; a load run makes tens of thousands.
  const trim = setInterval(() => (host.log.length = 0), 1_000)
  trim.unref()
  origin = host.origin
  return {
    url: host.url,
    close: async () => {
      clearInterval(trim)
      await host.close()
    },
  }
}
