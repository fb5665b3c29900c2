/**
 * The test fixture's tools, prompt and resource (`servers/modern-server.ts`):
 * each states in its result text exactly what it got, and records what it
 * received from the user in `record`.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */
import { randomUUID } from 'node:crypto'

import { inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type { McpServer, ServerContext } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { answerData, decodeHeaderValue, progressTokenOf, sleep, text } from '../kit.ts'
import type { OutsideStep } from '../outside-step.ts'

/** What every minted requestState carries: which flow it belongs to, plus the flow's own data. */
export type TestingState =
  | { tool: 'wizard'; step: 1 }
  | { tool: 'wizard'; step: 2; color: string }
  | { tool: 'slow_steps'; done: number; steps: number }
  | { tool: 'confirm_url'; id: string }
  | { tool: 'loop_forever'; round: number }

export interface TestingTools {
  record(tool: string, data: unknown): void
  mint(state: TestingState): Promise<string>
  stateOf<T extends TestingState['tool']>(ctx: ServerContext, tool: T): Extract<TestingState, { tool: T }> | undefined
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
      const askColor = async (payload: TestingState) =>
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
          requestState: await mint(payload),
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
          requestState: await mint({ tool: 'wizard', step: 2, color: chosen }),
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
        return inputRequired({ requestState: await mint({ tool: 'slow_steps', done, steps }) })
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
            url: confirm.issue(id),
          }),
        },
        requestState: await mint({ tool: 'confirm_url', id }),
      })
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
    if (state === undefined || answer.kind !== 'elicit') return askUrl()
    const visited = confirm.completed.has(id)
    record('confirm_url', { elicitationId: id, action: answer.action, visited })
    if (answer.action === 'decline') return text('declined')
    if (answer.action === 'cancel') return text('cancelled')
    if (requireUrlVisit && !visited) return askUrl()
    return text(`confirmed ${id} (page visited: ${visited})`)
  })

  server.registerTool('loop_forever', { description: 'Answers input_required (requestState only) every time.' }, async (ctx) => {
    const round = (stateOf(ctx, 'loop_forever')?.round ?? 0) + 1
    record('loop_forever', { round })
    return inputRequired({ requestState: await mint({ tool: 'loop_forever', round }) })
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
}
