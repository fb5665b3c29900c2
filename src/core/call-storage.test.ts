/**
 * Files in round storage (SEP-2356 data: URIs in answers and drafts): kept up
 * to STORED_FILE_CHARS per stored call, the rest stored as "not kept" so the
 * round itself (its requestState) still fits in sessionStorage. And what an
 * observer does before its writer (loaded on demand) is there.
 */
import { describe, expect, it, vi } from 'vitest'
import { CallPersistence } from './call-persistence'
import { answersToResend, isFileNotKept, parseSavedCall, sessionCallStorage, type LostCall, type SavedCall, type SavedTask } from './call-storage'
import { STORED_FILE_CHARS, withoutLargeFiles } from './stored-files'
import { IDLE, type CallState } from './call-state'
import type { McpClient } from './client'
import { isMcpNotResumableError } from './not-resumable-error'

const file = (bytes: number, type = 'image/png') => `data:${type};base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`
const request = { method: 'tools/call' as const, params: { name: 't' } }
const pending = { request, round: 1, inputRequests: { a: { method: 'elicitation/create', params: {} }, b: { method: 'elicitation/create', params: {} } }, requestState: 'opaque' }
const round = (extra: Partial<SavedCall>): SavedCall => ({ version: 1, request, pending, answers: {}, ...extra })

describe('withoutLargeFiles', () => {
  it('leaves a call without large files as it is (small data URIs are text like any other)', () => {
    const saved = round({ answers: { a: { action: 'accept', content: { photo: 'data:image/png;base64,AAAA' } } }, drafts: { b: { name: 'x' } } })
    expect(withoutLargeFiles(saved)).toBe(saved)
  })

  it('keeps files up to the budget, and stores the rest as not kept, with type and size', () => {
    const kept = file(600_000)
    const saved = round({ drafts: { b: { first: kept, second: file(600_000, 'application/pdf'), list: [file(3000), 'text'] } } })
    const trimmed = withoutLargeFiles(saved)
    expect(trimmed.drafts!.b!.first).toBe(kept)
    expect(trimmed.drafts!.b!.second).toEqual({ fileNotKept: { mediaType: 'application/pdf', bytes: 600_000 } })
    expect(isFileNotKept(trimmed.drafts!.b!.second)).toBe(true)
    // Still room for a small one after the first.
    expect((trimmed.drafts!.b!.list as unknown[])[0]).toMatch(/^data:image\/png;base64,A+$/)
    expect(JSON.stringify(trimmed).length).toBeLessThan(STORED_FILE_CHARS + 2000)
  })

  it('an answer holding a file it cannot keep goes back to being a draft: the question is asked again, the others are resent', () => {
    const saved = round({ answers: { a: { action: 'accept', content: { photo: file(1_200_000), note: 'hi' } }, b: { action: 'decline' } } })
    const trimmed = withoutLargeFiles(saved)
    expect(trimmed.answers).toEqual({ b: { action: 'decline' } })
    expect(trimmed.drafts).toEqual({ a: { photo: { fileNotKept: { mediaType: 'image/png', bytes: 1_200_000 } }, note: 'hi' } })
    expect(answersToResend(trimmed)).toBeUndefined()
    expect(parseSavedCall(JSON.stringify(trimmed))).toEqual(trimmed)
  })

  it('a lost legacy call keeps its answers for display, files (any over 1 KB) as not kept; a task its drafts', () => {
    const lost: LostCall = { version: 1, lost: true, request, round: 1, questions: [], answers: { a: { action: 'accept', content: { photo: file(3000) } } } }
    expect(withoutLargeFiles(lost).answers).toEqual({ a: { action: 'accept', content: { photo: { fileNotKept: { mediaType: 'image/png', bytes: 3000 } } } } })
    const task: SavedTask = { version: 1, request, task: { taskId: 't', status: 'input_required' }, answered: [], drafts: { a: { photo: file(2_100_000) } } }
    expect(withoutLargeFiles(task).drafts).toEqual({ a: { photo: { fileNotKept: { mediaType: 'image/png', bytes: 2_100_000 } } } })
  })
})

describe('CallPersistence with a file larger than sessionStorage takes', () => {
  it('the round is still saved (its requestState and other answers), the file as not kept', async () => {
    const items = new Map<string, string>()
    // About what a browser's sessionStorage holds per origin.
    const quota = 5_000_000
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (value.length > quota) throw new DOMException('quota', 'QuotaExceededError')
        items.set(key, value)
      },
      removeItem: (key: string) => void items.delete(key),
    } as Storage
    const adapter = sessionCallStorage('t:', storage)
    const warnings: string[] = []
    const persistence = new CallPersistence(() => ({ storage: adapter, key: 'k' }), (message) => void warnings.push(message))
    const state = {
      status: 'awaiting_input',
      request: { method: 'tools/call', params: { name: 't' } },
      round: 1,
      pending,
      inputs: [
        { key: 'a', method: 'elicitation/create', params: {}, era: 'modern', answered: true, response: { action: 'accept', content: { photo: file(3_999_999) } } },
        { key: 'b', method: 'elicitation/create', params: {}, era: 'modern', answered: false },
      ],
    } as unknown as CallState
    persistence.save({ state, drafts: {}, taskAnswered: [], endpoint: 'http://127.0.0.1:9/mcp' })
    // The first write waits for the writer (call-writer.ts, loaded on demand).
    await persistence.flush()
    expect(warnings).toEqual([])
    const saved = (await adapter.load('k')) as SavedCall
    expect(saved.pending.requestState).toBe('opaque')
    expect(saved.answers).toEqual({})
    expect(saved.drafts).toEqual({ a: { photo: { fileNotKept: { mediaType: 'image/png', bytes: 3_999_999 } } } })
  })
})

describe('CallPersistence before its writer has loaded', () => {
  it('writes the call as it stands once the writer is there: the latest state, nothing older, and a remove', async () => {
    // A fresh module: the writer an earlier test loaded is not there yet.
    vi.resetModules()
    const { CallPersistence } = await import('./call-persistence')
    const writes: string[] = []
    const adapter = {
      load: async () => undefined,
      save: async (key: string, saved: unknown) => void writes.push(`save ${key} ${JSON.stringify((saved as SavedCall).answers)}`),
      remove: async (key: string) => void writes.push(`remove ${key}`),
    }
    const persistence = new CallPersistence(() => ({ storage: adapter, key: 'k' }), () => {})
    const asking = (answered: boolean) =>
      ({
        status: 'awaiting_input',
        request,
        round: 1,
        pending,
        inputs: [{ key: 'a', method: 'elicitation/create', params: {}, era: 'modern', answered, ...(answered && { response: { action: 'decline' } }) }],
      }) as unknown as CallState
    persistence.save({ state: asking(false), drafts: {}, taskAnswered: [], endpoint: 'http://127.0.0.1:9/mcp' })
    persistence.save({ state: asking(true), drafts: {}, taskAnswered: [], endpoint: 'http://127.0.0.1:9/mcp' })
    expect(writes).toEqual([])
    await vi.waitFor(() => expect(writes).toEqual(['save k {"a":{"action":"decline"}}']))
    persistence.save({ state: { status: 'cancelled', request, round: 1 } as CallState, drafts: {}, taskAnswered: [], endpoint: 'http://127.0.0.1:9/mcp' })
    await persistence.flush()
    expect(writes).toEqual(['save k {"a":{"action":"decline"}}', 'remove k'])
  })
})

describe('a lost legacy call restored before the writer has loaded', () => {
  const lost: LostCall = { version: 1, endpoint: 'https://a.example/mcp', lost: true, request, round: 1, questions: [{ key: 'q', method: 'elicitation/create', params: { message: 'Name?' } }], answers: {} }
  const observe = async () => {
    // A fresh module: the writer (which makes the error) an earlier test loaded is not there yet.
    vi.resetModules()
    const { CallObserver } = await import('./call-observer')
    const removed: string[] = []
    const storage = { load: async () => lost, save: async () => {}, remove: async (key: string) => void removed.push(key) }
    const warnings: string[] = []
    const client = { url: 'https://a.example/mcp', warn: (message: string) => void warnings.push(message) } as unknown as McpClient
    return { observer: new CallObserver(client, { storage, storageKey: 'k' }), removed, warnings }
  }

  it('ends in NOT_RESUMABLE once the writer is there, with its question, and leaves storage', async () => {
    const { observer, removed } = await observe()
    const shown = observer.restore()
    expect(observer.getSnapshot()).toEqual({ status: 'idle', stored: 'checking' })
    expect(await observer.restoring()).toMatchObject({ status: 'running', request, round: 1 })
    const final = (await shown)!
    expect(final).toBe(observer.getSnapshot())
    expect(final).toMatchObject({ status: 'error', round: 1, error: { code: 'NOT_RESUMABLE', method: 'tools/call', url: 'https://a.example/mcp' } })
    expect(final.status === 'error' && isMcpNotResumableError(final.error) && final.error.message).toContain('“Name?”')
    await observer.flush()
    expect(removed).toEqual(['k'])
  })

  it('a call started or reset meanwhile is left alone', async () => {
    const { observer } = await observe()
    const shown = observer.restore()
    await observer.restoring()
    observer.reset()
    expect(await shown).toEqual(IDLE)
    expect(observer.getSnapshot()).toEqual(IDLE)
  })

  it('a call started while the storage is read is left alone: what was found is not resumed over it', async () => {
    const { observer } = await observe()
    const shown = observer.restore()
    observer.reset()
    expect(await shown).toBeUndefined()
    expect(await observer.restoring()).toEqual(IDLE)
    expect(observer.getSnapshot()).toEqual(IDLE)
  })
  it('a writer that cannot be fetched ends it in an McpNetworkError naming the round writer', async () => {
    vi.doMock('./call-writer', () => {
      throw new Error('offline')
    })
    try {
      const { observer, warnings } = await observe()
      const final = (await observer.restore())!
      expect(final).toMatchObject({ status: 'error', error: { code: 'NETWORK_ERROR' } })
      expect(final.status === 'error' && final.error.message).toContain('could not load the round writer of mcp-elicit')
      // Writing the ended call (removing the lost one) needed the writer too: a warning says so, once.
      await vi.waitFor(() => expect(warnings).toHaveLength(1))
      expect(warnings[0]).toMatch(/^The call was not saved \(a reload cannot resume it\): Network error: could not load the round writer of mcp-elicit \(/)
    } finally {
      vi.doUnmock('./call-writer')
    }
  })
})
