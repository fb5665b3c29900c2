/**
 * The IndexedDB store on fake-indexeddb (the real one runs in Chromium in
 * e2e/durable.spec.ts): records, files as Blobs, the compare-and-set, the
 * time-to-live, and the tabs told of each other's writes.
 */
import 'fake-indexeddb/auto'
import { openDB } from 'idb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isMcpStoreError, type SavedCall, type StoredCall } from '../core/index'
import { indexedDbCallStorage, type IndexedDbCallStorage } from './indexed-db'

const request = { method: 'tools/call' as const, params: { name: 'wizard', arguments: {} } }
const round = (answers: SavedCall['answers'] = {}, drafts?: SavedCall['drafts']): SavedCall => ({
  version: 1,
  endpoint: 'http://127.0.0.1:9/mcp',
  request,
  pending: { request, round: 1, inputRequests: { color: { method: 'elicitation/create', params: { message: 'Colour?' } } }, requestState: 'opaque' },
  answers,
  ...(drafts && { drafts }),
})
const photo = `data:image/png;name=cat.png;base64,${btoa(String.fromCharCode(...Array.from({ length: 3000 }, (_, i) => i % 256)))}`

let opened: IndexedDbCallStorage[] = []
let database = 0
/** A store over a fresh database, as each test's browser; `tab()` opens the same database again, as another tab would. */
function browser(options: { ttlMs?: number } = {}) {
  const name = `test-${++database}`
  const tab = () => {
    const storage = indexedDbCallStorage({ database: name, ...options })
    opened.push(storage)
    return storage
  }
  return { name, tab }
}
afterEach(() => {
  opened.forEach((storage) => storage.close())
  opened = []
  vi.restoreAllMocks()
})

describe('indexedDbCallStorage', () => {
  it('keeps a call and gives it back with its version; a file is a Blob in the database and the same data: URI when read', async () => {
    const { name, tab } = browser()
    const storage = tab()
    const rev = await storage.save('k', round({}, { color: { photo } }))
    expect(typeof rev).toBe('number')
    const back = (await storage.load('k')) as SavedCall
    expect(back).toEqual({ ...round({}, { color: { photo } }), rev })
    const raw = await openDB(name)
    const record = await raw.get('calls', 'k')
    raw.close()
    const kept = record.call.drafts.color.photo
    expect(kept.mcpElicitFile.blob).toBeInstanceOf(Blob)
    expect(kept.mcpElicitFile.blob.size).toBe(3000)
    expect(kept.mcpElicitFile.header).toBe('data:image/png;name=cat.png;base64')
    expect(JSON.stringify(record)).not.toContain('base64,')
  })

  it('outlives the store that wrote it (a restarted browser) and forgets what is past its time-to-live', async () => {
    const { tab } = browser({ ttlMs: 60_000 })
    await tab().save('k', round())
    expect(await tab().load('k')).toMatchObject({ pending: { requestState: 'opaque' } })
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000)
    expect(await tab().load('k')).toBeUndefined()
  })

  it('writes over the version it read only: of two tabs writing the same version, one wins and the other gets a conflict holding the winner', async () => {
    const { tab } = browser()
    const first = tab()
    const second = tab()
    const rev = (await first.save('k', round())) as number
    const [a, b] = await Promise.allSettled([
      first.save('k', { ...round({ color: { action: 'accept', content: { color: 'red' } } }), rev, sendingSince: 1 }),
      second.save('k', { ...round({ color: { action: 'accept', content: { color: 'blue' } } }), rev, sendingSince: 2 }),
    ])
    const won = [a, b].filter((outcome) => outcome.status === 'fulfilled')
    const lost = [a, b].filter((outcome) => outcome.status === 'rejected')
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(1)
    const error = (lost[0] as PromiseRejectedResult).reason
    expect(isMcpStoreError(error) && error.reason).toBe('conflict')
    const current = error.current as SavedCall
    expect(current.rev).toBe((won[0] as PromiseFulfilledResult<number>).value)
    expect(current.sendingSince).toBe(a.status === 'fulfilled' ? 1 : 2)
  })

  it('a write over a version that was removed meanwhile is a conflict with nothing current; a write without a version goes over anything', async () => {
    const { tab } = browser()
    const storage = tab()
    const rev = (await storage.save('k', round())) as number
    await tab().remove('k')
    await expect(storage.save('k', { ...round(), rev })).rejects.toMatchObject({ reason: 'conflict', current: undefined })
    await expect(storage.save('k', round())).resolves.toBeTypeOf('number')
  })

  it('tells the other tabs watching a key of each write and removal, with the call as it is then', async () => {
    const { tab } = browser()
    const writer = tab()
    const watcher = tab()
    const seen: Array<StoredCall | undefined> = []
    const stop = watcher.watch('k', (call) => seen.push(call))
    await writer.save('k', round({}, { color: { color: 'gre' } }))
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    expect(seen[0]).toMatchObject({ drafts: { color: { color: 'gre' } } })
    await writer.remove('k')
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(seen[1]).toBeUndefined()
    stop()
    await writer.save('k', round())
    // The third write is told to nobody: one more write that is heard proves it went by.
    const other: unknown[] = []
    watcher.watch('other', (call) => other.push(call))
    await writer.save('other', round())
    await vi.waitFor(() => expect(other).toHaveLength(1))
    expect(seen).toHaveLength(2)
  })

  it('without IndexedDB, every method rejects with an McpStoreError unavailable, and the store can be used once it is there', async () => {
    const saved = globalThis.indexedDB
    // @ts-expect-error: a window without IndexedDB
    delete globalThis.indexedDB
    try {
      const storage = indexedDbCallStorage({ database: `none-${++database}` })
      opened.push(storage)
      await expect(storage.load('k')).rejects.toMatchObject({ name: 'McpStoreError', reason: 'unavailable' })
      await expect(storage.save('k', round())).rejects.toMatchObject({ reason: 'unavailable' })
      globalThis.indexedDB = saved
      await expect(storage.load('k')).resolves.toBeUndefined()
    } finally {
      globalThis.indexedDB = saved
    }
  })
})
