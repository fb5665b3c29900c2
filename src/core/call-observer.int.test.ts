/**
 * The observer against real servers: every state a UI renders, in order.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLegacyServer, type LegacyServer } from '../../servers/legacy-server.ts'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { CallObserver, cancelAnswer, declineAnswer } from './call-observer'
import type { CallState } from './call-state'
import { createClient } from './client'
import { sessionCallStorage } from './call-storage'

let server: ModernServer
let legacy: LegacyServer
beforeAll(async () => {
  ;[server, legacy] = await Promise.all([startModernServer(), startLegacyServer()])
})
afterAll(async () => {
  await Promise.all([server.close(), legacy.close()])
})

const capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }
const client = (url = server.url) => createClient(url, { capabilities, onWarning: () => {} })
const tool = (name: string, args: Record<string, unknown> = {}) => ({ method: 'tools/call' as const, params: { name, arguments: args } })
const textOf = (state: CallState) => (state.status === 'done' ? (state.result.content as Array<{ text: string }>)[0]!.text : undefined)

/** Records every snapshot and lets a test wait for a status. */
function watch(observer: CallObserver) {
  const states: CallState[] = []
  const waiters: Array<{ status: string; resolve: (state: CallState) => void }> = []
  observer.subscribe(() => {
    const state = observer.getSnapshot()
    states.push(state)
    for (const waiter of waiters.splice(0)) {
      if (waiter.status === state.status) waiter.resolve(state)
      else waiters.push(waiter)
    }
  })
  const next = (status: CallState['status']) => new Promise<CallState>((resolve) => waiters.push({ status, resolve }))
  return { states, next, statuses: () => states.map((s) => s.status) }
}

describe('CallObserver', () => {
  it('walks every state of a two-round wizard', async () => {
    const observer = new CallObserver(client())
    const { next, statuses, states } = watch(observer)
    expect(observer.getSnapshot()).toEqual({ status: 'idle' })
    const done = observer.start(tool('wizard'))
    const first = await next('awaiting_input')
    expect(first).toMatchObject({ round: 1, inputs: [{ key: 'color', method: 'elicitation/create', era: 'modern', answered: false, url: server.url }] })
    expect(first.status === 'awaiting_input' && first.inputs[0]!.server?.name).toBe('mcp-elicit-test-server')
    observer.respond('color', { action: 'accept', content: { color: 'blue' } })
    const second = await next('awaiting_input')
    expect(second).toMatchObject({ round: 2, inputs: [{ key: 'size' }] })
    observer.respond('size', { action: 'accept', content: { size: 3 } })
    const final = await done
    expect(textOf(final)).toBe('{"color":"blue","size":3}')
    expect(final).toMatchObject({ status: 'done', rounds: 2 })
    expect(statuses()).toEqual(['running', 'awaiting_input', 'awaiting_input', 'retrying', 'awaiting_input', 'awaiting_input', 'retrying', 'done'])
    // Snapshots are immutable: earlier ones were not changed by later transitions.
    expect(states[1]).toMatchObject({ status: 'awaiting_input', inputs: [{ answered: false }] })
  })

  it('waits for every request of a round, answered in any order', async () => {
    const observer = new CallObserver(client())
    const { next } = watch(observer)
    const done = observer.start(tool('two_questions'))
    await next('awaiting_input')
    observer.respond('second', { action: 'accept', content: { subscribe: true } })
    expect(observer.getSnapshot()).toMatchObject({ status: 'awaiting_input', inputs: [{ key: 'first', answered: false }, { key: 'second', answered: true }] })
    observer.respond('first', { action: 'accept', content: { city: 'Oslo' } })
    await done
    expect(server.received.at(-1)).toEqual({ tool: 'two_questions', data: { first: { action: 'accept', content: { city: 'Oslo' } }, second: { action: 'accept', content: { subscribe: true } } } })
  })

  it('sends decline and cancel to the tool', async () => {
    const decliner = new CallObserver(client())
    const declined = decliner.start(tool('ask_name'))
    await watch(decliner).next('awaiting_input')
    decliner.respond('name', declineAnswer())
    expect(textOf(await declined)).toBe('declined')
    const canceller = new CallObserver(client())
    const cancelled = canceller.start(tool('ask_name'))
    await watch(canceller).next('awaiting_input')
    canceller.respond('name', cancelAnswer())
    expect(textOf(await cancelled)).toBe('cancelled')
  })

  it('cancels mid-question without sending a retry', async () => {
    const observer = new CallObserver(client())
    const { next } = watch(observer)
    const done = observer.start(tool('ask_name'))
    await next('awaiting_input')
    const before = server.requests.filter((r) => r.rpcMethod === 'tools/call').length
    observer.cancel()
    expect(await done).toMatchObject({ status: 'cancelled', round: 1 })
    observer.respond('name', { action: 'accept', content: { name: 'late' } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.requests.filter((r) => r.rpcMethod === 'tools/call').length).toBe(before)
  })

  it('cancels mid-stream and keeps progress apart from rounds', async () => {
    const observer = new CallObserver(client())
    const seen: CallState[] = []
    observer.subscribe(() => {
      const state = observer.getSnapshot()
      seen.push(state)
      if (state.status === 'running' && state.progress?.progress === 2) observer.cancel()
    })
    const done = await observer.start(tool('progress', { count: 40, delayMs: 30 }))
    expect(done).toMatchObject({ status: 'cancelled', round: 0 })
    expect(seen.filter((s) => s.status === 'running').map((s) => s.status === 'running' && s.progress)).toContainEqual({ progress: 1, total: 40, message: 'step 1 of 40' })
    expect((await server.waitForReceived('progress')).data).toMatchObject({ aborted: true })
  })

  it('ends in error at the round cap, with the last input-required result', async () => {
    const observer = new CallObserver(client(), { maxRounds: 3 })
    const state = await observer.start(tool('loop_forever'))
    expect(state).toMatchObject({ status: 'error', error: { code: 'INPUT_ROUNDS_EXCEEDED', rounds: 3 } })
  })

  it('answers sampling and roots with host handlers, and leaves unhandled requests pending', async () => {
    const withHost = new CallObserver(client(), {
      onSampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'stand-in' }, model: 'test' }),
      roots: [{ uri: 'file:///project', name: 'project' }],
    })
    expect((await withHost.start(tool('needs_sampling'))).status).toBe('done')
    expect((await withHost.start(tool('needs_roots'))).status).toBe('done')
    expect(server.received.at(-1)).toEqual({ tool: 'needs_roots', data: [{ uri: 'file:///project', name: 'project' }] })
    const bare = new CallObserver(client())
    const done = bare.start(tool('needs_sampling'))
    const pending = await watch(bare).next('awaiting_input')
    expect(pending).toMatchObject({ inputs: [{ method: 'sampling/createMessage', answered: false }] })
    bare.respond('llm', { role: 'assistant', content: { type: 'text', text: 'by hand' }, model: 'person' })
    expect((await done).status).toBe('done')
  })

  it('resumes a saved round as plain JSON in a fresh observer with the same requestState', async () => {
    const first = new CallObserver(client())
    void first.start(tool('wizard'))
    await watch(first).next('awaiting_input')
    first.respond('color', { action: 'accept', content: { color: 'red' } })
    await watch(first).next('awaiting_input')
    const saved = JSON.parse(JSON.stringify(first.save()))
    first.cancel()
    expect(saved).toMatchObject({ version: 1, request: tool('wizard'), pending: { round: 2, inputRequests: { size: { method: 'elicitation/create' } } } })
    const fresh = new CallObserver(client())
    const done = fresh.resume(saved)
    const restored = await watch(fresh).next('awaiting_input')
    expect(restored).toMatchObject({ round: 2, inputs: [{ key: 'size' }] })
    fresh.respond('size', { action: 'accept', content: { size: 9 } })
    expect(textOf(await done)).toBe('{"color":"red","size":9}')
    const last = server.requests.filter((r) => r.rpcMethod === 'tools/call').at(-1)!.body as { params: { requestState: string } }
    expect(last.params.requestState).toBe(saved.pending.requestState)
  })

  it('keeps an open round in sessionStorage only when asked, and restores it', async () => {
    const items = new Map<string, string>()
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) } as Storage
    const adapter = sessionCallStorage('test:', storage)
    const first = new CallObserver(client(), { storage: adapter, storageKey: 'wizard' })
    void first.start(tool('wizard'))
    await watch(first).next('awaiting_input')
    // The first write may wait for the writer, loaded on demand (call-writer.ts).
    await vi.waitFor(() => expect(JSON.parse(items.get('test:wizard') ?? 'null')).toMatchObject({ pending: { round: 1 } }))
    const second = new CallObserver(client(), { storage: adapter, storageKey: 'wizard' })
    first.cancel()
    await first.flush()
    expect(items.has('test:wizard')).toBe(false)
    expect(await second.restore()).toBeUndefined()
    expect(second.getSnapshot()).toEqual({ status: 'idle' })
    const third = new CallObserver(client(), { storage: adapter, storageKey: 'wizard' })
    void third.start(tool('wizard'))
    await watch(third).next('awaiting_input')
    await third.flush()
    const reloaded = new CallObserver(client(), { storage: adapter, storageKey: 'wizard' })
    const done = reloaded.restore()
    await watch(reloaded).next('awaiting_input')
    reloaded.respond('color', declineAnswer())
    expect(textOf((await done)!)).toBe('wizard stopped at color: decline')
    await reloaded.flush()
    // Kept as finished: another restore shows the result, and runs nothing.
    expect(JSON.parse(items.get('test:wizard')!)).toMatchObject({ finished: { result: { content: [{ text: 'wizard stopped at color: decline' }] } } })
    const again = new CallObserver(client(), { storage: adapter, storageKey: 'wizard' })
    const calls = server.requests.length
    await again.restore()
    expect(textOf(again.getSnapshot())).toBe('wizard stopped at color: decline')
    expect(server.requests.length).toBe(calls)
  })

  it('drives a legacy server through the same observer and states', async () => {
    const observer = new CallObserver(client(legacy.url))
    const { next, statuses } = watch(observer)
    const done = observer.start(tool('two_fields'))
    const asked = await next('awaiting_input')
    expect(asked).toMatchObject({ round: 1, pending: undefined, inputs: [{ method: 'elicitation/create', era: 'legacy', params: { message: 'Tell me about you' } }] })
    expect(observer.save()).toBeUndefined()
    const key = asked.status === 'awaiting_input' ? asked.inputs[0]!.key : ''
    observer.respond(key, { action: 'accept', content: { name: 'Lin', age: 41 } })
    expect(textOf(await done)).toBe('name=Lin age=41')
    // Answered, a 2025-11-25 call runs on where it was (no retry): running again until its result.
    expect(statuses()).toEqual(['running', 'awaiting_input', 'awaiting_input', 'running', 'done'])
  })

  it('shows requests a legacy server pushes at the same time together, each answered on its own', async () => {
    const observer = new CallObserver(client(legacy.url))
    const done = observer.start(tool('two_at_once'))
    await expect.poll(() => {
      const state = observer.getSnapshot()
      return state.status === 'awaiting_input' ? state.inputs.map((i) => i.params.message) : []
    }).toEqual(['First at once', 'Second at once'])
    const state = observer.getSnapshot()
    const [first, second] = state.status === 'awaiting_input' ? state.inputs : []
    observer.respond(second!.key, { action: 'accept', content: { b: 'two' } })
    observer.respond(first!.key, { action: 'accept', content: { a: 'one' } })
    expect(textOf(await done)).toBe('a=one b=two')
  })

  it('replaces a running call with a new one', async () => {
    const observer = new CallObserver(client())
    const firstRun = observer.start(tool('slow', { ms: 2000 }))
    while (!server.requests.some((r) => r.rpcMethod === 'tools/call' && JSON.stringify(r.body).includes('"slow"'))) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const secondRun = observer.start(tool('echo', { text: 'second' }))
    expect((await firstRun).status).toBe('cancelled')
    expect(textOf(await secondRun)).toBe('second')
    expect((await server.waitForReceived('slow')).data).toMatchObject({ aborted: true })
  })

  it('ends the call when the person declines a sampling request (modern) and answers an error to a legacy server', async () => {
    const modern = new CallObserver(client())
    const done = modern.start(tool('needs_sampling'))
    await watch(modern).next('awaiting_input')
    const calls = server.requests.filter((r) => r.rpcMethod === 'tools/call').length
    modern.respond('llm', declineAnswer())
    expect((await done).status).toBe('cancelled')
    expect(server.requests.filter((r) => r.rpcMethod === 'tools/call').length).toBe(calls)

    const old = new CallObserver(client(legacy.url))
    const finished = old.start(tool('needs_sampling'))
    const asked = await watch(old).next('awaiting_input')
    old.respond(asked.status === 'awaiting_input' ? asked.inputs[0]!.key : '', declineAnswer())
    const state = await finished
    expect(state.status === 'done' && state.result.isError).toBe(true)
    const answer = legacy.requests.map((r) => r.body as any).find((b) => b?.error?.message?.includes('rejected'))
    expect(answer.error).toEqual({ code: -1, message: 'User rejected the sampling/createMessage request' })
  })

  it('does not reuse a resumed round\'s answers for a later round asking the same key', async () => {
    const urlServer = await startModernServer({ requireUrlVisit: true })
    try {
      const first = new CallObserver(client(urlServer.url))
      void first.start(tool('confirm_url'))
      await watch(first).next('awaiting_input')
      const saved = { ...first.save()!, answers: { confirm: { action: 'accept' as const } } }
      first.cancel()
      const resumed = new CallObserver(client(urlServer.url))
      void resumed.resume(saved)
      // The saved accept answers round 1; the page was not visited, so the server asks again and waits.
      const again = await watch(resumed).next('awaiting_input')
      expect(again).toMatchObject({ round: 2, inputs: [{ key: 'confirm', answered: false }] })
      resumed.cancel()
    } finally {
      await urlServer.close()
    }
  })

  describe('answers survive failures', () => {
    /** A real fetch that answers the first retry of round 2 (the one carrying `size`) with a 503. */
    function failingRoundTwo() {
      let failures = 0
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { params?: { inputResponses?: Record<string, unknown> } }) : undefined
        if (body?.params?.inputResponses && 'size' in body.params.inputResponses && failures === 0) {
          failures++
          return new Response('busy', { status: 503 })
        }
        return globalThis.fetch(input, init)
      }
      return { fetch, failures: () => failures }
    }
    const memoryStorage = () => {
      const items = new Map<string, string>()
      const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) } as Storage
      return { items, adapter: sessionCallStorage('test:', storage) }
    }

    it('retry() sends the failed round again with the same requestState and answers, never asking round 1 again', async () => {
      const wire = failingRoundTwo()
      const observer = new CallObserver(createClient(server.url, { capabilities, onWarning: () => {}, fetch: wire.fetch }))
      const { next, states } = watch(observer)
      void observer.start(tool('wizard'))
      await next('awaiting_input')
      observer.respond('color', { action: 'accept', content: { color: 'green' } })
      await next('awaiting_input')
      observer.respond('size', { action: 'accept', content: { size: 4 } })
      const failed = await next('error')
      expect(wire.failures()).toBe(1)
      expect(failed).toMatchObject({ status: 'error', round: 2, pending: { round: 2 }, answers: { size: { action: 'accept', content: { size: 4 } } } })
      const before = states.length
      const sentBefore = server.requests.filter((r) => r.rpcMethod === 'tools/call').length
      const final = await observer.retry()!
      expect(textOf(final)).toBe('{"color":"green","size":4}')
      // Straight to the retry: no question was shown again.
      expect(states.slice(before).map((s) => s.status)).toEqual(['running', 'retrying', 'done'])
      const sent = server.requests.filter((r) => r.rpcMethod === 'tools/call').slice(sentBefore)
      expect(sent).toHaveLength(1)
      const params = (sent[0]!.body as { params: { inputResponses: unknown; requestState: string } }).params
      expect(params.inputResponses).toEqual({ size: { action: 'accept', content: { size: 4 } } })
      expect(params.requestState).toBe(failed.status === 'error' ? failed.pending!.requestState : undefined)
    })

    it('retry() starts over when the call failed before any round, and does nothing unless failed', async () => {
      const observer = new CallObserver(client('http://127.0.0.1:9/mcp'))
      expect(observer.retry()).toBeUndefined()
      const failed = await observer.start(tool('wizard'))
      expect(failed).toMatchObject({ status: 'error', pending: undefined })
      const again = await observer.retry()!
      expect(again.status).toBe('error')
      expect(again).not.toBe(failed)
    })

    it('keeps a round whose retry failed in storage, so a reload resumes it without asking again', async () => {
      const wire = failingRoundTwo()
      const { items, adapter } = memoryStorage()
      const first = new CallObserver(createClient(server.url, { capabilities, onWarning: () => {}, fetch: wire.fetch }), { storage: adapter, storageKey: 'w' })
      const seen = watch(first)
      void first.start(tool('wizard'))
      await seen.next('awaiting_input')
      first.respond('color', { action: 'accept', content: { color: 'red' } })
      await seen.next('awaiting_input')
      first.respond('size', { action: 'accept', content: { size: 2 } })
      await seen.next('error')
      await first.flush()
      expect(JSON.parse(items.get('test:w')!)).toMatchObject({ pending: { round: 2 }, answers: { size: { action: 'accept' } } })
      const reloaded = new CallObserver(client(), { storage: adapter, storageKey: 'w' })
      const after = watch(reloaded)
      const final = await reloaded.restore()
      expect(textOf(final!)).toBe('{"color":"red","size":2}')
      expect(after.statuses()).not.toContain('awaiting_input')
      await reloaded.flush()
      expect(JSON.parse(items.get('test:w')!)).toMatchObject({ finished: { rounds: 2 } })
    })

    it('keeps typed but unsent drafts with storage and gives them back after a reload', async () => {
      const { items, adapter } = memoryStorage()
      const first = new CallObserver(client(), { storage: adapter, storageKey: 'd' })
      void first.start(tool('wizard'))
      await watch(first).next('awaiting_input')
      first.saveDraft('color', { color: 'half-typed' })
      first.saveDraft('not-asked', { x: 1 })
      await first.flush()
      expect(JSON.parse(items.get('test:d')!).drafts).toEqual({ color: { color: 'half-typed' } })
      const reloaded = new CallObserver(client(), { storage: adapter, storageKey: 'd' })
      const done = reloaded.restore()
      const shown = await watch(reloaded).next('awaiting_input')
      expect(shown.status === 'awaiting_input' && shown.inputs[0]).toMatchObject({ key: 'color', answered: false, draft: { color: 'half-typed' } })
      first.cancel()
      reloaded.respond('color', declineAnswer())
      // Sent: the draft is gone with the round.
      expect(textOf((await done)!)).toBe('wizard stopped at color: decline')
      await reloaded.flush()
      expect(JSON.parse(items.get('test:d')!).drafts).toBeUndefined()
    })

    it('a storage that throws never breaks the call: a warning says so, nothing is thrown', async () => {
      const broken = { load: () => { throw new Error('denied') }, save: () => { throw new Error('quota') }, remove: () => { throw new Error('denied') } }
      const errors: unknown[] = []
      const warnings: string[] = []
      const onError = (event: ErrorEvent | Error) => errors.push(event)
      process.on('uncaughtException', onError)
      try {
        const observer = new CallObserver(client(), { storage: broken, storageKey: 'b', onWarning: (message) => void warnings.push(message) })
        expect(await observer.restore()).toBeUndefined()
        // It may keep a call: nothing starts it again without the person.
        expect(observer.getSnapshot()).toMatchObject({ status: 'idle', stored: 'unreadable', storeError: { message: 'denied' } })
        expect(warnings).toContain('The kept call under "b" could not be read: denied')
        const done = observer.start(tool('wizard'))
        await watch(observer).next('awaiting_input')
        observer.respond('color', declineAnswer())
        expect(textOf(await done)).toBe('wizard stopped at color: decline')
        await observer.flush()
        expect(errors).toEqual([])
        expect(warnings).toContain('Round 1 of tools/call was not saved (a reload cannot resume it): the storage refused it (quota)')
        expect(warnings).toContain('The result of tools/call was not saved (a reload cannot resume it): the storage refused it (quota)')
      } finally {
        process.off('uncaughtException', onError)
      }
    })
  })

  it('a legacy call waiting for the person says after a reload that it cannot be resumed, with its question and answers, and runs again on retry()', async () => {
    const items = new Map<string, string>()
    const storage = sessionCallStorage('test:', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) } as Storage)
    const first = new CallObserver(client(legacy.url), { storage, storageKey: 'lost' })
    void first.start(tool('ask_name'))
    await watch(first).next('awaiting_input')
    await first.flush()
    expect(JSON.parse(items.get('test:lost')!)).toMatchObject({ lost: true, questions: [{ method: 'elicitation/create', params: { message: 'What is your name?' } }] })
    const reloaded = new CallObserver(client(legacy.url), { storage, storageKey: 'lost' })
    const shown = await reloaded.restore()
    expect(shown?.status).toBe('error')
    const error = shown?.status === 'error' ? shown.error : undefined
    expect(error?.code).toBe('NOT_RESUMABLE')
    expect(error?.message).toContain('“What is your name?”')
    first.cancel()
    const again = reloaded.retry()!
    const asked = await watch(reloaded).next('awaiting_input')
    expect(asked.status === 'awaiting_input' && asked.inputs[0]?.params.message).toBe('What is your name?')
    reloaded.respond(asked.status === 'awaiting_input' ? asked.inputs[0]!.key : '', { action: 'accept', content: { name: 'Ada' } })
    expect(textOf(await again)).toBe('hello Ada')
  })
})
