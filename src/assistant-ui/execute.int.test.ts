/**
 * The `execute` of an MCP tool against a real SDK server: every input round
 * goes through `human()` (here the test answers as the tool UI would with
 * `resume`), Stop aborts the call on the server, a missing `human` is a
 * typed error, the round kept under the toolCallId is resumed, and the
 * running call's state (progress, a task's status) is followed under its
 * toolCallId while it runs, and only then.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDualEraServer, type DualEraServer } from '../../servers/dual-era-server.ts'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { TASKS_EXTENSION, createClient, type CallState, type McpClient, type CallStorage, type StoredCall } from '../core/index'
import { executeMcpTool, executeRuns, type ExecuteContext } from './execute'
import type { LiveCalls } from './live-calls'
import { isMcpRoundPayload, type McpRoundPayload } from './round-payload'
import { memoryStorage } from '../../test/support/memory-storage'

let mcp: ModernServer
let client: McpClient
/** A server whose `long_task` runs as a task for a client with the tasks extension. */
let tasks: DualEraServer
let taskClient: McpClient

beforeAll(async () => {
  mcp = await startModernServer()
  client = createClient(mcp.url, { capabilities: { elicitation: { form: {} } } })
  tasks = await startDualEraServer()
  taskClient = createClient(tasks.url, { capabilities: { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } } })
})
afterAll(async () => {
  await Promise.all([mcp.close(), tasks.close()])
})

const toolCalls = (name: string) => mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === name)


/** Every state the call under `id` had in `live`, as a tool part would see them (undefined: no call runs under it). */
function follow(live: LiveCalls, id: string) {
  const seen: Array<CallState | undefined> = []
  const stop = live.subscribe(id, () => seen.push(live.state(id)))
  return { seen, stop }
}

/** A human() that answers each round from `answer`, recording the payloads. */
function answering(answer: (payload: McpRoundPayload) => unknown) {
  const asked: McpRoundPayload[] = []
  const human = vi.fn(async (payload: unknown) => {
    if (!isMcpRoundPayload(payload)) throw new Error('not a round')
    asked.push(payload)
    return answer(payload)
  })
  return { asked, human }
}

describe('executeMcpTool', () => {
  it('asks each round through human() and returns the result; the second round carries the first round’s requestState', async () => {
    const { asked, human } = answering((payload) =>
      payload.inputs[0]!.key === 'color' ? { color: { action: 'accept', content: { color: 'green' } } } : { size: { action: 'accept', content: { size: 7 } } },
    )
    const context: ExecuteContext = { toolCallId: 'call-1', abortSignal: new AbortController().signal, human }
    const result = await executeMcpTool(client, 'wizard', {}, context, {}, executeRuns())
    expect(result.content).toEqual([{ type: 'text', text: '{"color":"green","size":7}' }])
    expect(asked.map((payload) => [payload.tool, payload.round, payload.inputs.map((input) => [input.key, input.method])])).toEqual([
      ['wizard', 1, [['color', 'elicitation/create']]],
      ['wizard', 2, [['size', 'elicitation/create']]],
    ])
    const calls = toolCalls('wizard').slice(-3).map((r) => (r.body as { params: Record<string, unknown> }).params)
    expect(calls[0]!.requestState).toBeUndefined()
    expect(calls[1]!.inputResponses).toEqual({ color: { action: 'accept', content: { color: 'green' } } })
    expect(typeof calls[1]!.requestState).toBe('string')
    expect(typeof calls[2]!.requestState).toBe('string')
  })

  it('a runtime without human() in the execute context gets a typed error naming it, and nothing is sent', async () => {
    const before = mcp.requests.length
    const context = { toolCallId: 'call-2', abortSignal: new AbortController().signal } as ExecuteContext
    await expect(executeMcpTool(client, 'wizard', {}, context, {}, executeRuns())).rejects.toMatchObject({
      name: 'McpAssistantUiError',
      code: 'UNSUPPORTED_VERSION',
      api: 'execute context.human',
      message: expect.stringMatching(/execute context\.human is missing.*@assistant-ui\/react >=0\.15\.22/),
    })
    expect(mcp.requests.length).toBe(before)
  })

  it('Stop (the run’s abortSignal) cancels the call on the server and tells the model the person stopped it', async () => {
    const stop = new AbortController()
    const runs = executeRuns()
    const running = executeMcpTool(client, 'slow', { ms: 10_000 }, { toolCallId: 'call-3', abortSignal: stop.signal, human: async () => ({}) }, {}, runs)
    await vi.waitFor(() => expect(toolCalls('slow').length).toBe(1))
    expect(runs.running.has('call-3')).toBe(true)
    stop.abort()
    expect(await running).toEqual({ content: [{ type: 'text', text: 'The person stopped this tool call.' }], isError: true })
    expect((await mcp.waitForReceived('slow', 5000)).data).toMatchObject({ aborted: true })
    expect(runs.running.has('call-3')).toBe(false)
    expect(runs.stopped.has('call-3')).toBe(true)
  })

  it('keeps the open round under the toolCallId, and a new execute for it resumes the round without calling again', async () => {
    const storage = memoryStorage()
    const first = new AbortController()
    // The first run is stopped while its question is open, as a reload would leave it.
    const parked = executeMcpTool(client, 'wizard', {}, { toolCallId: 'call-4', abortSignal: first.signal, human: () => new Promise(() => {}) }, { storage }, executeRuns())
    // The round itself, not only that the call started (a started call is kept first).
    await vi.waitFor(() => expect(storage.items.get('call-4')).toMatchObject({ pending: { round: 1 } }))
    const sent = toolCalls('wizard').length
    const { asked, human } = answering((payload) =>
      payload.inputs[0]!.key === 'color' ? { color: { action: 'accept', content: { color: 'red' } } } : { size: { action: 'accept', content: { size: 2 } } },
    )
    const result = await executeMcpTool(client, 'wizard', {}, { toolCallId: 'call-4', abortSignal: new AbortController().signal, human }, { storage }, executeRuns())
    expect(result.content).toEqual([{ type: 'text', text: '{"color":"red","size":2}' }])
    // Two retries, no new first call: the saved round was asked again from storage.
    expect(toolCalls('wizard').length).toBe(sent + 2)
    expect(asked.map((payload) => payload.round)).toEqual([1, 2])
    // Writes are asynchronous: the result is kept after the end.
    await vi.waitFor(() => expect(storage.items.get('call-4')).toMatchObject({ finished: { rounds: 2 } }))
    first.abort()
    await parked
  })

  it('follows the running call under its toolCallId: its progress while it runs, nothing once it ended', async () => {
    const runs = executeRuns()
    const live = runs.live!
    const { seen, stop } = follow(live, 'call-5')
    const running = executeMcpTool(client, 'progress', { count: 4, delayMs: 50 }, { toolCallId: 'call-5', abortSignal: new AbortController().signal, human: async () => ({}) }, {}, runs)
    await vi.waitFor(() => expect(live.state('call-5')).toMatchObject({ status: 'running', progress: { total: 4, message: expect.stringMatching(/^step \d of 4$/) } }), { interval: 5 })
    expect((await running).content).toEqual([{ type: 'text', text: 'progress done: 4 notifications' }])
    expect(seen.map((state) => state && 'progress' in state && state.progress?.message).filter(Boolean)).toEqual(['step 1 of 4', 'step 2 of 4', 'step 3 of 4', 'step 4 of 4'])
    // The call ended: nothing is followed under its id any more, and the last word said so.
    expect(seen.at(-1)).toBeUndefined()
    expect(live.state('call-5')).toBeUndefined()
    stop()
    expect(live.size()).toBe(0)
  })

  it('follows a call the server runs as a task: the task’s status and its question, and nothing once it ended', async () => {
    const runs = executeRuns()
    const live = runs.live!
    const { seen, stop } = follow(live, 'call-6')
    const { asked, human } = answering((payload) => ({ [payload.inputs[0]!.key]: { action: 'accept', content: { proceed: true } } }))
    const result = await executeMcpTool(taskClient, 'long_task', { steps: 4, stepMs: 60, askAt: 2 }, { toolCallId: 'call-6', abortSignal: new AbortController().signal, human }, {}, runs)
    expect(result.content).toEqual([{ type: 'text', text: 'long_task: 4 steps done; confirm: accept {"proceed":true}' }])
    const states = seen.filter((state): state is CallState => state !== undefined)
    // The task as polled, with the progress its polls brought.
    expect(states.some((state) => state.status === 'running' && state.task?.status === 'working')).toBe(true)
    expect(states.some((state) => 'task' in state && state.task !== undefined && state.progress?.total === 4 && /^Step \d of 4$/.test(state.progress.message ?? ''))).toBe(true)
    // The task's question was asked through human() while the task stayed followed, with its status.
    expect(asked.map((payload) => payload.inputs.map((input) => input.key))).toEqual([['confirm-2']])
    expect(states.some((state) => state.status === 'awaiting_input' && state.task?.taskId !== undefined)).toBe(true)
    expect(seen.at(-1)).toBeUndefined()
    stop()
    expect(live.size()).toBe(0)
  })
})
