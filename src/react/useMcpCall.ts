import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { CallObserver, cancelAnswer, declineAnswer, flagsOf } from '../core/index.js'
import type { CallObserverOptions, CallState, InputResponse, JsonObject, OriginalRequest, SavedCall } from '../core/index.js'
import { useMcpClient } from './McpProvider.js'

export interface UseMcpCallOptions extends CallObserverOptions {
  /** On mount, resume the round kept in `storage` under `storageKey` (once, StrictMode included). */
  restore?: boolean
}

export interface McpCallActions<Args> {
  /** Starts the call (cancelling one still running); resolves with its final state, never rejects. */
  call(args?: Args): Promise<CallState>
  /** Answers one question of the current round; the retry goes out once all are answered. */
  respond(key: string, response: InputResponse): void
  /** Answers `{ action: 'decline' }`. */
  decline(key: string): void
  /** Answers `{ action: 'cancel' }` (the question was dismissed; the call goes on). */
  cancelInput(key: string): void
  /** Aborts the call in flight. */
  cancel(): void
  /**
   * After an error: sends the failed round again with the same `requestState`
   * and answers, or starts over when no round was open. Resolves with the final
   * state (undefined when there was no error).
   */
  retry(): Promise<CallState | undefined>
  /** Keeps unsent form content of a question, so it survives a reload with `storage`. */
  saveDraft(key: string, content: JsonObject): void
  /** Cancels and returns to `idle`. */
  reset(): void
  /** The open round as plain JSON, or undefined. */
  save(): SavedCall | undefined
  /** The call kept in `storage` (what `restore` resumes), or undefined. */
  saved(): SavedCall | undefined
  /** Continues a saved round with its `requestState`. */
  resume(saved: SavedCall): Promise<CallState>
}

/** The snapshot spread, its derived flags, the snapshot itself as `state`, and the actions. */
export type McpCallResult<Args> = CallState & ReturnType<typeof flagsOf> & McpCallActions<Args> & { state: CallState }

const restored = new WeakSet<CallObserver>()

/** The one implementation behind `useMcpTool`, `useMcpPrompt` and `useMcpResource`. */
export function useMcpCall<Args>(toRequest: (args: Args | undefined) => OriginalRequest, options: UseMcpCallOptions = {}): McpCallResult<Args> {
  const client = useMcpClient()
  // One observer per component instance (and per client): a new client gets a new observer.
  const [owned, setOwned] = useState(() => ({ client, observer: new CallObserver(client, options) }))
  if (owned.client !== client) setOwned({ client, observer: new CallObserver(client, options) })
  const o = owned.observer
  const state = useSyncExternalStore(o.subscribe, o.getSnapshot, o.getSnapshot)

  useEffect(() => o.setOptions(options))
  // Mount-time only: `restore` is read once per observer.
  useEffect(() => {
    if (options.restore && !restored.has(o)) {
      restored.add(o)
      void o.restore()
    }
    // StrictMode's simulated unmount resubscribes synchronously: abort only if nobody did.
    return () => queueMicrotask(() => o.listenerCount === 0 && o.cancel())
  }, [o])

  const actions = useMemo(
    () => ({
      respond: (key: string, response: InputResponse) => o.respond(key, response),
      decline: (key: string) => o.respond(key, declineAnswer()),
      cancelInput: (key: string) => o.respond(key, cancelAnswer()),
      cancel: () => o.cancel(),
      reset: () => o.reset(),
      retry: async () => o.retry(),
      saveDraft: (key: string, content: JsonObject) => o.saveDraft(key, content),
      save: () => o.save(),
      saved: () => o.saved(),
      resume: (saved: SavedCall) => o.resume(saved),
    }),
    [o],
  )
  const call = useCallback((args?: Args) => o.start(toRequest(args)), [o, toRequest])
  return { ...state, ...flagsOf(state), state, ...actions, call }
}
