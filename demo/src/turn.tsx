/**
 * One chat turn: what the person asked (a tool, a prompt or a resource) and
 * the call that answers it, rendered by the library's components. The turn
 * follows its call through `onStatusChange` (its badge, and the line it
 * folds to once finished); the call keeps its own state.
 */
import { useCallback, useEffect, useId, useState } from 'react'
import { displayText, type JsonObject } from 'mcp-elicit'
import { InputRequestPanel, McpToolCall } from 'mcp-elicit/forms'
import { useMcpPrompt, useMcpResource, type McpCallStatus, type McpCallView } from 'mcp-elicit/react'
import { storage } from './durable'
import { standInModel } from './stand-in-model'

export interface Turn {
  id: string
  serverId: string
  kind: 'tool' | 'prompt' | 'resource'
  name: string
  args: JsonObject
  /** True only for the render that created it: a reload must not run a call again. */
  fresh: boolean
}

/** What a composer sends: the page gives it an id and the server picked. */
export type TurnRequest = Omit<Turn, 'id' | 'fresh' | 'serverId'>

const ROOTS = [
  { uri: 'file:///demo/workspace', name: 'workspace' },
  { uri: 'file:///demo/notes', name: 'notes' },
]

export function loadTurns(): Turn[] {
  try {
    const turns = JSON.parse(sessionStorage.getItem('mcp-elicit-demo:turns') ?? '[]') as Turn[]
    return turns.map((turn) => ({ ...turn, fresh: false }))
  } catch {
    return []
  }
}

export function saveTurns(turns: Turn[]): void {
  sessionStorage.setItem('mcp-elicit-demo:turns', JSON.stringify(turns.map((turn) => ({ ...turn, fresh: false }))))
}

const FINISHED = new Set<McpCallStatus>(['done', 'error', 'cancelled'])

interface Outcome {
  /** The call's status, as its `onStatusChange` last said. */
  state: McpCallStatus
  /** A result that says it is an error (`isError`). */
  isError: boolean
  /** The first line of the result, the error or the cancel: the collapsed turn's summary. */
  line: string
}

const READY: Outcome = { state: 'idle', isError: false, line: '' }

/** The first non-empty line of `text`, cut to a readable length. */
function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? ''
  return line.length > 240 ? `${line.slice(0, 239)}…` : line
}

/** The text a result leads with: its first text block, its structured content, or what a prompt or resource read gave. */
function summaryOf(result: JsonObject): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ text?: unknown }>) : []
  const block = content.find((item) => typeof item?.text === 'string')
  if (block) return displayText(block.text)
  if (result.structuredContent !== undefined) return displayText(result.structuredContent)
  return describeRead(result)
}

/** What the turn's head shows of a call in `state`. */
function outcomeOf(state: McpCallView): Outcome {
  switch (state.status) {
    case 'done':
      return { state: 'done', isError: state.result.isError === true, line: firstLine(summaryOf(state.result)) }
    case 'error':
      return { state: 'error', isError: false, line: firstLine(displayText(state.error.message)) }
    case 'cancelled':
      return { state: 'cancelled', isError: false, line: 'Cancelled.' }
    default:
      return { state: state.status, isError: false, line: '' }
  }
}

const STATE_LABELS: Record<McpCallStatus, string> = {
  idle: 'Ready',
  running: 'Working',
  retrying: 'Retrying',
  awaiting_input: 'Needs your answer',
  needs_auth: 'Needs sign-in',
  done: 'Done',
  error: 'Error',
  cancelled: 'Cancelled',
}

type TurnOptions = { storage: typeof storage; storageKey: string; restore: boolean; onStatusChange: (status: McpCallStatus, state: McpCallView) => void }

/**
 * One chat turn. A finished turn (done, error, cancelled) that a later turn
 * followed folds into a one-line summary; its disclosure button opens it
 * again. Folding only hides the body: the call stays mounted with its result.
 */
export function ChatTurn({ turn, serverLabel, superseded }: { turn: Turn; serverLabel: string; superseded: boolean }) {
  const [outcome, setOutcome] = useState<Outcome>(READY)
  const follow = useCallback((_status: McpCallStatus, state: McpCallView) => setOutcome(outcomeOf(state)), [])
  const options: TurnOptions = { storage, storageKey: turn.id, restore: true, onStatusChange: follow }
  const what = turn.kind === 'tool' ? `tool ${turn.name}` : turn.kind === 'prompt' ? `prompt ${turn.name}` : `resource ${turn.name}`
  const finished = FINISHED.has(outcome.state)
  // The person's own choice (open or closed) wins over the automatic one until the call runs again.
  const [choice, setChoice] = useState<boolean>()
  if (!finished && choice !== undefined) setChoice(undefined)
  const open = !finished || (choice ?? !superseded)
  const bodyId = useId()
  const tone = outcome.state === 'error' || outcome.isError ? 'error' : outcome.state
  return (
    <article className="demo-turn" data-turn={turn.id} data-state={outcome.state} data-open={open} aria-label={`${what} on ${serverLabel}`}>
      <div className="demo-turn-head">
        {finished ? (
          <button type="button" className="demo-turn-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setChoice(!open)}>
            <span className="demo-chevron" aria-hidden="true" />
            <span className="demo-turn-name">{turn.name}</span>
          </button>
        ) : (
          <span className="demo-turn-name demo-turn-name-static">{turn.name}</span>
        )}
        <span className="demo-badge" data-tone={tone}>
          {outcome.isError ? 'Tool error' : STATE_LABELS[outcome.state]}
        </span>
        {!open && outcome.line && (
          <span className="demo-turn-line" dir="auto" title={outcome.line}>
            {outcome.line}
          </span>
        )}
      </div>
      <div className="demo-turn-body" id={bodyId} hidden={!open}>
        <p className="demo-bubble demo-user">
          <span className="demo-user-text">
            <strong>You</strong> asked {serverLabel} for {what}
          </span>
          {Object.keys(turn.args).length > 0 && <code className="demo-args">{JSON.stringify(turn.args)}</code>}
        </p>
        <div className="demo-bubble demo-assistant">
          {turn.kind === 'tool' ? (
            <McpToolCall name={turn.name} arguments={turn.args} autoRun={turn.fresh} options={options} onSampling={(params: JsonObject) => standInModel(params)} roots={ROOTS} />
          ) : (
            <ReadTurn turn={turn} options={options} />
          )}
        </div>
      </div>
    </article>
  )
}

/** A prompt or a resource: the same round UI through the prompt and resource hooks. */
function ReadTurn({ turn, options }: { turn: Turn; options: TurnOptions }) {
  // Only the hook that runs tells the turn of its status.
  const quiet = { ...options, onStatusChange: undefined }
  const prompt = useMcpPrompt(turn.name, turn.kind === 'prompt' ? options : quiet)
  // Live: the server's update notifications read it again (demo://notes changes with add_note).
  const resource = useMcpResource(turn.name, { ...(turn.kind === 'resource' ? options : quiet), live: turn.kind === 'resource' })
  const call = turn.kind === 'prompt' ? prompt : resource
  // While a live re-read runs, the last read stays on screen.
  const shown = call.status === 'done' ? call.result : turn.kind === 'resource' && call.isActive ? resource.lastRead : undefined
  useEffect(() => {
    if (turn.fresh && call.status === 'idle') void (turn.kind === 'prompt' ? prompt.call(turn.args as Record<string, string>) : resource.call())
  }, [])
  return (
    <section className="mcp-elicit-call" data-state={call.status}>
      {call.status === 'awaiting_input' && <InputRequestPanel status={call.status} inputs={call.inputs} round={call.round} respond={call.respond} autoFocus />}
      {(call.status === 'running' || call.status === 'retrying') && <p role="status">{shown ? 'Reading again…' : 'Working…'}</p>}
      {shown && (
        <div className="mcp-elicit-result">
          <p className="mcp-elicit-result-heading">Result</p>
          <pre className="demo-result" tabIndex={0}>
            {describeRead(shown)}
          </pre>
        </div>
      )}
      {call.status === 'error' && (
        <p role="alert" className="mcp-elicit-error">
          {call.error.message}
        </p>
      )}
      {call.status === 'cancelled' && (
        <p role="status" className="mcp-elicit-cancelled">
          Cancelled.
        </p>
      )}
      {(call.status === 'idle' || call.isActive) && (
        <div className="mcp-elicit-actions">
          {call.status === 'idle' && (
            <button type="button" className="mcp-elicit-run" onClick={() => void (turn.kind === 'prompt' ? prompt.call(turn.args as Record<string, string>) : resource.call())}>
              Run {turn.kind} {turn.name}
            </button>
          )}
          {call.isActive && (
            <button type="button" className="mcp-elicit-cancel" onClick={call.cancel}>
              Stop
            </button>
          )}
        </div>
      )}
    </section>
  )
}

function describeRead(result: JsonObject): string {
  const texts: string[] = []
  for (const message of (result.messages as Array<{ content?: { text?: string } }> | undefined) ?? []) texts.push(message.content?.text ?? '')
  for (const content of (result.contents as Array<{ text?: string; uri?: string }> | undefined) ?? []) texts.push(content.text ?? content.uri ?? '')
  return texts.join('\n')
}
