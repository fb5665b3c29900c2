import { describe, expect, it } from 'vitest'
import { McpCancelledError, McpTimeoutError } from './errors'
import { SingleFlight } from './single-flight'
import { linkSignal } from './signals'

/** Work that settles only when told, and reports whether it was aborted. */
function controllable() {
  const runs: Array<{ signal: AbortSignal; resolve: (value: string) => void; reject: (error: unknown) => void }> = []
  const flight = new SingleFlight<string>((signal) => new Promise((resolve, reject) => runs.push({ signal, resolve, reject })))
  return { flight, runs }
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('SingleFlight', () => {
  it('runs the work once for concurrent callers and keeps the success', async () => {
    const { flight, runs } = controllable()
    const a = flight.run(new AbortController().signal, 'm')
    const b = flight.run(new AbortController().signal, 'm')
    await tick()
    expect(runs).toHaveLength(1)
    runs[0]!.resolve('ok')
    expect(await Promise.all([a, b])).toEqual(['ok', 'ok'])
    expect(await flight.run(new AbortController().signal, 'm')).toBe('ok')
    expect(flight.value).toBe('ok')
    expect(runs).toHaveLength(1)
  })

  it('a caller that gives up gets its own error at once; the work goes on for the others', async () => {
    const { flight, runs } = controllable()
    const link = linkSignal(undefined, 20)
    const impatient = flight.run(link.signal, 'initialize')
    const patient = flight.run(new AbortController().signal, 'initialize')
    await expect(impatient).rejects.toBeInstanceOf(McpTimeoutError)
    expect(runs[0]!.signal.aborted).toBe(false)
    runs[0]!.resolve('late')
    expect(await patient).toBe('late')
  })

  it('work every caller gave up on is aborted and forgotten, so the next caller starts it anew', async () => {
    const { flight, runs } = controllable()
    const controller = new AbortController()
    const first = flight.run(controller.signal, 'connect')
    await tick()
    controller.abort()
    await expect(first).rejects.toBeInstanceOf(McpCancelledError)
    expect(runs[0]!.signal.aborted).toBe(true)
    const second = flight.run(new AbortController().signal, 'connect')
    await tick()
    expect(runs).toHaveLength(2)
    runs[1]!.resolve('fresh')
    expect(await second).toBe('fresh')
    // The abandoned attempt settling later changes nothing.
    runs[0]!.resolve('stale')
    await tick()
    expect(flight.value).toBe('fresh')
  })

  it('a background waiter does not keep work its callers gave up on; it gets the failure', async () => {
    const { flight, runs } = controllable()
    const listener = flight.run(new AbortController().signal, 'connect', true)
    const caller = new AbortController()
    const call = flight.run(caller.signal, 'connect')
    await tick()
    expect(runs).toHaveLength(1)
    caller.abort()
    await expect(call).rejects.toBeInstanceOf(McpCancelledError)
    expect(runs[0]!.signal.aborted).toBe(true)
    runs[0]!.reject(new McpCancelledError())
    await expect(listener).rejects.toBeInstanceOf(McpCancelledError)
    // Forgotten: the next caller starts it anew.
    void flight.run(new AbortController().signal, 'connect')
    await tick()
    expect(runs).toHaveLength(2)
  })

  it('work only background waiters wait for runs for them, until the last of them leaves', async () => {
    const { flight, runs } = controllable()
    const first = new AbortController()
    const second = new AbortController()
    const a = flight.run(first.signal, 'connect', true)
    const b = flight.run(second.signal, 'connect', true)
    await tick()
    first.abort()
    await expect(a).rejects.toBeInstanceOf(McpCancelledError)
    expect(runs[0]!.signal.aborted).toBe(false)
    second.abort()
    await expect(b).rejects.toBeInstanceOf(McpCancelledError)
    expect(runs[0]!.signal.aborted).toBe(true)
  })

  it('does not keep a failure, and reset() forgets a success', async () => {
    const { flight, runs } = controllable()
    const failing = flight.run(new AbortController().signal, 'm')
    await tick()
    runs[0]!.reject(new Error('refused'))
    await expect(failing).rejects.toThrow('refused')
    const retried = flight.run(new AbortController().signal, 'm')
    await tick()
    runs[1]!.resolve('ok')
    expect(await retried).toBe('ok')
    flight.reset()
    expect(flight.value).toBeUndefined()
    void flight.run(new AbortController().signal, 'm')
    await tick()
    expect(runs).toHaveLength(3)
    flight.reset()
    expect(runs[2]!.signal.aborted).toBe(true)
  })
})
