/**
 * The demo MCP server: official `@modelcontextprotocol/server` 2.4 +
 * `@modelcontextprotocol/node` 2.1, protocol revision 2026-07-28, stateless
 * (every request is its own POST; multi-round flows ride signed
 * `requestState`). Its tools (`tools/demo.ts`) exercise every pattern the
 * library handles, and each result states in its text exactly what the tool
 * received, so a person (and an end-to-end test) can see that the answers
 * arrived.
 *
 * MCP Apps (`tools/apps.ts`, `tools/hostile-apps.ts`): `seat_map` with its
 * view, the app-only `hold_seat` / `view_closed`, SEP-3118's `file_issue`,
 * and `hostile_app` whose view attacks its host for the safety tests.
 *
 * It also offers the tasks extension (`long_task` runs as a task for clients
 * that declare it), change notifications on `subscriptions/listen` (fed by
 * `add_note` and `toggle_bonus_tool`) and cache hints on the lists. With
 * `conformance: true` it also has the tools the official conformance suite's
 * server scenarios call (`tools/conformance.ts`).
 *
 * Every HTTP hit is recorded in `log` (preflights, the URL-mode page, the
 * `/pwned` tripwire too), so tests can prove what the browser did NOT fetch.
 *
 *   const demo = await startDemoServer({ pageOrigin: 'http://127.0.0.1:5173' })
 *   demo.url      // http://127.0.0.1:<port>/mcp
 *   demo.hits('/connect')  // 0 until the person opens the URL-mode page
 */
import { randomBytes } from 'node:crypto'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler, createRequestStateCodec } from '@modelcontextprotocol/server'
import type { ServerNotifier } from '@modelcontextprotocol/server'

import { normalizeOrigins, sendJsonRpcError, startHost } from './host.ts'
import type { Host } from './host.ts'
import { receivedRecorder, stateReader } from './kit.ts'
import type { ReceivedEntry, Recorder } from './kit.ts'
import { outsideStep } from './outside-step.ts'
import { registerAppTools } from './tools/apps.ts'
import { TASK_REQUIRED_TOOLS, createConformanceState, registerConformanceTools } from './tools/conformance.ts'
import type { ConformanceState } from './tools/conformance.ts'
import { registerDemoTools } from './tools/demo.ts'
import { DEMO_MAX_BODY_BYTES } from './tools/file-input.ts'
import type { DemoState } from './tools/demo.ts'
import { registerHostileAppTools } from './tools/hostile-apps.ts'
import { createLiveState, registerLiveNotes } from './tools/live-notes.ts'
import { registerLongTask } from './tools/long-task.ts'
import { TASKS_EXTENSION, createTaskStore, installTaskMethods, taskRequiredRefusal } from './tools/tasks-extension.ts'

export type { HitLogEntry } from './host.ts'
export type { ReceivedEntry } from './kit.ts'

export interface DemoServerOptions {
  /** Port to listen on. Default 0 (a free port). */
  port?: number
  /** Interface to bind. Default `127.0.0.1`; keep it on loopback. */
  host?: string
  /**
   * Origin(s) of the demo page allowed by CORS (and by the DNS-rebinding
   * guard). Default: any origin (`Access-Control-Allow-Origin: *`).
   */
  pageOrigin?: string | string[]
  /** HMAC key for `requestState` (at least 32 bytes). Default: random per start. */
  stateKey?: string
  /** Lifetime of a minted `requestState`, in seconds. Default 1800. */
  stateTtlSeconds?: number
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string
  /** Also serve the conformance suite's fixtures (`test_*` tools, `greet`, `slow_compute`, …). Default false. */
  conformance?: boolean
}

/** The host's face (URL, hit log, close) and what the tools received. */
export interface DemoServer extends Pick<Host, 'url' | 'origin' | 'log' | 'hits' | 'close'>, Omit<Recorder<ReceivedEntry>, 'record'> {
  /** Publishes change notifications to the open `subscriptions/listen` streams. */
  notify: ServerNotifier
}

type StatePayload = DemoState | ConformanceState

const LIST_CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const { received, record, waitForReceived } = receivedRecorder()
  const origins = normalizeOrigins(options.pageOrigin)
  let origin = ''
  const connect = outsideStep(
    { path: '/connect', title: 'Connect your Example account', explanation: 'This page stands in for a sign-in on another site. Press Finish to complete the outside step.' },
    () => origin,
  )
  // Tasks and live data outlive the per-request server instances.
  const tasks = createTaskStore()
  const live = createLiveState()
  const conformance = options.conformance ? createConformanceState() : undefined

  // HMAC-SHA256-signed, expiring state. The SDK runs `verify` before any
  // handler and answers a forged or expired state with -32602 itself.
  const codec = createRequestStateCodec<StatePayload>({
    key: options.stateKey ?? randomBytes(32),
    ttlSeconds: options.stateTtlSeconds ?? 1800,
  })
  const stateOf = stateReader<StatePayload>()

  const build = () => {
    const server = new McpServer(
      { name: 'mcp-elicit-demo-server', title: 'mcp-elicit demo server', version: '1.0.0' },
      {
        capabilities: {
          logging: {},
          // The listen ack grants only what is advertised here.
          tools: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          prompts: { listChanged: true },
          extensions: { [TASKS_EXTENSION]: {} },
        },
        instructions:
          'Demo server for mcp-elicit. Every tool asks the person something (or the page: a model, its roots) and reports back exactly what it received.',
        requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
        // The same for every caller, and list_changed tells listeners when to drop them.
        cacheHints: {
          'tools/list': LIST_CACHE,
          'prompts/list': LIST_CACHE,
          'resources/list': LIST_CACHE,
          'server/discover': LIST_CACHE,
        },
      },
    )
    // The suite reads the first listed resource as it is: the fixtures' go first.
    if (conformance) registerConformanceTools(server, { state: conformance, store: tasks, notify: handler.notify, mint: (state) => codec.mint(state), stateOf })
    registerDemoTools(server, { record, mint: (state) => codec.mint(state), stateOf, origin: () => origin, connect })
    // long_task (a task for clients with the tasks extension), notes and the bonus tool (subscriptions).
    installTaskMethods(server, tasks)
    registerLongTask(server, {
      store: tasks,
      record,
      checkpoint: { mint: (checkpoint) => codec.mint({ tool: 'long_task', ...checkpoint }), read: (ctx) => stateOf(ctx, 'long_task') },
    })
    registerLiveNotes(server, { state: live, notify: handler.notify, record })
    // MCP Apps: the seat map, SEP-3118's file_issue, and the hostile view of the safety tests.
    registerAppTools(server, { record })
    registerHostileAppTools(server, { record, origin: () => origin })
    return server
  }

  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)
  const host = await startHost({
    host: options.host,
    port: options.port,
    path: options.path,
    cors: { origins, expose: ['MCP-Protocol-Version'] },
    guard: true,
    // describe_image's answer carries the image as a data: URI (SEP-2356).
    maxBodyBytes: DEMO_MAX_BODY_BYTES,
    page: ({ url, method }, _req, res) => {
      // The tripwire: nothing legitimate ever calls it; the log is the evidence.
      if (url.pathname === '/pwned') {
        res.writeHead(204).end()
        return true
      }
      if (connect.serve(url, method, res)) return true
      if (url.pathname !== '/' || method !== 'GET') return false
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`mcp-elicit demo server (MCP 2026-07-28, stateless). MCP endpoint: ${host.url}\n`)
      return true
    },
    serve: async (req, res, hit) => {
      const refusal = conformance ? taskRequiredRefusal(hit.body, TASK_REQUIRED_TOOLS) : undefined
      if (refusal) return sendJsonRpcError(res, 400, refusal.error.code, refusal.error.message, { id: refusal.id, data: refusal.error.data })
      await serveMcp(req, res, hit.body)
    },
    onClose: async () => {
      await handler.close()
      tasks.close()
    },
  })
  origin = host.origin
  return { url: host.url, origin, log: host.log, hits: host.hits, close: host.close, received, waitForReceived, notify: handler.notify }
}
