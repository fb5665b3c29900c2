/**
 * Two tabs over one IndexedDB (fake-indexeddb, two stores on one database,
 * as two tabs of an origin have) against a real server: both show the same
 * question, the one that answers sends, the other shows it being sent and
 * then what came of it, and of two answering at once exactly one reaches the
 * server.
 */
import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { CallObserver, createClient, type CallState, type SavedCall } from '../core/index'
import { tabId } from '../core/tab-id'
import { asking, until } from '../../test/support/observer-waits.ts'
import { indexedDbCallStorage, type IndexedDbCallStorage } from './indexed-db'

let server: ModernServer
beforeAll(async () => {
  server = await startModernServer()
})
afterAll(() => server.close())

const capabilities = { elicitation: { form: {} } }
const wizard = { method: 'tools/call' as const, params: { name: 'wizard', arguments: {} } }
const calls = () => server.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === 'wizard').length
let opened: IndexedDbCallStorage[] = []
let database = 0
afterEach(() => {
  opened.forEach((storage) => storage.close())
  opened = []
})

/** Two tabs of one browser: each its own store on the same database, its own client and observer of the call `key`. */
function twoTabs(key = 'call-1') {
  const name = `tabs-${++database}`
  const tab = () => {
    const storage = indexedDbCallStorage({ database: name })
    opened.push(storage)
    return new CallObserver(createClient(server.url, { capabilities, onWarning: () => {} }), { storage, storageKey: key })
  }
  return [tab(), tab()] as const
}


describe('two tabs of one browser', () => {
  it('show the same question; the tab that answers sends, the other shows it sent and then the next round, once at the server', async () => {
    const [a, b] = twoTabs()
    void a.start(wizard)
    const first = await until(a, asking(1))
    await a.flush()
    void b.restore()
    const shown = await until(b, asking(1))
    expect(shown.status === 'awaiting_input' && shown.pending?.requestState).toBe(first.status === 'awaiting_input' && first.pending?.requestState)
    const before = calls()

    a.respond('color', { action: 'accept', content: { color: 'red' } })
    // The other tab's question closes as soon as the answer goes, then shows the round that came of it.
    await until(b, (state) => state.status === 'retrying')
    await until(a, asking(2))
    const next = await until(b, asking(2))
    expect(next.status === 'awaiting_input' && next.inputs.map((input) => input.key)).toEqual(['size'])
    expect(calls()).toBe(before + 1)

    // The second round, answered in the other tab.
    b.respond('size', { action: 'accept', content: { size: 3 } })
    const done = await until(b, (state) => state.status === 'done')
    expect(done.status === 'done' && done.result.content).toEqual([{ type: 'text', text: '{"color":"red","size":3}' }])
    // Finished in one tab, finished in the other: its result, not a second run.
    const there = await until(a, (state) => state.status === 'done')
    expect(there.status === 'done' && there.result).toEqual(done.status === 'done' && done.result)
    expect(calls()).toBe(before + 2)
  })

  it('of two tabs answering the same round at once, exactly one sends; the other shows it being sent', async () => {
    const [a, b] = twoTabs('call-2')
    void a.start(wizard)
    await until(a, asking(1))
    await a.flush()
    void b.restore()
    await until(b, asking(1))
    const before = calls()
    a.respond('color', { action: 'accept', content: { color: 'red' } })
    b.respond('color', { action: 'accept', content: { color: 'blue' } })
    const [left, right] = await Promise.all([until(a, asking(2)), until(b, asking(2))])
    expect(calls()).toBe(before + 1)
    // Both show the one round that came back, whoever sent it.
    const title = (state: CallState) => (state.status === 'awaiting_input' ? state.inputs[0]!.params.message : undefined)
    expect(title(left)).toBe(title(right))
    expect(['Colour red. Now pick a size', 'Colour blue. Now pick a size']).toContain(title(left))
  })

  it('a round this tab claimed, found again after a reload or a sign-in redirect of the same tab, is sent from here; one another tab claimed is shown being sent, and nothing goes', async () => {
    for (const [sendingTab, own] of [[tabId(), true], ['another-tab', false]] as const) {
      const key = `claimed-${String(own)}`
      const [a] = twoTabs(key)
      void a.start(wizard)
      const asked = await until(a, asking(1))
      await a.flush()
      const saved = a.save() as SavedCall
      expect(asked.status === 'awaiting_input' && saved.pending.requestState).toBe(asked.status === 'awaiting_input' && asked.pending?.requestState)
      // What a tab leaves when it claimed the round and the page went away (a reload, a sign-in redirect) before the answer came.
      const storage = indexedDbCallStorage({ database: `tabs-${database}` })
      opened.push(storage)
      await storage.save(key, { ...saved, answers: { color: { action: 'accept', content: { color: 'red' } } }, sendingSince: Date.now(), sendingTab })
      const before = calls()
      const back = new CallObserver(createClient(server.url, { capabilities, onWarning: () => {} }), { storage, storageKey: key })
      void back.restore()
      if (own) {
        await until(back, asking(2))
        expect(calls()).toBe(before + 1)
      } else {
        await until(back, (state) => state.status === 'retrying')
        expect(calls()).toBe(before)
      }
      back.cancel()
      a.cancel()
    }
  })
})
