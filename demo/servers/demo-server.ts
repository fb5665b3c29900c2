/**
 * The demo MCP server: official `@modelcontextprotocol/server` 2.4 +
 * `@modelcontextprotocol/node` 2.1, protocol revision 2026-07-28, stateless
 * (every request is its own POST; multi-round flows ride signed
 * `requestState`). Its tools exercise every pattern the library handles, and
 * each result states in its text exactly what the tool received, so a person
 * (and an end-to-end test) can see that the answers arrived.
 *
 * It also offers the tasks extension (`long_task` runs as a task for clients
 * that declare it), change notifications on `subscriptions/listen` (fed by
 * `add_note` and `toggle_bonus_tool`) and cache hints on the lists.
 *
 * Every HTTP hit is recorded in `log` (preflights, the URL-mode page, the
 * `/pwned` tripwire too), so tests can prove what the browser did NOT fetch.
 *
 *   const demo = await startDemoServer({ pageOrigin: 'http://127.0.0.1:5173' })
 *   demo.url      // http://127.0.0.1:<port>/mcp
 *   demo.hits('/connect')  // 0 until the person opens the URL-mode page
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { toNodeHandler } from '@modelcontextprotocol/node'
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  createMcpHandler,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server'
import type { InputResponseView, ServerContext, ServerNotifier } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { createLiveState, registerLiveDemo } from './live-demo.ts'
import { registerLongTask } from './long-task.ts'
import {
  answerData,
  answerText,
  countHits,
  decodeHeaderValue,
  describeRpc,
  normalizeOrigins,
  originOf,
  parseBody,
  progressTokenOf,
  readBody,
  receivedRecorder,
  refuseReason,
  sendJsonRpcError,
  sendProgress,
  serveOutsideStep,
  setCors,
  sleep,
  text,
} from './shared.ts'
import type { CorsPolicy, HitLogEntry, ReceivedEntry } from './shared.ts'
import { TASKS_EXTENSION, createTaskStore, installTaskMethods } from './tasks-extension.ts'

export type { HitLogEntry, ReceivedEntry } from './shared.ts'

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
}

export interface DemoServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string
  /** `http://127.0.0.1:41234`. */
  origin: string
  close(): Promise<void>
  /** Every HTTP hit, in arrival order. */
  log: HitLogEntry[]
  /** Hits on `path` (`/connect`, `/pwned`, …): any query unless `path` has one. */
  hits(path: string): number
  /** What tools got, including calls whose result never reached the client (aborted `slow_report`). */
  received: ReceivedEntry[]
  /** Resolves with the first `received` entry of `tool`. */
  waitForReceived(tool: string, timeoutMs?: number): Promise<ReceivedEntry>
  /** Publishes change notifications to the open `subscriptions/listen` streams. */
  notify: ServerNotifier
}

/** What a signed `requestState` carries: the flow it belongs to, plus that flow's data. */
type StatePayload =
  | { tool: 'trip_wizard'; step: 1 }
  | { tool: 'trip_wizard'; step: 2; destination: string; travellers: number }
  | { tool: 'trip_wizard'; step: 3; destination: string; travellers: number; depart: string; return: string }
  | { tool: 'crunch_numbers'; done: number; steps: number; sum: number; progressed: number }
  | { tool: 'connect_account'; id: string; asks: number }
  | { tool: 'long_task'; steps: number; stepMs: number; askAt: number }

const DESTINATIONS = [
  { const: 'lisbon', title: 'Lisbon, Portugal' },
  { const: 'kyoto', title: 'Kyoto, Japan' },
  { const: 'reykjavik', title: 'Reykjavík, Iceland' },
]

const MAX_BODY_BYTES = 1_000_000

const LIST_CACHE = { ttlMs: 60_000, cacheScope: 'public' } as const

/** A 1×1 PNG and an 8-sample silent WAV (8 kHz, 8-bit mono), base64: the media of `all_content`. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const TINY_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA=='

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1'
  const endpoint = options.path ?? '/mcp'
  const log: HitLogEntry[] = []
  const { received, record, waitForReceived } = receivedRecorder()
  const policy: CorsPolicy = { origins: normalizeOrigins(options.pageOrigin), expose: ['MCP-Protocol-Version'] }
  /** URL-mode ids this server issued, and those whose outside step was finished. */
  const connectIssued = new Set<string>()
  const connectDone = new Set<string>()
  // Tasks and live data outlive the per-request server instances.
  const tasks = createTaskStore()
  const live = createLiveState()
  let origin = ''

  // HMAC-SHA256-signed, expiring state. The SDK runs `verify` before any
  // handler and answers a forged or expired state with -32602 itself.
  const codec = createRequestStateCodec<StatePayload>({
    key: options.stateKey ?? randomBytes(32),
    ttlSeconds: options.stateTtlSeconds ?? 1800,
  })
  const stateOf = <T extends StatePayload['tool']>(ctx: ServerContext, tool: T): Extract<StatePayload, { tool: T }> | undefined => {
    const state = ctx.mcpReq.requestState<StatePayload>()
    if (state === undefined) return undefined
    if (state.tool !== tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState belongs to ${state.tool}, not ${tool}`)
    return state as Extract<StatePayload, { tool: T }>
  }

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

    // ── profile_form: one form, every field kind, defaults everywhere ──
    server.registerTool(
      'profile_form',
      { title: 'Profile form', description: 'One form with every field kind (text, email, URL, dates, numbers, yes/no, single and multi select) and defaults.' },
      async (ctx) => {
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'profile')
        if (answer.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              profile: inputRequired.elicit({
                message: 'Tell us about yourself. Every field has a default; change what you like.',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    name: { type: 'string', title: 'Full name', description: 'As it should appear on your badge (2 to 40 characters).', minLength: 2, maxLength: 40, default: 'Ada Lovelace' },
                    email: { type: 'string', format: 'email', title: 'Email', description: 'Only used for the receipt.', default: 'ada@example.com' },
                    website: { type: 'string', format: 'uri', title: 'Website', default: 'https://example.com/ada' },
                    birthday: { type: 'string', format: 'date', title: 'Birthday', default: '1815-12-10' },
                    meeting: { type: 'string', format: 'date-time', title: 'First meeting', description: 'Date and time, UTC.', default: '2026-09-01T09:30:00Z' },
                    height: { type: 'number', title: 'Height (m)', minimum: 0.5, maximum: 2.5, default: 1.65 },
                    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150, default: 36 },
                    newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
                    language: { type: 'string', title: 'Language', description: 'Plain enum.', enum: ['en', 'fr', 'de', 'it'], default: 'en' },
                    plan: {
                      type: 'string',
                      title: 'Plan',
                      description: 'oneOf with titles.',
                      oneOf: [
                        { const: 'free', title: 'Free' },
                        { const: 'pro', title: 'Pro (9 €/month)' },
                        { const: 'team', title: 'Team (29 €/month)' },
                      ],
                      default: 'pro',
                    },
                    shirt: { type: 'string', title: 'T-shirt size', description: 'Legacy enum + enumNames.', enum: ['s', 'm', 'l', 'xl'], enumNames: ['Small', 'Medium', 'Large', 'Extra large'], default: 'm' },
                    interests: {
                      type: 'array',
                      title: 'Interests',
                      description: 'Pick one to three.',
                      items: { type: 'string', enum: ['maths', 'music', 'poetry', 'engines'] },
                      minItems: 1,
                      maxItems: 3,
                      default: ['maths', 'engines'],
                    },
                    days: {
                      type: 'array',
                      title: 'Available days',
                      description: 'Pick one or two.',
                      items: {
                        anyOf: [
                          { const: 'mon', title: 'Monday' },
                          { const: 'wed', title: 'Wednesday' },
                          { const: 'fri', title: 'Friday' },
                        ],
                      },
                      minItems: 1,
                      maxItems: 2,
                      default: ['wed'],
                    },
                  },
                  required: ['name', 'email', 'age', 'plan', 'interests'],
                },
              }),
            },
          })
        }
        record('profile_form', answerData(answer))
        return text(`profile_form: ${answerText(answer)}`)
      },
    )

    // ── trip_wizard: three rounds, carried in signed requestState ──
    server.registerTool(
      'trip_wizard',
      { title: 'Trip wizard', description: 'Three rounds (destination, dates, confirm); the answers so far ride in signed requestState.' },
      async (ctx) => {
        const state = stateOf(ctx, 'trip_wizard')
        const stop = (step: string, view: InputResponseView) => {
          record('trip_wizard', { stoppedAt: step, answer: answerData(view) })
          return text(`trip_wizard: stopped at ${step} (${answerText(view)})`)
        }
        const askDestination = async () =>
          inputRequired({
            inputRequests: {
              destination: inputRequired.elicit({
                message: 'Step 1 of 3: where to, and how many of you?',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    destination: { type: 'string', title: 'Destination', oneOf: DESTINATIONS, default: 'lisbon' },
                    travellers: { type: 'integer', title: 'Travellers', minimum: 1, maximum: 9, default: 2 },
                  },
                  required: ['destination', 'travellers'],
                },
              }),
            },
            requestState: await codec.mint({ tool: 'trip_wizard', step: 1 }),
          })
        const askDates = async (destination: string, travellers: number, problem = '') =>
          inputRequired({
            inputRequests: {
              dates: inputRequired.elicit({
                message: `${problem}Step 2 of 3: when? (${titleOf(destination)}, ${travellers} traveller${travellers === 1 ? '' : 's'})`,
                requestedSchema: {
                  type: 'object',
                  properties: {
                    depart: { type: 'string', format: 'date', title: 'Departure', default: '2026-09-14' },
                    return: { type: 'string', format: 'date', title: 'Return', default: '2026-09-21' },
                  },
                  required: ['depart', 'return'],
                },
              }),
            },
            requestState: await codec.mint({ tool: 'trip_wizard', step: 2, destination, travellers }),
          })
        const askConfirm = async (trip: { destination: string; travellers: number; depart: string; return: string }) =>
          inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                message: `Step 3 of 3: book ${titleOf(trip.destination)} for ${trip.travellers}, ${trip.depart} to ${trip.return}?`,
                requestedSchema: {
                  type: 'object',
                  properties: { confirm: { type: 'boolean', title: 'Book this trip', default: true } },
                  required: ['confirm'],
                },
              }),
            },
            requestState: await codec.mint({ tool: 'trip_wizard', step: 3, ...trip }),
          })

        if (state === undefined) return askDestination()
        if (state.step === 1) {
          const view = inputResponse(ctx.mcpReq.inputResponses, 'destination')
          if (view.kind !== 'elicit') return askDestination()
          if (view.action !== 'accept') return stop('destination', view)
          return askDates(String(view.content?.destination), Number(view.content?.travellers))
        }
        if (state.step === 2) {
          const view = inputResponse(ctx.mcpReq.inputResponses, 'dates')
          if (view.kind !== 'elicit') return askDates(state.destination, state.travellers)
          if (view.action !== 'accept') return stop('dates', view)
          const depart = String(view.content?.depart)
          const back = String(view.content?.return)
          if (back < depart) return askDates(state.destination, state.travellers, `The return (${back}) is before the departure (${depart}); please fix the dates. `)
          return askConfirm({ destination: state.destination, travellers: state.travellers, depart, return: back })
        }
        const trip = { destination: state.destination, travellers: state.travellers, depart: state.depart, return: state.return }
        const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
        if (view.kind !== 'elicit') return askConfirm(trip)
        if (view.action !== 'accept') return stop('confirm', view)
        const booked = view.content?.confirm === true
        record('trip_wizard', { ...trip, confirm: view.content?.confirm })
        return text(`trip_wizard: ${booked ? 'booked' : 'not booked'} ${JSON.stringify(trip)}`)
      },
    )

    // ── two_questions: two elicitations in one round ──
    server.registerTool('two_questions', { title: 'Two questions', description: 'Asks two things in one round.' }, async (ctx) => {
      const first = inputResponse(ctx.mcpReq.inputResponses, 'first')
      const second = inputResponse(ctx.mcpReq.inputResponses, 'second')
      if (first.kind === 'missing' || second.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            first: inputRequired.elicit({
              message: 'First question: which city are you in?',
              requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City', minLength: 1 } }, required: ['city'] },
            }),
            second: inputRequired.elicit({
              message: 'Second question: shall we send you updates?',
              requestedSchema: { type: 'object', properties: { subscribe: { type: 'boolean', title: 'Send me updates', default: false } }, required: ['subscribe'] },
            }),
          },
        })
      }
      record('two_questions', { first: answerData(first), second: answerData(second) })
      return text(`two_questions: first=${answerText(first)}; second=${answerText(second)}`)
    })

    // ── crunch_numbers: requestState-only rounds with progress ──
    server.registerTool(
      'crunch_numbers',
      {
        title: 'Crunch numbers',
        description: 'Adds 1..steps, one number per round; rounds carry only requestState and report progress.',
        inputSchema: z.object({ steps: z.number().int().min(1).max(20).default(4).describe('How many rounds (1 to 20).') }),
      },
      async ({ steps }, ctx) => {
        const state = stateOf(ctx, 'crunch_numbers')
        const total = state?.steps ?? steps
        const done = (state?.done ?? 0) + 1
        const sum = (state?.sum ?? 0) + done
        const token = progressTokenOf(ctx)
        await sleep(150, ctx.mcpReq.signal)
        const progressed = (state?.progressed ?? 0) + (token !== undefined && (await sendProgress(ctx, token, done, total, `crunched ${done} of ${total}`)) ? 1 : 0)
        if (done < total) {
          return inputRequired({ requestState: await codec.mint({ tool: 'crunch_numbers', done, steps: total, sum, progressed }) })
        }
        record('crunch_numbers', { steps: total, rounds: done, sum, progressed })
        return text(`crunch_numbers: done after ${done} rounds, sum of 1..${total} = ${sum}, progress sent in ${progressed} of ${done} rounds`)
      },
    )

    // ── connect_account: URL mode, the outside step is a page of this server ──
    server.registerTool(
      'connect_account',
      { title: 'Connect account', description: 'URL-mode step: open a page of the demo server, press Finish, come back.' },
      async (ctx) => {
        const state = stateOf(ctx, 'connect_account')
        const askUrl = async (id: string, asks: number, again: boolean) =>
          inputRequired({
            inputRequests: {
              connect: inputRequired.elicitUrl({
                message: again
                  ? 'The outside step is not finished yet. Open the page, press Finish there, then continue here.'
                  : 'Connect your (pretend) Example account: open the page, press Finish there, then continue here.',
                url: `${origin}/connect?id=${encodeURIComponent(id)}`,
              }),
            },
            requestState: await codec.mint({ tool: 'connect_account', id, asks }),
          })
        if (state === undefined) {
          const id = randomUUID()
          connectIssued.add(id)
          return askUrl(id, 1, false)
        }
        const view = inputResponse(ctx.mcpReq.inputResponses, 'connect')
        if (view.kind !== 'elicit') return askUrl(state.id, state.asks + 1, false)
        const completed = connectDone.has(state.id)
        record('connect_account', { id: state.id, action: view.action, completed, asks: state.asks })
        if (view.action !== 'accept') return text(`connect_account: ${view.action}; not connected (outside step completed: ${completed})`)
        if (!completed) return askUrl(state.id, state.asks + 1, true)
        return text(`connect_account: accept; outside step completed; connected ${state.id} after ${state.asks} ask${state.asks === 1 ? '' : 's'}`)
      },
    )

    // ── ask_model: sampling answered by the page's stand-in model ──
    server.registerTool(
      'ask_model',
      {
        title: 'Ask the model',
        description: "Asks the page's model one question (sampling/createMessage).",
        inputSchema: z.object({ question: z.string().max(500).optional().describe('Defaults to a question about Paris.') }),
      },
      async ({ question }, ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'model')
        if (view.kind !== 'sampling') {
          return inputRequired({
            inputRequests: {
              model: inputRequired.createMessage({
                messages: [{ role: 'user', content: { type: 'text', text: question ?? 'What is the capital of France?' } }],
                systemPrompt: 'Answer in one short sentence.',
                maxTokens: 64,
                temperature: 0,
              }),
            },
          })
        }
        const result = view.result
        const blocks = Array.isArray(result.content) ? result.content : [result.content]
        const answer = blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ')
        record('ask_model', result)
        return text(
          `ask_model: model ${JSON.stringify(result.model)} (${result.role}) answered ${JSON.stringify(answer)}` +
            (result.stopReason !== undefined ? `, stopReason ${JSON.stringify(result.stopReason)}` : ''),
        )
      },
    )

    // ── list_workspace: roots ──
    server.registerTool('list_workspace', { title: 'List workspace', description: "Asks the page for its roots (roots/list)." }, async (ctx) => {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'roots')
      if (view.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } })
      record('list_workspace', view.roots)
      return text(`list_workspace: ${view.roots.length} root${view.roots.length === 1 ? '' : 's'} ${JSON.stringify(view.roots)}`)
    })

    // ── slow_report: progress every 200 ms, cancellable ──
    server.registerTool(
      'slow_report',
      {
        title: 'Slow report',
        description: 'Works for `seconds`, with progress every 200 ms; stop it to cancel.',
        inputSchema: z.object({ seconds: z.number().min(0).max(120).default(5).describe('How long to work (0 to 120 s).') }),
      },
      async ({ seconds }, ctx) => {
        const token = progressTokenOf(ctx)
        const ticks = Math.max(1, Math.round(seconds * 5))
        const started = Date.now()
        let sent = 0
        let aborted = false
        for (let tick = 1; tick <= ticks && !aborted; tick++) {
          if (await sleep(200, ctx.mcpReq.signal)) {
            aborted = true
            break
          }
          if (token !== undefined) {
            if (await sendProgress(ctx, token, tick, ticks, `${((tick * 200) / 1000).toFixed(1)} s of ${seconds} s`)) sent++
            else aborted = true
          }
        }
        aborted ||= ctx.mcpReq.signal.aborted
        const elapsedMs = Date.now() - started
        record('slow_report', { seconds, aborted, progressSent: sent, elapsedMs })
        if (aborted) return text(`slow_report: aborted after ${sent} progress updates`)
        return text(`slow_report: finished ${seconds} s of work, ${sent} progress update${sent === 1 ? '' : 's'}`)
      },
    )

    // ── regional_lookup: an x-mcp-header parameter ──
    server.registerTool(
      'regional_lookup',
      {
        title: 'Regional lookup',
        description: 'Reports the Mcp-Param-Region header it received along with its arguments.',
        inputSchema: z.object({
          region: z.string().meta({ 'x-mcp-header': 'Region', description: 'Region; the client mirrors it in the Mcp-Param-Region header.' }),
          query: z.string().describe('What to look up.'),
        }),
      },
      async ({ region, query }, ctx) => {
        const raw = ctx.http?.req?.headers.get('mcp-param-region') ?? null
        const header = decodeHeaderValue(raw)
        record('regional_lookup', { header, rawHeader: raw, region, query })
        return text(
          `regional_lookup: Mcp-Param-Region header ${JSON.stringify(header)} (raw ${JSON.stringify(raw)}), region argument ${JSON.stringify(region)}, query ${JSON.stringify(query)}`,
        )
      },
    )

    // ── echo_html: hostile text everywhere; must be shown as text ──
    const remote = `${origin}/pwned`
    server.registerTool(
      'echo_html',
      {
        title: 'Echo HTML',
        description: `Asks a question full of HTML and script, then echoes the answers. <img src=x onerror="fetch('${remote}?via=tool-description')">`,
      },
      async (ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'html')
        if (view.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              html: inputRequired.elicit({
                message:
                  `<img src=x onerror="fetch('/pwned')"> <script>fetch('/pwned')</script> <a href="javascript:alert(1)">x</a> ` +
                  `<img src="${remote}?via=message-img"> <script>fetch('${remote}?via=message-script')</script> ` +
                  'All of this must show up as plain text.',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    comment: {
                      type: 'string',
                      title: `<script>fetch('/pwned')</script>Comment`,
                      description: `<img src=x onerror="fetch('${remote}?via=description')"> <a href="javascript:alert(1)">x</a>`,
                      default: `<img src=x onerror="fetch('/pwned')">`,
                    },
                    choice: {
                      type: 'string',
                      title: `<img src=x onerror="fetch('/pwned')">Choice`,
                      oneOf: [
                        { const: 'link', title: `<a href="javascript:alert(1)">x</a>` },
                        { const: 'image', title: `<img src="${remote}?via=oneOf-title">` },
                        { const: 'script', title: `<script>fetch('${remote}?via=oneOf-script')</script>` },
                      ],
                      default: 'link',
                    },
                    legacy: {
                      type: 'string',
                      title: 'Legacy <b>enum</b>',
                      enum: ['one', 'two'],
                      enumNames: [`<script>fetch('/pwned')</script>`, `<img src=x onerror="fetch('${remote}?via=enumNames')">`],
                      default: 'one',
                    },
                    many: {
                      type: 'array',
                      title: `<a href="javascript:alert(1)">x</a> Many`,
                      items: {
                        anyOf: [
                          { const: 'svg', title: `<svg onload="fetch('${remote}?via=anyOf-svg')"></svg>` },
                          { const: 'iframe', title: `<iframe src="${remote}?via=anyOf-iframe"></iframe>` },
                        ],
                      },
                      default: ['svg'],
                    },
                    agree: { type: 'boolean', title: `<a href="javascript:alert(1)">x</a> I agree`, description: `<style>*{display:none}</style>`, default: true },
                  },
                  required: ['comment'],
                },
              }),
            },
          })
        }
        record('echo_html', answerData(view))
        return text(`echo_html: ${answerText(view)}`)
      },
    )

    // ── prompt draft_email: asks for the tone first ──
    server.registerPrompt(
      'draft_email',
      {
        title: 'Draft an email',
        description: 'Asks which tone to use, then returns the prompt messages.',
        argsSchema: z.object({ topic: z.string().optional().describe('What the email is about.') }),
      },
      async ({ topic }, ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'tone')
        if (view.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              tone: inputRequired.elicit({
                message: 'Which tone should the email have?',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    tone: {
                      type: 'string',
                      title: 'Tone',
                      oneOf: [
                        { const: 'formal', title: 'Formal' },
                        { const: 'friendly', title: 'Friendly' },
                        { const: 'brief', title: 'Brief' },
                      ],
                      default: 'friendly',
                    },
                  },
                  required: ['tone'],
                },
              }),
            },
          })
        }
        const subject = topic ?? 'the team offsite'
        const tone = view.kind === 'elicit' && view.action === 'accept' && typeof view.content?.tone === 'string' ? view.content.tone : 'neutral'
        record('prompt:draft_email', { topic: topic ?? null, answer: answerData(view) })
        return {
          description: `Email draft (${tone})`,
          messages: [{ role: 'user', content: { type: 'text', text: `draft_email: ${answerText(view)}; Write a ${tone} email about ${subject}.` } }],
        }
      },
    )

    // ── all_content: one result with every content kind (rendered by ToolResult) ──
    server.registerTool(
      'all_content',
      { title: 'All content kinds', description: 'Returns text, a tiny PNG and WAV (base64), a resource link, an embedded text resource and structuredContent.' },
      async () => {
        record('all_content', {})
        return {
          content: [
            { type: 'text', text: 'all_content: every content kind follows.' },
            { type: 'image', mimeType: 'image/png', data: TINY_PNG },
            { type: 'audio', mimeType: 'audio/wav', data: TINY_WAV },
            { type: 'resource_link', uri: 'https://docs.example.com/guide?from=all_content', name: 'guide', title: 'The guide', description: 'A link the person may open; never fetched by the page.', mimeType: 'text/html' },
            { type: 'resource', resource: { uri: 'demo://settings', mimeType: 'text/plain', text: 'theme=dark; language=en; notifications=on' } },
          ],
          structuredContent: { kinds: ['text', 'image', 'audio', 'resource_link', 'resource'], counts: { text: 1, image: 1, audio: 1 }, nested: { deeper: { deepest: 'here' } } },
        }
      },
    )

    // ── deep_result: structuredContent nested `depth` deep, built iteratively ──
    // 4,000 at most: past about 4,093 levels the SDK (server 2.4 / node 2.1) never answers the request.
    server.registerTool(
      'deep_result',
      {
        title: 'Deep result',
        description: 'Returns structuredContent nested `depth` levels deep ({"level":{"level":…}}), to show the page stays responsive.',
        inputSchema: z.object({ depth: z.number().int().min(1).max(4_000).default(4_000).describe('Levels of nesting (1 to 4,000).') }),
      },
      async ({ depth }) => {
        let value: Record<string, unknown> = { level: 0 }
        for (let i = 1; i < depth; i++) value = { level: value }
        record('deep_result', { depth })
        return { content: [{ type: 'text', text: `deep_result: structuredContent nested ${depth} deep` }], structuredContent: value }
      },
    )

    // ── resource demo://settings: reading asks for a confirmation ──
    server.registerResource(
      'settings',
      'demo://settings',
      { title: 'Demo settings', description: 'Reading the settings asks for a confirmation first.', mimeType: 'text/plain' },
      async (uri, ctx) => {
        const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
        if (view.kind !== 'elicit') {
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                message: 'Show the demo settings?',
                requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Show the settings', default: true } }, required: ['confirm'] },
              }),
            },
          })
        }
        const shown = view.action === 'accept' && view.content?.confirm === true
        record('resource:demo://settings', answerData(view))
        const body = shown ? 'theme=dark; language=en; notifications=on' : 'settings withheld'
        return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `demo://settings: ${answerText(view)}; ${body}` }] }
      },
    )

    // ── long_task (a task for clients with the tasks extension), notes and the bonus tool (subscriptions) ──
    installTaskMethods(server, tasks)
    registerLongTask(server, {
      store: tasks,
      record,
      checkpoint: { mint: (checkpoint) => codec.mint({ tool: 'long_task', ...checkpoint }), read: (ctx) => stateOf(ctx, 'long_task') },
    })
    registerLiveDemo(server, { state: live, notify: handler.notify, record })

    return server
  }

  const handler = createMcpHandler(() => build(), { onerror: () => {} })
  const serveMcp = toNodeHandler(handler)

  const httpServer = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const method = (req.method ?? 'GET').toUpperCase()
      const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH'
      const declared = Number(req.headers['content-length'] ?? 0)
      const raw = hasBody && declared <= MAX_BODY_BYTES ? await readBody(req) : ''
      const { body, parsed } = parseBody(raw)
      log.push({ at: Date.now(), method, path: url.pathname + url.search, ...(parsed ? describeRpc(body) : {}) })

      setCors(req, res, policy)
      if (method === 'OPTIONS') {
        res.writeHead(204).end()
        return
      }
      if (url.pathname === '/pwned') {
        // The tripwire: nothing legitimate ever calls it; the log is the evidence.
        res.writeHead(204).end()
        return
      }
      if (url.pathname === '/connect' || url.pathname === '/connect/done') {
        serveOutsideStep(
          { path: '/connect', title: 'Connect your Example account', explanation: 'This page stands in for a sign-in on another site. Press Finish to complete the outside step.' },
          url,
          method,
          res,
          connectIssued,
          connectDone,
        )
        return
      }
      if (url.pathname === '/' && method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`mcp-elicit demo server (MCP 2026-07-28, stateless). MCP endpoint: ${origin}${endpoint}\n`)
        return
      }
      if (url.pathname !== endpoint) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n')
        return
      }
      const refused = refuseReason(req, origin, policy)
      if (refused) return sendJsonRpcError(res, 403, -32000, `Forbidden: ${refused}`)
      if (hasBody && declared > MAX_BODY_BYTES) return sendJsonRpcError(res, 413, -32600, 'Request body too large')
      if (raw.length > 0 && !parsed) return sendJsonRpcError(res, 400, -32700, 'Parse error')
      await serveMcp(req, res, parsed ? body : undefined)
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Internal error: ${String(error)}`)
      else res.end()
    })
  })

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject)
      resolve()
    })
  })
  const { port } = httpServer.address() as AddressInfo
  origin = originOf(host, port)

  return {
    url: `${origin}${endpoint}`,
    origin,
    log,
    hits: (path: string) => countHits(log, path),
    received,
    waitForReceived,
    notify: handler.notify,
    async close() {
      await handler.close()
      tasks.close()
      httpServer.closeAllConnections()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
}

function titleOf(destination: string): string {
  return DESTINATIONS.find((d) => d.const === destination)?.title ?? destination
}
