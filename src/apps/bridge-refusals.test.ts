/**
 * A view that floods the host with what it refuses: the page hears of it a
 * few times a minute, not once per message (one flood once made 36,429
 * `onWarning` calls), and after `maxRefusals` refused messages the view is
 * given up on. The person's own "no" is not held against the view.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bridgeHarness as harness } from '../../test/support/app-bridge'
import { DEFAULT_MAX_REFUSALS, WARNINGS_PER_MINUTE } from './bridge-refusals.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('a view that floods the host with refused messages', () => {
  it(`warns ${WARNINGS_PER_MINUTE} times, then once that more are held back, and gives the view up at ${DEFAULT_MAX_REFUSALS} refusals`, async () => {
    const { bridge, sent, warnings, errors, settle } = harness()
    for (let n = 0; n < DEFAULT_MAX_REFUSALS - 1; n++) {
      bridge.receive(n % 2 === 0 ? { jsonrpc: '1.0', id: n, method: 'ping' } : { jsonrpc: '2.0', id: n, method: 'ui/steal-cookies', params: {} })
    }
    await settle()
    expect(warnings).toHaveLength(WARNINGS_PER_MINUTE + 1)
    expect(warnings.at(-1)).toContain('held back')
    expect(errors).toEqual([])
    // The last straw: the bridge closes at once, without a teardown request, and says so whatever the warning count.
    const before = sent.length
    bridge.receive({ jsonrpc: '2.0', id: 'last', method: 'ui/steal-cookies', params: {} })
    await settle()
    expect(errors.map((error) => error.code)).toEqual(['APP_TOO_MANY_REFUSALS'])
    expect(warnings.at(-1)).toContain(`${DEFAULT_MAX_REFUSALS} messages the host refused`)
    // Closed: nothing more is answered, nor any ui/resource-teardown sent, then or on teardown().
    bridge.receive({ jsonrpc: '2.0', id: 'after', method: 'ping', params: {} })
    await bridge.teardown()
    expect(sent.slice(before).filter((message) => message.id === 'after' || message.method === 'ui/resource-teardown')).toEqual([])
    expect(warnings.length).toBe(WARNINGS_PER_MINUTE + 2)
  })

  it('says how many were held back once the next minute has room', () => {
    vi.useFakeTimers()
    const { bridge, warnings } = harness()
    for (let n = 0; n < 50; n++) bridge.receive({ jsonrpc: '2.0', id: n, method: 42 })
    expect(warnings).toHaveLength(WARNINGS_PER_MINUTE + 1)
    vi.advanceTimersByTime(61_000)
    bridge.receive({ jsonrpc: '2.0', id: 'late', method: 42 })
    expect(warnings.slice(WARNINGS_PER_MINUTE + 1)).toEqual([expect.stringContaining(`${50 - WARNINGS_PER_MINUTE} more warnings about this app were held back`), expect.stringContaining('Dropped a message')])
  })

  it("counts refused requests of every kind against maxRefusals, but not the person's own no", async () => {
    let agree = false
    const { bridge, errors, settle } = harness({ maxRefusals: 3, onMessage: () => agree, onOpenLink: () => {} })
    for (let n = 0; n < 5; n++) {
      bridge.receive({ jsonrpc: '2.0', id: `m${n}`, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'hi' }] } })
      await settle()
    }
    expect(errors).toEqual([])
    agree = true
    bridge.receive({ jsonrpc: '2.0', id: 1, method: 'ui/open-link', params: { url: 'javascript:alert(1)' } })
    bridge.receive({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } })
    await settle()
    expect(errors).toEqual([])
    bridge.receive({ jsonrpc: '2.0', id: 3, method: 'ui/message', params: { role: 'assistant', content: [] } })
    await settle()
    expect(errors.map((error) => error.code)).toEqual(['APP_TOO_MANY_REFUSALS'])
  })
})
