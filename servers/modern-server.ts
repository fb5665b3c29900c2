/**
 * A real MCP server for integration tests, built with the official SDK
 * (`@modelcontextprotocol/server` 2.4 + `@modelcontextprotocol/node` 2.1).
 *
 * It speaks protocol revision 2026-07-28 (stateless, per-request `_meta`
 * envelope, multi round-trip requests) on one Streamable HTTP endpoint, and
 * — through the SDK's default stateless legacy fallback — answers 2025-era
 * requests too. Every tool (`tools/testing.ts`) states in its result text
 * exactly what it got, and what tools received from the user is recorded in
 * `received`; every request, with its headers and body, in `requests`.
 *
 * Start with `startModernServer()`; it listens on 127.0.0.1, port 0.
 */
import { randomBytes } from 'node:crypto'

import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler, createRequestStateCodec } from '@modelcontextprotocol/server'

import { startHost } from './host.ts'
import type { RecordedRequest } from './host.ts'
import { receivedRecorder, stateReader } from './kit.ts'
import type { ReceivedInput } from './kit.ts'
import { outsideStep } from './outside-step.ts'
import { registerTestingTools } from './tools/testing.ts'
import type { TestingState } from './tools/testing.ts'

export type { RecordedRequest } from './host.ts'
export type { ReceivedInput } from './kit.ts'

export interface ModernServerOptions {
  /** HMAC key for `requestState` (at least 32 bytes). Default: random per server. */
  stateKey?: string
  /** Lifetime of a minted `requestState`, in seconds. Default 600. */
  stateTtlSeconds?: number
  /** SDK response shaping: `auto` (JSON unless something is streamed first), `sse`, or `json`. Default `auto`. */
  responseMode?: 'auto' | 'sse' | 'json'
  /** How 2025-era traffic is served: SDK stateless fallback (default) or rejected with -32022. */
  legacy?: 'stateless' | 'reject'
  /**
   * `confirm_url`: when true, an `accept` only completes the call once the
   * page was visited (GET or POST /confirm/done?id=…); otherwise the same
   * URL is asked again. Default false: accept completes.
   */
  requireUrlVisit?: boolean
  /** Path of the MCP endpoint. Default `/mcp`. */
  path?: string
}

export interface ModernServer {
  /** Full URL of the MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string
  /** Origin, e.g. `http://127.0.0.1:41234`. */
  origin: string
  close(): Promise<void>
  requests: RecordedRequest[]
  received: ReceivedInput[]
  /** `elicitationId`s (our own correlation ids) whose confirm page was completed. */
  confirmedUrls: Set<string>
  /** Resolves with the first `received` entry for `tool` (waits for it). */
  waitForReceived(tool: string, timeoutMs?: number): Promise<ReceivedInput>
}

export async function startModernServer(options: ModernServerOptions = {}): Promise<ModernServer> {
  const { received, record, waitForReceived } = receivedRecorder({ timestamps: false })
  let origin = ''
  const confirm = outsideStep({ path: '/confirm', title: 'Confirm', explanation: 'Press Finish to confirm.' }, () => origin)

  // requestState is signed with HMAC-SHA256 by the SDK's codec; the SDK runs
  // `verify` before the handler and answers a tampered or expired state with
  // -32602 "Invalid or expired requestState" (the handler never runs).
  const codec = createRequestStateCodec<TestingState>({
    key: options.stateKey ?? randomBytes(32),
    ttlSeconds: options.stateTtlSeconds ?? 600,
  })
  const build = () => {
    const server = new McpServer(
      { name: 'mcp-elicit-test-server', version: '1.0.0' },
      {
        capabilities: { logging: {} },
        instructions: 'Test fixture for mcp-elicit. Every tool reports exactly what it received.',
        requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
      },
    )
    registerTestingTools(server, { record, mint: (state) => codec.mint(state), stateOf: stateReader<TestingState>(), confirm, requireUrlVisit: options.requireUrlVisit === true })
    return server
  }

  const handler = createMcpHandler(() => build(), {
    ...(options.responseMode !== undefined && { responseMode: options.responseMode }),
    ...(options.legacy !== undefined && { legacy: options.legacy }),
    onerror: () => {},
  })
  const serveMcp = toNodeHandler(handler)
  const host = await startHost({
    path: options.path,
    record: 'requests',
    cors: { origins: [], expose: ['Mcp-Session-Id', 'MCP-Protocol-Version', 'WWW-Authenticate', 'Content-Type'] },
    page: ({ url, method }, _req, res) => confirm.serve(url, method, res),
    serve: (req, res, hit) => serveMcp(req, res, hit.body),
    onClose: () => handler.close(),
  })
  origin = host.origin

  return {
    url: host.url,
    origin,
    requests: host.log,
    received,
    confirmedUrls: confirm.completed,
    waitForReceived,
    close: host.close,
  }
}
