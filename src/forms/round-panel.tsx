/**
 * Every pending question of one input round: forms, URL consents and
 * approval cards, each answered on its own through `respond(key, …)`. The
 * observer sends the retry once every key is answered (MRTR: one retry with
 * all `inputResponses`), so the panel never retries by itself.
 *
 * While the call waits for a sign-in (`needs_auth`), the panel shows the
 * sign-in card instead, spread from the call's `auth`.
 *
 * Takes the `useMcpTool` return value as is: `<InputRequestPanel {...tool} />`.
 *
 * This is the panel's own code, without the form and the cards it shows:
 * those come in `parts` (`round-parts.ts`) from whoever renders it. The
 * public `InputRequestPanel` passes them; `McpToolCall` loads this module on
 * demand (`lazy-round-panel.tsx`) and passes them from its own first load.
 * The chunk then reaches none of the form's modules: a chunk that did would
 * reach what the form shares with the other parts loaded on demand (texts,
 * the file descriptor, …), which a bundler then splits into files of their
 * own, each a request and a gzip stream more in the first load.
 */
import { forwardRef, useEffect, useId, useRef, type ErrorInfo, type ForwardedRef } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import { displayText, type CallObserverOptions, type InputResponse, type JsonObject, type PendingInput } from '../core/index.js'
import type { McpCallStatus, PendingSignIn } from '../react/index.js'
import { CardBoundary } from './CardBoundary.js'
import { useCardKeys } from './card-keys.js'
import { CardFallback } from './CardFallback.js'
import type { ElicitationFormTheme } from './ElicitationForm.js'
import { inlineText } from './IsolatedLine.js'
import type { RoundParts } from './round-parts.js'
import type { Messages } from './messages.js'
import { cardTexts } from './texts/card.js'
import { resolvePart } from './texts/resolve.js'
import { roundTexts } from './texts/round.js'
import { refusalsFor } from './refusals.js'
import type { SignInCardAuth } from './SignInCard.js'
import { RenderView, useMcpViews } from './views.js'

export interface InputRequestPanelProps {
  /** The call's status; the panel renders only while it is `awaiting_input` (the questions) or `needs_auth` (the sign-in card). */
  status: McpCallStatus
  /** The round's questions (answered ones are skipped). */
  inputs?: readonly PendingInput[] | undefined
  /**
   * The round number, so a new round gets fresh forms even when keys repeat.
   * A question still open when another joins it (the same `PendingInput`
   * object under a new round) keeps its form (card-keys.ts).
   */
  round?: number | undefined
  /** Answers one question (the hook's `respond`). */
  respond: (key: string, response: InputResponse) => void
  /** Produces sampling answers after the person approved; without it sampling can only be declined. */
  onSampling?: CallObserverOptions['onSampling']
  /** Roots to share after the person approved; without them roots can only be declined. */
  roots?: CallObserverOptions['roots']
  /** Answers given before (e.g. in a round that then failed), by key: forms start from their content. */
  initialAnswers?: Readonly<Record<string, InputResponse>> | undefined
  /**
   * Keeps a form's unsent content (the hook's `saveDraft`), so it survives a
   * reload when the call has `storage`; a restored input's `draft` is where
   * its form starts.
   */
  saveDraft?: ((key: string, content: JsonObject) => void) | undefined
  /** Told when a card failed to render (it is replaced by one that can still decline), with React's component stack. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  /** The rjsf validator for every form. @defaultValue the no-eval validator (see `chooseValidator`) */
  validator?: ValidatorType | undefined
  /** The largest file a form's file field takes (`ElicitationForm`'s `maxFileBytes`). @defaultValue 5 MiB */
  maxFileBytes?: number | undefined
  /** An rjsf theme for every form. */
  theme?: ElicitationFormTheme | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Focus the first question when the round appears (the sign-in card focuses its Sign in button unless this is `false`). @defaultValue false */
  autoFocus?: boolean | undefined
  className?: string | undefined

  /**
   * While `needs_auth`: the sign-in the call waits for, with its state and
   * actions (the hook's `auth`, as `useMcpAuth()` gives it). A bare
   * `PendingSignIn` with the deprecated props below still works for one release.
   */
  auth?: SignInCardAuth | PendingSignIn | undefined
  /** While `needs_auth`: who asks (`serverInfo`), when known. */
  server?: unknown
  /** @deprecated Read from `auth` (`auth.popupBlocked`); only with a bare `PendingSignIn` as `auth`. */
  popupBlocked?: boolean | undefined
  /** @deprecated Read from `auth` (`auth.opened`); only with a bare `PendingSignIn` as `auth`. */
  authOpened?: boolean | undefined
  /** @deprecated Read from `auth` (`auth.windowClosed`); only with a bare `PendingSignIn` as `auth`. */
  windowClosed?: boolean | undefined
  /** @deprecated Read from `auth` (`auth.signIn`); only with a bare `PendingSignIn` as `auth`. */
  signIn?: (() => void) | undefined
  /** @deprecated Read from `auth` (`auth.redirect`); only with a bare `PendingSignIn` as `auth`. */
  redirectSignIn?: (() => void) | undefined
  /** @deprecated Read from `auth` (`auth.cancel`); only with a bare `PendingSignIn` as `auth`. */
  cancelSignIn?: (() => void) | undefined
}

/**
 * The sign-in card's state and actions: `auth` as the hook gives it, or
 * (deprecated, for one release) a bare `PendingSignIn` with the old props beside it.
 */
function signInOf(props: InputRequestPanelProps): SignInCardAuth | undefined {
  const { auth } = props
  if (!auth) return undefined
  if ('signIn' in auth && typeof auth.signIn === 'function') return auth
  if (!props.signIn) return undefined
  return {
    pending: auth as PendingSignIn,
    popupBlocked: props.popupBlocked,
    opened: props.authOpened,
    windowClosed: props.windowClosed,
    signIn: props.signIn,
    redirect: props.redirectSignIn,
    cancel: props.cancelSignIn,
  }
}

/** Stands in for params that are not an object; one object, so a card's boundary does not see a new request on every render. */
const NO_PARAMS: Readonly<Record<string, unknown>> = Object.freeze({})

/** Renders the pending questions of an `awaiting_input` round, with the form and cards in `parts`. */
export const RoundPanel = /* @__PURE__ */ forwardRef(function RoundPanel(props: InputRequestPanelProps & { parts: RoundParts }, ref: ForwardedRef<HTMLDivElement>) {
  const { parts } = props
  const { status, inputs = [], round, respond, onSampling, roots, initialAnswers, saveDraft, onError, validator, theme, messages, maxFileBytes, autoFocus, className } = props
  const text = resolvePart(messages, roundTexts)
  const headingId = `mcp-elicit-${useId().replace(/[^a-zA-Z0-9]/g, '')}-round`
  const root = useRef<HTMLDivElement | null>(null)
  const pending = status === 'awaiting_input' ? inputs.filter((input) => !input.answered) : []
  const pendingKeys = pending.map((input) => input.key).join('\u0000')
  const previousCount = useRef(pending.length)
  const cardKeys = useCardKeys(pending, round)

  // The answered card leaves the page; keep the keyboard user in the round.
  useEffect(() => {
    const answeredOne = pending.length > 0 && pending.length < previousCount.current
    previousCount.current = pending.length
    const active = root.current?.ownerDocument.activeElement
    if (answeredOne && root.current && (!active || active === root.current.ownerDocument.body)) {
      root.current.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')?.focus()
    }
  }, [pendingKeys])

  const setRoot = (node: HTMLDivElement | null) => {
    root.current = node
    if (typeof ref === 'function') ref(node)
    else if (ref) ref.current = node
  }

  if (status === 'needs_auth') {
    const auth = signInOf(props)
    if (!auth?.pending) return null
    return (
      <div ref={setRoot} className={['mcp-elicit-panel', className].filter(Boolean).join(' ')} data-state={status}>
        <CardBoundary onError={onError} resetKey={auth.pending} fallback={() => <CardFallback onDecline={() => auth.cancel?.()} messages={messages} />}>
          <parts.SignInCard {...auth} server={props.server} url={auth.pending.endpoint} messages={messages} onError={onError} autoFocus={autoFocus} />
        </CardBoundary>
      </div>
    )
  }
  if (pending.length === 0) return null
  return (
    <div
      ref={setRoot}
      className={['mcp-elicit-panel', className].filter(Boolean).join(' ')}
      data-state={status}
      role="group"
      aria-labelledby={headingId}
    >
      {/* One line: the round's heading, and a status saying that the server, not the call, is waiting: on the person. */}
      <p id={headingId} role="status" className="mcp-elicit-round">
        {text.roundHeading(pending.length, inputs.length)}
      </p>
      <ol className="mcp-elicit-requests">
        {pending.map((input, index) => {
          const answer = (response: InputResponse) => respond(input.key, response)
          const refusals = refusalsFor(input.method)
          return (
            <li key={cardKeys[index]} className="mcp-elicit-request" data-key={input.key} data-method={displayText(input.method)}>
              {/* Each card on its own: one that cannot be rendered leaves the others, and can still be declined. */}
              <CardBoundary
                onError={onError}
                fallback={() => <CardFallback onDecline={() => answer(refusals.decline)} onCancel={refusals.cancel && (() => answer(refusals.cancel!))} messages={messages} />}
              >
                <Question
                  input={input}
                  onRespond={answer}
                  onDraft={saveDraft && ((content) => saveDraft(input.key, content))}
                  {...{ onSampling, roots, validator, theme, messages, onError, maxFileBytes, parts }}
                  initialAnswer={Object.hasOwn(initialAnswers ?? {}, input.key) ? initialAnswers![input.key] : undefined}
                  autoFocus={Boolean(autoFocus) && index === 0}
                />
              </CardBoundary>
            </li>
          )
        })}
      </ol>
    </div>
  )
})

interface QuestionProps extends Pick<InputRequestPanelProps, 'onSampling' | 'roots' | 'validator' | 'theme' | 'messages' | 'onError' | 'maxFileBytes'> {
  input: PendingInput
  onRespond: (response: InputResponse) => void
  onDraft: ((content: JsonObject) => void) | undefined
  initialAnswer: InputResponse | undefined
  autoFocus: boolean
  parts: RoundParts
}

function Question({ input, onRespond, onDraft, onSampling, roots, validator, theme, messages, onError, maxFileBytes, initialAnswer, autoFocus, parts }: QuestionProps) {
  const views = useMcpViews()
  const server = input.server
  // `params` is the server's, whatever it holds; the cards read only what they understand.
  const params: Record<string, unknown> = typeof input.params === 'object' && input.params !== null ? input.params : NO_PARAMS
  if (input.method === 'elicitation/create' && params.mode === 'url') {
    return <parts.UrlElicitation request={params} server={server} url={input.url} onRespond={onRespond} messages={messages} onError={onError} />
  }
  if (input.method === 'elicitation/create') {
    const native = (
      <parts.ElicitationForm
        request={params}
        server={server}
        url={input.url}
        onRespond={onRespond}
        onDraft={onDraft}
        onError={onError}
        validator={validator}
        theme={theme}
        messages={messages}
        maxFileBytes={maxFileBytes}
        initialData={startingContent(input, initialAnswer)}
        autoFocus={autoFocus}
      />
    )
    // Another view (a server's app, SEP-3118) may draw the form; it returns the native one when it cannot.
    return views.formQuestion ? <RenderView view={views.formQuestion} props={{ input, params, onRespond, fallback: native }} /> : native
  }
  if (input.method === 'sampling/createMessage' || input.method === 'roots/list') {
    return <parts.ApprovalCard input={input} onRespond={onRespond} onSampling={onSampling} roots={roots} messages={messages} onError={onError} />
  }
  // A method this UI does not know: say so, and let the round go on.
  const text = resolvePart(messages, cardTexts, roundTexts)
  return (
    <div className="mcp-elicit-unknown">
      <p className="mcp-elicit-message">{text.unknownRequest(inlineText(input.method))}</p>
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-decline" data-action="decline" onClick={() => onRespond(refusalsFor(input.method).decline)}>
          {text.decline}
        </button>
      </div>
    </div>
  )
}

/**
 * Where a form starts. The draft wins over an earlier answer: it is what the
 * person typed most recently (after any earlier answer was offered to them
 * again). It replaces that answer rather than merging with it: the draft
 * is the whole form as it was.
 */
function startingContent(input: PendingInput, initialAnswer: InputResponse | undefined): Record<string, unknown> | undefined {
  if (typeof input.draft === 'object' && input.draft !== null) return input.draft
  if (initialAnswer && 'action' in initialAnswer && initialAnswer.action === 'accept') return initialAnswer.content as Record<string, unknown> | undefined
  return undefined
}
