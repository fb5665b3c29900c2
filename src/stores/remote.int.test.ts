/**
 * Two devices of one user over the backend store (the package's handler on
 * PGlite, over HTTP on 127.0.0.1) against a real MCP server: a question
 * asked on the laptop is answered on the phone, the laptop shows what came
 * of it, and the tool runs once; a large file stays on the laptop and the
 * phone is told; a store that is down is a typed error.
 */
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startCallStoreServer, type CallStoreServer } from '../../servers/call-store-server.ts'
import { startModernServer, type ModernServer } from '../../servers/modern-server.ts'
import { startPglite } from '../../servers/postgres.ts'
import { asking, until } from '../../test/support/observer-waits.ts'
import { memoryStorage } from '../../test/support/memory-storage.ts'
import { CallObserver, createClient, isFileNotKept, type SavedCall } from '../core/index'
import { remoteCallStorage } from './remote'
import { migrate } from './server/index'

let mcp: ModernServer
let pglite: Awaited<ReturnType<typeof startPglite>>
let store: CallStoreServer
beforeAll(async () => {
  ;[mcp, pglite] = await Promise.all([startModernServer(), startPglite()])
  await migrate(pglite.db)
  store = await startCallStoreServer(pglite.db)
}, 60_000)
afterAll(async () => {
  await store?.close()
  await Promise.all([mcp?.close(), pglite?.stop()])
})

const wizard = { method: 'tools/call' as const, params: { name: 'wizard', arguments: {} } }
const calls = () => mcp.requests.filter((r) => r.rpcMethod === 'tools/call' && (r.body as { params: { name: string } }).params.name === 'wizard').length
const device = (user: string, key: string, options: Partial<Parameters<typeof remoteCallStorage>[0]> = {}) => {
  const storage = remoteCallStorage({ url: store.url, headers: () => ({ 'x-user': user }), pollMs: 50, ...options })
  return { storage, observer: new CallObserver(createClient(mcp.url, { capabilities: { elicitation: { form: {} } }, onWarning: () => {} }), { storage, storageKey: key }) }
}

describe('two devices of one user over the backend store', () => {
  it('a question asked on the laptop is answered on the phone; the laptop follows; the tool runs once per round', async () => {
    const laptop = device('alice', 'chat-1:call-1')
    const phone = device('alice', 'chat-1:call-1')
    const before = calls()
    void laptop.observer.start(wizard)
    await until(laptop.observer, asking(1))
    await laptop.observer.flush()
    void phone.observer.restore()
    await until(phone.observer, asking(1))
    phone.observer.respond('color', { action: 'accept', content: { color: 'green' } })
    await until(laptop.observer, (state) => state.status === 'retrying' || asking(2)(state))
    const second = await until(laptop.observer, asking(2))
    expect(second.status === 'awaiting_input' && second.inputs[0]!.params.message).toBe('Colour green. Now pick a size')
    await until(phone.observer, asking(2))
    laptop.observer.respond('size', { action: 'accept', content: { size: 5 } })
    const done = await until(laptop.observer, (state) => state.status === 'done')
    expect(done.status === 'done' && done.result.content).toEqual([{ type: 'text', text: '{"color":"green","size":5}' }])
    // Finished on the laptop, finished on the phone: the result, not a second run.
    const there = await until(phone.observer, (state) => state.status === 'done')
    expect(there.status === 'done' && there.result).toEqual(done.status === 'done' && done.result)
    expect(calls() - before).toBe(3)
    // A device that opens the conversation later finds the result too.
    const later = device('alice', 'chat-1:call-1')
    await later.observer.restore()
    expect(later.observer.getSnapshot()).toMatchObject({ status: 'done', result: { content: [{ text: '{"color":"green","size":5}' }] } })
    expect(calls() - before).toBe(3)
    // Another user of the host sees none of it.
    expect(await device('bob', 'chat-1:call-1').storage.list()).toEqual([])
  })

  it('a file larger than maxFileBytes stays on the device it was picked on; the other device is told and asks for it again', async () => {
    const photo = `data:image/png;base64,${'A'.repeat(200_000)}`
    const local = memoryStorage()
    const laptop = device('carol', 'k-file', { local, maxFileBytes: 50_000 })
    const phone = device('carol', 'k-file')
    const request = wizard
    const round: SavedCall = { version: 1, endpoint: new URL(mcp.url).href, request, pending: { request, round: 1, inputRequests: { pic: { method: 'elicitation/create', params: { message: 'A picture?' } } }, requestState: 'state-1' }, answers: { pic: { action: 'accept', content: { photo } } } }
    await laptop.storage.save('k-file', round)
    const there = (await phone.storage.load('k-file')) as SavedCall
    expect(there.answers).toEqual({})
    const kept = (there.drafts?.pic as { photo: unknown }).photo
    expect(isFileNotKept(kept) && kept.fileNotKept).toEqual({ mediaType: 'image/png', bytes: 150_000, stayedOnDevice: true })
    const here = (await laptop.storage.load('k-file')) as SavedCall
    expect(here.answers.pic).toEqual({ action: 'accept', content: { photo } })
  })

  it('keeps the call, never the credentials: no access token or DPoP proof of the signed-in client reaches the backend', async () => {
    const sent: string[] = []
    const auth = {
      authorization: async () => 'Bearer ACCESS-TOKEN-of-alice',
      challenged: async () => false,
      proof: async () => 'DPOP-PROOF-of-alice',
    }
    const storage = remoteCallStorage({
      url: store.url,
      headers: () => ({ 'x-user': 'erin' }),
      fetch: async (input, init) => {
        sent.push(`${String(input)} ${String(init?.body ?? '')}`)
        return fetch(input, init)
      },
    })
    const observer = new CallObserver(createClient(mcp.url, { auth, capabilities: { elicitation: { form: {} } }, onWarning: () => {} }), { storage, storageKey: 'signed-in' })
    void observer.start(wizard)
    await until(observer, asking(1))
    observer.saveDraft('color', { color: 'teal' })
    await observer.flush()
    // The call went to the MCP server with the credentials; its record went to the backend without them.
    expect(mcp.requests.some((r) => r.headers.authorization === 'Bearer ACCESS-TOKEN-of-alice')).toBe(true)
    expect(sent.join('\n')).toContain('"requestState"')
    expect(sent.join('\n')).not.toMatch(/ACCESS-TOKEN|DPOP-PROOF|Bearer/)
    observer.cancel()
  })

  it('a store that is down, a user not signed in, a call over the cap: each an McpStoreError with its reason', async () => {
    const down = remoteCallStorage({ url: 'http://127.0.0.1:9/calls' })
    await expect(down.load('k')).rejects.toMatchObject({ name: 'McpStoreError', reason: 'unavailable' })
    // A backend that takes the connection and never answers is down too, after timeoutMs.
    const silent = remoteCallStorage({ url: store.url, timeoutMs: 50, fetch: (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) })
    await expect(silent.load('k')).rejects.toMatchObject({ reason: 'unavailable' })
    const anonymous = remoteCallStorage({ url: store.url })
    await expect(anonymous.load('k')).rejects.toMatchObject({ reason: 'refused', status: 401 })
    const small = await startCallStoreServer(pglite.db, { maxRecordBytes: 1_000 })
    try {
      const storage = remoteCallStorage({ url: small.url, headers: () => ({ 'x-user': 'dave' }) })
      const big = { version: 1 as const, endpoint: 'x', request: { ...wizard, params: { name: 'w', arguments: { note: 'x'.repeat(5_000) } } }, pending: { request: wizard, round: 1, inputRequests: {}, requestState: 's' }, answers: {} }
      await expect(storage.save('k', big)).rejects.toMatchObject({ reason: 'too_large', status: 413 })
    } finally {
      await small.close()
    }
  })

  it('a hidden tab reads nothing; shown again, it reads the watched call at once and hears what changed meanwhile', async () => {
    // The browser's document as far as the store looks at it (Node has none): its visibility and the event.
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    const show = (state: DocumentVisibilityState) => {
      page.visibilityState = state
      page.dispatchEvent(new Event('visibilitychange'))
    }
    vi.stubGlobal('document', page)
    // Only the poll's interval is the test's to move on: requests, their timeouts and the server run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const settled = () => new Promise((resolve) => setTimeout(resolve, 50))
    try {
      const reads: string[] = []
      const tab = remoteCallStorage({ url: store.url, headers: () => ({ 'x-user': 'frank' }), pollMs: 1_000, fetch: (input, init) => (reads.push(String(init?.method)), fetch(input, init)) })
      const other = device('frank', 'k-hidden').storage
      const request = wizard
      const round = (color?: string): SavedCall => ({ version: 1, endpoint: 'x', request, pending: { request, round: 1, inputRequests: { color: { method: 'elicitation/create', params: { message: 'Colour?' } } }, requestState: 's-1' }, answers: color ? { color: { action: 'accept', content: { color } } } : {} })
      await other.save('k-hidden', round())
      const heard: unknown[] = []
      const stop = tab.watch('k-hidden', (call) => heard.push(call))
      await vi.waitFor(() => expect(reads).toEqual(['GET']))
      vi.advanceTimersByTime(1_000)
      await vi.waitFor(() => expect(reads).toEqual(['GET', 'GET']))

      show('hidden')
      await other.save('k-hidden', round('red'))
      vi.advanceTimersByTime(10_000)
      await settled()
      expect(reads).toEqual(['GET', 'GET'])
      expect(heard).toEqual([])

      // No interval moved: the read is the page being shown.
      show('visible')
      await vi.waitFor(() => expect(heard).toHaveLength(1))
      expect((heard[0] as SavedCall).answers.color).toEqual({ action: 'accept', content: { color: 'red' } })
      expect(reads).toEqual(['GET', 'GET', 'GET'])
      // And polling again, every pollMs.
      vi.advanceTimersByTime(1_000)
      await vi.waitFor(() => expect(reads).toHaveLength(4))
      stop()
      // No call watched: the page's visibility is none of the store's business.
      show('hidden')
      show('visible')
      vi.advanceTimersByTime(5_000)
      await settled()
      expect(reads).toHaveLength(4)
    } finally {
      vi.useRealTimers()
      vi.unstubAllGlobals()
    }
  })
})
