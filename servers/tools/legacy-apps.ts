/**
 * The MCP Apps tools on the legacy demo server (`@modelcontextprotocol/sdk`
 * 1.32, protocol 2025-11-25, sessions): `seat_map`, `hold_seat`,
 * `view_closed` and `file_issue` as in `apps.ts`, with the same questions
 * and result texts, but asked the 2025 way: a server-pushed
 * `elicitation/create` on the tools/call response stream. For SEP-3118 the
 * effective capabilities are the session's (from `initialize`).
 *
 * ext-apps' helpers only normalise `_meta` and call
 * `registerTool(name, config, cb)` / `registerResource(name, uri, config,
 * cb)`, which the v1 McpServer has with the same shapes; the casts below say
 * so once, and the callbacks are typed for v1.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server'
import type { McpUiAppToolConfig } from '@modelcontextprotocol/ext-apps/server'
import type { McpServer as LegacyMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'
import type * as z from 'zod'

import * as flows from './app-flows.ts'
import type { AppToolResult } from './app-flows.ts'
import { registerAppViews } from './app-resources.ts'
import type { ResourceServer } from './app-resources.ts'

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

export interface LegacyAppTools {
  record(tool: string, data: unknown): void
  /** Request options that send a question on the tools/call's own stream. */
  related(extra: Extra): { relatedRequestId: string | number; timeout: number; signal: AbortSignal }
}

/** `registerAppTool` on the v1 server, with a v1 callback. */
function registerLegacyAppTool<Schema extends z.ZodObject>(
  mcp: LegacyMcpServer,
  name: string,
  config: McpUiAppToolConfig & { inputSchema: Schema },
  cb: (args: z.infer<Schema>, extra: Extra) => Promise<AppToolResult>,
): void {
  const register = registerAppTool as unknown as (server: Pick<LegacyMcpServer, 'registerTool'>, name: string, config: McpUiAppToolConfig, cb: unknown) => void
  register(mcp, name, config, cb)
}

export function registerLegacyAppTools(mcp: LegacyMcpServer, { record, related }: LegacyAppTools): void {
  registerAppViews(mcp as unknown as ResourceServer)

  registerLegacyAppTool(mcp, 'seat_map', flows.APP_TOOLS.seat_map, async (args) => flows.seatMap(record, args))

  registerLegacyAppTool(mcp, 'hold_seat', flows.APP_TOOLS.hold_seat, async ({ flight, seat }, extra) => {
    const refusal = flows.holdSeatRefusal(flight, seat)
    if (refusal) return refusal
    const answer = await mcp.server.elicitInput(flows.holdSeatQuestion(flight, seat), related(extra))
    record('hold_seat', { flight, seat, answer })
    return flows.holdSeatResult(flight, seat, answer)
  })

  registerLegacyAppTool(mcp, 'view_closed', flows.APP_TOOLS.view_closed, async (args) => flows.viewClosed(record, args))

  registerLegacyAppTool(mcp, 'file_issue', flows.APP_TOOLS.file_issue, async ({ repo, broken_view }, extra) => {
    // The session's capabilities, as `initialize` declared them.
    const appUri = flows.fileIssueView(mcp.server.getClientCapabilities(), broken_view)
    const answer = await mcp.server.elicitInput(flows.fileIssueQuestion(repo, appUri), related(extra))
    record('file_issue', { repo, askedWith: appUri ?? 'native', answer })
    return flows.fileIssueResult(repo, appUri, answer)
  })
}
