/**
 * The legacy demo server: official `@modelcontextprotocol/sdk` 1.32 (protocol
 * 2025-11-25), stateful Streamable HTTP with `Mcp-Session-Id` sessions, one
 * `McpServer` + transport per session, CORS for the demo page (the session id
 * header is exposed so a page can read it).
 *
 * Its tools push their questions to the client as JSON-RPC requests on the
 * `tools/call` response stream (`relatedRequestId`), the 2025 way; the page
 * should show the same UI as for the modern server. The MCP Apps tools
 * (`tools/legacy-apps.ts`) ask the same way.
 *
 *   const legacy = await startLegacyDemoServer()
 *   legacy.url   // http://127.0.0.1:<port>/mcp
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'

import { normalizeOrigins, sendJsonRpcError, startHost } from './host.ts'
import type { Host } from './host.ts'
import { receivedRecorder, sleep, text } from './kit.ts'
import type { ReceivedEntry, Recorder } from './kit.ts'
import { outsideStep } from './outside-step.ts'
import { sessionTable } from './sessions.ts'
import { DEMO_MAX_BODY_BYTES, IMAGE_QUESTION, imageAnswered } from './tools/file-input.ts'
import { registerLegacyAppTools } from './tools/legacy-apps.ts'

export type { HitLogEntry } from './host.ts'
export type { ReceivedEntry } from './kit.ts'

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

/** The host's face (URL, hit log, close), what the tools received, and the live sessions. */
export interface LegacyDemoServer extends Pick<Host, 'url' | 'origin' | 'log' | 'hits' | 'close'>, Omit<Recorder<ReceivedEntry>, 'record'> {
  /** Ids of the live sessions. */
  sessions(): string[]
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

export async function startLegacyDemoServer(options: LegacyDemoServerOptions = {}): Promise<LegacyDemoServer> {
  const { received, record, waitForReceived } = receivedRecorder()
  const requestTimeout = options.requestTimeoutMs ?? 600_000
  const confirmTimeout = options.confirmTimeoutMs ?? 120_000
  let origin = ''
  const confirm = outsideStep(
    { path: '/confirm', title: 'Confirm on the legacy server', explanation: 'This page stands in for a step outside the chat. Press Finish to complete it.' },
    () => origin,
  )

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
      'legacy_describe_image',
      { title: 'Legacy: describe an image', description: 'Asks for an image file the 2025 way (SEP-2356 x-mcp-file, experimental); answers with its type and size and shows it back.' },
      async (extra) => {
        const result = await mcp.server.elicitInput({ mode: 'form', ...IMAGE_QUESTION }, related(extra))
        return imageAnswered(record, 'legacy_describe_image', { action: result.action, content: result.content as Record<string, unknown> | undefined })
      },
    )

    mcp.registerTool(
      'legacy_confirm',
      { title: 'Legacy confirm (URL)', description: 'URL-mode elicitation with an elicitationId; after the outside step the server sends notifications/elicitation/complete.' },
      async (extra) => {
        const elicitationId = randomUUID()
        const result = await mcp.server.elicitInput(
          {
            mode: 'url',
            message: 'Confirm on the legacy server: open the page, press Finish there.',
            url: confirm.issue(elicitationId),
            elicitationId,
          },
          related(extra),
        )
        if (result.action !== 'accept') {
          record('legacy_confirm', { elicitationId, action: result.action, completed: confirm.completed.has(elicitationId) })
          return text(`legacy_confirm: ${result.action}`)
        }
        // Accept = consent to open the page. Wait for the outside step, then say so.
        const deadline = Date.now() + confirmTimeout
        while (!confirm.completed.has(elicitationId) && Date.now() < deadline) {
          if (await sleep(100, extra.signal)) break
        }
        const completed = confirm.completed.has(elicitationId)
        record('legacy_confirm', { elicitationId, action: 'accept', completed })
        if (!completed) return text(`legacy_confirm: accept; outside step not completed within ${confirmTimeout} ms (${elicitationId})`)
        await mcp.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: extra.requestId })()
        return text(`legacy_confirm: accept; outside step completed for ${elicitationId}`)
      },
    )
    mcp.registerTool(
      'legacy_scan',
      {
        title: 'Legacy: scan the workspace',
        description: 'Reports progress, asks for the roots halfway (a roots/list request on the call\'s stream), then scans them for `seconds` seconds, reporting progress each second.',
        inputSchema: { seconds: z.number().int().min(1).max(60).optional() },
      },
      async ({ seconds = 3 }, extra) => {
        const progressToken = extra._meta?.progressToken
        const total = seconds + 1
        const progress = (done: number, message: string) =>
          progressToken === undefined ? Promise.resolve() : extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: done, total, message } })
        await progress(0, 'Looking for the workspace')
        const { roots } = await mcp.server.listRoots(undefined, related(extra))
        const uris = roots.map((root) => root.uri)
        await progress(1, `Scanning ${uris.length} root(s)`)
        for (let second = 1; second <= seconds; second++) {
          if (await sleep(1000, extra.signal)) {
            record('legacy_scan', { roots: uris, seconds, aborted: true })
            return text('legacy_scan: stopped')
          }
          await progress(second + 1, `Scanned ${second} of ${seconds} s`)
        }
        record('legacy_scan', { roots: uris, seconds, aborted: false })
        return text(`legacy_scan: scanned ${uris.join(', ') || 'no roots'} in ${seconds} s`)
      },
    )

    // MCP Apps: the seat map and SEP-3118's file_issue, asking the 2025 way.
    registerLegacyAppTools(mcp, { record, related })
    return mcp
  }

  // Routing as in the SDK's sessionful examples: one server and transport per session.
  const sessions = sessionTable<StreamableHTTPServerTransport, [IncomingMessage, ServerResponse, unknown], void>({
    open: async ({ initialized, closed }) => {
      const server = buildServer()
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: initialized })
      transport.onclose = closed
      await server.connect(transport)
      return { transport, close: () => server.close() }
    },
    handle: (transport, req: IncomingMessage, res: ServerResponse, body: unknown) => transport.handleRequest(req, res, body),
    reject: (status, code, message, _req, res) => sendJsonRpcError(res, status, code, message),
  })

  const host = await startHost({
    host: options.host,
    port: options.port,
    cors: { origins: normalizeOrigins(options.pageOrigin), expose: ['Mcp-Session-Id', 'MCP-Protocol-Version'] },
    guard: true,
    maxBodyBytes: DEMO_MAX_BODY_BYTES,
    page: ({ url, method }, _req, res) => confirm.serve(url, method, res),
    serve: (req, res, { method, body }) => sessions.route(req.headers['mcp-session-id'] as string | undefined, method === 'POST' && isInitializeRequest(body), req, res, body),
    onClose: () => sessions.close(),
  })
  origin = host.origin
  return { url: host.url, origin, log: host.log, hits: host.hits, close: host.close, received, waitForReceived, sessions: sessions.ids }
}
