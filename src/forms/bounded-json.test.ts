import { describe, expect, test } from 'vitest'
import { boundedJson } from './bounded-json'

describe('boundedJson', () => {
  test('within the bounds it is JSON.stringify(value, null, 2)', () => {
    const value = JSON.parse('{"a":[1,"two",null,true,{"b":{}}],"c":[],"d":{"__proto__":1},"e":-0.5}')
    expect(boundedJson(value)).toBe(JSON.stringify(value, null, 2))
    for (const scalar of ['x"y', 3, false, null]) expect(boundedJson(scalar)).toBe(JSON.stringify(scalar))
  })

  test('what JSON leaves out is left out; what it cannot write is null or its digits', () => {
    expect(boundedJson({ a: undefined, b: () => 1, c: Number.NaN, d: [undefined, Infinity], e: 10n })).toBe('{\n  "c": null,\n  "d": [\n    null,\n    null\n  ],\n  "e": 10\n}')
  })

  test('past maxDepth, objects and arrays are {…} and […]', () => {
    expect(boundedJson({ a: { b: [1] }, c: [[2]] }, { maxDepth: 1 })).toBe('{\n  "a": {…},\n  "c": […]\n}')
    expect(boundedJson({ a: {}, b: [] }, { maxDepth: 1 })).toBe('{\n  "a": {},\n  "b": []\n}')
  })

  test('10,000 levels, a cycle, and a million rows: bounded, never thrown', () => {
    let deep: unknown = 0
    for (let i = 0; i < 10_000; i++) deep = [deep]
    expect(boundedJson(deep)).toContain('[…]')
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(boundedJson(cycle, { maxDepth: 3 })).toBe('{\n  "self": {\n    "self": {\n      "self": {…}\n    }\n  }\n}')
    const started = performance.now()
    const rows = boundedJson(Array.from({ length: 1_000_000 }, (_, i) => i), { maxLength: 1000 })
    expect(rows).toHaveLength(1001)
    expect(rows.endsWith('…')).toBe(true)
    expect(performance.now() - started).toBeLessThan(5000)
  })

  test('a long string is cut inside', () => {
    expect(boundedJson({ s: 'x'.repeat(100) }, { maxLength: 20 })).toBe('{\n  "s": "xxxxxxxxxx…')
  })

  test('calls nothing on the value and survives a getter that throws', () => {
    const hostile = { toJSON: () => 'called', toString: () => 'called' }
    expect(boundedJson(hostile)).toBe('{}')
    const getter = Object.defineProperty({ a: 1 }, 'b', {
      enumerable: true,
      get() {
        throw new Error('no')
      },
    })
    expect(boundedJson(getter)).toBe('{\n  "a": 1…')
  })
})
