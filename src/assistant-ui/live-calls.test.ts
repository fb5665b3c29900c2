import { describe, expect, it, vi } from 'vitest'
import type { CallState } from '../core/index'
import { liveCalls, type LiveCall } from './live-calls'

/** A stand-in call observer: a state and its listeners. */
function call(status: CallState['status']) {
  const listeners = new Set<() => void>()
  let state = { status } as CallState
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    getSnapshot: () => state,
    set(next: CallState['status']) {
      state = { status: next } as CallState
      listeners.forEach((listener) => listener())
    },
    listeners,
  } satisfies LiveCall & Record<string, unknown>
}

describe('liveCalls', () => {
  it('tells a listener of its id when the call starts, changes and ends, and keeps nothing afterwards', () => {
    const live = liveCalls()
    const heard = vi.fn()
    const other = vi.fn()
    const stop = live.subscribe('a', heard)
    live.subscribe('b', other)()
    const first = call('running')
    live.add('a', first)
    expect(live.state('a')?.status).toBe('running')
    first.set('awaiting_input')
    expect(live.state('a')?.status).toBe('awaiting_input')
    live.remove('a', first)
    expect(heard).toHaveBeenCalledTimes(3)
    expect(other).not.toHaveBeenCalled()
    expect(live.state('a')).toBeUndefined()
    // The registry let go of the observer, and of the listener once it left.
    expect(first.listeners.size).toBe(0)
    stop()
    expect(live.size()).toBe(0)
  })

  it('a second execute of the same call takes its id over; the first one ending leaves it there', () => {
    const live = liveCalls()
    const first = call('running')
    const second = call('retrying')
    live.add('a', first)
    live.add('a', second)
    expect(first.listeners.size).toBe(0)
    live.remove('a', first)
    expect(live.state('a')?.status).toBe('retrying')
    live.remove('a', second)
    expect(live.size()).toBe(0)
  })
})
