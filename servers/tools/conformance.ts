/**
 * The fixtures the official conformance suite's server scenarios call
 * (`@modelcontextprotocol/conformance`, `npx conformance list`), by the
 * names and with the behaviour each scenario's description asks for:
 *
 * - `server-stateless`: `test_missing_capability`, `test_streaming_elicitation`,
 *   `test_logging_tool`, `test_trigger_tool_change`, `test_trigger_prompt_change`;
 * - `input-required-result-*`: the `test_input_required_result_*` tools and prompt;
 * - `tasks-*`: `greet`, `slow_compute`, `failing_job`, `protocol_error_job`,
 *   `confirm_delete`, `multi_input`, `test_tool_with_task`;
 * - `caching`: `test://static-text`, read as it is.
 *
 * Registered by the demo server when started with `conformance: true`, so
 * the suite checks the demo server's own plumbing, task store and
 * requestState codec. Runs under Node 22 type stripping.
 */
import { inputRequired, inputResponse } from '@modelcontextprotocol/server'
import type { CallToolResult, InputRequest, McpServer, ServerContext, ServerNotifier } from '@modelcontextprotocol/server'
import * as z from 'zod'

import { clientCapabilitiesOf, modelText, sleep, text } from '../kit.ts'
import type { SignedState } from '../kit.ts'
import { declaresTasks } from './tasks-extension.ts'
import type { Task, TaskStore } from './tasks-extension.ts'

/** The `requestState` of the fixtures' multi-round flows. */
export type ConformanceState =
  | { tool: 'test_input_required_result_request_state'; asked: 'confirm' }
  | { tool: 'test_input_required_result_multiple_inputs'; asked: 'all' }
  | { tool: 'test_input_required_result_multi_round'; step: 1 }
  | { tool: 'test_input_required_result_multi_round'; step: 2; name: string }
  | { tool: 'test_input_required_result_tampered_state'; asked: 'ok' }
  | { tool: 'test_tool_with_task'; asked: 'user_name' }

/** What the list-change triggers switch; one per server start. */
export interface ConformanceLists {
  extraTool: boolean
  extraPrompt: boolean
}

export function createConformanceState(): ConformanceLists {
  return { extraTool: false, extraPrompt: false }
}

export interface ConformanceTools extends SignedState<ConformanceState> {
  state: ConformanceLists
  store: TaskStore
  notify: ServerNotifier
}

const TASK = { ttlMs: 10 * 60 * 1000, pollIntervalMs: 100 }

const nameQuestion = (message: string) =>
  inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } })
const confirmQuestion = (message: string) =>
  inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } })
const samplingQuestion = (question: string, maxTokens: number) =>
  inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: question } }], maxTokens })

/** The accepted content's `field`, as text. */
function accepted(ctx: ServerContext, key: string, field: string): string | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, key)
  return view.kind === 'elicit' && view.action === 'accept' && view.content?.[field] !== undefined ? String(view.content[field]) : undefined
}

function samplingText(ctx: ServerContext, key: string): string | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, key)
  return view.kind === 'sampling' ? modelText(view.result) : undefined
}

function rootsOf(ctx: ServerContext, key: string): string[] | undefined {
  const view = inputResponse(ctx.mcpReq.inputResponses, key)
  return view.kind === 'roots' ? view.roots.map((root) => root.uri) : undefined
}

/** Tools that run only as a task: a request without the extension gets -32021 ({@link taskRequiredRefusal}). */
export const TASK_REQUIRED_TOOLS: ReadonlySet<string> = new Set(['failing_job', 'protocol_error_job', 'confirm_delete', 'multi_input', 'test_tool_with_task'])

/** Runs `work` as a task of `store` (the answer to the creating call); a throw is a protocol error, `failed`. */
function runAsTask(store: TaskStore, statusMessage: string, work: (task: Task) => Promise<CallToolResult | undefined>): CallToolResult {
  const task = store.create({ ...TASK, statusMessage })
  const created = task.created()
  void work(task).then(
    (result) => result && task.complete(result),
    (error: unknown) => task.fail({ code: -32603, message: error instanceof Error ? error.message : String(error) }),
  )
  // The SDK has no type for SEP-2663's CreateTaskResult; it sends the object as is.
  return created as unknown as CallToolResult
}

export function registerConformanceTools(server: McpServer, { state, store, notify, mint, stateOf }: ConformanceTools): void {
  // ── caching: the first listed resource, readable as it is ──
  server.registerResource('static_text', 'test://static-text', { title: 'Static text', mimeType: 'text/plain', cacheHint: { ttlMs: 60_000, cacheScope: 'public' } }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }))

  // ── server-stateless ──
  server.registerTool('test_missing_capability', { description: 'Needs sampling: the SDK answers -32021 to a client that did not declare it.' }, async (ctx) => {
    const answer = samplingText(ctx, 'model')
    if (answer === undefined) return inputRequired({ inputRequests: { model: samplingQuestion('Say hi.', 20) } })
    return text(`model said ${answer}`)
  })
  server.registerTool('test_streaming_elicitation', { description: 'Asks one question as an input_required result (never a request on the stream).' }, async (ctx) => {
    const name = accepted(ctx, 'user_name', 'name')
    if (name === undefined) return inputRequired({ inputRequests: { user_name: nameQuestion('What is your name?') } })
    return text(`Hello, ${name}!`)
  })
  server.registerTool('test_logging_tool', { description: 'Logs three messages, only to a request that set a log level.' }, async (ctx) => {
    for (const step of ['started', 'processing', 'completed']) await ctx.mcpReq.log('info', `Tool execution ${step}`)
    return text('Tool with logging executed successfully')
  })
  server.registerTool('test_trigger_tool_change', { description: 'Adds or removes test_extra_tool; listeners hear that the tool list changed.' }, async () => {
    state.extraTool = !state.extraTool
    notify.toolsChanged()
    return text(`test_extra_tool ${state.extraTool ? 'added' : 'removed'}`)
  })
  server.registerTool('test_trigger_prompt_change', { description: 'Adds or removes test_extra_prompt; listeners hear that the prompt list changed.' }, async () => {
    state.extraPrompt = !state.extraPrompt
    notify.promptsChanged()
    return text(`test_extra_prompt ${state.extraPrompt ? 'added' : 'removed'}`)
  })
  if (state.extraTool) server.registerTool('test_extra_tool', { description: 'Listed while test_trigger_tool_change has it on.' }, async () => text('here'))
  if (state.extraPrompt) {
    server.registerPrompt('test_extra_prompt', { description: 'Listed while test_trigger_prompt_change has it on.' }, async () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'here' } }],
    }))
  }

  // ── input-required-result-* ──
  server.registerTool('test_input_required_result_elicitation', { description: 'One elicitation round (user_name), then greets.' }, async (ctx) => {
    const name = accepted(ctx, 'user_name', 'name')
    if (name === undefined) return inputRequired({ inputRequests: { user_name: nameQuestion('What is your name?') } })
    return text(`Hello, ${name}!`)
  })
  server.registerTool('test_input_required_result_sampling', { description: 'One sampling round (capital_question).' }, async (ctx) => {
    const answer = samplingText(ctx, 'capital_question')
    if (answer === undefined) return inputRequired({ inputRequests: { capital_question: samplingQuestion('What is the capital of France?', 100) } })
    return text(`The model answered: ${answer}`)
  })
  server.registerTool('test_input_required_result_list_roots', { description: 'One roots/list round (client_roots).' }, async (ctx) => {
    const roots = rootsOf(ctx, 'client_roots')
    if (roots === undefined) return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } })
    return text(`Roots: ${roots.join(', ')}`)
  })
  server.registerTool('test_input_required_result_request_state', { description: 'One round whose signed requestState is checked on the retry.' }, async (ctx) => {
    const saved = stateOf(ctx, 'test_input_required_result_request_state')
    const view = inputResponse(ctx.mcpReq.inputResponses, 'confirm')
    if (saved === undefined || view.kind !== 'elicit') {
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: 'Please confirm', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }) },
        requestState: await mint({ tool: 'test_input_required_result_request_state', asked: 'confirm' }),
      })
    }
    return text(`state-ok: ${view.action}`)
  })
  server.registerTool('test_input_required_result_multiple_inputs', { description: 'Elicitation, sampling and roots in one round.' }, async (ctx) => {
    const saved = stateOf(ctx, 'test_input_required_result_multiple_inputs')
    const name = accepted(ctx, 'user_name', 'name')
    const greeting = samplingText(ctx, 'greeting')
    const roots = rootsOf(ctx, 'client_roots')
    if (saved === undefined || name === undefined || greeting === undefined || roots === undefined) {
      return inputRequired({
        inputRequests: { user_name: nameQuestion('What is your name?'), greeting: samplingQuestion('Generate a greeting', 50), client_roots: inputRequired.listRoots() },
        requestState: await mint({ tool: 'test_input_required_result_multiple_inputs', asked: 'all' }),
      })
    }
    return text(`name ${name}; greeting ${greeting}; roots ${roots.join(', ')}`)
  })
  server.registerTool('test_input_required_result_multi_round', { description: 'Two rounds (name, then colour), the state moving on with each.' }, async (ctx) => {
    const saved = stateOf(ctx, 'test_input_required_result_multi_round')
    const askName = async () =>
      inputRequired({ inputRequests: { step1: nameQuestion('Step 1: What is your name?') }, requestState: await mint({ tool: 'test_input_required_result_multi_round', step: 1 }) })
    const askColor = async (name: string) =>
      inputRequired({
        inputRequests: {
          step2: inputRequired.elicit({ message: 'Step 2: What is your favorite color?', requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] } }),
        },
        requestState: await mint({ tool: 'test_input_required_result_multi_round', step: 2, name }),
      })
    if (saved === undefined) return askName()
    if (saved.step === 1) {
      const name = accepted(ctx, 'step1', 'name')
      return name === undefined ? askName() : askColor(name)
    }
    const color = accepted(ctx, 'step2', 'color')
    if (color === undefined) return askColor(saved.name)
    return text(`${saved.name} likes ${color}`)
  })
  server.registerTool('test_input_required_result_tampered_state', { description: 'One round with signed requestState; a tampered state is refused (-32602).' }, async (ctx) => {
    const saved = stateOf(ctx, 'test_input_required_result_tampered_state')
    const ok = accepted(ctx, 'confirm', 'ok')
    if (saved === undefined || ok === undefined) {
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: 'Please confirm', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }) },
        requestState: await mint({ tool: 'test_input_required_result_tampered_state', asked: 'ok' }),
      })
    }
    return text(`state verified; ok ${ok}`)
  })
  server.registerTool('test_input_required_result_capabilities', { description: 'Asks only what the request declared it can answer.' }, async (ctx) => {
    const declared = clientCapabilitiesOf(ctx)
    const answered = Object.keys(ctx.mcpReq.inputResponses ?? {})
    const requests: Record<string, InputRequest> = {}
    if (declared.elicitation) requests.user_name = nameQuestion('What is your name?')
    if (declared.sampling) requests.greeting = samplingQuestion('Generate a greeting', 50)
    if (declared.roots) requests.client_roots = inputRequired.listRoots()
    const missing = Object.fromEntries(Object.entries(requests).filter(([key]) => !answered.includes(key)))
    if (Object.keys(missing).length > 0) return inputRequired({ inputRequests: missing })
    return text(`answered: ${answered.join(', ') || 'nothing to ask'}`)
  })
  server.registerPrompt('test_input_required_result_prompt', { description: 'Asks for the context, then returns the prompt.' }, async (ctx) => {
    const context = accepted(ctx, 'user_context', 'context')
    if (context === undefined) {
      return inputRequired({
        inputRequests: {
          user_context: inputRequired.elicit({
            message: 'What context should the prompt use?',
            requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
          }),
        },
      })
    }
    return { messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${context}` } }] }
  })

  // ── tasks-* ──
  server.registerTool('greet', { description: 'Sync only: Hello, {name}!', inputSchema: z.object({ name: z.string() }) }, async ({ name }) => text(`Hello, ${name}!`))
  server.registerTool(
    'slow_compute',
    {
      description: 'Sleeps `seconds`, as a task for a client with the tasks extension (inline otherwise); cancelling a task settles it as cancelled.',
      inputSchema: z.object({ seconds: z.number().min(0).max(600), label: z.string().optional() }),
    },
    async ({ seconds, label }, ctx) => {
      const done = () => text(`computed ${label ?? 'result'} after ${seconds} s`)
      if (!declaresTasks(ctx)) return (await sleep(seconds * 1000, ctx.mcpReq.signal)) ? text('cancelled') : done()
      return runAsTask(store, 'Computing', async (task) => ((await sleep(seconds * 1000, task.signal)) ? undefined : done()))
    },
  )
  server.registerTool('failing_job', { description: 'Task required: after about 1 s the tool reports an execution error (isError).' }, async () => {
    return runAsTask(store, 'Working', async (task) => ((await sleep(1000, task.signal)) ? undefined : { ...text('failing_job: the job failed'), isError: true }))
  })
  server.registerTool('protocol_error_job', { description: 'Task required: fails with a protocol error (status failed).' }, async () => {
    return runAsTask(store, 'Working', async (task) => {
      await sleep(100, task.signal)
      throw new Error('protocol_error_job: internal failure')
    })
  })
  server.registerTool(
    'confirm_delete',
    { description: 'Task required: asks to confirm deleting `filename`, then completes.', inputSchema: z.object({ filename: z.string() }) },
    async ({ filename }) => {
      return runAsTask(store, 'Waiting for confirmation', async (task) => {
        const answer = await task.ask('confirm', confirmQuestion(`Delete ${filename}?`))
        return answer === undefined ? undefined : text(`confirm_delete: ${JSON.stringify(answer)}`)
      })
    },
  )
  server.registerTool('multi_input', { description: 'Task required: two questions at once; completes when both are answered.' }, async () => {
    return runAsTask(store, 'Waiting for two answers', async (task) => {
      const answers = await Promise.all([task.ask('first', nameQuestion('First: your name?')), task.ask('second', confirmQuestion('Second: confirm?'))])
      return task.signal.aborted ? undefined : text(`multi_input: ${JSON.stringify(answers)}`)
    })
  })
  server.registerTool('test_tool_with_task', { description: 'Task required: asks for user_name (input_required), then runs a task that greets.' }, async (ctx) => {
    const saved = stateOf(ctx, 'test_tool_with_task')
    const name = accepted(ctx, 'user_name', 'name')
    if (saved === undefined || name === undefined) {
      return inputRequired({ inputRequests: { user_name: nameQuestion('What is your name?') }, requestState: await mint({ tool: 'test_tool_with_task', asked: 'user_name' }) })
    }
    return runAsTask(store, 'Greeting', async (task) => ((await sleep(100, task.signal)) ? undefined : text(`Hello, ${name}!`)))
  })
}
