/**
 * The calls an `execute` is running right now, by `toolCallId`: `execute`
 * puts its call observer here for as long as the call runs, and the tool
 * part of that call follows it (`useLiveCall` in McpToolPart.tsx) to show
 * its progress and its task's status. An entry goes when its call ends, and
 * a part stops listening when it unmounts, so nothing outlives a call. A call with no entry (its page was
 * reloaded, it runs in another tab) has nothing to follow: its part shows
 * what it would without.
 */
import type { CallState } from '../core/index.js'

/** What the registry needs of a call observer (`CallObserver` has it). */
export interface LiveCall {
  subscribe(listener: () => void): () => void
  getSnapshot(): CallState
}

export class LiveCalls {
  #calls = new Map<string, { call: LiveCall; stop: () => void }>()
  #listeners = new Map<string, Set<() => void>>()

  /** Follows `call` under `id` until {@link remove}. */
  add(id: string, call: LiveCall): void {
    this.#calls.get(id)?.stop()
    this.#calls.set(id, { call, stop: call.subscribe(() => this.#notify(id)) })
    this.#notify(id)
  }

  remove(id: string, call: LiveCall): void {
    const entry = this.#calls.get(id)
    // A later execute of the same call may have taken the id over.
    if (entry?.call !== call) return
    entry.stop()
    this.#calls.delete(id)
    this.#notify(id)
  }

  /** The state of the call running under `id`, or undefined. */
  state(id: string): CallState | undefined {
    return this.#calls.get(id)?.call.getSnapshot()
  }

  /** Calls `listener` when the call under `id` starts, changes or ends; returns its removal. */
  subscribe(id: string, listener: () => void): () => void {
    const listeners = this.#listeners.get(id) ?? new Set()
    this.#listeners.set(id, listeners.add(listener))
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && this.#listeners.get(id) === listeners) this.#listeners.delete(id)
    }
  }

  /** How many calls are followed, and how many ids are listened to (for tests: both 0 once all is over). */
  get size(): { calls: number; listened: number } {
    return { calls: this.#calls.size, listened: this.#listeners.size }
  }

  #notify(id: string): void {
    for (const listener of [...(this.#listeners.get(id) ?? [])]) listener()
  }
}
