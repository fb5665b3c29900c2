/**
 * The card a call the model made waits on, when the host's policy asks first
 * (tool-approval.ts), in both adapters' tool parts: "Run <tool> on <host>?",
 * the arguments the model chose, Run and Don't run. The tool's title is the
 * server's (isolated, so its bidi characters cannot reorder the host next to
 * it); the host is the MCP endpoint's, from the URL the app connected to,
 * which no server can choose. Nothing is sent before Run.
 */
import { useId, useRef, useState, type ErrorInfo, type ReactNode } from 'react'
import type { JsonObject } from '../core/index.js'
import { boundedJson } from '../forms/bounded-json.js'
import { CardBoundary } from '../forms/CardBoundary.js'
import { endpointHost } from '../forms/endpoint-host.js'
import { isolate, isolateHost, IsolatedLine } from '../forms/IsolatedLine.js'
import type { Messages } from '../forms/messages.js'
import { cardTexts } from '../forms/texts/card.js'
import { resolvePart, type PartTexts } from '../forms/texts/resolve.js'
import { runTexts } from '../forms/texts/run.js'

/** Characters of the arguments shown (the model's, possibly long). */
const MAX_ARGUMENTS_SHOWN = 2000

export interface RunCardProps {
  /** The tool's title, else its name (the server's text). */
  title: string
  /** The MCP endpoint's URL. */
  url: string | undefined
  /** The arguments the model chose. */
  args: JsonObject | undefined
  /** The person clicked Run. */
  onRun: () => void
  /** The person clicked Don't run. */
  onDecline: () => void
  messages?: Partial<Messages> | undefined
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
}

/** Run or Don't run, once; a card that fails to render keeps Don't run. */
export function RunCard(props: RunCardProps) {
  const text = resolvePart(props.messages, cardTexts, runTexts)
  const [answered, setAnswered] = useState<'run' | 'declined'>()
  const once = useRef(false)
  const answer = (choice: 'run' | 'declined') => {
    if (once.current) return
    once.current = true
    setAnswered(choice)
    if (choice === 'run') props.onRun()
    else props.onDecline()
  }
  const decline = (
    <button type="button" className="mcp-elicit-decline" data-action="decline-run" disabled={answered !== undefined} onClick={() => answer('declined')}>
      {text.runDecline}
    </button>
  )
  return (
    <CardBoundary onError={props.onError} resetKey={props.args} fallback={() => <div className="mcp-elicit-approval mcp-elicit-run-approval">{decline}</div>}>
      <Question {...props} text={text} answered={answered} onRun={() => answer('run')} decline={decline} />
    </CardBoundary>
  )
}

interface QuestionProps extends RunCardProps {
  text: PartTexts<[typeof cardTexts, typeof runTexts]>
  answered: 'run' | 'declined' | undefined
  decline: ReactNode
}

function Question({ title, url, args, text, answered, onRun, decline }: QuestionProps) {
  const titleId = useId()
  const shown = args && Object.keys(args).length > 0 ? boundedJson(args, { maxLength: MAX_ARGUMENTS_SHOWN }) : undefined
  return (
    <div role="group" className="mcp-elicit-approval mcp-elicit-run-approval" data-state={answered ?? 'open'} aria-labelledby={titleId}>
      <div id={titleId}>
        <IsolatedLine className="mcp-elicit-message" text={text.runAsk(isolate(title), isolateHost(endpointHost(url)))} showAll={text.showAll} showLess={text.showLess} />
      </div>
      {shown !== undefined && (
        <>
          <p className="mcp-elicit-run-arguments-label">{text.runArguments}</p>
          <pre className="mcp-elicit-run-arguments" dir="auto">
            {shown}
          </pre>
        </>
      )}
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-accept mcp-elicit-primary" data-action="run" disabled={answered !== undefined} onClick={onRun}>
          {text.runApprove}
        </button>
        {decline}
      </div>
      {answered === 'declined' && (
        <p role="status" className="mcp-elicit-answered">
          {text.runDeclined}
        </p>
      )}
    </div>
  )
}
