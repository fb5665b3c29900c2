/**
 * Every pending question of one input round: forms, URL consents and
 * approval cards, each answered on its own through `respond(key, …)`. The
 * observer sends the retry once every key is answered (MRTR: one retry with
 * all `inputResponses`), so the panel never retries by itself.
 *
 * Takes the `useMcpTool` return value as is: `<InputRequestPanel {...tool} />`.
 */
import { forwardRef, useEffect, useId, useRef, type ForwardedRef } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import { declineAnswer, type CallObserverOptions, type CallStatus, type InputResponse, type PendingInput } from '../core/index'
import { ApprovalCard } from './ApprovalCard'
import { ElicitationForm, type ElicitationFormTheme } from './ElicitationForm'
import { resolveMessages, type Messages } from './messages'
import { UrlElicitation } from './UrlElicitation'

export interface InputRequestPanelProps {
  /** The call's status; the panel renders only while it is `awaiting_input`. */
  status: CallStatus
  /** The round's questions (answered ones are skipped). */
  inputs?: readonly PendingInput[] | undefined
  /** The round number, so a new round gets fresh forms even when keys repeat. */
  round?: number | undefined
  /** Answers one question (the hook's `respond`). */
  respond: (key: string, response: InputResponse) => void
  /** Produces sampling answers after the person approved; without it sampling can only be declined. */
  onSampling?: CallObserverOptions['onSampling']
  /** Roots to share after the person approved; without them roots can only be declined. */
  roots?: CallObserverOptions['roots']
  /** Answers given before (e.g. in a round that then failed), by key: forms start from their content. */
  initialAnswers?: Readonly<Record<string, InputResponse>> | undefined
  /** The rjsf validator for every form. @defaultValue `chooseValidator()` */
  validator?: ValidatorType | undefined
  /** An rjsf theme for every form. */
  theme?: ElicitationFormTheme | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Focus the first question when the round appears. @defaultValue false */
  autoFocus?: boolean | undefined
  className?: string | undefined
}

/** Renders the pending questions of an `awaiting_input` round. */
export const InputRequestPanel = /* @__PURE__ */ forwardRef(function InputRequestPanel(props: InputRequestPanelProps, ref: ForwardedRef<HTMLDivElement>) {
  const { status, inputs = [], round, respond, onSampling, roots, initialAnswers, validator, theme, messages, autoFocus, className } = props
  const text = resolveMessages(messages)
  const headingId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-round`
  const root = useRef<HTMLDivElement | null>(null)
  const pending = status === 'awaiting_input' ? inputs.filter((input) => !input.answered) : []
  const pendingKeys = pending.map((input) => input.key).join('\u0000')
  const previousCount = useRef(pending.length)

  // The answered card leaves the page; keep the keyboard user in the round.
  useEffect(() => {
    const answeredOne = pending.length > 0 && pending.length < previousCount.current
    previousCount.current = pending.length
    const active = root.current?.ownerDocument.activeElement
    if (answeredOne && root.current && (!active || active === root.current.ownerDocument.body)) {
      root.current.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')?.focus()
    }
  }, [pendingKeys])

  if (pending.length === 0) return null
  return (
    <div
      ref={(node) => {
        root.current = node
        if (typeof ref === 'function') ref(node)
        else if (ref) ref.current = node
      }}
      className={['mcp-elicit-panel', className].filter(Boolean).join(' ')}
      data-state={status}
      role="group"
      aria-labelledby={headingId}
    >
      <p id={headingId} className="mcp-elicit-round">
        {text.roundHeading(pending.length, inputs.length)}
      </p>
      <ol className="mcp-elicit-requests">
        {pending.map((input, index) => (
          <li key={`${round ?? ''}:${input.key}`} className="mcp-elicit-request" data-key={input.key} data-method={input.method}>
            <Question
              input={input}
              onRespond={(response) => respond(input.key, response)}
              {...{ onSampling, roots, validator, theme, messages }}
              initialAnswer={initialAnswers?.[input.key]}
              autoFocus={Boolean(autoFocus) && index === 0}
            />
          </li>
        ))}
      </ol>
    </div>
  )
})

interface QuestionProps extends Pick<InputRequestPanelProps, 'onSampling' | 'roots' | 'validator' | 'theme' | 'messages'> {
  input: PendingInput
  onRespond: (response: InputResponse) => void
  initialAnswer: InputResponse | undefined
  autoFocus: boolean
}

function Question({ input, onRespond, onSampling, roots, validator, theme, messages, initialAnswer, autoFocus }: QuestionProps) {
  const server = input.server
  if (input.method === 'elicitation/create' && input.params.mode === 'url') {
    return <UrlElicitation request={input.params} server={server} url={input.url} onRespond={onRespond} messages={messages} />
  }
  if (input.method === 'elicitation/create') {
    const content = initialAnswer && 'action' in initialAnswer && initialAnswer.action === 'accept' ? (initialAnswer.content as Record<string, unknown> | undefined) : undefined
    return (
      <ElicitationForm
        request={input.params}
        server={server}
        url={input.url}
        onRespond={onRespond}
        validator={validator}
        theme={theme}
        messages={messages}
        initialData={content}
        autoFocus={autoFocus}
      />
    )
  }
  if (input.method === 'sampling/createMessage' || input.method === 'roots/list') {
    return <ApprovalCard input={input} onRespond={onRespond} onSampling={onSampling} roots={roots} messages={messages} />
  }
  // A method this UI does not know: say so, and let the round go on.
  const text = resolveMessages(messages)
  return (
    <div className="mcp-elicit-unknown">
      <p className="mcp-elicit-message">{text.unknownRequest(input.method)}</p>
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-decline" data-action="decline" onClick={() => onRespond(declineAnswer())}>
          {text.decline}
        </button>
      </div>
    </div>
  )
}
