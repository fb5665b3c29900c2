/**
 * The demo server's tools, prompt and resource: every pattern the library
 * handles, each result stating exactly what the tool received, so a person
 * (and an end-to-end test) can see that the answers arrived.
 *
 * Registered on each request's server instance by `servers/demo-server.ts`;
 * multi-round flows carry their data in signed `requestState` (`mint`,
 * `stateOf`). The flows it shares with the test fixture (`testing.ts`) are
 * written once, in `../kit.ts` (one round of questions, progress, the
 * mirrored header) and `rounds.ts` (the wizard, counted rounds, the
 * URL-mode page).
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import type { McpServer, ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { answerData, answerText, ask, mirroredHeader, modelText, oneRound, progressTicks, text } from '../kit.ts'
import type { SignedState } from '../kit.ts'
import type { OutsideStep } from '../outside-step.ts'
import { IMAGE_QUESTION, imageAnswered } from './file-input.ts'
import type { LongTaskRun } from './long-task.ts'
import { countedRound, formWizard, outsideStepRound } from './rounds.ts'

/** What a signed `requestState` of the demo server carries: the flow it belongs to, plus that flow's data. */
export type DemoState =
  | ({ tool: 'trip_wizard'; step: number } & TripAnswers)
  | { tool: 'crunch_numbers'; done: number; steps: number; sum: number; progressed: number }
  | { tool: 'connect_account'; id: string; asks: number }
  | ({ tool: 'long_task' } & LongTaskRun)

export interface DemoTools extends SignedState<DemoState> {
  record(tool: string, data: unknown): void
  /** The server's origin (for the `/pwned` tripwire in hostile text). */
  origin(): string
  /** The URL-mode page of `connect_account`. */
  connect: OutsideStep
}

/** The trip so far: where and how many (step 1), when (step 2), booked or not (step 3). */
interface TripAnswers {
  destination?: string
  travellers?: number
  depart?: string
  return?: string
  confirm?: unknown
}

const DESTINATIONS = [
  { const: 'lisbon', title: 'Lisbon, Portugal' },
  { const: 'kyoto', title: 'Kyoto, Japan' },
  { const: 'reykjavik', title: 'Reykjavík, Iceland' },
]

/** A 1×1 PNG and an 8-sample silent WAV (8 kHz, 8-bit mono), base64: the media of `all_content`. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
const TINY_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA=='

export function registerDemoTools(server: McpServer, { record, mint, stateOf, origin, connect }: DemoTools): void {
  // ── profile_form: one form, every field kind, defaults everywhere ──
  server.registerTool(
    'profile_form',
    { title: 'Profile form', description: 'One form with every field kind (text, email, URL, dates, numbers, yes/no, single and multi select) and defaults.' },
    async (ctx) =>
      oneRound(
        ctx,
        {
          profile: ask.form({
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
        ({ profile: answer }) => {
          record('profile_form', answerData(answer))
          return text(`profile_form: ${answerText(answer)}`)
        },
      ),
  )

  // ── trip_wizard: three rounds, carried in signed requestState ──
  server.registerTool(
    'trip_wizard',
    { title: 'Trip wizard', description: 'Three rounds (destination, dates, confirm); the answers so far ride in signed requestState.' },
    async (ctx) =>
      formWizard<TripAnswers, ReturnType<typeof text>>(ctx, stateOf(ctx, 'trip_wizard'), {
        steps: [
          {
            key: 'destination',
            question: () => ({
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
            take: (_answers, content) => ({ destination: String(content.destination), travellers: Number(content.travellers) }),
          },
          {
            key: 'dates',
            question: ({ destination, travellers }, problem = '') => ({
              message: `${problem}Step 2 of 3: when? (${titleOf(String(destination))}, ${travellers} traveller${travellers === 1 ? '' : 's'})`,
              requestedSchema: {
                type: 'object',
                properties: {
                  depart: { type: 'string', format: 'date', title: 'Departure', default: '2026-09-14' },
                  return: { type: 'string', format: 'date', title: 'Return', default: '2026-09-21' },
                },
                required: ['depart', 'return'],
              },
            }),
            take: (answers, content) => {
              const depart = String(content.depart)
              const back = String(content.return)
              if (back < depart) return `The return (${back}) is before the departure (${depart}); please fix the dates. `
              return { ...answers, depart, return: back }
            },
          },
          {
            key: 'confirm',
            question: (trip) => ({
              message: `Step 3 of 3: book ${titleOf(String(trip.destination))} for ${trip.travellers}, ${trip.depart} to ${trip.return}?`,
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Book this trip', default: true } },
                required: ['confirm'],
              },
            }),
            take: (answers, content) => ({ ...answers, confirm: content.confirm }),
          },
        ],
        mint: (step, answers) => mint({ tool: 'trip_wizard', step, ...answers }),
        stopped: (key, view) => {
          record('trip_wizard', { stoppedAt: key, answer: answerData(view) })
          return text(`trip_wizard: stopped at ${key} (${answerText(view)})`)
        },
        done: ({ confirm, ...trip }) => {
          record('trip_wizard', { ...trip, confirm })
          return text(`trip_wizard: ${confirm === true ? 'booked' : 'not booked'} ${JSON.stringify(trip)}`)
        },
      }),
  )

  // ── two_questions: two elicitations in one round ──
  server.registerTool('two_questions', { title: 'Two questions', description: 'Asks two things in one round.' }, async (ctx) =>
    oneRound(
      ctx,
      {
        first: ask.form({
          message: 'First question: which city are you in?',
          requestedSchema: { type: 'object', properties: { city: { type: 'string', title: 'City', minLength: 1 } }, required: ['city'] },
        }),
        second: ask.form({
          message: 'Second question: shall we send you updates?',
          requestedSchema: { type: 'object', properties: { subscribe: { type: 'boolean', title: 'Send me updates', default: false } }, required: ['subscribe'] },
        }),
      },
      ({ first, second }) => {
        record('two_questions', { first: answerData(first), second: answerData(second) })
        return text(`two_questions: first=${answerText(first)}; second=${answerText(second)}`)
      },
    ),
  )

  // ── crunch_numbers: requestState-only rounds with progress ──
  server.registerTool(
    'crunch_numbers',
    {
      title: 'Crunch numbers',
      description: 'Adds 1..steps, one number per round; rounds carry only requestState and report progress.',
      inputSchema: z.object({ steps: z.number().int().min(1).max(20).default(4).describe('How many rounds (1 to 20).') }),
    },
    async ({ steps }, ctx) =>
      countedRound<{ sum: number; progressed: number }, ReturnType<typeof text>>(ctx, stateOf(ctx, 'crunch_numbers'), {
        steps,
        pauseMs: 150,
        message: (done, total) => `crunched ${done} of ${total}`,
        next: (last, done, progressed) => ({ sum: (last?.sum ?? 0) + done, progressed: (last?.progressed ?? 0) + (progressed ? 1 : 0) }),
        mint: (state) => mint({ tool: 'crunch_numbers', ...state }),
        finished: ({ done, steps: total, sum, progressed }) => {
          record('crunch_numbers', { steps: total, rounds: done, sum, progressed })
          return text(`crunch_numbers: done after ${done} rounds, sum of 1..${total} = ${sum}, progress sent in ${progressed} of ${done} rounds`)
        },
      }),
  )

  // ── connect_account: URL mode, the outside step is a page of this server ──
  server.registerTool(
    'connect_account',
    { title: 'Connect account', description: 'URL-mode step: open a page of the demo server, press Finish, come back.' },
    async (ctx) =>
      outsideStepRound(ctx, stateOf(ctx, 'connect_account'), {
        key: 'connect',
        page: connect,
        message: (again) =>
          again
            ? 'The outside step is not finished yet. Open the page, press Finish there, then continue here.'
            : 'Connect your (pretend) Example account: open the page, press Finish there, then continue here.',
        mint: (id, asks) => mint({ tool: 'connect_account', id, asks }),
        answered: ({ id, asks, action, completed }, askAgain) => {
          record('connect_account', { id, action, completed, asks })
          if (action !== 'accept') return text(`connect_account: ${action}; not connected (outside step completed: ${completed})`)
          if (!completed) return askAgain()
          return text(`connect_account: accept; outside step completed; connected ${id} after ${asks} ask${asks === 1 ? '' : 's'}`)
        },
      }),
  )

  // ── ask_model: sampling answered by the page's stand-in model ──
  server.registerTool(
    'ask_model',
    {
      title: 'Ask the model',
      description: "Asks the page's model one question (sampling/createMessage).",
      inputSchema: z.object({ question: z.string().max(500).optional().describe('Defaults to a question about Paris.') }),
    },
    async ({ question }, ctx) =>
      oneRound(
        ctx,
        {
          model: ask.model({
            messages: [{ role: 'user', content: { type: 'text', text: question ?? 'What is the capital of France?' } }],
            systemPrompt: 'Answer in one short sentence.',
            maxTokens: 64,
            temperature: 0,
          }),
        },
        ({ model: { result } }) => {
          record('ask_model', result)
          return text(
            `ask_model: model ${JSON.stringify(result.model)} (${result.role}) answered ${JSON.stringify(modelText(result))}` +
              (result.stopReason !== undefined ? `, stopReason ${JSON.stringify(result.stopReason)}` : ''),
          )
        },
      ),
  )

  // ── list_workspace: roots ──
  server.registerTool('list_workspace', { title: 'List workspace', description: "Asks the page for its roots (roots/list)." }, async (ctx) =>
    oneRound(ctx, { roots: ask.roots() }, ({ roots: { roots } }) => {
      record('list_workspace', roots)
      return text(`list_workspace: ${roots.length} root${roots.length === 1 ? '' : 's'} ${JSON.stringify(roots)}`)
    }),
  )

  // ── slow_report: progress every 200 ms, cancellable ──
  server.registerTool(
    'slow_report',
    {
      title: 'Slow report',
      description: 'Works for `seconds`, with progress every 200 ms; stop it to cancel.',
      inputSchema: z.object({ seconds: z.number().min(0).max(120).default(5).describe('How long to work (0 to 120 s).') }),
    },
    async ({ seconds }, ctx) => {
      const started = Date.now()
      const ticks = Math.max(1, Math.round(seconds * 5))
      const { sent, aborted } = await progressTicks(ctx, { ticks, delayMs: 200, waitFirst: true, message: (tick) => `${((tick * 200) / 1000).toFixed(1)} s of ${seconds} s` })
      const stopped = aborted || ctx.mcpReq.signal.aborted
      const elapsedMs = Date.now() - started
      record('slow_report', { seconds, aborted: stopped, progressSent: sent, elapsedMs })
      if (stopped) return text(`slow_report: aborted after ${sent} progress updates`)
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
      const { header, rawHeader } = mirroredHeader(ctx, 'Region')
      record('regional_lookup', { header, rawHeader, region, query })
      return text(
        `regional_lookup: Mcp-Param-Region header ${JSON.stringify(header)} (raw ${JSON.stringify(rawHeader)}), region argument ${JSON.stringify(region)}, query ${JSON.stringify(query)}`,
      )
    },
  )

  // ── echo_html: hostile text everywhere; must be shown as text ──
  const remote = `${origin()}/pwned`
  server.registerTool(
    'echo_html',
    {
      title: 'Echo HTML',
      description: `Asks a question full of HTML and script, then echoes the answers. <img src=x onerror="fetch('${remote}?via=tool-description')">`,
    },
    async (ctx) =>
      oneRound(
        ctx,
        {
          html: ask.form({
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
        ({ html: view }) => {
          record('echo_html', answerData(view))
          return text(`echo_html: ${answerText(view)}`)
        },
      ),
  )

  // ── prompt draft_email: asks for the tone first ──
  server.registerPrompt(
    'draft_email',
    {
      title: 'Draft an email',
      description: 'Asks which tone to use, then returns the prompt messages.',
      argsSchema: z.object({ topic: z.string().optional().describe('What the email is about.') }),
    },
    async ({ topic }, ctx) =>
      oneRound(
        ctx,
        {
          tone: ask.form({
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
        ({ tone: view }) => {
          const subject = topic ?? 'the team offsite'
          const tone = view.action === 'accept' && typeof view.content?.tone === 'string' ? view.content.tone : 'neutral'
          record('prompt:draft_email', { topic: topic ?? null, answer: answerData(view) })
          return {
            description: `Email draft (${tone})`,
            messages: [{ role: 'user', content: { type: 'text', text: `draft_email: ${answerText(view)}; Write a ${tone} email about ${subject}.` } }],
          }
        },
      ),
  )

  // ── describe_image: a file input (SEP-2356 x-mcp-file, experimental), checked here as untrusted ──
  server.registerTool(
    'describe_image',
    { title: 'Describe an image', description: 'Asks for an image file (SEP-2356 x-mcp-file, experimental); answers with its type and size and shows it back.' },
    async (ctx) => oneRound(ctx, { image: ask.form(IMAGE_QUESTION) }, ({ image }) => imageAnswered(record, 'describe_image', image)),
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
    async (uri, ctx) =>
      oneRound(
        ctx,
        {
          confirm: ask.form({
            message: 'Show the demo settings?',
            requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Show the settings', default: true } }, required: ['confirm'] },
          }),
        },
        ({ confirm: view }) => {
          const shown = view.action === 'accept' && view.content?.confirm === true
          record('resource:demo://settings', answerData(view))
          const body = shown ? 'theme=dark; language=en; notifications=on' : 'settings withheld'
          return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `demo://settings: ${answerText(view)}; ${body}` }] }
        },
      ),
  )
}

function titleOf(destination: string): string {
  return DESTINATIONS.find((d) => d.const === destination)?.title ?? destination
}
