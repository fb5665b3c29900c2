/**
 * The tasks extension, change notifications and cache hints, proven on the
 * wire with raw fetch: `long_task` as a task (create, poll, answer, cancel,
 * progress), the same tool inline for clients without the extension (an
 * MRTR round on the demo server, a pushed elicitation on a 2025-11-25
 * session of the dual-era server), `subscriptions/listen` fed by `add_note`
 * and `toggle_bonus_tool`, and the task store's timers.
 */
import { inputRequired } from '@modelcontextprotocol/server'
import { EventSourceParserStream } from 'eventsource-parser/stream'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { startDualEraServer } from '../../servers/dual-era-server.ts'
import type { DualEraServer } from '../../servers/dual-era-server.ts'
import { startDemoServer } from '../../servers/demo-server.ts'
import type { DemoServer } from '../../servers/demo-server.ts'
import { sleep } from '../../servers/kit.ts'
import { TASKS_EXTENSION, createTaskStore } from '../../servers/tools/tasks-extension.ts'
import type { TaskView } from '../../servers/tools/tasks-extension.ts'

const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'
const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const WITH_TASKS = { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } }
const WITHOUT_TASKS = { elicitation: { form: {} } }
/** Hang protection only: nothing here is expected to take long. */
const WAIT = { timeout: 10_000, interval: 10 }

interface Message {
  jsonrpc: '2.0'
  id?: number | string | null
  method?: string
  params?: Record<string, any>
  result?: Record<string, any>
  error?: { code: number; message: string }
}

/** Every JSON-RPC message of a response, JSON or SSE. */
async function messagesOf(response: Response): Promise<Message[]> {
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return [(await response.json()) as Message]
  const messages: Message[] = []
  const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
  for (let event = await reader.read(); !event.done; event = await reader.read()) messages.push(JSON.parse(event.value.data) as Message)
  return messages
}

/** What `Mcp-Name` mirrors for each method (SEP-2243, SEP-2663). */
function nameOf(method: string, params: Record<string, unknown>): string | undefined {
  const field = { 'tools/call': 'name', 'resources/read': 'uri', 'tasks/get': 'taskId', 'tasks/update': 'taskId', 'tasks/cancel': 'taskId' }[method]
  return field === undefined ? undefined : String(params[field])
}

let nextId = 1

function post(url: string, method: string, params: Record<string, unknown>, capabilities: object, meta: Record<string, unknown> = {}) {
  const id = nextId++
  const name = nameOf(method, params)
  const _meta = {
    ...meta,
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
  }
  const response = fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name !== undefined ? { 'mcp-name': name } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta } }),
  })
  return { id, response }
}

/** One modern request; `response` is the message answering it, `notifications` what came before. */
async function rpc(url: string, method: string, params: Record<string, unknown> = {}, options: { capabilities?: object; meta?: Record<string, unknown> } = {}) {
  const { id, response } = post(url, method, params, options.capabilities ?? WITH_TASKS, options.meta)
  const messages = await messagesOf(await response)
  const answer = messages.find((message) => message.id === id)
  if (answer === undefined) throw new Error(`no answer to ${method}: ${JSON.stringify(messages)}`)
  return { ...answer, notifications: messages.filter((message) => message.id === undefined) }
}

async function result(url: string, method: string, params: Record<string, unknown> = {}, options: { capabilities?: object; meta?: Record<string, unknown> } = {}) {
  const answer = await rpc(url, method, params, options)
  if (answer.result === undefined) throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`)
  return answer.result
}

const startTask = (url: string, args: Record<string, unknown>) => result(url, 'tools/call', { name: 'long_task', arguments: args }) as Promise<TaskView & { resultType: string }>
const getTask = async (url: string, taskId: string) => (await result(url, 'tasks/get', { taskId })) as TaskView

/** Polls until `done` holds; returns every view seen, the last one satisfying it. */
async function pollUntil(url: string, taskId: string, done: (view: TaskView) => boolean): Promise<TaskView[]> {
  const seen: TaskView[] = []
  await vi.waitFor(async () => {
    seen.push(await getTask(url, taskId))
    expect(done(seen.at(-1)!)).toBe(true)
  }, WAIT)
  return seen
}

const textOf = (value: unknown) => (value as { content?: Array<{ text?: string }> } | undefined)?.content?.map((block) => block.text ?? '').join('') ?? ''

const CONFIRM_REQUEST = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Halfway there: continue with the remaining steps?',
    requestedSchema: {
      type: 'object',
      properties: { proceed: { type: 'boolean', title: 'Continue', default: true }, note: { type: 'string', title: 'Note for the log' } },
      required: ['proceed'],
    },
  },
}

const outcomesOf = (demo: { received: Array<{ tool: string; data: unknown }> }, taskId: string | null) =>
  demo.received.filter((entry) => entry.tool === 'long_task' && (entry.data as { taskId: string | null }).taskId === taskId).map((entry) => entry.data)

describe('long_task as a task (demo server)', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer()
  })
  afterAll(() => demo.close())

  it('server/discover advertises the extension and the listen capabilities', async () => {
    const discovered = await result(demo.url, 'server/discover')
    expect(discovered.capabilities).toMatchObject({
      extensions: { [TASKS_EXTENSION]: {} },
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
    })
  })

  it('a client that declares the extension gets a task at once; one that does not gets the result', async () => {
    const created = await startTask(demo.url, { steps: 2, stepMs: 20, askAt: 0 })
    expect(created).toMatchObject({ resultType: 'task', status: 'working', statusMessage: 'Starting', ttlMs: 600_000, pollIntervalMs: 100 })
    expect(created.taskId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt)
    expect(created.lastUpdatedAt).toBe(created.createdAt)
    // The task exists before the answer is sent.
    expect((await getTask(demo.url, created.taskId)).taskId).toBe(created.taskId)

    const inline = await result(demo.url, 'tools/call', { name: 'long_task', arguments: { steps: 2, stepMs: 20, askAt: 0 } }, { capabilities: WITHOUT_TASKS })
    expect(inline.resultType).toBe('complete')
    expect(inline.taskId).toBeUndefined()
    expect(textOf(inline)).toBe('long_task: 2 steps done; confirm: not asked')
  })

  it('pollIntervalMs follows stepMs between 100 ms and 1 s', async () => {
    expect((await startTask(demo.url, { steps: 1, stepMs: 400, askAt: 0 })).pollIntervalMs).toBe(400)
    expect((await startTask(demo.url, { steps: 1, stepMs: 5000, askAt: 0 })).pollIntervalMs).toBe(1000)
  })

  it('working → input_required (asked on every poll until answered) → update → completed with the answer', async () => {
    const created = await startTask(demo.url, { steps: 4, stepMs: 20 })
    const before = await pollUntil(demo.url, created.taskId, (view) => view.status !== 'working')
    for (const view of before.slice(0, -1)) {
      expect(view.status).toBe('working')
      expect(view.inputRequests).toBeUndefined()
      expect(view.statusMessage).toMatch(/^(Starting|Step [12] of 4)$/)
    }
    const asking = before.at(-1)!
    expect(asking).toMatchObject({ taskId: created.taskId, status: 'input_required', statusMessage: 'Step 2 of 4', inputRequests: { 'confirm-2': CONFIRM_REQUEST } })
    expect(Object.keys(asking.inputRequests!)).toEqual(['confirm-2'])
    // The task waits for the answer: every poll repeats the question.
    for (let i = 0; i < 3; i++) expect(await getTask(demo.url, created.taskId)).toMatchObject({ status: 'input_required', inputRequests: { 'confirm-2': CONFIRM_REQUEST } })

    const updated = await result(demo.url, 'tasks/update', {
      taskId: created.taskId,
      inputResponses: { 'confirm-2': { action: 'accept', content: { proceed: true, note: 'all good' } }, 'not-asked': { action: 'accept', content: {} } },
    })
    expect(updated).toMatchObject({ resultType: 'complete' })
    expect(Object.keys(updated).filter((key) => key !== 'resultType' && key !== '_meta')).toEqual([])

    const after = await pollUntil(demo.url, created.taskId, (view) => view.status === 'completed')
    for (const view of after) expect(view.inputRequests).toBeUndefined()
    const completed = after.at(-1)!
    expect(completed).toMatchObject({ status: 'completed', statusMessage: 'Done: 4 steps', result: { content: [{ type: 'text', text: 'long_task: 4 steps done; confirm: accept {"proceed":true,"note":"all good"}' }] } })
    expect(completed.error).toBeUndefined()
    expect(completed.lastUpdatedAt >= asking.lastUpdatedAt).toBe(true)
    expect(outcomesOf(demo, created.taskId)).toEqual([
      { taskId: created.taskId, steps: 4, done: 4, answer: { action: 'accept', content: { proceed: true, note: 'all good' } }, outcome: 'completed' },
    ])
  })

  it('a decline, or proceed: false, stops the task early', async () => {
    const declined = await startTask(demo.url, { steps: 4, stepMs: 20, askAt: 1 })
    await pollUntil(demo.url, declined.taskId, (view) => view.status === 'input_required')
    await result(demo.url, 'tasks/update', { taskId: declined.taskId, inputResponses: { 'confirm-1': { action: 'decline' } } })
    const stopped = (await pollUntil(demo.url, declined.taskId, (view) => view.status === 'completed')).at(-1)!
    expect(stopped).toMatchObject({ statusMessage: 'Stopped after step 1', result: { content: [{ type: 'text', text: 'long_task: stopped after step 1 (decline)' }] } })
    expect(outcomesOf(demo, declined.taskId)).toEqual([{ taskId: declined.taskId, steps: 4, done: 1, answer: { action: 'decline' }, outcome: 'stopped' }])

    const refused = await startTask(demo.url, { steps: 3, stepMs: 20, askAt: 2 })
    await pollUntil(demo.url, refused.taskId, (view) => view.status === 'input_required')
    await result(demo.url, 'tasks/update', { taskId: refused.taskId, inputResponses: { 'confirm-2': { action: 'accept', content: { proceed: false } } } })
    const done = (await pollUntil(demo.url, refused.taskId, (view) => view.status === 'completed')).at(-1)!
    expect(textOf(done.result)).toBe('long_task: stopped after step 2 (accept {"proceed":false})')
  })

  it('tasks/cancel stops the work: the task stays cancelled and takes no more steps', async () => {
    const created = await startTask(demo.url, { steps: 50, stepMs: 20, askAt: 0 })
    await pollUntil(demo.url, created.taskId, (view) => view.statusMessage !== 'Starting')
    const cancelled = await result(demo.url, 'tasks/cancel', { taskId: created.taskId })
    expect(Object.keys(cancelled).filter((key) => key !== 'resultType' && key !== '_meta')).toEqual([])
    const first = await getTask(demo.url, created.taskId)
    expect(first.status).toBe('cancelled')
    expect(first.result).toBeUndefined()

    const [outcome] = outcomesOf(demo, created.taskId) as Array<{ done: number; outcome: string }>
    expect(outcome).toMatchObject({ outcome: 'cancelled' })
    expect(first.statusMessage).toBe(`Step ${outcome!.done} of 50`)
    // Give a runaway loop time to take several more steps; none may show.
    await sleep(200)
    expect(await getTask(demo.url, created.taskId)).toEqual(first)
    expect(outcomesOf(demo, created.taskId)).toHaveLength(1)
    // Cancelling again changes nothing.
    await result(demo.url, 'tasks/cancel', { taskId: created.taskId })
    expect(await getTask(demo.url, created.taskId)).toEqual(first)
  })

  it('a task cancelled while it waits for an answer drops the question', async () => {
    const created = await startTask(demo.url, { steps: 2, stepMs: 20, askAt: 1 })
    await pollUntil(demo.url, created.taskId, (view) => view.status === 'input_required')
    await result(demo.url, 'tasks/cancel', { taskId: created.taskId })
    const view = await getTask(demo.url, created.taskId)
    expect(view.status).toBe('cancelled')
    expect(view.inputRequests).toBeUndefined()
    // A late answer is ignored.
    await result(demo.url, 'tasks/update', { taskId: created.taskId, inputResponses: { 'confirm-1': { action: 'accept', content: { proceed: true } } } })
    expect((await getTask(demo.url, created.taskId)).status).toBe('cancelled')
    expect(outcomesOf(demo, created.taskId)).toEqual([{ taskId: created.taskId, steps: 2, done: 1, answer: null, outcome: 'cancelled' }])
  })

  it('an unknown task id is -32602 on tasks/get, tasks/update and tasks/cancel', async () => {
    const taskId = '00000000-0000-4000-8000-000000000000'
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: { 'confirm-1': { action: 'decline' } } }],
      ['tasks/cancel', { taskId }],
    ] as const) {
      const answer = await rpc(demo.url, method, params)
      expect(answer.error?.code, method).toBe(-32602)
      expect(answer.result).toBeUndefined()
    }
  })

  it('without the extension declared, tasks/get, tasks/update and tasks/cancel are -32021 naming it (HTTP 400), even for a real task', async () => {
    const created = await startTask(demo.url, { steps: 2, stepMs: 20, askAt: 0 })
    for (const [method, params] of [
      ['tasks/get', { taskId: created.taskId }],
      ['tasks/update', { taskId: created.taskId, inputResponses: {} }],
      ['tasks/cancel', { taskId: created.taskId }],
    ] as const) {
      const { id, response } = post(demo.url, method, params, WITHOUT_TASKS)
      const answer = await response
      expect(answer.status, method).toBe(400)
      expect(await answer.json(), method).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32021, message: expect.any(String), data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } },
      })
    }
    expect((await getTask(demo.url, created.taskId)).taskId).toBe(created.taskId)
  })

  it("serves the conformance suite's fixtures only when started with conformance: true", async () => {
    const names = async (url: string) => ((await result(url, 'tools/list')).tools as Array<{ name: string }>).map((tool) => tool.name)
    const demoTools = await names(demo.url)
    expect(demoTools).not.toContain('greet')
    const suite = await startDemoServer({ conformance: true })
    try {
      expect(await names(suite.url)).toEqual(expect.arrayContaining([...demoTools, 'greet', 'slow_compute', 'failing_job', 'test_input_required_result_elicitation']))
      // A task-only tool from a request without the extension: -32021 before the tool runs.
      const { id, response } = post(suite.url, 'tools/call', { name: 'failing_job', arguments: {} }, WITHOUT_TASKS)
      const refused = await response
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({ id, error: { code: -32021, data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } } })
    } finally {
      await suite.close()
    }
  })

  it('a tasks/get with a progressToken gets one notifications/progress before the task', async () => {
    const created = await startTask(demo.url, { steps: 4, stepMs: 20, askAt: 2 })
    await pollUntil(demo.url, created.taskId, (view) => view.status === 'input_required')
    const answer = await rpc(demo.url, 'tasks/get', { taskId: created.taskId }, { meta: { progressToken: 'bar-1' } })
    expect(answer.notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'bar-1', progress: 2, total: 4, message: 'Step 2 of 4' } },
    ])
    expect(answer.result).toMatchObject({ status: 'input_required' })
    // Without a token, no progress.
    expect((await rpc(demo.url, 'tasks/get', { taskId: created.taskId })).notifications).toEqual([])
    await result(demo.url, 'tasks/cancel', { taskId: created.taskId })
  })
})

describe('long_task inline, for clients without the extension', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer()
  })
  afterAll(() => demo.close())

  it('demo server: steps with progress, one MRTR input_required round in signed requestState, then the rest', async () => {
    const args = { steps: 4, stepMs: 20 }
    const options = { capabilities: WITHOUT_TASKS, meta: { progressToken: 'p' } }
    const first = await rpc(demo.url, 'tools/call', { name: 'long_task', arguments: args }, options)
    expect(first.notifications.map((n) => n.params)).toEqual([
      { progressToken: 'p', progress: 1, total: 4, message: 'Step 1 of 4' },
      { progressToken: 'p', progress: 2, total: 4, message: 'Step 2 of 4' },
    ])
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { 'confirm-2': CONFIRM_REQUEST }, requestState: expect.stringMatching(/^v1\./) })

    const second = await rpc(
      demo.url,
      'tools/call',
      { name: 'long_task', arguments: args, inputResponses: { 'confirm-2': { action: 'accept', content: { proceed: true } } }, requestState: first.result!.requestState },
      options,
    )
    expect(second.notifications.map((n) => n.params?.progress)).toEqual([3, 4])
    expect(second.result).toMatchObject({ resultType: 'complete' })
    expect(textOf(second.result)).toBe('long_task: 4 steps done; confirm: accept {"proceed":true}')
    expect(outcomesOf(demo, null)).toContainEqual({ taskId: null, steps: 4, done: 4, answer: { action: 'accept', content: { proceed: true } }, outcome: 'completed' })
  })

  it('demo server: an answer without the signed state does not skip the first half', async () => {
    const forged = await rpc(
      demo.url,
      'tools/call',
      { name: 'long_task', arguments: { steps: 2, stepMs: 20 }, inputResponses: { 'confirm-1': { action: 'accept', content: { proceed: true } } } },
      { capabilities: WITHOUT_TASKS },
    )
    expect(forged.result).toMatchObject({ resultType: 'input_required', inputRequests: { 'confirm-1': CONFIRM_REQUEST } })
  })

  it('demo server: a decline on the retry stops the run', async () => {
    const first = await result(demo.url, 'tools/call', { name: 'long_task', arguments: { steps: 3, stepMs: 20, askAt: 1 } }, { capabilities: WITHOUT_TASKS })
    const second = await result(
      demo.url,
      'tools/call',
      { name: 'long_task', arguments: { steps: 3, stepMs: 20, askAt: 1 }, inputResponses: { 'confirm-1': { action: 'decline' } }, requestState: first.requestState },
      { capabilities: WITHOUT_TASKS },
    )
    expect(textOf(second)).toBe('long_task: stopped after step 1 (decline)')
  })
})

describe('long_task on the dual-era server', () => {
  let server: DualEraServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('2026-07-28 with the extension: a task, driven by the shared task methods', async () => {
    server = await startDualEraServer()
    const created = await startTask(server.url, { steps: 2, stepMs: 20, askAt: 1 })
    expect(created).toMatchObject({ resultType: 'task', status: 'working' })
    await pollUntil(server.url, created.taskId, (view) => view.status === 'input_required')
    await result(server.url, 'tasks/update', { taskId: created.taskId, inputResponses: { 'confirm-1': { action: 'accept', content: { proceed: true } } } })
    const done = (await pollUntil(server.url, created.taskId, (view) => view.status === 'completed')).at(-1)!
    expect(textOf(done.result)).toBe('long_task: 2 steps done; confirm: accept {"proceed":true}')
    expect(server.outcomes.map((entry) => entry.data)).toEqual([{ taskId: created.taskId, steps: 2, done: 2, answer: { action: 'accept', content: { proceed: true } }, outcome: 'completed' }])
  })

  it('2025-11-25 session: runs inside the tools/call, the question pushed as elicitation/create', async () => {
    server = await startDualEraServer()
    const init = await fetch(server.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: { elicitation: { form: {} } }, clientInfo: { name: 'raw', version: '0' } } }),
    })
    await init.text()
    const headers = { ...POST_HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': LEGACY }
    expect((await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).status).toBe(202)

    const call = await fetch(server.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'long_task', arguments: { steps: 2, stepMs: 20, askAt: 1 }, _meta: { progressToken: 7 } } }),
    })
    expect(call.headers.get('content-type')).toBe('text/event-stream')
    const reader = call.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
    const read = async () => JSON.parse((await reader.read()).value?.data ?? '{}') as Message

    expect(await read()).toMatchObject({ method: 'notifications/progress', params: { progressToken: 7, progress: 1, total: 2, message: 'Step 1 of 2' } })
    const asked = await read()
    expect(asked).toMatchObject({ method: 'elicitation/create', params: CONFIRM_REQUEST.params })
    const answer = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { proceed: true, note: 'legacy' } } }) })
    expect(answer.status).toBe(202)
    expect(await read()).toMatchObject({ method: 'notifications/progress', params: { progressToken: 7, progress: 2, total: 2, message: 'Step 2 of 2' } })
    const final = await read()
    expect(final).toMatchObject({ id: 2, result: { content: [{ type: 'text', text: 'long_task: 2 steps done; confirm: accept {"proceed":true,"note":"legacy"}' }] } })
    expect(final.result?.resultType).toBeUndefined()
    expect(server.outcomes.map((entry) => entry.data)).toEqual([{ taskId: null, steps: 2, done: 2, answer: { action: 'accept', content: { proceed: true, note: 'legacy' } }, outcome: 'completed' }])
  })

  it('2026-07-28 without the extension: an input_required round, resumed from the answer alone', async () => {
    server = await startDualEraServer()
    const args = { steps: 2, stepMs: 20, askAt: 1 }
    const first = await result(server.url, 'tools/call', { name: 'long_task', arguments: args }, { capabilities: WITHOUT_TASKS })
    expect(first).toMatchObject({ resultType: 'input_required', inputRequests: { 'confirm-1': CONFIRM_REQUEST } })
    expect(first.requestState).toBeUndefined()
    const second = await result(
      server.url,
      'tools/call',
      { name: 'long_task', arguments: args, inputResponses: { 'confirm-1': { action: 'cancel' } } },
      { capabilities: WITHOUT_TASKS },
    )
    expect(textOf(second)).toBe('long_task: stopped after step 1 (cancel)')
  })
})

/** Reads a `subscriptions/listen` stream message by message. */
async function listen(url: string, notifications: Record<string, unknown>) {
  const { id, response } = post(url, 'subscriptions/listen', { notifications }, WITH_TASKS)
  const res = await response
  expect(res.headers.get('content-type')).toBe('text/event-stream')
  const reader = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
  return {
    id,
    next: async () => JSON.parse((await reader.read()).value?.data ?? '{}') as Message,
    close: () => reader.cancel(),
  }
}

describe('subscriptions/listen and cache hints (demo server)', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer()
  })
  afterAll(() => demo.close())

  it('acks the subscription, then delivers resources/updated after add_note and tools/list_changed after toggle_bonus_tool', async () => {
    const stream = await listen(demo.url, { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['demo://notes'] })
    const stamp = { 'io.modelcontextprotocol/subscriptionId': stream.id }
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['demo://notes'] }, _meta: stamp },
    })

    expect(textOf(await result(demo.url, 'tools/call', { name: 'add_note', arguments: { text: 'buy milk' } }))).toBe('add_note: 1 note')
    expect(await stream.next()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'demo://notes', _meta: stamp } })
    const read = await result(demo.url, 'resources/read', { uri: 'demo://notes' })
    expect(read).toMatchObject({ contents: [{ uri: 'demo://notes', mimeType: 'text/plain', text: '1. buy milk' }], ttlMs: 0, cacheScope: 'private' })

    const names = async () => ((await result(demo.url, 'tools/list')).tools as Array<{ name: string }>).map((tool) => tool.name)
    expect(await names()).not.toContain('bonus_tool')
    expect(textOf(await result(demo.url, 'tools/call', { name: 'toggle_bonus_tool', arguments: {} }))).toBe('toggle_bonus_tool: bonus_tool added')
    expect(await stream.next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: stamp } })
    expect(await names()).toContain('bonus_tool')
    expect(textOf(await result(demo.url, 'tools/call', { name: 'bonus_tool', arguments: {} }))).toBe('bonus_tool: here')
    expect(textOf(await result(demo.url, 'tools/call', { name: 'toggle_bonus_tool', arguments: {} }))).toBe('toggle_bonus_tool: bonus_tool removed')
    expect(await stream.next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: stamp } })
    expect(await names()).not.toContain('bonus_tool')

    demo.notify.promptsChanged()
    expect(await stream.next()).toEqual({ jsonrpc: '2.0', method: 'notifications/prompts/list_changed', params: { _meta: stamp } })
    await stream.close()
  })

  it('a listener that did not subscribe to demo://notes hears nothing of add_note', async () => {
    const stream = await listen(demo.url, { toolsListChanged: true })
    expect((await stream.next()).params?.notifications).toEqual({ toolsListChanged: true })
    await result(demo.url, 'tools/call', { name: 'add_note', arguments: { text: 'second' } })
    // The next thing on the stream is the tools change, not the note.
    await result(demo.url, 'tools/call', { name: 'toggle_bonus_tool', arguments: {} })
    expect((await stream.next()).method).toBe('notifications/tools/list_changed')
    await result(demo.url, 'tools/call', { name: 'toggle_bonus_tool', arguments: {} })
    await stream.close()
  })

  it('add_note refuses an empty or over-long note', async () => {
    const before = await result(demo.url, 'resources/read', { uri: 'demo://notes' })
    for (const text of ['', 'x'.repeat(201)]) {
      expect(await result(demo.url, 'tools/call', { name: 'add_note', arguments: { text } })).toMatchObject({ isError: true })
    }
    expect((await result(demo.url, 'resources/read', { uri: 'demo://notes' })).contents).toEqual(before.contents)
  })

  it('the lists and server/discover carry ttlMs 60000 / cacheScope public', async () => {
    for (const method of ['tools/list', 'prompts/list', 'resources/list', 'server/discover']) {
      expect(await result(demo.url, method), method).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' })
    }
  })
})

describe('the task store', () => {
  const question = (message: string) => inputRequired.elicit({ message, requestedSchema: { type: 'object', properties: {} } })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('forgets a task after its ttl and stops its work', async () => {
    vi.useFakeTimers()
    const store = createTaskStore()
    const task = store.create({ ttlMs: 1000, pollIntervalMs: 100 })
    const asked = task.ask('q', question('m'))
    vi.advanceTimersByTime(999)
    expect(store.get(task.taskId)?.view.status).toBe('input_required')
    vi.advanceTimersByTime(1)
    expect(store.get(task.taskId)).toBeUndefined()
    expect(task.signal.aborted).toBe(true)
    await expect(asked).resolves.toBeUndefined()
    expect(store.answer(task.taskId, {})).toBe(false)
    expect(store.cancel(task.taskId)).toBe(false)
    store.close()
  })

  it('close() stops every task and leaves no timer behind', () => {
    vi.useFakeTimers()
    const store = createTaskStore()
    const tasks = [store.create({ ttlMs: 60_000, pollIntervalMs: 100 }), store.create({ ttlMs: null, pollIntervalMs: 100 })]
    void sleep(5000, tasks[0]!.signal)
    expect(vi.getTimerCount()).toBe(2)
    store.close()
    expect(vi.getTimerCount()).toBe(0)
    expect(tasks.every((task) => task.signal.aborted)).toBe(true)
    expect(() => store.create({ ttlMs: 1, pollIntervalMs: 100 })).toThrow(/closed/)
  })

  it('keeps every outstanding request, never reuses a key, and lets a final task be', async () => {
    const store = createTaskStore()
    const task = store.create({ ttlMs: null, pollIntervalMs: 100 })
    const a = task.ask('a', question('first'))
    const b = task.ask('b', question('second'))
    expect(Object.keys(store.get(task.taskId)!.view.inputRequests!)).toEqual(['a', 'b'])
    // A CreateTaskResult is the task alone: its questions are for tasks/get.
    expect(task.created()).toEqual({ resultType: 'task', ...store.get(task.taskId)!.view, inputRequests: undefined })
    expect(task.created()).not.toHaveProperty('inputRequests')
    expect(store.answer(task.taskId, { b: { action: 'decline' }, zzz: { action: 'accept' } })).toBe(true)
    await expect(b).resolves.toEqual({ action: 'decline' })
    expect(store.get(task.taskId)!.view).toMatchObject({ status: 'input_required', inputRequests: { a: question('first') } })
    store.answer(task.taskId, { a: { action: 'cancel' } })
    await expect(a).resolves.toEqual({ action: 'cancel' })
    expect(store.get(task.taskId)!.view.status).toBe('working')
    expect(() => task.ask('a', question('again'))).toThrow(/already used/)

    task.complete({ content: [{ type: 'text', text: 'done' }] })
    expect(store.cancel(task.taskId)).toBe(true)
    task.fail({ code: -32603, message: 'late' })
    expect(store.get(task.taskId)!.view).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'done' }] } })
    expect(store.get(task.taskId)!.view.error).toBeUndefined()
    store.close()
  })

  it('a failed task carries its JSON-RPC error', () => {
    const store = createTaskStore()
    const task = store.create({ ttlMs: null, pollIntervalMs: 100 })
    task.fail({ code: -32603, message: 'boom' })
    expect(store.get(task.taskId)!.view).toMatchObject({ status: 'failed', error: { code: -32603, message: 'boom' } })
    expect(store.get(task.taskId)!.view.result).toBeUndefined()
    store.close()
  })
})

describe('closing the demo server', () => {
  it('stops a running task', async () => {
    const demo = await startDemoServer()
    const created = await startTask(demo.url, { steps: 50, stepMs: 1000, askAt: 0 })
    await demo.close()
    expect(outcomesOf(demo, created.taskId)).toEqual([{ taskId: created.taskId, steps: 50, done: 0, answer: null, outcome: 'cancelled' }])
  })
})
