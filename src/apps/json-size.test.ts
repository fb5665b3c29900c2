/**
 * The size check on what a view posts, against the measure it replaces:
 * for plain JSON it is exactly `JSON.stringify(value).length`; for what a
 * structured clone can carry and JSON cannot, it refuses; and its work
 * stops at the limit whatever the input holds.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonSize } from './json-size.js'

describe('jsonSize', () => {
  it('is the length JSON.stringify gives, for any plain JSON value within the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))), (value, object) => {
        for (const item of [value, object, [value, undefined, object]]) {
          const length = JSON.stringify(item).length
          expect(jsonSize(item, length)).toEqual({ ok: true, length })
          if (length > 0) expect(jsonSize(item, length - 1)).toEqual({ ok: false, reason: 'too-large' })
        }
      }),
      { numRuns: 300 },
    )
  })

  it('refuses what a structured clone carries and JSON has no word for, however small', () => {
    class Point {
      x = 1
    }
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    const clones: unknown[] = [new Uint8Array(4), new ArrayBuffer(4), new DataView(new ArrayBuffer(4)), new Map([['a', 1]]), new Set([1]), new Date(0), /x/, new Blob(['x']), new Point(), new (class List extends Array {})(), 1n, cycle, [cycle]]
    for (const value of clones) expect(jsonSize({ value }, 1e6)).toEqual({ ok: false, reason: 'not-json' })
  })

  it('takes plain objects and arrays made in another realm (a frame)', async () => {
    const { runInNewContext } = await import('node:vm')
    const foreign: unknown = runInNewContext('({ list: [1, "a", { b: null }], bare: Object.create(null) })')
    expect(jsonSize(foreign, 1e6)).toEqual({ ok: true, length: JSON.stringify(foreign).length })
  })

  it('stops reading at the limit: an array of a million elements is read for about the limit only', () => {
    let reads = 0
    const huge = new Proxy(new Array<number>(1_000_000).fill(0), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    expect(jsonSize({ huge }, 1000)).toEqual({ ok: false, reason: 'too-large' })
    expect(reads).toBeLessThanOrEqual(1000)
  })

  it('refuses a string that cannot fit before escaping it', () => {
    expect(jsonSize('x'.repeat(1001), 1000)).toEqual({ ok: false, reason: 'too-large' })
    expect(jsonSize('"'.repeat(600), 1000)).toEqual({ ok: false, reason: 'too-large' })
  })
})
