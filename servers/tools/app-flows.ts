/**
 * What the MCP Apps tools of both eras share: their arguments, the seat
 * layout of a flight, the tools that ask nothing (`seat_map`, `view_closed`)
 * whole, the two questions (`hold_seat`, `file_issue`) and what is checked
 * before them, how an answer becomes a result, and the SEP-3118 negotiation
 * check. The modern
 * tools (`apps.ts`) ask through an input round, the legacy ones
 * (`legacy-apps.ts`) with a server-pushed `elicitation/create`; the
 * questions and the result texts are the same, so one test reads both.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { RESOURCE_MIME_TYPE, getUiCapability } from '@modelcontextprotocol/ext-apps/server'
import type { ClientCapabilities } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { text } from '../kit.ts'

export const SEAT_MAP_URI = 'ui://demo/seat-map.html'
export const ISSUE_FORM_URI = 'ui://demo/issue-form.html'
/** The same view with a query that makes it throw before it connects: the host must fall back to its native form. */
export const BROKEN_ISSUE_FORM_URI = 'ui://demo/issue-form.html?broken=1'

/** The tools' arguments, one definition for both eras. */
export const SEAT_MAP_INPUT = z.object({
  flight: z.string().min(2).max(12).default('LX 318').describe('Flight code, e.g. "LX 318".'),
  rows: z.number().int().min(3).max(20).default(10).describe('Rows of six seats (3 to 20).'),
})
export const HOLD_SEAT_INPUT = z.object({
  flight: z.string().min(2).max(12),
  seat: z.string().min(2).max(3).describe('Row and letter, e.g. "3C".'),
})
export const VIEW_CLOSED_INPUT = z.object({
  view: z.string().max(40),
  flight: z.string().max(12).optional(),
  heldSeat: z.string().max(3).optional(),
})
export const FILE_ISSUE_INPUT = z.object({
  repo: z.string().min(1).max(60).default('octo/demo').describe('Where the issue goes.'),
  broken_view: z.boolean().default(false).describe('Offer a view that throws before it connects (tests the native fallback).'),
})

/**
 * How each tool presents itself (name -> config for ext-apps'
 * `registerAppTool`), the same in both eras. `hold_seat` and `view_closed`
 * are app-only; `file_issue` has no view of its own: its QUESTION has one.
 */
export const APP_TOOLS = {
  seat_map: {
    title: 'Seat map',
    description: 'Shows the seat map of a flight; the person can pick and hold a seat in it.',
    inputSchema: SEAT_MAP_INPUT,
    _meta: { ui: { resourceUri: SEAT_MAP_URI } },
  },
  hold_seat: {
    title: 'Hold a seat',
    description: 'Holds a free seat after the person confirms it (one question). Only the seat map view calls it.',
    inputSchema: HOLD_SEAT_INPUT,
    _meta: { ui: { visibility: ['app' as const] } },
  },
  view_closed: {
    title: 'View closed',
    description: 'The seat map view reports that the host tore it down.',
    inputSchema: VIEW_CLOSED_INPUT,
    _meta: { ui: { visibility: ['app' as const] } },
  },
  file_issue: {
    title: 'File an issue',
    description: 'Asks for the issue (title, severity, details) in one form; hosts that render app elicitations get its own view for it.',
    inputSchema: FILE_ISSUE_INPUT,
    _meta: { ui: { visibility: ['model' as const, 'app' as const] } },
  },
}

export const SEAT_COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'] as const

/** An elicitation answer of either era: `{ action, content? }`. */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel'
  content?: Record<string, unknown>
}

/** A tool result both SDKs accept. */
export interface AppToolResult {
  [key: string]: unknown
  content: Array<{ type: 'text'; text: string }>
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

export interface SeatLayout {
  flight: string
  rows: number
  columns: string[]
  taken: string[]
}

/**
 * The seats of a flight, the same on every call (no state on a stateless
 * server): about a third taken, spread by the flight code. `1A` is always
 * taken and `3C` always free, so a test has a seat of each kind to press.
 */
export function seatLayout(flight: string, rows: number): SeatLayout {
  let seed = 0
  for (const char of flight) seed = (seed * 31 + char.charCodeAt(0)) % 9973
  const taken: string[] = []
  for (let row = 1; row <= rows; row++) {
    SEAT_COLUMNS.forEach((column, index) => {
      const seat = `${row}${column}`
      if (seat === '3C') return
      if (seat === '1A' || (row * 7 + index * 5 + seed) % 3 === 0) taken.push(seat)
    })
  }
  return { flight, rows, columns: [...SEAT_COLUMNS], taken }
}

export function seatMapResult(layout: SeatLayout): AppToolResult {
  const seats = layout.rows * layout.columns.length
  return {
    content: [
      {
        type: 'text',
        text: `seat_map: ${layout.flight}, ${layout.rows} rows of ${layout.columns.length}, ${layout.taken.length} taken, ${seats - layout.taken.length} free`,
      },
    ],
    structuredContent: { ...layout },
  }
}

/** Records what a tool got (the servers' `received`). */
export type RecordReceived = (tool: string, data: unknown) => void

/** `seat_map`, in either era: the flight's layout, recorded, as the result. */
export function seatMap(record: RecordReceived, { flight, rows }: z.infer<typeof SEAT_MAP_INPUT>): AppToolResult {
  const layout = seatLayout(flight, rows)
  record('seat_map', { flight, rows, taken: layout.taken.length })
  return seatMapResult(layout)
}

/** `view_closed`, in either era: the record is how a test sees that the teardown reached the view. */
export function viewClosed(record: RecordReceived, args: z.infer<typeof VIEW_CLOSED_INPUT>): AppToolResult {
  record('view_closed', args)
  return text(`view_closed: ${JSON.stringify(args)}`)
}

/** `hold_seat`'s error result for a seat that cannot be held (asked before any question), or undefined. */
export function holdSeatRefusal(flight: string, seat: string): AppToolResult | undefined {
  // The same layout as seat_map's: the server keeps nothing between calls.
  const problem = seatProblem(seatLayout(flight, 20), seat)
  return problem === undefined ? undefined : { ...text(`hold_seat: ${problem}`), isError: true }
}

/** Why a seat cannot be held, or undefined when it can (the question is asked). */
export function seatProblem(layout: SeatLayout, seat: string): string | undefined {
  const match = /^([1-9][0-9]?)([A-F])$/.exec(seat)
  if (!match || Number(match[1]) > layout.rows) return `${seat} is not a seat on ${layout.flight}`
  if (layout.taken.includes(seat)) return `${seat} on ${layout.flight} is taken`
  return undefined
}

/** The one question `hold_seat` asks: confirm the seat, with the passenger's name. */
export function holdSeatQuestion(flight: string, seat: string) {
  return {
    mode: 'form' as const,
    message: `Hold seat ${seat} on ${flight}? Confirm the passenger's name.`,
    requestedSchema: {
      type: 'object' as const,
      properties: {
        passenger: { type: 'string' as const, title: 'Passenger name', minLength: 1, maxLength: 60, default: 'Ada Lovelace' },
        confirm: { type: 'boolean' as const, title: `Hold seat ${seat}`, default: true },
      },
      required: ['passenger', 'confirm'],
    },
  }
}

export function holdSeatResult(flight: string, seat: string, answer: ElicitAnswer): AppToolResult {
  const held = answer.action === 'accept' && answer.content?.confirm === true && typeof answer.content.passenger === 'string'
  if (!held) {
    const why = answer.action === 'accept' ? 'accept without confirming' : answer.action
    return {
      content: [{ type: 'text', text: `hold_seat: ${seat} on ${flight} not held (${why})` }],
      structuredContent: { flight, seat, held: false, action: answer.action },
    }
  }
  const passenger = String(answer.content?.passenger)
  return {
    content: [{ type: 'text', text: `hold_seat: held ${seat} on ${flight} for ${JSON.stringify(passenger)}` }],
    structuredContent: { flight, seat, held: true, passenger, action: 'accept' },
  }
}

export const ISSUE_SCHEMA = {
  type: 'object' as const,
  properties: {
    title: { type: 'string' as const, title: 'Title', minLength: 1, maxLength: 120 },
    severity: {
      type: 'string' as const,
      title: 'Severity',
      oneOf: [
        { const: 'low', title: 'Low' },
        { const: 'medium', title: 'Medium' },
        { const: 'high', title: 'High' },
        { const: 'critical', title: 'Critical' },
      ],
      default: 'medium',
    },
    details: { type: 'string' as const, title: 'Details', maxLength: 2000 },
  },
  required: ['title'],
}

/**
 * The `file_issue` question: an ordinary, complete form; with SEP-3118's
 * hint only when `appUri` is given (the client declared it can render it).
 */
export function fileIssueQuestion(repo: string, appUri: string | undefined) {
  return {
    mode: 'form' as const,
    message: `File an issue in ${repo}`,
    requestedSchema: ISSUE_SCHEMA,
    ...(appUri !== undefined && { _meta: { ui: { resourceUri: appUri } } }),
  }
}

/** States exactly what came back and how it was asked, so a test can tell the app form from the native one. */
export function fileIssueResult(repo: string, appUri: string | undefined, answer: ElicitAnswer): AppToolResult {
  const got = answer.action === 'accept' ? `accept ${JSON.stringify(answer.content ?? {})}` : answer.action
  const how = appUri === undefined ? 'the native form' : `the app ${appUri}`
  return {
    content: [{ type: 'text', text: `file_issue: ${got} (asked in ${repo} with ${how})` }],
    structuredContent: { repo, askedWith: appUri ?? 'native', action: answer.action, ...(answer.content !== undefined && { content: answer.content }) },
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * SEP-3118: the hint may be sent only when the client declared core form
 * elicitation, MCP Apps with the app MIME type, and the extension's
 * `elicitation` member. (An `elicitation: {}` with neither mode is the
 * 2025-06-18 way of saying "form".)
 */
export function rendersAppElicitations(capabilities: unknown): boolean {
  if (!isObject(capabilities)) return false
  const elicitation = capabilities.elicitation
  const form = isObject(elicitation) && (isObject(elicitation.form) || (elicitation.form === undefined && elicitation.url === undefined))
  // ext-apps 2.0.4 types the extension's settings without `elicitation` (SEP-3118 is newer).
  const ui: unknown = getUiCapability(capabilities as ClientCapabilities)
  if (!form || !isObject(ui) || !isObject(ui.elicitation)) return false
  return Array.isArray(ui.mimeTypes) && ui.mimeTypes.includes(RESOURCE_MIME_TYPE)
}

/** The view `file_issue` asks with for a client with these capabilities (its broken twin with `broken_view`); undefined: the native form. */
export function fileIssueView(capabilities: unknown, brokenView: boolean): string | undefined {
  if (!rendersAppElicitations(capabilities)) return undefined
  return brokenView ? BROKEN_ISSUE_FORM_URI : ISSUE_FORM_URI
}
