/**
 * The test fixture's tools, prompt and resource (`servers/modern-server.ts`):
 * each states in its result text exactly what it got, and records what it
 * received from the user in `record`. The flows it shares with the demo
 * server (one round of questions, the wizard, counted rounds, the URL-mode
 * page, progress, the mirrored header) are `../kit.ts`'s and `rounds.ts`'s.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { inputRequired } from '@modelcontextprotocol/server'
import type { McpServer, ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { answerData, ask, mirroredHeader, oneRound, progressTicks, sleep, text } from '../kit.ts'
import type { SignedState } from '../kit.ts'
import type { OutsideStep } from '../outside-step.ts'
import { countedRound, formWizard, outsideStepRound } from './rounds.ts'

/** What every minted requestState carries: which flow it belongs to, plus the flow's own data. */
export type TestingState =
  | ({ tool: 'wizard'; step: number } & WizardAnswers)
  | { tool: 'slow_steps'; done: number; steps: number }
  | { tool: 'confirm_url'; id: string; asks: number }
  | { tool: 'loop_forever'; round: number }

/** The wizard's answers so far: the colour, then the size. */
interface WizardAnswers {
  color?: string
  size?: unknown
}

export interface TestingTools extends SignedState<TestingState> {
  record(tool: string, data: unknown): void
  /** The page `confirm_url` sends the person to. */
  confirm: OutsideStep
  /** `confirm_url`: an accept completes only once the page was visited (else the URL is asked again). */
  requireUrlVisit: boolean
}

export function registerTestingTools(server: McpServer, { record, mint, stateOf, confirm, requireUrlVisit }: TestingTools): void {
  server.registerTool(
    'echo',
    { description: 'Echoes text back; no input needed.', inputSchema: z.object({ text: z.string() }) },
    async ({ text: value }) => {
      record('echo', { text: value })
      return text(value)
    },
  )

  server.registerTool('ask_name', { description: 'Asks for your name (one form round).' }, async (ctx) =>
    oneRound(
      ctx,
      {
        name: ask.form({
          message: 'What is your name?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
            required: ['name'],
          },
        }),
      },
      ({ name: answer }) => {
        record('ask_name', answerData(answer))
        if (answer.action === 'decline') return text('declined')
        if (answer.action === 'cancel') return text('cancelled')
        return text(`hello ${String(answer.content?.name)}`)
      },
    ),
  )

  server.registerTool(
    'wizard',
    { description: 'Two rounds: a colour, then a size; the first answer rides in signed requestState.' },
    async (ctx) =>
      formWizard<WizardAnswers, ReturnType<typeof text>>(ctx, stateOf(ctx, 'wizard'), {
        steps: [
          {
            key: 'color',
            question: () => ({
              message: 'Pick a colour',
              requestedSchema: {
                type: 'object',
                properties: { color: { type: 'string', title: 'Colour', enum: ['red', 'green', 'blue'] } },
                required: ['color'],
              },
            }),
            take: (answers, content) => ({ ...answers, color: String(content.color) }),
          },
          {
            key: 'size',
            question: (answers) => ({
              message: `Colour ${String(answers.color)}. Now pick a size`,
              requestedSchema: {
                type: 'object',
                properties: { size: { type: 'integer', title: 'Size', minimum: 1, maximum: 10, default: 5 } },
                required: ['size'],
              },
            }),
            take: (answers, content) => ({ ...answers, size: content.size }),
          },
        ],
        mint: (step, answers) => mint({ tool: 'wizard', step, ...answers }),
        // A retried size round without its answer stops too.
        stopWhenLastMissing: true,
        stopped: (key, view, answers) => {
          record('wizard', { ...answers, [key]: answerData(view) })
          return text(`wizard stopped at ${key}: ${view.kind === 'elicit' ? view.action : 'missing'}`)
        },
        done: (answers) => {
          record('wizard', answers)
          return text(JSON.stringify(answers))
        },
      }),
  )

  server.registerTool('two_questions', { description: 'Two elicitations in one round.' }, async (ctx) =>
    oneRound(
      ctx,
      {
        first: ask.form({
          message: 'First question: your city?',
          requestedSchema: {
            type: 'object',
            properties: { city: { type: 'string', title: 'City' } },
            required: ['city'],
          },
        }),
        second: ask.form({
          message: 'Second question: subscribe?',
          requestedSchema: {
            type: 'object',
            properties: { subscribe: { type: 'boolean', title: 'Subscribe', default: false } },
            required: ['subscribe'],
          },
        }),
      },
      ({ first, second }) => {
        const answers = { first: answerData(first), second: answerData(second) }
        record('two_questions', answers)
        return text(JSON.stringify(answers))
      },
    ),
  )

  server.registerTool(
    'slow_steps',
    {
      description: 'Splits work into rounds carried only by requestState (no inputRequests).',
      inputSchema: z.object({ steps: z.number().int().min(1).max(20).default(3) }),
    },
    async ({ steps }, ctx) =>
      countedRound(ctx, stateOf(ctx, 'slow_steps'), {
        steps,
        message: (done, total) => `step ${done} of ${total}`,
        next: () => ({}),
        mint: (state) => mint({ tool: 'slow_steps', ...state }),
        finished: ({ done, steps: total }) => {
          record('slow_steps', { steps: total, rounds: done })
          return text(`done after ${done} rounds`)
        },
      }),
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
      // A client that closed the stream makes the notification fail: that is the cancellation.
      const { token, sent, aborted } = await progressTicks(ctx, { ticks: count, delayMs, waitFirst: false, message: (i) => `step ${i} of ${count}` })
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
      const report = { ...mirroredHeader(ctx, 'Region'), region, query }
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
    async (ctx) =>
      oneRound(ctx, { llm: ask.model({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi in one word.' } }], maxTokens: 20 }) }, ({ llm }) => {
        record('needs_sampling', llm.result)
        return text(JSON.stringify(llm.result))
      }),
  )

  server.registerTool('needs_roots', { description: 'Asks the client for its roots.' }, async (ctx) =>
    oneRound(ctx, { roots: ask.roots() }, ({ roots: answer }) => {
      record('needs_roots', answer.roots)
      return text(JSON.stringify(answer.roots))
    }),
  )

  server.registerTool('confirm_url', { description: 'URL-mode elicitation to a page of this server.' }, async (ctx) =>
    outsideStepRound(ctx, stateOf(ctx, 'confirm_url'), {
      key: 'confirm',
      page: confirm,
      message: () => 'Open the confirmation page to continue.',
      mint: (id, asks) => mint({ tool: 'confirm_url', id, asks }),
      answered: ({ id, action, completed: visited }, askAgain) => {
        record('confirm_url', { elicitationId: id, action, visited })
        if (action === 'decline') return text('declined')
        if (action === 'cancel') return text('cancelled')
        if (requireUrlVisit && !visited) return askAgain()
        return text(`confirmed ${id} (page visited: ${visited})`)
      },
    }),
  )

  server.registerTool('loop_forever', { description: 'Answers input_required (requestState only) every time.' }, async (ctx) => {
    const round = (stateOf(ctx, 'loop_forever')?.round ?? 0) + 1
    record('loop_forever', { round })
    return inputRequired({ requestState: await mint({ tool: 'loop_forever', round }) })
  })

  server.registerPrompt('greeting_prompt', { description: 'Asks for a name, then greets.' }, async (ctx) =>
    oneRound(
      ctx,
      {
        name: ask.form({
          message: 'Whom should the prompt greet?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        }),
      },
      ({ name: answer }) => {
        record('prompt:greeting_prompt', answerData(answer))
        const who = answer.action === 'accept' ? String(answer.content?.name) : answer.action
        return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `Hello, ${who}!` } }] }
      },
    ),
  )

  server.registerResource(
    'settings',
    'config://settings',
    { description: 'Settings; reading them needs a confirmation.', mimeType: 'application/json' },
    async (uri, ctx) =>
      oneRound(
        ctx,
        {
          confirm: ask.form({
            message: 'Reveal the settings?',
            requestedSchema: {
              type: 'object',
              properties: { confirm: { type: 'boolean', title: 'Reveal' } },
              required: ['confirm'],
            },
          }),
        },
        ({ confirm: answer }) => {
          record('resource:config://settings', answerData(answer))
          const ok = answer.action === 'accept' && answer.content?.confirm === true
          const body = ok ? { theme: 'dark', confirmed: true } : { confirmed: false, action: answer.action }
          return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] }
        },
      ),
  )
}
