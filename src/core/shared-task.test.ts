import { describe, expect, it } from 'vitest'
import { McpCancelledError, McpTimeoutError } from './errors'
import { SharedTask } from './shared-task'
import { linkSignal } from './signals'

/** Work that settles only when told, and reports whether it was aborted. */
function controllable() {
  const runs: Array<{ signal: AbortSignal; resolve: (value: string) => void; reject: (error: unknown) => void }> = []
  const task = new SharedTask<string>((signal) => new Promise((resolve, reject) => runs.push({ signal, resolve, reject })))
  return { task, runs }
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('SharedTask', () => {
  it('runs the work once for concurrent callers and keeps the success', async () => {
    const { task, runs } = controllable()
    const a = task.run(new AbortController().signal, 'm')
    const b = task.run(new AbortController().signal, 'm')
    await tick()
    expect(runs).toHaveLength(1)
    runs[0]!.resolve('ok')
    expect(await Promise.all([a, b])).toEqual(['ok', 'ok'])
    expect(await task.run(new AbortController().signal, 'm')).toBe('ok')
    expect(task.value).toBe('ok')
    expect(runs).toHaveLength(1)
  })

  it('a caller that gives up gets its own error at once; the work goes on for the others', async () => {
    const { task, runs } = controllable()
    const link = linkSignal(undefined, 20)
    const impatient = task.run(link.signal, 'initialize')
    const patient = task.run(new AbortController().signal, 'initialize')
    await expect(impatient).rejects.toBeInstanceOf(McpTimeoutError)
    expect(runs[0]!.signal.aborted).toBe(false)
    runs[0]!.resolve('late')
    expect(await patient).toBe('late')
  })

  it('work every caller gave up on is aborted and forgotten, so the next caller starts it anew', async () => {
    const { task, runs } = controllable()
    const controller = new AbortController()
    const first = task.run(controller.signal, 'connect')
    await tick()
    controller.abort()
    await expect(first).rejects.toBeInstanceOf(McpCancelledError)
    expect(runs[0]!.signal.aborted).toBe(true)
    const second = task.run(new AbortController().signal, 'connect')
    await tick()
    expect(runs).toHaveLength(2)
    runs[1]!.resolve('fresh')
    expect(await second).toBe('fresh')
    // The abandoned attempt settling later changes nothing.
    runs[0]!.resolve('stale')
    await tick()
    expect(task.value).toBe('fresh')
  })

  it('does not keep a failure, and reset() forgets a success', async () => {
    const { task, runs } = controllable()
    const failing = task.run(new AbortController().signal, 'm')
    await tick()
    runs[0]!.reject(new Error('refused'))
    await expect(failing).rejects.toThrow('refused')
    const retried = task.run(new AbortController().signal, 'm')
    await tick()
    runs[1]!.resolve('ok')
    expect(await retried).toBe('ok')
    task.reset()
    expect(task.value).toBeUndefined()
    void task.run(new AbortController().signal, 'm')
    await tick()
    expect(runs).toHaveLength(3)
    task.reset()
    expect(runs[2]!.signal.aborted).toBe(true)
  })
})
