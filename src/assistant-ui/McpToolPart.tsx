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
 *   `McpAppsProvider` is around the thread): the whole result when this page
 *   ran the call, the bounded copy the thread holds otherwise.
 *
 * A call the host's policy asks about (`askBeforeRunning`) waits on a card
 * first, "Run <tool> on <host>? Run / Don't run": the question `execute`
 * asks through `human()`, or, when this UI runs the call, its own.
 */
import { useEffect, useReducer, type ComponentType } from 'react'
import type { ToolCallMessagePartProps } from '@assistant-ui/react'
import type { JsonObject } from '../core/index.js'
import { CardBoundary, McpToolCall } from '../forms/index.js'
// The task line loads when first shown, as in McpToolCall (forms/lazy-parts.tsx).
import { LazyTaskLine } from '../forms/lazy-parts.js'
// The round panel too (forms/lazy-round-panel.tsx): fetched as soon as the part shows, before a round can come.
import { LazyInputRequestPanel } from '../forms/lazy-round-panel.js'
import { callTexts } from '../forms/texts/call.js'
import { resolvePart } from '../forms/texts/resolve.js'
import { runTexts } from '../forms/texts/run.js'
import { McpProvider } from '../react/index.js'
import { FoldedResult } from '../chat/FoldedResult.js'
import { RunCard } from '../chat/RunCard.js'
import { partTitle, ToolPart } from '../chat/ToolPartHeading.js'
import { useHasSavedCall } from '../chat/saved-call.js'
import { asksBeforeRunning } from '../chat/tool-approval.js'
import type { McpToolHints } from '../chat/tool-listing.js'
import { declinedResult, failedResult, isDeclinedResult, keepWhole, stoppedResult, threadResult } from './call-results.js'
import { Executing, useLiveCall } from './executing-part.js'
import { isMcpRoundPayload, isMcpRunApprovalPayload, type McpRoundAnswers } from './round-payload.js'
import { RoundQuestions } from './RoundQuestions.js'
import { observerOptions, type PartSettings } from './settings.js'
import { Settled } from './settled-part.js'

export type McpToolPartProps = ToolCallMessagePartProps<JsonObject, unknown>

/** The tool a part calls: its MCP name, its title (cleaned) and its hints, for the card before a call. */
export interface PartTool {
  name: string
  title: string | undefined
  hints: McpToolHints
  /** The server it runs on, in a set of servers: its id and its display name (the part's heading shows the name). */
  server?: { id: string; name: string } | undefined
}

/** The tool UI of the MCP tool `tool` (as the server lists it), reading `settings` at each render. */
export function createMcpToolPart(tool: PartTool, settings: { current: PartSettings }): ComponentType<McpToolPartProps> {
  const { name } = tool
  function McpToolPart(props: McpToolPartProps) {
    const { client, signIn } = settings.current
    useEffect(() => {
      LazyInputRequestPanel.preload().catch(() => {}) // a failure shows where the round goes, with Try again
    }, [])
    return (
      <McpProvider client={client} signIn={signIn}>
        {/* The heading: the tool's title (else its name in words) and its server's name, never the model's raw name. */}
        <ToolPart title={partTitle(tool.title, name)} server={tool.server?.name} messages={settings.current.options.messages} common={{ className: 'mcp-elicit-tool-part mcp-elicit-assistant-tool', 'data-tool': name, 'data-server': tool.server?.id, 'data-tool-call-id': props.toolCallId }}>
          {/* Whatever the runtime or the server put in the part, a part that throws is a line of text, not the thread gone. */}
          <CardBoundary onError={settings.current.options.onError} resetKey={props.interrupt?.payload ?? props.result} fallback={() => <PartFailedLine settings={settings.current} part={props} />}>
            <PartBody tool={tool} settings={settings.current} {...props} />
          </CardBoundary>
        </ToolPart>
      </McpProvider>
    )
  }
  McpToolPart.displayName = `McpToolPart(${name.slice(0, 64)})`
  return McpToolPart
}

function PartBody({ tool, settings, ...part }: McpToolPartProps & { tool: PartTool; settings: PartSettings }) {
  const { options, runs } = settings
  const { name } = tool
  const id = part.toolCallId
  const text = resolvePart(options.messages, callTexts, runTexts)
  const interrupt = part.interrupt
  // The call an execute runs on this page, while it runs.
  const live = useLiveCall(runs.live, id)
  // A Run on this UI's own card is kept in `runs` (it outlives a remount); this re-renders the part.
  const [, ran] = useReducer((count: number) => count + 1, 0)
  const paused = part.status.type === 'requires-action' && part.status.reason === 'tool-calls'
  // Whether the call went out once (kept under its id): read only while the part waits for a result.
  const saved = useHasSavedCall(paused ? observerOptions(options).storage : undefined, id)
  const card = (onRun: () => void, onDecline: () => void) => (
    <RunCard title={tool.title ?? name} url={settings.client.url} args={part.args} onRun={onRun} onDecline={onDecline} messages={options.messages} onError={options.onError} />
  )
  if (interrupt?.type === 'human' && isMcpRunApprovalPayload(interrupt.payload)) {
    return card(
      () => part.resume({ run: true }),
      () => part.resume({ run: false }),
    )
  }
  if (interrupt?.type === 'human' && isMcpRoundPayload(interrupt.payload)) {
    return (
      <>
        {/* The questions belong to a task that goes on running: say so above them. */}
        {live?.task && <LazyTaskLine task={live.task} progress={live.progress} compact messages={options.messages} onError={options.onError} />}
        <RoundQuestions key={interrupt.payload.round} payload={interrupt.payload} resume={(answers: McpRoundAnswers) => part.resume(answers)} options={options} />
      </>
    )
  }
  if (part.result !== undefined) {
    if (isDeclinedResult(part.result)) return <Line text={text.runDeclined} />
    // The whole result when this page ran the call; the thread holds the bounded copy.
    return <Settled name={name} args={part.args} result={runs.results?.get(id) ?? part.result} settings={settings} />
  }
  if (runs.running.has(id)) return <Executing settings={settings} live={live} />
  // The run's Stop ended this call's execute: never started again; the model hears it was stopped.
  if (runs.stopped.has(id)) return <Stopped addResult={part.addResult} text={text.cancelled} />
  // Paused for a result: this UI runs the call when no execute does (`'tool-ui'`), or when
  // an execute's round outlived it (a reload: the runtime does not run a restored call again).
  if (paused && ((options.runCalls ?? 'tool-ui') === 'tool-ui' || saved === true)) {
    // A call that went out once (kept: its round, task or result) resumes without asking again.
    const asks = saved !== true && !runs.approved?.has(id) && asksBeforeRunning(tool, options.askBeforeRunning)
    // Neither the card nor the call until the storage has said.
    if (asks && saved === undefined) {
      return (
        <p role="status" className="mcp-elicit-progress">
          {text.checkingStored}
        </p>
      )
    }
    if (asks) {
      return card(
        () => {
          runs.approved?.add(id)
          ran()
        },
        () => part.addResult(declinedResult()),
      )
    }
    return (
      <McpToolCall
        name={name}
        arguments={part.args}
        autoRun
        // The model made the call: once done it is one folded line, with no button that runs the tool again.
        finishedActions={false}
        resultView={(result) => <FoldedResult result={result} messages={options.messages} onError={options.onError} />}
        options={{ ...observerOptions(options), storageKey: id, restore: true }}
        onResult={(result) => {
          keepWhole(runs.results, id, result)
          part.addResult(threadResult(result))
        }}
        onCallError={(error) => part.addResult(failedResult(error))}
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
  if (part.status.type === 'incomplete') return <Line text={text.cancelled} />
  return (
    <p role="status" className="mcp-elicit-progress">
      {text.running}
    </p>
  )
}

function Line({ text }: { text: string }) {
  return (
    <p role="status" className="mcp-elicit-cancelled">
      {text}
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

