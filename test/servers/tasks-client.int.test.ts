/**
 * The client against real official-SDK servers for tasks, change
 * notifications and cached lists: the demo server (2026-07-28, tasks
 * extension, subscriptions/listen, 60 s public listings) and the dual-era
 * server in its 2025-11-25 leg, where the same tool runs without a task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CallObserver, TASKS_EXTENSION, createClient, type CallState, type McpChange, type CallStorage, type StoredCall } from '../../src/core/index'
import { startDemoServer, type DemoServer } from '../../servers/demo-server.ts'
import { startDualEraServer, type DualEraServer } from '../../servers/dual-era-server.ts'
import { memoryStorage } from '../support/memory-storage'

const withTasks = { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } }
const accept = async (requests: Record<string, unknown>) => Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept' as const, content: { proceed: true } }]))


/** Resolves with the first snapshot of `observer` that `predicate` accepts. */
function until(observer: CallObserver, predicate: (state: CallState) => boolean): Promise<CallState> {
  return new Promise((resolve) => {
    if (predicate(observer.getSnapshot())) return resolve(observer.getSnapshot())
    const stop = observer.subscribe(() => {
      if (!predicate(observer.getSnapshot())) return
      stop()
      resolve(observer.getSnapshot())
    })
  })
}

const hits = (demo: DemoServer, from: number, rpcMethod: string, tool?: string) =>
  demo.log.slice(from).filter((hit) => hit.rpcMethod === rpcMethod && (tool === undefined || hit.tool === tool)).length

describe('tasks against the official SDK server', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer()
  })
  afterAll(async () => {
    await demo.close()
  })

  it('follows a task: status messages and progress while it runs, its question through the same handler, then the tool result', async () => {
    const client = createClient(demo.url, { capabilities: withTasks, onWarning: () => {} })
    const statuses: string[] = []
    const progress: number[] = []
    const asked: Array<{ round: number; task: string | undefined }> = []
    const result = await client.callTool('long_task', { steps: 4, stepMs: 20, askAt: 2 }, {
      onProgress: (p) => progress.push(p.progress),
      onEvent: (event) => event.type === 'task' && statuses.push(event.task.status),
      onInputRequests: async (requests, context) => {
        asked.push({ round: context.round, task: context.task?.taskId })
        return accept(requests)
      },
    })
    expect(result.content).toEqual([{ type: 'text', text: 'long_task: 4 steps done; confirm: accept {"proceed":true}' }])
    expect(asked).toHaveLength(1)
    expect(asked[0]!.task).toMatch(/^[0-9a-f-]{36}$/)
    expect(statuses[0]).toBe('working')
    expect(statuses).toContain('input_required')
    expect(statuses.at(-1)).toBe('completed')
    expect(progress.length).toBeGreaterThan(0)
    await client.close()
  })

  it('shows the task in the observer state, and Stop sends tasks/cancel so the server stops the work', async () => {
    const from = demo.log.length
    const client = createClient(demo.url, { capabilities: withTasks, onWarning: () => {} })
    const observer = new CallObserver(client)
    void observer.start({ method: 'tools/call', params: { name: 'long_task', arguments: { steps: 50, stepMs: 50, askAt: 0 } } })
    const running = await until(observer, (s) => s.status === 'running' && s.task?.statusMessage?.startsWith('Step') === true)
    expect(running.status === 'running' && running.task?.status).toBe('working')
    observer.cancel()
    expect(observer.getSnapshot().status).toBe('cancelled')
    await expect.poll(() => hits(demo, from, 'tasks/cancel')).toBe(1)
    await expect.poll(() => demo.received.some((entry) => entry.tool === 'long_task' && (entry.data as { outcome?: string }).outcome === 'cancelled')).toBe(true)
    await client.close()
  })

  it('goes on polling the same task after a reload, and asks its question then', async () => {
    const from = demo.log.length
    const storage = memoryStorage()
    const before = new CallObserver(createClient(demo.url, { capabilities: withTasks, onWarning: () => {} }), { storage })
    void before.start({ method: 'tools/call', params: { name: 'long_task', arguments: { steps: 6, stepMs: 40, askAt: 5 } } })
    await until(before, (s) => s.status === 'running' && s.task !== undefined)
    // Written once the round writer has loaded (call-persistence.ts), which may come after the state.
    await expect.poll(() => storage.items.get('call')).toBeDefined()
    const saved = storage.items.get('call')
    expect(saved && 'task' in saved && saved.task.taskId).toMatch(/^[0-9a-f-]{36}$/)
    // The page goes away: nothing is cancelled, the task id stays in storage.
    before.detach()

    const after = new CallObserver(createClient(demo.url, { capabilities: withTasks, onWarning: () => {} }), { storage, onElicitation: async () => ({ action: 'accept', content: { proceed: true } }) })
    const final = await after.restore()
    expect(final?.status === 'error' ? final.error.message : final?.status).toBe('done')
    expect(final?.status === 'done' && final.result.content).toEqual([{ type: 'text', text: 'long_task: 6 steps done; confirm: accept {"proceed":true}' }])
    expect(hits(demo, from, 'tools/call', 'long_task')).toBe(1)
    expect(hits(demo, from, 'tasks/cancel')).toBe(0)
    await after.flush()
    expect(storage.items.get('call')).toMatchObject({ finished: { result: { content: [{ type: 'text', text: 'long_task: 6 steps done; confirm: accept {"proceed":true}' }] } } })
  })

  it('never gets a task without declaring the extension: the same tool runs with an input round', async () => {
    const client = createClient(demo.url, { capabilities: { elicitation: { form: {} } }, onWarning: () => {} })
    const rounds: number[] = []
    const result = await client.callTool('long_task', { steps: 2, stepMs: 10, askAt: 1 }, {
      onInputRequests: async (requests, context) => {
        rounds.push(context.round)
        expect(context.task).toBeUndefined()
        return accept(requests)
      },
    })
    expect(rounds).toEqual([1])
    expect(result.content).toEqual([{ type: 'text', text: 'long_task: 2 steps done; confirm: accept {"proceed":true}' }])
    await client.close()
  })
})

describe('the same tool on a 2025-11-25 session', () => {
  let server: DualEraServer
  beforeAll(async () => {
    server = await startDualEraServer()
  })
  afterAll(async () => {
    await server.close()
  })

  it('falls back cleanly: no task, progress on the call, the question pushed and answered through the same handler', async () => {
    const client = createClient(server.url, { protocolVersion: '2025-11-25', capabilities: withTasks, onWarning: () => {} })
    const progress: number[] = []
    const eras: string[] = []
    const result = await client.callTool('long_task', { steps: 3, stepMs: 10, askAt: 2 }, {
      onProgress: (p) => progress.push(p.progress),
      onInputRequests: async (requests, context) => {
        eras.push(context.era)
        return accept(requests)
      },
    })
    expect(client.era).toBe('legacy')
    expect(eras).toEqual(['legacy'])
    expect(result.content).toEqual([{ type: 'text', text: 'long_task: 3 steps done; confirm: accept {"proceed":true}' }])
    expect(progress.length).toBeGreaterThan(0)
    expect(server.requests.some((r) => JSON.stringify(r.body ?? null).includes('"method":"tasks/'))).toBe(false)
    await client.close()
  })
})

describe('change notifications and cached lists against the official SDK server', () => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer()
  })
  afterAll(async () => {
    await demo.close()
  })

  it('hears resource updates and list changes on one subscriptions/listen, and a change makes the cached listing stale', async () => {
    const from = demo.log.length
    const client = createClient(demo.url, { onWarning: () => {} })
    const before = (await client.listTools()).map((t) => t.name)
    const heard: McpChange[] = []
    const stopNotes = client.watch({ resourceUris: ['demo://notes'] }, (change) => heard.push(change))
    const stopTools = client.watch({ tools: true }, (change) => heard.push(change))
    await expect.poll(() => hits(demo, from, 'subscriptions/listen')).toBe(1)
    // The stream is up once its acknowledgement came; a listing of 60 s is still fresh, so no request.
    await new Promise((resolve) => setTimeout(resolve, 100))
    await client.callTool('add_note', { text: 'watched' })
    await expect.poll(() => heard.some((c) => c.type === 'resource_updated' && c.uri === 'demo://notes')).toBe(true)
    await client.callTool('toggle_bonus_tool')
    await expect.poll(() => heard.some((c) => c.type === 'tools_changed')).toBe(true)
    const after = (await client.listTools()).map((t) => t.name)
    expect(after.includes('bonus_tool')).toBe(!before.includes('bonus_tool'))
    expect(hits(demo, from, 'tools/list')).toBe(2)
    expect(hits(demo, from, 'subscriptions/listen')).toBe(1)
    stopNotes()
    stopTools()
    await client.close()
  })

  it('a second client of the endpoint calls a tool without listing first (the public listing is fresh)', async () => {
    const first = createClient(demo.url, { onWarning: () => {} })
    await first.listTools()
    const from = demo.log.length
    const second = createClient(demo.url, { onWarning: () => {} })
    await second.callTool('add_note', { text: 'no list needed' })
    expect(hits(demo, from, 'tools/list')).toBe(0)
    expect(hits(demo, from, 'tools/call', 'add_note')).toBe(1)
    await Promise.all([first.close(), second.close()])
  })
})
