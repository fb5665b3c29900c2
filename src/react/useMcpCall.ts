import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { CallObserver, cancelAnswer, declineAnswer, flagsOf } from '../core/index.js'
import type { CallObserverOptions, CallState, InputResponse, JsonObject, OriginalRequest, SavedCall, StoredCall } from '../core/index.js'
import { endpointOf } from './endpoint.js'
import { useMcpClient, useSignInStore } from './McpProvider.js'
import { withAuth, type McpCallView } from './needs-auth.js'
import { useAuthView } from './useMcpAuth.js'

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
  /** Aborts the call in flight; a task is stopped on the server too (`tasks/cancel`). */
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
  /** The call kept in `storage` (what `restore` resumes: a round, a task, or a lost legacy call), or undefined. */
  saved(): StoredCall | undefined
  /** Continues a saved round with its `requestState`. */
  resume(saved: SavedCall): Promise<CallState>
  /**
   * While `needs_auth`: opens the sign-in window of the call's endpoint
   * (`store.open(endpoint)`; with nothing pending yet, a blank window only
   * that endpoint's next sign-in fills). Call it straight from the click
   * handler, never after an `await` (browsers block the window then). Does
   * nothing without a sign-in store on the provider.
   */
  signIn(): void
  /** While `needs_auth` with `popupBlocked`: signs in in this tab instead (the page leaves and comes back). */
  redirectSignIn(): void
  /** While `needs_auth`: gives up the sign-in; the call then fails as cancelled. */
  cancelSignIn(): void
}

/**
 * The flags of the status: the core's, with `isAwaitingInput` following the
 * reported status (false under `needs_auth`), and `isActive` still true while
 * the call waits for a sign-in (it is in flight).
 */
export type McpCallFlags = ReturnType<typeof flagsOf> & { isAwaitingAuth: boolean }

/**
 * The view spread (the call's snapshot, or `needs_auth` over it), its flags,
 * the call's own snapshot as `state` (never `needs_auth`), and the actions.
 */
export type McpCallResult<Args> = McpCallView & McpCallFlags & McpCallActions<Args> & { state: CallState }

const restored = new WeakSet<CallObserver>()

/** The one implementation behind `useMcpTool`, `useMcpPrompt` and `useMcpResource`. */
export function useMcpCall<Args>(toRequest: (args: Args | undefined) => OriginalRequest, options: UseMcpCallOptions = {}): McpCallResult<Args> {
  const client = useMcpClient()
  // One observer per component instance (and per client): a new client gets a new observer.
  const [owned, setOwned] = useState(() => ({ client, observer: new CallObserver(client, options) }))
  if (owned.client !== client) setOwned({ client, observer: new CallObserver(client, options) })
  const o = owned.observer
  const state = useSyncExternalStore(o.subscribe, o.getSnapshot, o.getSnapshot)
  const store = useSignInStore()
  const endpoint = useMemo(() => endpointOf(client.url), [client])
  const auth = useAuthView(store, endpoint)

  useEffect(() => o.setOptions(options))
  // Mount-time only: `restore` is read once per observer.
  useEffect(() => {
    if (options.restore && !restored.has(o)) {
      restored.add(o)
      void o.restore()
    }
    // StrictMode's simulated unmount resubscribes synchronously: abort only if nobody did.
    // A task is let go, not stopped: it goes on on the server and a remount with `restore` finds it again.
    return () =>
      queueMicrotask(() => {
        if (o.listenerCount > 0) return
        const state = o.getSnapshot()
        if ('task' in state && state.task) o.detach()
        else o.cancel()
      })
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
  const signInActions = useMemo(
    () => ({
      // This endpoint's sign-in: a window opened here is filled by no other server's.
      signIn: () => store?.open(endpoint),
      redirectSignIn: () => store?.redirect(endpoint),
      cancelSignIn: () => store?.cancel(endpoint),
    }),
    [store, endpoint],
  )
  const call = useCallback((args?: Args) => o.start(toRequest(args)), [o, toRequest])
  const view = withAuth(state, auth, client.serverInfo)
  const flags = { ...flagsOf(state), isAwaitingInput: view.status === 'awaiting_input', isAwaitingAuth: view.status === 'needs_auth' }
  return { ...view, ...flags, state, ...actions, ...signInActions, call }
}
