/**
 * A REAL MCP server serving BOTH protocol eras on ONE endpoint, built with the
 * official v2 SDK (`@modelcontextprotocol/server` 2.4.0 +
 * `@modelcontextprotocol/node` 2.1.2), on 127.0.0.1 with a free port.
 *
 * This is the SDK's documented composition (see `isLegacyRequest` and
 * `CreateMcpHandlerOptions.legacy` in `createMcpHandler-*.d.mts`):
 * - modern (2026-07-28) traffic → `createMcpHandler(factory, { legacy: 'reject' })`,
 *   stateless, one fresh server instance per request;
 * - legacy traffic (`isLegacyRequest(request)` is true: no `_meta` envelope
 *   claim — `initialize`, 2025-era requests/notifications, posted JSON-RPC
 *   responses, GET/DELETE) → our own sessionful wiring: one
 *   `WebStandardStreamableHTTPServerTransport` with a `sessionIdGenerator`
 *   per session, keyed by `Mcp-Session-Id`.
 *
 * We do not use the entry's default `legacy: 'stateless'` fallback: it serves
 * each legacy POST with a throw-away instance (GET/DELETE → 405), which never
 * saw `initialize`, so the legacy shim has no client capabilities and refuses
 * to elicit ("per-request legacy serving cannot receive server-to-client
 * requests").
 *
 * The `two_fields` tool is written once, the v2 way: it returns
 * `inputRequired({ inputRequests: { about: inputRequired.elicit(...) } })`
 * until `ctx.mcpReq.inputResponses` holds the answer. Modern clients get the
 * `input_required` result and retry; on a legacy session the server's
 * built-in legacy shim (`LegacyInputRequiredShim`, on by default,
 * `ServerOptions.inputRequired.legacyShim`) sends a real `elicitation/create`
 * request with `relatedRequestId` = the `tools/call` id — so on that POST's SSE
 * stream — and re-enters the handler with the answer as `inputResponses`.
 *
 * `long_task` and the tasks methods are the demo server's own
 * (tools/long-task.ts, tools/tasks-extension.ts): a modern client that
 * declares the tasks extension gets a task; anyone else, a 2025-era session
 * included, gets the inline run, its question pushed by the same shim. The
 * inline run carries no `requestState` here: the retry resumes from the
 * answer alone.
 */
import { randomUUID } from 'node:crypto'

import { toNodeHandler } from '@modelcontextprotocol/node'
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  inputResponse,
  isInitializeRequest,
  isLegacyRequest,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import type { McpRequestContext } from '@modelcontextprotocol/server'
import { z } from 'zod'

import { startHost } from './host.ts'
import type { RecordedRequest } from './host.ts'
import { ABOUT_YOU_SCHEMA, receivedRecorder, text } from './kit.ts'
import type { ReceivedEntry } from './kit.ts'
import { sessionTable } from './sessions.ts'
import { registerLongTask } from './tools/long-task.ts'
import { TASKS_EXTENSION, createTaskStore, installTaskMethods } from './tools/tasks-extension.ts'

export type { RecordedRequest } from './host.ts'

/** One invocation of a tool handler (the handler runs once per round on both eras). */
export interface DualEraReceivedCall {
  tool: string
  /** The era of the server instance that ran the handler. */
  era: 'legacy' | 'modern'
  sessionId: string | undefined
  arguments: Record<string, unknown>
  /** `ctx.mcpReq.inputResponses` of this round (undefined on the first round). */
  inputResponses: Record<string, unknown> | undefined
}

export interface DualEraServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string
  close(): Promise<void>
  requests: RecordedRequest[]
  received: DualEraReceivedCall[]
  /** Ids of the live legacy sessions. */
  sessions(): string[]
  /** Errors the SDK reported through `onerror` (rejected requests included). */
  errors: Error[]
  /** How each `long_task` run ended (`tool: 'long_task'`, data `{ taskId, steps, done, answer, outcome }`). */
  outcomes: ReceivedEntry[]
}

const About = z.object({ name: z.string(), age: z.number().int() })

export async function startDualEraServer(): Promise<DualEraServer> {
  const received: DualEraReceivedCall[] = []
  const errors: Error[] = []
  const tasks = createTaskStore()
  const { received: outcomes, record } = receivedRecorder()
  const onerror = (error: Error) => {
    errors.push(error)
  }

  /** ONE definition of the tools, for both eras. */
  function factory({ era }: McpRequestContext): McpServer {
    const server = new McpServer({ name: 'dual-era-test-server', version: '1.0.0' }, { capabilities: { extensions: { [TASKS_EXTENSION]: {} } } })
    installTaskMethods(server, tasks)
    registerLongTask(server, { store: tasks, record })
    server.registerTool('echo', { description: 'Echoes its text.', inputSchema: z.object({ text: z.string() }) }, async ({ text: value }, ctx) => {
      received.push({ tool: 'echo', era, sessionId: ctx.sessionId, arguments: { text: value }, inputResponses: ctx.mcpReq.inputResponses })
      return text(value)
    })
    server.registerTool('two_fields', { description: 'Asks for a name and an age in one form.', inputSchema: z.object({}) }, async (args, ctx) => {
      const responses = ctx.mcpReq.inputResponses
      received.push({ tool: 'two_fields', era, sessionId: ctx.sessionId, arguments: args, inputResponses: responses })
      const answer = inputResponse(responses, 'about')
      if (answer.kind === 'elicit' && answer.action !== 'accept') return text(answer.action === 'decline' ? 'declined' : 'cancelled')
      const about = acceptedContent(responses, 'about', About)
      if (about) return text(`name=${about.name} age=${about.age}`)
      return inputRequired({
        inputRequests: {
          about: inputRequired.elicit({
            message: 'Tell me about you',
            requestedSchema: ABOUT_YOU_SCHEMA,
          }),
        },
      })
    })
    return server
  }

  const modern = createMcpHandler(factory, { legacy: 'reject', onerror })

  /** Sessionful 2025-era serving, routed by Mcp-Session-Id (the SDK's sessionful example pattern). */
  const sessions = sessionTable<WebStandardStreamableHTTPServerTransport, [Request, unknown], Response>({
    open: async ({ initialized, closed }, request: Request) => {
      const server = factory({ era: 'legacy', requestInfo: request })
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: initialized })
      transport.onclose = closed
      transport.onerror = onerror
      await server.connect(transport)
      return { transport, close: () => server.close() }
    },
    handle: (transport, request: Request, parsedBody: unknown) => transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody }),
    reject: (status, code, message) => Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status }),
  })

  // Legacy traffic (no `_meta` envelope claim) to the sessions, the rest to the stateless modern handler.
  const serveMcp = toNodeHandler({
    fetch: async (request, options) => {
      if (!(await isLegacyRequest(request))) return modern.fetch(request)
      const body = options?.parsedBody
      return sessions.route(request.headers.get('mcp-session-id'), request.method === 'POST' && isInitializeRequest(body), request, body)
    },
  })
  const host = await startHost({
    record: 'requests',
    flushHeaders: true,
    cors: { origins: [], expose: ['Mcp-Session-Id', 'MCP-Protocol-Version', 'WWW-Authenticate'] },
    serve: (req, res, hit) => serveMcp(req, res, hit.body),
    onClose: async () => {
      await sessions.close()
      await modern.close()
      tasks.close()
    },
  })

  return {
    url: host.url,
    requests: host.log,
    received,
    errors,
    outcomes,
    sessions: sessions.ids,
    close: host.close,
  }
}
