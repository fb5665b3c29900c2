/**
 * A real MCP server for integration tests, built with the official SDK
 * (`@modelcontextprotocol/server` 2.4 + `@modelcontextprotocol/node` 2.1).
 *
 * It speaks protocol revision 2026-07-28 (stateless, per-request `_meta`
 * envelope, multi round-trip requests) on one Streamable HTTP endpoint, and
 * — through the SDK's default stateless legacy fallback — answers 2025-era
 * requests too. Every tool states in its result text exactly what it got, and
 * what tools received from the user is recorded in `received`.
 *
 * Start with `startModernServer()`; it listens on 127.0.0.1, port 0.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  createMcpHandler,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputResponseView,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod'

import { answerData, decodeHeaderValue, progressTokenOf, readBody, sleep } from '../../demo/servers/shared.ts'

export { decodeHeaderValue };

/** One HTTP request as the server saw it. */
export interface RecordedRequest {
  /** HTTP method (`POST`, `OPTIONS`, `GET`, …). */
  method: string;
  /** Path and query, e.g. `/mcp`. */
  path: string;
  /** Request headers, names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Parsed JSON body; the raw text when it is not JSON; `undefined` when empty. */
  body: unknown;
  /** Shortcut: the JSON-RPC `method` of the body, when there is one. */
  rpcMethod?: string;
}

/** Something a tool (or prompt/resource) got from the user or the client. */
export interface ReceivedInput {
  /** Tool name, or `prompt:<name>` / `resource:<uri>`. */
  tool: string;
  data: unknown;
}

export interface ModernServerOptions {
  /** HMAC key for `requestState` (at least 32 bytes). Default: random per server. */
  stateKey?: string;
  /** Lifetime of a minted `requestState`, in seconds. Default 600. */
  stateTtlSeconds?: number;
  /** SDK response shaping: `auto` (JSON unless something is streamed first), `sse`, or `json`. Default `auto`. */
  responseMode?: 'auto' | 'sse' | 'json';
  /** How 2025-era traffic is served: SDK stateless fallback (default) or rejected with -32022. */
  legacy?: 'stateless' | 'reject';
  /**
   * `confirm_url`: when true, an `accept` only completes the call once the
   * page was visited (GET /confirm/done?id=… or POST /confirm?id=…);
   * otherwise the same URL is asked again. Default false: accept completes.
   */
  requireUrlVisit?: boolean;
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string;
}

export interface ModernServer {
  /** Full URL of the MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string;
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  close(): Promise<void>;
  requests: RecordedRequest[];
  received: ReceivedInput[];
  /** `elicitationId`s (our own correlation ids) whose confirm page was completed. */
  confirmedUrls: Set<string>;
  /** Resolves with the first `received` entry for `tool` (waits for it). */
  waitForReceived(tool: string, timeoutMs?: number): Promise<ReceivedInput>;
}

/** What every minted requestState carries: which flow it belongs to, plus the flow's own data. */
type StatePayload =
  | { tool: 'wizard'; step: 1 }
  | { tool: 'wizard'; step: 2; color: string }
  | { tool: 'slow_steps'; done: number; steps: number }
  | { tool: 'confirm_url'; id: string }
  | { tool: 'loop_forever'; round: number }

const CORS_ALLOW_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Mcp-Session-Id',
  'Last-Event-ID',
  'Mcp-Param-Region',
]
const CORS_EXPOSE_HEADERS = ['Mcp-Session-Id', 'MCP-Protocol-Version', 'WWW-Authenticate', 'Content-Type']

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] }
}

function readHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

export async function startModernServer(options: ModernServerOptions = {}): Promise<ModernServer> {
  const endpoint = options.path ?? '/mcp'
  const requests: RecordedRequest[] = []
  const received: ReceivedInput[] = []
  const confirmedUrls = new Set<string>()
  const waiters: Array<{ tool: string; resolve: (entry: ReceivedInput) => void }> = []
  let origin = ''

  const record = (tool: string, data: unknown) => {
    const entry = { tool, data }
    received.push(entry)
    for (const waiter of waiters.filter((w) => w.tool === tool)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(entry)
    }
  }

  // requestState is signed with HMAC-SHA256 by the SDK's codec; the SDK runs
  // `verify` before the handler and answers a tampered or expired state with
  // -32602 "Invalid or expired requestState" (the handler never runs).
  const codec = createRequestStateCodec<StatePayload>({
    key: options.stateKey ?? randomBytes(32),
    ttlSeconds: options.stateTtlSeconds ?? 600,
  })
  const stateOf = <T extends StatePayload['tool']>(ctx: ServerContext, tool: T) => {
    const state = ctx.mcpReq.requestState<StatePayload>()
    if (state === undefined) return undefined
    if (state.tool !== tool) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState belongs to ${state.tool}, not ${tool}`)
    }
    return state as Extract<StatePayload, { tool: T }>
  }

  const build = () => {
    const server = new McpServer(
      { name: 'mcp-elicit-test-server', version: '1.0.0' },
      {
        capabilities: { logging: {} },
        instructions: 'Test fixture for mcp-elicit. Every tool reports exactly what it received.',
        requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
      },
    )

    server.registerTool(
      'echo',
      { description: 'Echoes text back; no input needed.', inputSchema: z.object({ text: z.string() }) },
      async ({ text: value }) => {
        record('echo', { text: value })
        return text(value)
      },
    )

    server.registerTool('ask_name', { description: 'Asks for your name (one form round).' }, async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'name')
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({
              message: 'What is your name?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
                required: ['name'],
              },
            }),
          },
        })
      }
      record('ask_name', answerData(answer))
      if (answer.action === 'decline') return text('declined')
      if (answer.action === 'cancel') return text('cancelled')
      return text(`hello ${String(answer.content?.name)}`)
    })

    server.registerTool(
      'wizard',
      { description: 'Two rounds: a colour, then a size; the first answer rides in signed requestState.' },
      async (ctx) => {
        const state = stateOf(ctx, 'wizard')
        const askColor = async (payload: StatePayload) =>
          inputRequired({
            inputRequests: {
              color: inputRequired.elicit({
                message: 'Pick a colour',
                requestedSchema: {
                  type: 'object',
                  properties: { color: { type: 'string', title: 'Colour', enum: ['red', 'green', 'blue'] } },
                  required: ['color'],
                },
              }),
            },
            requestState: await codec.mint(payload),
          })
        if (state === undefined) return askColor({ tool: 'wizard', step: 1 })
        if (state.step === 1) {
          const color = inputResponse(ctx.mcpReq.inputResponses, 'color')
          if (color.kind !== 'elicit') return askColor(state)
          if (color.action !== 'accept') {
            record('wizard', { color: answerData(color) })
            return text(`wizard stopped at color: ${color.action}`)
          }
          const chosen = String(color.content?.color)
          return inputRequired({
            inputRequests: {
              size: inputRequired.elicit({
                message: `Colour ${chosen}. Now pick a size`,
                requestedSchema: {
                  type: 'object',
                  properties: { size: { type: 'integer', title: 'Size', minimum: 1, maximum: 10, default: 5 } },
                  required: ['size'],
                },
              }),
            },
            requestState: await codec.mint({ tool: 'wizard', step: 2, color: chosen }),
          })
        }
        const size = inputResponse(ctx.mcpReq.inputResponses, 'size')
        if (size.kind !== 'elicit' || size.action !== 'accept') {
          record('wizard', { color: state.color, size: answerData(size) })
          return text(`wizard stopped at size: ${size.kind === 'elicit' ? size.action : 'missing'}`)
        }
        const answers = { color: state.color, size: size.content?.size }
        record('wizard', answers)
        return text(JSON.stringify(answers))
      },
    )

    server.registerTool('two_questions', { description: 'Two elicitations in one round.' }, async (ctx) => {
      const first = inputResponse(ctx.mcpReq.inputResponses, 'first')
      const second = inputResponse(ctx.mcpReq.inputResponses, 'second')
      if (first.kind === 'missing' || second.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            first: inputRequired.elicit({
              message: 'First question: your city?',
              requestedSchema: {
                type: 'object',
                properties: { city: { type: 'string', title: 'City' } },
                required: ['city'],
              },
            }),
            second: inputRequired.elicit({
              message: 'Second question: subscribe?',
              requestedSchema: {
                type: 'object',
                properties: { subscribe: { type: 'boolean', title: 'Subscribe', default: false } },
                required: ['subscribe'],
              },
            }),
          },
        })
      }
      const answers = { first: answerData(first), second: answerData(second) }
      record('two_questions', answers)
      return text(JSON.stringify(answers))
    })

    server.registerTool(
      'slow_steps',
      {
        description: 'Splits work into rounds carried only by requestState (no inputRequests).',
        inputSchema: z.object({ steps: z.number().int().min(1).max(20).default(3) }),
      },
      async ({ steps }, ctx) => {
        const state = stateOf(ctx, 'slow_steps')
        const done = (state?.done ?? 0) + 1
        const token = progressTokenOf(ctx)
        if (token !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: done, total: steps, message: `step ${done} of ${steps}` },
          })
        }
        if (done < steps) {
          return inputRequired({ requestState: await codec.mint({ tool: 'slow_steps', done, steps }) })
        }
        record('slow_steps', { steps, rounds: done })
        return text(`done after ${done} rounds`)
      },
    )

    server.registerTool(
      'progress',
      {
        description: 'Streams progress notifications and a log message over SSE, then completes.',
        inputSchema: z.object({
          count: z.number().int().min(0).max(100).default(3),
          delayMs: z.number().int().min(0).max(5000).default(10),
        }),
      },
      async ({ count, delayMs }, ctx) => {
        const token = progressTokenOf(ctx)
        let sent = 0
        let aborted = false
        for (let i = 1; i <= count && !aborted; i++) {
          if (token !== undefined) {
            // A client that closed the stream makes notify throw: that is the cancellation.
            try {
              await ctx.mcpReq.notify({
                method: 'notifications/progress',
                params: { progressToken: token, progress: i, total: count, message: `step ${i} of ${count}` },
              })
              sent++
            } catch {
              aborted = true
            }
          }
          if (await sleep(delayMs, ctx.mcpReq.signal)) aborted = true
        }
        if (aborted) {
          record('progress', { count, delayMs, progressToken: token ?? null, sent, aborted })
          return text(`progress aborted after ${sent} notifications`)
        }
        await ctx.mcpReq.notify({
          method: 'notifications/message',
          params: { level: 'info', logger: 'progress', data: `sent ${sent} progress notifications` },
        })
        record('progress', { count, delayMs, progressToken: token ?? null, sent })
        return text(`progress done: ${sent} notifications`)
      },
    )

    server.registerTool(
      'slow',
      {
        description: 'Waits ms milliseconds (abortable by closing the response stream).',
        inputSchema: z.object({ ms: z.number().int().min(0).max(60_000).default(1000) }),
      },
      async ({ ms }, ctx) => {
        const started = Date.now()
        const aborted = await sleep(ms, ctx.mcpReq.signal)
        record('slow', { ms, aborted, elapsedMs: Date.now() - started })
        return text(aborted ? 'aborted' : `waited ${ms}ms`)
      },
    )

    server.registerTool(
      'regional_query',
      {
        description: 'Reports the Mcp-Param-Region header it got along with its arguments.',
        inputSchema: z.object({
          region: z.string().meta({ 'x-mcp-header': 'Region', description: 'Mirrored as Mcp-Param-Region' }),
          query: z.string(),
        }),
      },
      async ({ region, query }, ctx) => {
        const raw = ctx.http?.req?.headers.get('mcp-param-region') ?? null
        const report = { header: decodeHeaderValue(raw), rawHeader: raw, region, query }
        record('regional_query', report)
        return text(JSON.stringify(report))
      },
    )

    server.registerTool(
      'needs_sampling',
      { description: 'Requires the sampling capability; asks the client model one question.' },
      // No capability check here on purpose: the SDK checks every input request
      // against the request's declared clientCapabilities after the handler
      // returns and answers -32021 (HTTP 400) itself. A check thrown from inside
      // a tool handler would be turned into an isError tool result instead.
      async (ctx) => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'llm')
        if (answer.kind !== 'sampling') {
          return inputRequired({
            inputRequests: {
              llm: inputRequired.createMessage({
                messages: [{ role: 'user', content: { type: 'text', text: 'Say hi in one word.' } }],
                maxTokens: 20,
              }),
            },
          })
        }
        record('needs_sampling', answer.result)
        return text(JSON.stringify(answer.result))
      },
    )

    server.registerTool('needs_roots', { description: 'Asks the client for its roots.' }, async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots')
      if (answer.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } })
      record('needs_roots', answer.roots)
      return text(JSON.stringify(answer.roots))
    })

    server.registerTool('confirm_url', { description: 'URL-mode elicitation to a page of this server.' }, async (ctx) => {
      const state = stateOf(ctx, 'confirm_url')
      const id = state?.id ?? randomUUID()
      const askUrl = async () =>
        inputRequired({
          inputRequests: {
            confirm: inputRequired.elicitUrl({
              message: 'Open the confirmation page to continue.',
              url: `${origin}/confirm?id=${encodeURIComponent(id)}`,
            }),
          },
          requestState: await codec.mint({ tool: 'confirm_url', id }),
        })
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
      if (state === undefined || answer.kind !== 'elicit') return askUrl()
      const visited = confirmedUrls.has(id)
      record('confirm_url', { elicitationId: id, action: answer.action, visited })
      if (answer.action === 'decline') return text('declined')
      if (answer.action === 'cancel') return text('cancelled')
      if (options.requireUrlVisit && !visited) return askUrl()
      return text(`confirmed ${id} (page visited: ${visited})`)
    })

    server.registerTool('loop_forever', { description: 'Answers input_required (requestState only) every time.' }, async (ctx) => {
      const round = (stateOf(ctx, 'loop_forever')?.round ?? 0) + 1
      record('loop_forever', { round })
      return inputRequired({ requestState: await codec.mint({ tool: 'loop_forever', round }) })
    })

    server.registerPrompt('greeting_prompt', { description: 'Asks for a name, then greets.' }, async (ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'name')
      if (answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({
              message: 'Whom should the prompt greet?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            }),
          },
        })
      }
      record('prompt:greeting_prompt', answerData(answer))
      const who = answer.action === 'accept' ? String(answer.content?.name) : answer.action
      return { messages: [{ role: 'user', content: { type: 'text', text: `Hello, ${who}!` } }] }
    })

    server.registerResource(
      'settings',
      'config://settings',
      { description: 'Settings; reading them needs a confirmation.', mimeType: 'application/json' },
      async (uri, ctx) => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
        if (answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                message: 'Reveal the settings?',
                requestedSchema: {
                  type: 'object',
                  properties: { confirm: { type: 'boolean', title: 'Reveal' } },
                  required: ['confirm'],
                },
              }),
            },
          })
        }
        record('resource:config://settings', answerData(answer))
        const ok = answer.action === 'accept' && answer.content?.confirm === true
        const body = ok ? { theme: 'dark', confirmed: true } : { confirmed: false, action: answer.action }
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] }
      },
    )

    return server
  }

  const handler = createMcpHandler(() => build(), {
    ...(options.responseMode !== undefined && { responseMode: options.responseMode }),
    ...(options.legacy !== undefined && { legacy: options.legacy }),
    onerror: () => {},
  })
  const serveMcp = toNodeHandler(handler)

  const setCors = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS.join(', '))
    const asked = req.headers['access-control-request-headers']
    const allow = new Set(CORS_ALLOW_HEADERS)
    if (typeof asked === 'string') for (const h of asked.split(',')) if (h.trim()) allow.add(h.trim())
    res.setHeader('Access-Control-Allow-Headers', [...allow].join(', '))
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS')
    res.setHeader('Access-Control-Max-Age', '600')
  }

  const serveConfirmPage = (url: URL, method: string, res: ServerResponse) => {
    const id = url.searchParams.get('id') ?? ''
    if (url.pathname === '/confirm/done' || method === 'POST') confirmedUrls.add(id)
    const done = confirmedUrls.has(id)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><title>Confirm</title><h1>${done ? 'Confirmed' : 'Confirm'} ${id.replace(/[^\w-]/g, '')}</h1>` +
        (done ? '<p>You can close this window.</p>' : `<form method="post"><button>Confirm</button></form>`),
    )
  }

  const httpServer = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1')
      const method = (req.method ?? 'GET').toUpperCase()
      const headers = readHeaders(req)
      const raw = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? '' : await readBody(req)
      let body: unknown = undefined
      let parsed = false
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw)
          parsed = true
        } catch {
          body = raw
        }
      }
      const rpcMethod =
        body !== null && typeof body === 'object' && typeof (body as { method?: unknown }).method === 'string'
          ? (body as { method: string }).method
          : undefined
      requests.push({ method, path: url.pathname + url.search, headers, body, ...(rpcMethod && { rpcMethod }) })

      setCors(req, res)
      if (method === 'OPTIONS') {
        res.writeHead(204)
        res.end()
        return
      }
      if (url.pathname === '/confirm' || url.pathname === '/confirm/done') return serveConfirmPage(url, method, res)
      if (url.pathname !== endpoint) {
        res.writeHead(404, { 'content-type': 'text/plain' })
        res.end('not found')
        return
      }
      if (raw.length > 0 && !parsed) {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
        return
      }
      await serveMcp(req, res, parsed ? body : undefined)
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = httpServer.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}${endpoint}`,
    origin,
    requests,
    received,
    confirmedUrls,
    waitForReceived(tool, timeoutMs = 5000) {
      const found = received.find((entry) => entry.tool === tool)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = {
          tool,
          resolve: (entry: ReceivedInput) => {
            clearTimeout(timer)
            resolve(entry)
          },
        }
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`nothing received by ${tool} within ${timeoutMs}ms`))
        }, timeoutMs)
        waiters.push(waiter)
      })
    },
    async close() {
      await handler.close()
      httpServer.closeAllConnections()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
}
