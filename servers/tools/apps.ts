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
import type { McpServer } from '@modelcontextprotocol/server'

import { answerData, ask, clientCapabilitiesOf, oneRound } from '../kit.ts'
import type { AnswerOf } from '../kit.ts'
import * as flows from './app-flows.ts'
import { registerAppViews } from './app-resources.ts'

export interface AppTools {
  record(tool: string, data: unknown): void
}

export function registerAppTools(server: McpServer, { record }: AppTools): void {
  registerAppViews(server)

  registerAppTool(server, 'seat_map', flows.APP_TOOLS.seat_map, async (args) => flows.seatMap(record, args))

  registerAppTool(server, 'hold_seat', flows.APP_TOOLS.hold_seat, async ({ flight, seat }, ctx) => {
    const refusal = flows.holdSeatRefusal(flight, seat)
    if (refusal) return refusal
    return oneRound(ctx, { hold: ask.form(flows.holdSeatQuestion(flight, seat)) }, ({ hold }) => {
      record('hold_seat', { flight, seat, answer: answerData(hold) })
      return flows.holdSeatResult(flight, seat, elicitAnswer(hold))
    })
  })

  registerAppTool(server, 'view_closed', flows.APP_TOOLS.view_closed, async (args) => flows.viewClosed(record, args))

  registerAppTool(server, 'file_issue', flows.APP_TOOLS.file_issue, async ({ repo, broken_view }, ctx) => {
    // Decided again on each round from that request's capabilities: no app state survives between rounds (SEP-3118).
    const appUri = flows.fileIssueView(clientCapabilitiesOf(ctx), broken_view)
    return oneRound(ctx, { issue: ask.form(flows.fileIssueQuestion(repo, appUri)) }, ({ issue }) => {
      record('file_issue', { repo, askedWith: appUri ?? 'native', answer: answerData(issue) })
      return flows.fileIssueResult(repo, appUri, elicitAnswer(issue))
    })
  })
}

function elicitAnswer(view: AnswerOf<'elicit'>): flows.ElicitAnswer {
  return view.content === undefined ? { action: view.action } : { action: view.action, content: view.content }
}
