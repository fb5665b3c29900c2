/**
 * The tool UI of an MCP tool in an assistant-ui thread: the whole call
 * where the model made it. Which part of it depends on who runs the call:
 *
 * - an `execute` parked on `human()` (runtimes that run frontend tools): the
 *   round's questions ({@link RoundQuestions}), answered with `resume`
 *   (under a task's status line when a task asks);
 * - an `execute` still working: the call's progress or its task's status
 *   (`CallProgress`, as `McpToolCall` shows them, from the observer the
 *   `execute` runs: see live-calls.ts), and the sign-in card when the call
 *   waits for one;
 * - nobody (the local runtime runs no frontend tool: it pauses the thread
 *   at `requires-action` until a result is added): this UI runs the call
 *   itself with `McpToolCall` (questions, consents, sign-in, progress,
 *   tasks, Stop) and hands the result over with `addResult`, which resumes
 *   the thread. Its round is kept under the `toolCallId`, so a reload in the
 *   middle of a round resumes it (`restore`);
 * - a settled call: its result (`ToolResult`, or the tool's MCP App when an
 *   `McpAppsProvider` is around the thread).
 */
import { useCallback, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import type { ToolCallMessagePartProps } from '@assistant-ui/react'
import { displayText, type CallState, type JsonObject, type McpResult, type CallStorage, type TaskInfo } from '../core/index.js'
import { CallProgress } from '../forms/CallProgress.js'
import { CardBoundary, McpToolCall, useMcpViews } from '../forms/index.js'
// The result renderer and the task line load when first shown, as in McpToolCall (forms/lazy-parts.tsx).
import { LazyTaskStatus, LazyToolResult } from '../forms/lazy-parts.js'
// The round panel too (forms/lazy-round-panel.tsx): fetched as soon as the part shows, before a round can come.
import { LazyInputRequestPanel } from '../forms/lazy-round-panel.js'
import { callTexts } from '../forms/texts/call.js'
import { resolvePart } from '../forms/texts/resolve.js'
import { McpProvider, useMcpAuth } from '../react/index.js'
import { stoppedResult } from './execute.js'
import type { LiveCalls } from './live-calls.js'
import { isMcpRoundPayload, type McpRoundAnswers } from './round-payload.js'
import { RoundQuestions } from './RoundQuestions.js'
import { observerOptions, type PartSettings } from './settings.js'

export type McpToolPartProps = ToolCallMessagePartProps<JsonObject, unknown>

/** The tool UI of the MCP tool `name` (as the server lists it), reading `settings` at each render. */
export function createMcpToolPart(name: string, settings: { current: PartSettings }): ComponentType<McpToolPartProps> {
  function McpToolPart(props: McpToolPartProps) {
    const { client, signIn } = settings.current
    useEffect(() => {
      LazyInputRequestPanel.preload().catch(() => {}) // a failure shows where the round goes, with Try again
    }, [])
    return (
      <McpProvider client={client} signIn={signIn}>
        <div className="mcp-elicit-assistant-tool" data-tool={name} data-tool-call-id={props.toolCallId}>
          {/* The server's name for the tool, as text. */}
          <p className="mcp-elicit-assistant-tool-name" dir="auto">
            {displayText(name)}
          </p>
          {/* Whatever the runtime or the server put in the part, a part that throws is a line of text, not the thread gone. */}
          <CardBoundary onError={settings.current.options.onError} resetKey={props.interrupt?.payload ?? props.result} fallback={() => <PartFailedLine settings={settings.current} part={props} />}>
            <PartBody name={name} settings={settings.current} {...props} />
          </CardBoundary>
        </div>
      </McpProvider>
    )
  }
  McpToolPart.displayName = `McpToolPart(${name.slice(0, 64)})`
  return McpToolPart
}

function PartBody({ name, settings, ...part }: McpToolPartProps & { name: string; settings: PartSettings }) {
  const { options, runs } = settings
  const text = resolvePart(options.messages, callTexts)
  const interrupt = part.interrupt
  // The call an execute runs on this page, while it runs.
  const live = useLiveCall(runs.live, part.toolCallId)
  const paused = part.status.type === 'requires-action' && part.status.reason === 'tool-calls'
  // Only asked where it decides something: an execute's round that outlived it (a reload).
  const kept = useHasSavedCall(paused && options.runCalls === 'execute' ? observerOptions(options).storage : undefined, part.toolCallId)
  if (interrupt?.type === 'human' && isMcpRoundPayload(interrupt.payload)) {
    return (
      <>
        {/* The questions belong to a task that goes on running: say so above them. */}
        {live?.task && <LazyTaskStatus task={live.task} progress={live.progress} compact messages={options.messages} onError={options.onError} />}
        <RoundQuestions key={interrupt.payload.round} payload={interrupt.payload} resume={(answers: McpRoundAnswers) => part.resume(answers)} options={options} />
      </>
    )
  }
  if (part.result !== undefined) return <Settled name={name} args={part.args} result={part.result} settings={settings} />
  if (runs.running.has(part.toolCallId)) return <Executing settings={settings} live={live} />
  // The run's Stop ended this call's execute: never started again; the model hears it was stopped.
  if (runs.stopped.has(part.toolCallId)) return <Stopped addResult={part.addResult} text={text.cancelled} />
  // Paused for a result: this UI runs the call when no execute does (`'tool-ui'`), or when
  // an execute's round outlived it (a reload: the runtime does not run a restored call again).
  if (paused && ((options.runCalls ?? 'tool-ui') === 'tool-ui' || kept)) {
    return (
      <McpToolCall
        name={name}
        arguments={part.args}
        autoRun
        options={{ ...observerOptions(options), storageKey: part.toolCallId, restore: true }}
        onResult={(result) => part.addResult(result)}
        onCallError={(error) => part.addResult({ content: [{ type: 'text', text: `The call failed: ${error.message}` }], isError: true })}
        // Stop in the part: the model hears that the person stopped the call.
        onStatusChange={(status) => status === 'cancelled' && part.addResult(stoppedResult())}
        onSampling={options.onSampling}
        roots={options.roots}
        validator={options.validator}
        theme={options.theme}
        messages={options.messages}
        onError={options.onError}
      />
    )
  }
  if (part.status.type === 'incomplete') {
    return (
      <p role="status" className="mcp-elicit-cancelled">
        {text.cancelled}
      </p>
    )
  }
  return (
    <p role="status" className="mcp-elicit-progress">
      {text.running}
    </p>
  )
}

/** In place of a part that failed to render: what it was showing could not be shown. */
function PartFailedLine({ settings, part }: { settings: PartSettings; part: McpToolPartProps }) {
  const text = resolvePart(settings.options.messages, callTexts)
  return (
    <p role="alert" className="mcp-elicit-error">
      {part.interrupt?.type === 'human' ? text.roundFailed : text.resultFailed}
    </p>
  )
}

/**
 * An `execute` runs the call: its questions come as interrupts; here, its
 * progress or its task's status as `McpToolCall` shows them (a status line
 * when no observer runs it on this page), and the sign-in card when it
 * waits for one.
 */
function Executing({ settings, live }: { settings: PartSettings; live: LiveState | undefined }) {
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
type LiveState = Extract<CallState, { progress: unknown }>

/** The state of the call an `execute` runs under `id` on this page while it is in flight, or undefined (none runs here). */
function useLiveCall(calls: LiveCalls | undefined, id: string): LiveState | undefined {
  const subscribe = useCallback((listener: () => void) => calls?.subscribe(id, listener) ?? (() => {}), [calls, id])
  const state = () => calls?.state(id)
  const live = useSyncExternalStore(subscribe, state, state)
  return live && 'progress' in live ? live : undefined
}

function Stopped({ addResult, text }: { addResult: McpToolPartProps['addResult']; text: string }) {
  useEffect(() => {
    // The runtime may already have settled the call with its own "cancelled" result; the store keeps the first.
    addResult(stoppedResult())
  }, [])
  return (
    <p role="status" className="mcp-elicit-cancelled">
      {text}
    </p>
  )
}

/** A settled call: the MCP result as the forms show it (or the tool's app), anything else as text. */
function Settled({ name, args, result, settings }: { name: string; args: JsonObject; result: unknown; settings: PartSettings }) {
  const { messages, onError } = settings.options
  const text = resolvePart(messages, callTexts)
  const views = useMcpViews()
  const mcp = isMcpResult(result) ? result : undefined
  const block = (
    <div className="mcp-elicit-result" data-error={mcp?.isError === true || undefined}>
      <p className="mcp-elicit-result-heading">{text.resultHeading}</p>
      <CardBoundary onError={onError} resetKey={result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
        {mcp ? <LazyToolResult result={mcp} messages={messages} onError={onError} /> : <p dir="auto">{displayText(typeof result === 'string' ? result : jsonText(result))}</p>}
      </CardBoundary>
    </div>
  )
  if (!views.toolView || !mcp) return block
  return (
    <CardBoundary onError={onError} resetKey={name} fallback={() => block}>
      {views.toolView({ name, arguments: args, status: 'done', result: mcp, error: undefined, fallback: block })}
    </CardBoundary>
  )
}

/** Whether `storage` keeps a call under `key` (false until it has answered, and when it cannot be read). */
function useHasSavedCall(storage: CallStorage | undefined, key: string): boolean {
  const [kept, setKept] = useState<{ storage: CallStorage; key: string } | undefined>(undefined)
  useEffect(() => {
    if (!storage) return
    let current = true
    storage.load(key).then(
      (saved) => current && saved !== undefined && setKept({ storage, key }),
      () => {},
    )
    return () => void (current = false)
  }, [storage, key])
  return storage !== undefined && kept?.storage === storage && kept.key === key
}

function isMcpResult(value: unknown): value is McpResult {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { content?: unknown }).content)
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}
