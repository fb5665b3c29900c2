/**
 * The tool part while an `execute` runs its call on this page: the call's
 * progress or its task's status, as `McpToolCall` shows them, read from the
 * observer the `execute` runs (live-calls.ts), and the sign-in card when the
 * call waits for one. A part whose call no `execute` runs here (after a
 * reload, in another tab) shows a status line.
 */
import { useCallback, useSyncExternalStore, type ReactNode } from 'react'
import type { CallState, TaskInfo } from '../core/index.js'
import { CallProgress } from '../forms/CallProgress.js'
// The task line and the round panel load when first shown (forms/lazy-parts.tsx, forms/lazy-round-panel.tsx).
import { LazyTaskStatus } from '../forms/lazy-parts.js'
import { LazyInputRequestPanel } from '../forms/lazy-round-panel.js'
import { callTexts } from '../forms/texts/call.js'
import { resolvePart } from '../forms/texts/resolve.js'
import { useMcpAuth } from '../react/index.js'
import type { LiveCalls } from './live-calls.js'
import type { PartSettings } from './settings.js'

/**
 * An `execute` runs the call: its questions come as interrupts; here, its
 * progress or its task's status as `McpToolCall` shows them (a status line
 * when no observer runs it on this page), and the sign-in card when it
 * waits for one.
 */
export function Executing({ settings, live }: { settings: PartSettings; live: LiveState | undefined }) {
  const { messages, onError } = settings.options
  const text = resolvePart(messages, callTexts)
  const running = live ? (
    <CallProgress retrying={live.status === 'retrying'} progress={live.progress} task={live.task} messages={messages} onError={onError} />
  ) : (
    <p role="status" className="mcp-elicit-progress">
      {text.running}
    </p>
  )
  // Without a sign-in store nothing can wait for a sign-in.
  return settings.signIn ? <ExecutingSignIn settings={settings} running={running} task={live?.task} /> : running
}

function ExecutingSignIn({ settings, running, task }: { settings: PartSettings; running: ReactNode; task: TaskInfo | undefined }) {
  const auth = useMcpAuth()
  if (!auth.pending) return running
  const { messages, onError } = settings.options
  return (
    <>
      {/* A task's polls wait for the sign-in too: its line stays above the card. */}
      {task && <LazyTaskStatus task={task} compact messages={messages} onError={onError} />}
      <LazyInputRequestPanel status="needs_auth" auth={auth} server={settings.client.serverInfo} respond={() => {}} messages={messages} onError={onError} autoFocus />
    </>
  )
}

/** A call in flight: its progress and task. */
export type LiveState = Extract<CallState, { progress: unknown }>

/** The state of the call an `execute` runs under `id` on this page while it is in flight, or undefined (none runs here). */
export function useLiveCall(calls: LiveCalls | undefined, id: string): LiveState | undefined {
  const subscribe = useCallback((listener: () => void) => calls?.subscribe(id, listener) ?? (() => {}), [calls, id])
  const state = () => calls?.state(id)
  const live = useSyncExternalStore(subscribe, state, state)
  return live && 'progress' in live ? live : undefined
}
