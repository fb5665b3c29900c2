import { describe, expect, it } from 'vitest'
import { cacheHint, readKey, staleKeys } from './cache-keys'

describe('cacheHint', () => {
  it("is one result's ttlMs and cacheScope", () => {
    expect(cacheHint([{ ttlMs: 5000, cacheScope: 'public' }])).toEqual({ ttlMs: 5000, scope: 'public' })
    expect(cacheHint([{ ttlMs: 5000 }])).toEqual({ ttlMs: 5000, scope: 'private' })
  })

  it('keeps a list of pages for the shortest ttlMs, shared only when every page said public', () => {
    const pages = [{ ttlMs: 60_000, cacheScope: 'public' }, { ttlMs: 1000, cacheScope: 'public' }, { ttlMs: 30_000, cacheScope: 'public' }]
    expect(cacheHint(pages)).toEqual({ ttlMs: 1000, scope: 'public' })
    expect(cacheHint([...pages, { ttlMs: 90_000, cacheScope: 'private' }])).toEqual({ ttlMs: 1000, scope: 'private' })
  })

  it('takes a ttlMs a server got wrong, on any page, as nothing to keep', () => {
    for (const ttlMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '60000', null]) {
      expect(cacheHint([{ ttlMs: 60_000, cacheScope: 'public' }, { ttlMs, cacheScope: 'public' }]).ttlMs).toBe(0)
    }
    expect(cacheHint([])).toEqual({ ttlMs: 0, scope: 'private' })
  })
})

describe('keys', () => {
  it('a resource update makes its read stale; a list change its lists', () => {
    expect(staleKeys({ type: 'resource_updated', uri: 'demo://notes' })).toEqual([readKey('demo://notes')])
    expect(staleKeys({ type: 'resources_changed' })).toEqual(['resources/list', 'resources/templates/list'])
  })
})
