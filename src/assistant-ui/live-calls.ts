/**
 * The calls an `execute` is running right now, by `toolCallId`: `execute`
 * puts its call observer here for as long as the call runs, and the tool
 * part of that call follows it (`useLiveCall` in McpToolPart.tsx) to show
 * its progress and its task's status. An entry goes when its call ends, and
 * a part stops listening when it unmounts, so nothing outlives a call. A
 * call with no entry (its page was reloaded, it runs in another tab) has
 * nothing to follow: its part shows what it would without.
 */
import type { CallState } from '../core/index.js'

/** What the registry needs of a call observer (`CallObserver` has it). */
export interface LiveCall {
  subscribe(listener: () => void): () => void
  getSnapshot(): CallState
}

export interface LiveCalls {
  /** Follows `call` under `id` until it is removed. */
  add(id: string, call: LiveCall): void
  /** Stops following `call` (not a later call that took `id` over). */
  remove(id: string, call: LiveCall): void
  /** The state of the call running under `id`, or undefined. */
  state(id: string): CallState | undefined
  /** Calls `listener` when the call under `id` starts, changes or ends; returns its removal. */
  subscribe(id: string, listener: () => void): () => void
  /** How many calls are followed plus how many ids are listened to: 0 once all is over. */
  size(): number
}

export function liveCalls(): LiveCalls {
  const calls = new Map<string, { call: LiveCall; stop: () => void }>()
  const listeners = new Map<string, Set<() => void>>()
  const notify = (id: string) => [...(listeners.get(id) ?? [])].forEach((listener) => listener())
  const drop = (id: string) => {
    calls.get(id)?.stop()
    calls.delete(id)
  }
  return {
    add(id, call) {
      drop(id)
      calls.set(id, { call, stop: call.subscribe(() => notify(id)) })
      notify(id)
    },
    remove(id, call) {
      if (calls.get(id)?.call !== call) return
      drop(id)
      notify(id)
    },
    state: (id) => calls.get(id)?.call.getSnapshot(),
    subscribe(id, listener) {
      const set = listeners.get(id) ?? new Set()
      listeners.set(id, set.add(listener))
      return () => {
        set.delete(listener)
        if (!set.size && listeners.get(id) === set) listeners.delete(id)
      }
    },
    size: () => calls.size + listeners.size,
  }
}
