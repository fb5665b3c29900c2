/**
 * A REAL legacy-era (2025-11-25, session-based) MCP server for integration
 * tests, built with the official v1 SDK (`@modelcontextprotocol/sdk` 1.32.2):
 * one `McpServer` + stateful `StreamableHTTPServerTransport` per session
 * (`sessions.ts`), on the kit's host (`host.ts`) on 127.0.0.1, a free port.
 *
 * Where server-initiated requests travel (read in
 * `sdk/dist/esm/server/webStandardStreamableHttp.js#send`, and captured on the
 * wire by `legacy-server.test.ts`): the transport routes a message by its
 * `relatedRequestId`. With one (what `extra.sendRequest` and
 * `server.elicitInput(params, { relatedRequestId })` set) the message is
 * written on the SSE response stream of the POST that carried that request —
 * whether or not a GET stream is open. Without one (a bare
 * `server.server.elicitInput(params)`) it goes to the standalone GET stream,
 * and if no GET stream is open it is silently dropped (or only stored, when an
 * event store is configured) and the server's request times out. So the v1
 * SDK does NOT always use the GET stream: the tool's code decides. The
 * `serverRequests` option picks the idiom.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { JSONRPCMessage, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import { sendJsonRpcError, startHost } from './host.ts'
import type { RecordedRequest } from './host.ts'
import { ABOUT_YOU_SCHEMA, text } from './kit.ts'
import { sessionTable } from './sessions.ts'

export type { RecordedRequest } from './host.ts'

/** What a tool handler received: its arguments and, for interactive tools, the client's answers. */
export interface ReceivedCall {
  tool: string
  sessionId: string | undefined
  arguments: Record<string, unknown>
  /** Results of the server→client requests the tool made (ElicitResult, CreateMessageResult, ListRootsResult). */
  responses: unknown[]
}

export interface LegacyServerOptions {
  /**
   * Which v1 idiom the interactive tools use for their server→client
   * requests (and for `notifications/elicitation/complete`):
   * - `'request'`: pass `relatedRequestId` → sent on the `tools/call` POST's SSE stream;
   * - `'standalone'`: no `relatedRequestId` → sent on the GET stream (dropped when none is open).
   * @defaultValue 'request'
   */
  serverRequests?: 'request' | 'standalone'
  /**
   * Enable resumability with an in-memory event store: SSE events get `id:`
   * lines, request streams start with a priming event (`id:` + empty `data:`),
   * and `GET` with `Last-Event-ID` replays what followed.
   */
  resumable?: boolean
  /** `retry:` value (ms) written in the priming event; only with `resumable`. */
  retryInterval?: number
  /** Answer requests with one `application/json` body instead of SSE (related server requests are then dropped by the SDK). */
  jsonResponse?: boolean
  /** Timeout (ms) of the server's own requests to the client. @defaultValue 60000 (SDK default) */
  requestTimeoutMs?: number
}

export interface LegacyServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string
  close(): Promise<void>
  requests: RecordedRequest[]
  received: ReceivedCall[]
  /** Ids of the live sessions. */
  sessions(): string[]
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

/** Event ids are `<streamId>::<n>` so the stream can be recovered from the id alone. */
class MemoryEventStore implements EventStore {
  #events: { id: string; streamId: string; message: JSONRPCMessage }[] = []
  #counter = 0

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}::${++this.#counter}`
    this.#events.push({ id, streamId, message })
    return id
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.#events.find((event) => event.id === eventId)?.streamId
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const index = this.#events.findIndex((event) => event.id === lastEventId)
    const last = this.#events[index]
    if (!last) return ''
    for (const event of this.#events.slice(index + 1)) {
      // Priming events store `{}`: the resumed stream does not need them again.
      if (event.streamId === last.streamId && Object.keys(event.message).length > 0) {
        await send(event.id, event.message)
      }
    }
    return last.streamId
  }
}

export async function startLegacyServer(options: LegacyServerOptions = {}): Promise<LegacyServer> {
  const received: ReceivedCall[] = []
  const timeout = options.requestTimeoutMs

  function buildServer(): McpServer {
    const mcp = new McpServer({ name: 'legacy-test-server', version: '1.0.0' })
    const related = (extra: Extra) => ({
      ...(options.serverRequests === 'standalone' ? {} : { relatedRequestId: extra.requestId }),
      ...(timeout !== undefined ? { timeout } : {}),
    })
    const record = (tool: string, extra: Extra, args: Record<string, unknown>): ReceivedCall => {
      const call: ReceivedCall = { tool, sessionId: extra.sessionId, arguments: args, responses: [] }
      received.push(call)
      return call
    }

    mcp.registerTool('echo', { description: 'Echoes its text.', inputSchema: { text: z.string() } }, async (args, extra) => {
      record('echo', extra, args)
      return text(args.text)
    })

    mcp.registerTool('ask_name', { description: 'Asks the user for a name (form elicitation).' }, async (extra) => {
      const call = record('ask_name', extra, {})
      const result = await mcp.server.elicitInput(
        {
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
        },
        related(extra),
      )
      call.responses.push(result)
      if (result.action === 'accept') return text(`hello ${String(result.content?.name)}`)
      return text(result.action === 'decline' ? 'declined' : 'cancelled')
    })

    mcp.registerTool('two_fields', { description: 'Asks for a name and an age in one form.' }, async (extra) => {
      const call = record('two_fields', extra, {})
      const result = await mcp.server.elicitInput(
        {
          mode: 'form',
          message: 'Tell me about you',
          requestedSchema: ABOUT_YOU_SCHEMA,
        },
        related(extra),
      )
      call.responses.push(result)
      if (result.action === 'accept') return text(`name=${String(result.content?.name)} age=${String(result.content?.age)}`)
      return text(result.action === 'decline' ? 'declined' : 'cancelled')
    })

    mcp.registerTool('two_at_once', { description: 'Pushes two elicitation requests at the same time.' }, async (extra) => {
      const call = record('two_at_once', extra, {})
      const ask = (message: string, field: string) =>
        mcp.server.elicitInput({ mode: 'form', message, requestedSchema: { type: 'object', properties: { [field]: { type: 'string' } }, required: [field] } }, related(extra))
      const [first, second] = await Promise.all([ask('First at once', 'a'), ask('Second at once', 'b')])
      call.responses.push(first, second)
      return text(`a=${String(first.content?.a ?? first.action)} b=${String(second.content?.b ?? second.action)}`)
    })

    mcp.registerTool('needs_sampling', { description: 'Asks the client to sample an LLM.', inputSchema: { prompt: z.string().optional() } }, async (args, extra) => {
      const call = record('needs_sampling', extra, args)
      const result = await mcp.server.createMessage(
        { messages: [{ role: 'user', content: { type: 'text', text: args.prompt ?? 'Say hi' } }], maxTokens: 50 },
        related(extra),
      )
      call.responses.push(result)
      const content = Array.isArray(result.content) ? result.content[0] : result.content
      return text(`sampled: ${content?.type === 'text' ? content.text : content?.type}`)
    })

    mcp.registerTool('needs_roots', { description: 'Asks the client for its roots.' }, async (extra) => {
      const call = record('needs_roots', extra, {})
      const result = await mcp.server.listRoots(undefined, related(extra))
      call.responses.push(result)
      return text(`roots: ${result.roots.map((root) => root.uri).join(', ')}`)
    })

    mcp.registerTool('confirm_url', { description: 'URL-mode elicitation, then notifications/elicitation/complete.' }, async (extra) => {
      const call = record('confirm_url', extra, {})
      const elicitationId = randomUUID()
      const result = await mcp.server.elicitInput(
        { mode: 'url', message: 'Please confirm in the browser', url: `https://example.com/confirm?id=${elicitationId}`, elicitationId },
        related(extra),
      )
      call.responses.push(result)
      if (result.action !== 'accept') return text(result.action === 'decline' ? 'declined' : 'cancelled')
      // The out-of-band step "finishes" at once in this fixture.
      const { relatedRequestId } = related(extra)
      await mcp.server.createElicitationCompletionNotifier(elicitationId, relatedRequestId === undefined ? undefined : { relatedRequestId })()
      return text(`confirmed ${elicitationId}`)
    })

    mcp.registerTool('progress', { description: 'Sends `count` progress notifications.', inputSchema: { count: z.number().int().min(0).max(100) } }, async (args, extra) => {
      record('progress', extra, args)
      const progressToken = extra._meta?.progressToken
      for (let progress = 1; progress <= args.count; progress++) {
        if (progressToken !== undefined) {
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total: args.count, message: `step ${progress}` } })
        }
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return text(`done ${args.count}`)
    })

    mcp.registerTool(
      'resume_me',
      { description: 'With `resumable`: sends a progress step, closes its SSE stream (client must resume with Last-Event-ID), then answers after `delayMs`.', inputSchema: { delayMs: z.number().int().min(0).max(5000).optional() } },
      async (args, extra) => {
        record('resume_me', extra, args)
        const progressToken = extra._meta?.progressToken
        if (progressToken !== undefined) {
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 2 } })
        }
        extra.closeSSEStream?.()
        await new Promise((resolve) => setTimeout(resolve, args.delayMs ?? 200))
        return text('resumed')
      },
    )
    return mcp
  }

  // Routing as in the SDK's own sessionful examples (simpleStreamableHttp).
  const sessions = sessionTable<StreamableHTTPServerTransport, [IncomingMessage, ServerResponse, unknown], void>({
    open: async ({ initialized, closed }) => {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        ...(options.resumable ? { eventStore: new MemoryEventStore() } : {}),
        ...(options.retryInterval !== undefined ? { retryInterval: options.retryInterval } : {}),
        ...(options.jsonResponse ? { enableJsonResponse: true } : {}),
        onsessioninitialized: initialized,
      })
      transport.onclose = closed
      const server = buildServer()
      await server.connect(transport)
      return { transport, close: () => server.close() }
    },
    handle: (transport, req: IncomingMessage, res: ServerResponse, body: unknown) => transport.handleRequest(req, res, body),
    reject: (status, code, message, _req, res) => sendJsonRpcError(res, status, code, message),
  })
  const host = await startHost({
    record: 'requests',
    cors: { origins: [], expose: ['Mcp-Session-Id', 'MCP-Protocol-Version', 'WWW-Authenticate'] },
    serve: (req, res, { method, body }) => sessions.route(req.headers['mcp-session-id'] as string | undefined, method === 'POST' && isInitializeRequest(body), req, res, body),
    onClose: () => sessions.close(),
  })

  return {
    url: host.url,
    requests: host.log,
    received,
    sessions: sessions.ids,
    close: host.close,
  }
}
