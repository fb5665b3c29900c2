/**
 * MCP Apps tools of the demo server (2026-07-28), registered with ext-apps'
 * own server helpers so they are an outside oracle for our host:
 *
 * - `seat_map` (view ui://demo/seat-map.html): the seats of a flight, in
 *   structuredContent; the view draws them.
 * - `hold_seat` (app-only): asks the person one input round (the passenger's
 *   name, confirm) before it holds a seat; the view calls it.
 * - `view_closed` (app-only): the seat map calls it while it is torn down;
 *   its record (`received`) is how a test sees the teardown reached the view.
 * - `file_issue`: SEP-3118. One form round with a complete schema, plus
 *   `_meta.ui.resourceUri` (the issue-form view, or its broken twin with
 *   `broken_view`) only when this request's client declared app-rendered
 *   elicitations; the result says what came back and how it was asked.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server'
import { inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type { InputResponseView, McpServer } from '@modelcontextprotocol/server'

import { answerData, clientCapabilitiesOf, text } from '../kit.ts'
import * as flows from './app-flows.ts'
import { registerAppViews } from './app-resources.ts'

export interface AppTools {
  record(tool: string, data: unknown): void
}

export function registerAppTools(server: McpServer, { record }: AppTools): void {
  registerAppViews(server)

  registerAppTool(server, 'seat_map', flows.APP_TOOLS.seat_map, async ({ flight, rows }) => {
    const layout = flows.seatLayout(flight, rows)
    record('seat_map', { flight, rows, taken: layout.taken.length })
    return flows.seatMapResult(layout)
  })

  registerAppTool(server, 'hold_seat', flows.APP_TOOLS.hold_seat, async ({ flight, seat }, ctx) => {
    // The same layout as seat_map's: the server keeps nothing between calls.
    const problem = flows.seatProblem(flows.seatLayout(flight, 20), seat)
    if (problem) return { ...text(`hold_seat: ${problem}`), isError: true }
    const view = inputResponse(ctx.mcpReq.inputResponses, 'hold')
    if (view.kind !== 'elicit') return inputRequired({ inputRequests: { hold: inputRequired.elicit(flows.holdSeatQuestion(flight, seat)) } })
    record('hold_seat', { flight, seat, answer: answerData(view) })
    return flows.holdSeatResult(flight, seat, elicitAnswer(view))
  })

  registerAppTool(server, 'view_closed', flows.APP_TOOLS.view_closed, async (args) => {
    record('view_closed', args)
    return text(`view_closed: ${JSON.stringify(args)}`)
  })

  registerAppTool(server, 'file_issue', flows.APP_TOOLS.file_issue, async ({ repo, broken_view }, ctx) => {
    // Decided again on each round from that request's capabilities: no app state survives between rounds (SEP-3118).
    const appUri = flows.rendersAppElicitations(clientCapabilitiesOf(ctx)) ? (broken_view ? flows.BROKEN_ISSUE_FORM_URI : flows.ISSUE_FORM_URI) : undefined
    const view = inputResponse(ctx.mcpReq.inputResponses, 'issue')
    if (view.kind !== 'elicit') return inputRequired({ inputRequests: { issue: inputRequired.elicit(flows.fileIssueQuestion(repo, appUri)) } })
    record('file_issue', { repo, askedWith: appUri ?? 'native', answer: answerData(view) })
    return flows.fileIssueResult(repo, appUri, elicitAnswer(view))
  })
}

function elicitAnswer(view: Extract<InputResponseView, { kind: 'elicit' }>): flows.ElicitAnswer {
  return view.content === undefined ? { action: view.action } : { action: view.action, content: view.content }
}
