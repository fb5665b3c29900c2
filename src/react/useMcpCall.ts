import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { CallObserver, cancelAnswer, declineAnswer, endpointKey, flagsOf } from '../core/index.js'
import type { CallObserverOptions, CallState, DoneState, ErrorState, InputResponse, JsonObject, McpError, McpResult, OriginalRequest, SavedCall, StoredCall } from '../core/index.js'
import type { SignInStore } from '../auth/browser/sign-in-store.js'
import type { McpAuthResult } from './auth-view.js'
import { callView, currentCallView, onSignInKit, useCallAuth } from './call-auth.js'
import { useMcpClient, useSignInStore } from './McpProvider.js'
import type { McpCallStatus, McpCallView } from './needs-auth.js'

/**
 * What a host is told as a call goes, so it can follow the call (a status
 * badge, a summary, a log) without reading the page. Each is called once per
 * change, from the change itself, not from a render; the latest function
 * given is the one called.
 */
export interface McpCallEvents {
  /**
   * The reported status changed (`needs_auth` included): `state` is the call
   * as the hook now reports it (`state.status === status`). Not called for
   * the status a call starts with (`idle`).
   */
  onStatusChange?: ((status: McpCallStatus, state: McpCallView) => void) | undefined
  /** The call completed (`done`), after `onStatusChange`. */
  onResult?: ((result: McpResult, state: DoneState) => void) | undefined
  /** The call failed (`error`), after `onStatusChange`. (`onError` of the forms is a card that failed to render.) */
  onCallError?: ((error: McpError, state: ErrorState) => void) | undefined
}

export interface UseMcpCallOptions extends CallObserverOptions, McpCallEvents {
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
  /** The call kept in `storage` (what `restore` resumes: a round, a task, or a lost legacy call), or undefined; rejects when the storage cannot be read. */
  saved(): Promise<StoredCall | undefined>
  /**
   * Settles once the mount's `restore` has read the storage, with the state
   * right after: `idle` (plain) when nothing was kept, `idle` with `stored:
   * 'unreadable'` when the storage failed, else the kept call's. The current
   * state without `restore`.
   */
  restoring(): Promise<CallState>
  /** Settles once the call as it stands is written to `storage`. */
  flush(): Promise<void>
  /** Continues a saved round with its `requestState`. */
  resume(saved: SavedCall): Promise<CallState>
}

/**
 * The flags of the status: the core's, with `isAwaitingInput` following the
 * reported status (false under `needs_auth`), and `isActive` still true while
 * the call waits for a sign-in (it is in flight).
 */
export type McpCallFlags = ReturnType<typeof flagsOf> & { isAwaitingAuth: boolean }

/**
 * The view spread (the call's snapshot, or `needs_auth` over it), its flags,
 * the call's own snapshot as `state` (never `needs_auth`), the actions, and
 * the sign-in of the call's endpoint as `auth`.
 */
export type McpCallResult<Args> = McpCallView &
  McpCallFlags &
  McpCallActions<Args> & {
    state: CallState
    /**
     * The sign-in of the call's endpoint, what `useMcpAuth()` would return
     * (signed out, and actions that do nothing, without a sign-in store):
     * `<SignInCard {...tool.auth} />`. Under `needs_auth`, the sign-in the
     * call waits for (`auth.pending`): `auth.signIn()` opens its window (call
     * it straight from the click handler), `auth.redirect()` signs in in this
     * tab instead, `auth.cancel()` gives it up (the call then fails as
     * cancelled).
     */
    auth: McpAuthResult
  }

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
  const endpoint = useMemo(() => endpointKey(client.url), [client])
  // Sign-in code comes only with a sign-in store (call-auth.ts).
  const auth = useCallAuth(store, endpoint)
  const view = callView(state, auth, client.serverInfo)

  useEffect(() => o.setOptions(options))
  useCallEvents(o, store, options, view.status, () => currentCallView(o.getSnapshot(), store, endpoint, client.serverInfo))
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
      restoring: () => o.restoring(),
      flush: () => o.flush(),
      resume: (saved: SavedCall) => o.resume(saved),
    }),
    [o],
  )
  const call = useCallback((args?: Args) => o.start(toRequest(args)), [o, toRequest])
  const flags = { ...flagsOf(state), isAwaitingInput: view.status === 'awaiting_input', isAwaitingAuth: view.status === 'needs_auth' }
  // `view.auth` under needs_auth, the endpoint's sign-in otherwise.
  return { auth, ...view, ...flags, state, ...actions, call }
}

/**
 * Tells `options`' {@link McpCallEvents} of each change of the reported
 * status, from the observer's and the sign-in store's own notifications (a
 * render may fold several changes into one). `current` reads the view now.
 */
function useCallEvents(o: CallObserver, store: SignInStore | undefined, options: McpCallEvents, status: McpCallStatus, current: () => McpCallView) {
  const latest = useRef({ options, current })
  // The status last told (or the one the call started with): a resubscription (StrictMode) tells nothing twice.
  const told = useRef(status)
  useEffect(() => {
    latest.current = { options, current }
  })
  useEffect(() => {
    const check = () => {
      const view = latest.current.current()
      if (view.status === told.current) return
      told.current = view.status
      const { onStatusChange, onResult, onCallError } = latest.current.options
      tell(() => onStatusChange?.(view.status, view))
      if (view.status === 'done') tell(() => onResult?.(view.result, view))
      if (view.status === 'error') tell(() => onCallError?.(view.error, view))
    }
    // The sign-in kit landing may lay a pending sign-in over the call (needs_auth).
    const stops = [o.subscribe(check), store?.subscribe(check), store && onSignInKit(check)]
    // A change between the render and this subscription.
    check()
    return () => stops.forEach((stop) => stop?.())
    // A new client comes with a new observer: `current` follows its endpoint.
  }, [o, store])
}

/** Calls a host's handler; one that throws stops neither the others nor the call (it is reported, as the observer does). */
function tell(handler: () => void): void {
  try {
    handler()
  } catch (error) {
    queueMicrotask(() => {
      throw error
    })
  }
}
