/**
 * A `sampling/createMessage` or `roots/list` request the app did not answer
 * on its own, put to the person for approval.
 *
 * Sampling follows the spec's human in the loop (client/sampling): the person
 * sees the messages, approves generation, then reviews the generated answer
 * before it is sent. Approve is offered only when the app gave a function
 * that can produce the answer; otherwise only Decline.
 *
 * Declining: `roots/list` is answered `{ roots: [] }` (a valid
 * `ListRootsResult` that shares nothing). `CreateMessageResult` has no shape
 * for "no": sampling is declined with the core's `declineAnswer()`, which the
 * observer turns into the end of the call (modern era; the server does not
 * wait for it) or a JSON-RPC error to the server's request (legacy era).
 */
import { forwardRef, useEffect, useId, useRef, useState, type ErrorInfo, type ForwardedRef } from 'react'
import { displayText, type CallObserverOptions, type InputResponse, type JsonObject, type PendingInput } from '../core/index.js'
import { AskedBy } from './AskedBy.js'
import { CardBoundary } from './CardBoundary.js'
import { CardFallback } from './CardFallback.js'
import { CLAMP_LONG, ClampedText, useClamp } from './ClampedText.js'
import { inlineText } from './IsolatedLine.js'
import type { Messages } from './messages.js'
import { approvalTexts } from './texts/approval.js'
import { cardTexts } from './texts/card.js'
import { contentTexts } from './texts/content.js'
import { resolvePart, type PartTexts } from './texts/resolve.js'
import { refusalsFor } from './refusals.js'
import { useRespondOnce } from './respond-once.js'

/** What the card reads: the question card's texts, its own, and the words for content that is not text. */
type ApprovalTexts = PartTexts<[typeof cardTexts, typeof approvalTexts, typeof contentTexts]>

export interface ApprovalCardProps {
  /** The pending request: `method` is `sampling/createMessage` or `roots/list`. */
  input: Pick<PendingInput, 'method' | 'params'> & Partial<Pick<PendingInput, 'server' | 'url'>>
  /** Called once with the answer. */
  onRespond: (response: InputResponse) => void
  /** Produces the sampling answer after the person approved. Without it, sampling can only be declined. */
  onSampling?: CallObserverOptions['onSampling']
  /** The roots to share after the person approved. Without them, roots can only be declined. */
  roots?: CallObserverOptions['roots']
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Told when the card failed to render; it then shows only Decline. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  className?: string | undefined
}

type ApprovalStatus = 'open' | 'working' | 'review' | 'failed' | 'answered'

/** Approve or decline one sampling or roots request, behind its own error boundary (Decline survives a failure). */
export const ApprovalCard = /* @__PURE__ */ forwardRef(function ApprovalCard(props: ApprovalCardProps, ref: ForwardedRef<HTMLDivElement>) {
  const { respond, sent } = useRespondOnce(props.onRespond)
  return (
    <CardBoundary
      onError={props.onError}
      resetKey={props.input}
      fallback={() => <CardFallback answered={sent.current} onDecline={() => respond(refusalsFor(props.input.method).decline)} messages={props.messages} className={props.className} />}
    >
      <Card {...props} onRespond={respond} ref={ref} />
    </CardBoundary>
  )
})

const Card = /* @__PURE__ */ forwardRef(function Card(props: ApprovalCardProps, ref: ForwardedRef<HTMLDivElement>) {
  const { input, onRespond, onSampling, roots, className } = props
  const text = resolvePart(props.messages, cardTexts, approvalTexts, contentTexts)
  const [status, setStatus] = useState<ApprovalStatus>('open')
  const [generated, setGenerated] = useState<JsonObject | undefined>(undefined)
  const [failure, setFailure] = useState('')
  const controller = useRef<AbortController | undefined>(undefined)
  const sent = useRef(false)
  const titleId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-title`
  const isSampling = input.method === 'sampling/createMessage'
  const canApprove = isSampling ? Boolean(onSampling) : roots !== undefined

  useEffect(() => () => controller.current?.abort(), [])

  const respond = (response: InputResponse) => {
    if (sent.current) return
    sent.current = true
    controller.current?.abort()
    setStatus('answered')
    onRespond(response)
  }

  const approve = async () => {
    const abort = new AbortController()
    controller.current = abort
    setStatus('working')
    try {
      if (isSampling && onSampling) {
        const result = await onSampling(input.params, { signal: abort.signal })
        if (abort.signal.aborted) return
        setGenerated(result)
        setStatus('review')
      } else if (roots !== undefined) {
        const list = typeof roots === 'function' ? await roots({ signal: abort.signal }) : roots
        if (!abort.signal.aborted) respond({ roots: list })
      }
    } catch (error) {
      if (abort.signal.aborted) return
      // The app's function failed; its error may be anything (and a message is not always a string).
      setFailure(displayText(error instanceof Error ? error.message : error))
      setStatus('failed')
    }
  }

  const decline = () => respond(refusalsFor(input.method).decline)
  const answered = status === 'answered'

  return (
    <div
      role="group"
      ref={ref}
      className={['mcp-elicit-approval', className].filter(Boolean).join(' ')}
      data-state={status}
      data-method={displayText(input.method)}
      aria-labelledby={titleId}
      aria-busy={status === 'working' || undefined}
    >
      <p id={titleId} className="mcp-elicit-message">
        {isSampling ? text.samplingTitle : text.rootsTitle}
      </p>
      <AskedBy server={input.server} url={input.url} text={text} />
      {isSampling ? <SamplingRequest params={input.params} text={text} /> : Array.isArray(roots) && <RootList roots={roots} text={text} />}
      {!canApprove && <p className="mcp-elicit-hint">{text.cannotApprove}</p>}
      {status === 'working' && (
        <p role="status" className="mcp-elicit-progress">
          {text.generating}
        </p>
      )}
      {status === 'failed' && (
        <p role="alert" className="mcp-elicit-error">
          {text.samplingFailed(failure)}
        </p>
      )}
      {status === 'review' && generated && (
        <div className="mcp-elicit-generated">
          <p>{text.generatedHeading}</p>
          <ContentText content={generated.content} text={text} />
        </div>
      )}
      <div className="mcp-elicit-actions">
        {canApprove && status === 'review' && generated ? (
          <button type="button" className="mcp-elicit-accept mcp-elicit-primary" data-action="send" onClick={() => respond(generated)}>
            {text.send}
          </button>
        ) : (
          canApprove && (
            <button type="button" className="mcp-elicit-accept mcp-elicit-primary" data-action="approve" disabled={answered || status === 'working'} onClick={() => void approve()}>
              {text.approve}
            </button>
          )
        )}
        <button type="button" className="mcp-elicit-decline" data-action="decline" disabled={answered} onClick={decline}>
          {text.decline}
        </button>
      </div>
      {answered && (
        <p role="status" className="mcp-elicit-answered">
          {text.answered}
        </p>
      )}
    </div>
  )
})

function SamplingRequest({ params, text }: { params: JsonObject; text: ApprovalTexts }) {
  const messages = Array.isArray(params.messages) ? (params.messages as unknown[]) : []
  return (
    <div className="mcp-elicit-sampling">
      {typeof params.systemPrompt === 'string' && params.systemPrompt && (
        <p className="mcp-elicit-sampling-system">
          <strong>{text.systemPrompt}: </strong>
          <ClampedText as="bdi" dir="auto" text={params.systemPrompt} budget={CLAMP_LONG} labels={text} />
        </p>
      )}
      <ol className="mcp-elicit-sampling-messages">
        {messages.map((message, index) => {
          const role = isObject(message) && typeof message.role === 'string' ? message.role : ''
          return (
            <li key={index} data-role={role}>
              <strong>
                <bdi dir="auto">{text.role(role)}</bdi>:{' '}
              </strong>
              <ContentText content={isObject(message) ? message.content : undefined} text={text} />
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function RootList({ roots, text }: { roots: Array<{ uri: string; name?: string }>; text: ApprovalTexts }) {
  return (
    <div className="mcp-elicit-roots">
      <p>{text.rootsToShare}</p>
      <ul>
        {roots.map((root) => (
          <li key={root.uri}>
            {root.name ? `${root.name} ` : ''}
            <code>{root.uri}</code>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Content blocks as text: `text` blocks verbatim (clamped when long, so a
 * 100 KB prompt leaves Approve and Decline in view), others by their type
 * only. A block's `type` is server data like the rest: coerced, never
 * `String()`ed (an object with a non-callable `toString` throws there).
 */
export function ContentText({ content, text }: { content: unknown; text: ApprovalTexts }) {
  const blocks = Array.isArray(content) ? content : content === undefined ? [] : [content]
  return (
    <span className="mcp-elicit-content">
      {blocks.map((block, index) => {
        const type = isObject(block) ? inlineText(block.type, 'unknown') : 'unknown'
        const shown = isObject(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : text.nonTextContent(isObject(block) ? type : typeof block)
        return <ContentTextBlock key={index} type={type} shown={shown} text={text} />
      })}
    </span>
  )
}

function ContentTextBlock({ type, shown, text }: { type: string; shown: string; text: ApprovalTexts }) {
  const clamp = useClamp(shown, CLAMP_LONG)
  return (
    <>
      <span {...clamp.props('mcp-elicit-content-block')} data-type={type} dir="auto">
        {shown}
      </span>
      {clamp.button(text)}
    </>
  )
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
