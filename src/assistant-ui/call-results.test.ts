import { describe, expect, it } from 'vitest'
import type { McpResult } from '../core/index.js'
import { declinedResult, isDeclinedResult, keepWhole, stoppedResult, threadResult } from './call-results.js'

const text = (value: string): McpResult => ({ content: [{ type: 'text', text: value }] })

describe('what the thread is given of a call', () => {
  it('keeps at most 32 whole results for their parts, the oldest going first', () => {
    const results = new Map<string, McpResult>()
    for (let i = 0; i < 40; i++) keepWhole(results, `call-${i}`, text(String(i)))
    expect(results.size).toBe(32)
    expect(results.has('call-7')).toBe(false)
    expect(results.get('call-39')).toEqual(text('39'))
    // Kept again: it is the newest now.
    keepWhole(results, 'call-8', text('again'))
    keepWhole(results, 'call-40', text('40'))
    expect(results.has('call-8')).toBe(true)
    expect(results.has('call-9')).toBe(false)
  })

  it('bounds a result for the thread, and tells a refusal from a Stop after a reload too', () => {
    expect(JSON.stringify(threadResult(text('z'.repeat(2_000_000)))).length).toBeLessThan(110_000)
    expect(isDeclinedResult(JSON.parse(JSON.stringify(declinedResult())))).toBe(true)
    expect(isDeclinedResult(stoppedResult())).toBe(false)
    expect(isDeclinedResult({ ...declinedResult(), isError: false })).toBe(false)
  })
})
