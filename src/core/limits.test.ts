import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, resolveLimits } from './limits'
import { backoff, clampRetry } from './retry-delay'

describe('limits', () => {
  it('takes the caller\'s positive numbers and ignores anything else', () => {
    const limits = resolveLimits({ maxMessageBytes: 10, maxReconnects: -1, maxRetryMs: Number.NaN, minRetryMs: '5' as unknown as number })
    expect(limits).toEqual({ ...DEFAULT_LIMITS, maxMessageBytes: 10 })
    expect(resolveLimits({ minRetryMs: 5000, maxRetryMs: 100 })).toMatchObject({ minRetryMs: 5000, maxRetryMs: 5000 })
  })

  it('one cap for JSON bodies and SSE events: maxMessageBytes, 16 MiB by default, and no other name for it', () => {
    expect(DEFAULT_LIMITS.maxMessageBytes).toBe(16 * 1024 * 1024)
    expect(resolveLimits({ maxMessageBytes: 7 }).maxMessageBytes).toBe(7)
    expect(Object.keys(DEFAULT_LIMITS).filter((key) => key.endsWith('Bytes'))).toEqual(['maxMessageBytes'])
  })

  it('clamps a server\'s retry: to the range, including 0, huge and non-finite values', () => {
    expect(clampRetry(0, DEFAULT_LIMITS)).toBe(250)
    expect(clampRetry(1500, DEFAULT_LIMITS)).toBe(1500)
    // Past 2^31 ms, setTimeout fires at once: the clamp is what prevents that storm.
    expect(clampRetry(99_999_999_999, DEFAULT_LIMITS)).toBe(60_000)
    expect(clampRetry(Number.POSITIVE_INFINITY, DEFAULT_LIMITS)).toBe(60_000)
  })

  it('backs off per failure with jitter between the base and the doubled delay, never past the cap', () => {
    expect(backoff(0, 0, DEFAULT_LIMITS, () => 0.5)).toBe(250)
    expect(backoff(1000, 1, DEFAULT_LIMITS, () => 0)).toBe(1000)
    expect(backoff(1000, 1, DEFAULT_LIMITS, () => 1)).toBe(2000)
    expect(backoff(1000, 3, DEFAULT_LIMITS, () => 1)).toBe(8000)
    expect(backoff(1000, 50, DEFAULT_LIMITS, () => 1)).toBe(60_000)
    const spread = new Set(Array.from({ length: 20 }, (_, i) => backoff(1000, 2, DEFAULT_LIMITS, () => i / 20)))
    expect(spread.size).toBe(20)
  })
})
