/**
 * The legacy demo server: official `@modelcontextprotocol/sdk` 1.32 (protocol
 * 2025-11-25), stateful Streamable HTTP with `Mcp-Session-Id` sessions, one
 * `McpServer` + transport per session, CORS for the demo page (the session id
 * header is exposed so a page can read it).
 *
 * Its tools push their questions to the client as JSON-RPC requests on the
 * `tools/call` response stream (`relatedRequestId`), the 2025 way; the page
 * should show the same UI as for the modern server.
 *
 *   const legacy = await startLegacyDemoServer()
 *   legacy.url   // http://127.0.0.1:<port>/mcp
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'

import {
  countHits,
  describeRpc,
  normalizeOrigins,
  originOf,
  parseBody,
  readBody,
  receivedRecorder,
  refuseReason,
  sendJsonRpcError,
  serveOutsideStep,
  setCors,
  sleep,
} from './shared.ts'
import type { CorsPolicy, HitLogEntry, ReceivedEntry } from './shared.ts'

export type { HitLogEntry, ReceivedEntry } from './shared.ts'

export interface LegacyDemoServerOptions {
  /** Port to listen on. Default 0 (a free port). */
  port?: number
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string
  /** Origin(s) of the demo page allowed by CORS. Default: any (`*`). */
  pageOrigin?: string | string[]
  /** How long the server waits for the person on each question. Default 10 minutes (the SDK's own default is 60 s). */
  requestTimeoutMs?: number
  /** How long `legacy_confirm` waits for the outside step after an accept. Default 120 s. */
  confirmTimeoutMs?: number
}

export interface LegacyDemoServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41235/mcp`. */
  url: string
  origin: string
  close(): Promise<void>
  /** Every HTTP hit, in arrival order. */
  log: HitLogEntry[]
  hits(path: string): number
  received: ReceivedEntry[]
  waitForReceived(tool: string, timeoutMs?: number): Promise<ReceivedEntry>
  /** Ids of the live sessions. */
  sessions(): string[]
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

const MAX_BODY_BYTES = 1_000_000

function text(value: string) {
  return { content: [{ type: 'text' as const, text: value }] }
}

export async function startLegacyDemoServer(options: LegacyDemoServerOptions = {}): Promise<LegacyDemoServer> {
  const host = options.host ?? '127.0.0.1'
  const log: HitLogEntry[] = []
  const { received, record, waitForReceived } = receivedRecorder()
  const policy: CorsPolicy = { origins: normalizeOrigins(options.pageOrigin), expose: ['Mcp-Session-Id', 'MCP-Protocol-Version'] }
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>()
  const confirmIssued = new Set<string>()
  const confirmDone = new Set<string>()
  const requestTimeout = options.requestTimeoutMs ?? 600_000
  const confirmTimeout = options.confirmTimeoutMs ?? 120_000
  let origin = ''

  function buildServer(): McpServer {
    const mcp = new McpServer(
      { name: 'mcp-elicit-legacy-demo-server', title: 'mcp-elicit legacy demo server', version: '1.0.0' },
      { instructions: 'Legacy (2025-11-25, sessions) demo server for mcp-elicit. Tools report back exactly what they received.' },
    )
    // The question travels on the tools/call POST's own SSE stream.
    const related = (extra: Extra) => ({ relatedRequestId: extra.requestId, timeout: requestTimeout, signal: extra.signal })

    mcp.registerTool(
      'legacy_profile',
      { title: 'Legacy profile form', description: 'Asks for a profile (text, email, number, enum, titled enum, yes/no) the 2025 way.' },
      async (extra) => {
        const result = await mcp.server.elicitInput(
          {
            mode: 'form',
            message: 'Tell the legacy server about yourself.',
            requestedSchema: {
              type: 'object',
              properties: {
                name: { type: 'string', title: 'Name', minLength: 1, maxLength: 40, default: 'Grace Hopper' },
                email: { type: 'string', format: 'email', title: 'Email', default: 'grace@example.com' },
                age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150, default: 45 },
                colour: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'], default: 'blue' },
                team: {
                  type: 'string',
                  title: 'Team',
                  oneOf: [
                    { const: 'compilers', title: 'Compilers' },
                    { const: 'navy', title: 'Navy' },
                  ],
                  default: 'compilers',
                },
                newsletter: { type: 'boolean', title: 'Send me the newsletter', default: true },
              },
              required: ['name', 'age', 'colour'],
            },
          },
          related(extra),
        )
        record('legacy_profile', result)
        if (result.action !== 'accept') return text(`legacy_profile: ${result.action}`)
        return text(`legacy_profile: accept ${JSON.stringify(result.content ?? {})}`)
      },
    )

    mcp.registerTool(
      'legacy_confirm',
      { title: 'Legacy confirm (URL)', description: 'URL-mode elicitation with an elicitationId; after the outside step the server sends notifications/elicitation/complete.' },
      async (extra) => {
        const elicitationId = randomUUID()
        confirmIssued.add(elicitationId)
        const result = await mcp.server.elicitInput(
          {
            mode: 'url',
            message: 'Confirm on the legacy server: open the page, press Finish there.',
            url: `${origin}/confirm?id=${encodeURIComponent(elicitationId)}`,
            elicitationId,
          },
          related(extra),
        )
        if (result.action !== 'accept') {
          record('legacy_confirm', { elicitationId, action: result.action, completed: confirmDone.has(elicitationId) })
          return text(`legacy_confirm: ${result.action}`)
        }
        // Accept = consent to open the page. Wait for the outside step, then say so.
        const deadline = Date.now() + confirmTimeout
        while (!confirmDone.has(elicitationId) && Date.now() < deadline) {
          if (await sleep(100, extra.signal)) break
        }
        const completed = confirmDone.has(elicitationId)
        record('legacy_confirm', { elicitationId, action: 'accept', completed })
        if (!completed) return text(`legacy_confirm: accept; outside step not completed within ${confirmTimeout} ms (${elicitationId})`)
        await mcp.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: extra.requestId })()
        return text(`legacy_confirm: accept; outside step completed for ${elicitationId}`)
      },
    )
    return mcp
  }

  const httpServer = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const method = (req.method ?? 'GET').toUpperCase()
      const hasBody = method === 'POST'
      const declared = Number(req.headers['content-length'] ?? 0)
      const raw = hasBody && declared <= MAX_BODY_BYTES ? await readBody(req) : ''
      const { body, parsed } = parseBody(raw)
      log.push({ at: Date.now(), method, path: url.pathname + url.search, ...(parsed ? describeRpc(body) : {}) })

      setCors(req, res, policy)
      if (method === 'OPTIONS') {
        res.writeHead(204).end()
        return
      }
      if (url.pathname === '/confirm' || url.pathname === '/confirm/done') {
        serveOutsideStep(
          { path: '/confirm', title: 'Confirm on the legacy server', explanation: 'This page stands in for a step outside the chat. Press Finish to complete it.' },
          url,
          method,
          res,
          confirmIssued,
          confirmDone,
        )
        return
      }
      if (url.pathname !== '/mcp') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n')
        return
      }
      const refused = refuseReason(req, origin, policy)
      if (refused) return sendJsonRpcError(res, 403, -32000, `Forbidden: ${refused}`)
      if (hasBody && declared > MAX_BODY_BYTES) return sendJsonRpcError(res, 413, -32600, 'Request body too large')
      if (hasBody && !parsed) return sendJsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON')

      // Routing as in the SDK's sessionful examples.
      const sessionId = req.headers['mcp-session-id']
      if (typeof sessionId === 'string') {
        const session = sessions.get(sessionId)
        if (!session) return sendJsonRpcError(res, 404, -32001, 'Session not found')
        await session.transport.handleRequest(req, res, body)
        return
      }
      if (method === 'POST' && isInitializeRequest(body)) {
        const server = buildServer()
        const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, { transport, server })
          },
        })
        transport.onclose = () => {
          if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
        }
        await server.connect(transport)
        await transport.handleRequest(req, res, body)
        return
      }
      sendJsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided')
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Internal error: ${String(error)}`)
      else res.end()
    })
  })

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject)
      resolve()
    })
  })
  const { port } = httpServer.address() as AddressInfo
  origin = originOf(host, port)

  return {
    url: `${origin}/mcp`,
    origin,
    log,
    hits: (path: string) => countHits(log, path),
    received,
    waitForReceived,
    sessions: () => [...sessions.keys()],
    async close() {
      await Promise.all([...sessions.values()].map(({ server }) => server.close().catch(() => {})))
      sessions.clear()
      httpServer.closeAllConnections()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
}
