/**
 * A whole tool call on a page: a Run button, progress, the input rounds
 * (through {@link InputRequestPanel}), sign-in, cancel, the result and
 * errors. It is `useMcpTool` + the panel; build your own from the same two
 * pieces when this layout does not fit. Needs an `McpProvider` above it
 * (with `signIn` for the sign-in card).
 *
 * A sign-in the call waits for is shown by the panel (`needs_auth`). A call
 * that failed signing in shows the sign-in card's failure instead of the
 * plain error, when the provider has a sign-in store: its "Try again" opens
 * the window inside the click and retries the call.
 *
 * Built from public parts only (`mcp-elicit/react`): a host that follows the
 * call (a status badge, a summary) gets `onStatusChange`, `onResult` and
 * `onCallError` rather than reading the page.
 *
 * The round panel and the result renderer are chunks of their own, fetched
 * before they are needed: the panel right after the card's first paint (a
 * Run button needs neither, `lazy-round-panel.tsx`), the renderer when the
 * call starts (`lazy-parts.tsx`).
 *
 * A call the server runs as a task (tasks extension) shows {@link TaskLine}
 * instead of the plain progress while it runs, and its compact line above
 * the questions the task asks; the one Stop button of the card cancels the
 * task (the core sends `tasks/cancel`).
 */
import { forwardRef, useEffect, useRef, useState, type ErrorInfo, type ForwardedRef, type ReactNode } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import { displayText, type CallObserverOptions, type InputResponse, type JsonObject, type McpResult } from '../core/index.js'
import { useMcpClient, useMcpTool, useSignInStore, type McpCallEvents, type UseMcpCallOptions } from '../react/index.js'
import { CallProgress } from './CallProgress.js'
import { CardBoundary } from './CardBoundary.js'
import type { ElicitationFormTheme } from './ElicitationForm.js'
import { LazySignInCard, LazyTaskLine, LazyToolResult } from './lazy-parts.js'
import { LazyInputRequestPanel } from './lazy-round-panel.js'
import type { Messages } from './messages.js'
import { callTexts } from './texts/call.js'
import { resolvePart } from './texts/resolve.js'
import { RenderView, useMcpViews } from './views.js'

/** `onStatusChange`, `onResult` and `onCallError` are the hook's (`useMcpTool` options), called as well as those in `options`. */
export interface McpToolCallProps extends McpCallEvents {
  /** The tool to call (`tools/call` `name`). */
  name: string
  /** Its arguments. @defaultValue `{}` */
  arguments?: JsonObject | undefined
  /** Options of the call observer: host handlers that answer without asking, storage, `maxRounds`. */
  options?: UseMcpCallOptions | undefined
  /** Produces sampling answers after the person approved (not called without approval). */
  onSampling?: CallObserverOptions['onSampling']
  /** Roots to share after the person approved. */
  roots?: CallObserverOptions['roots']
  /** The rjsf validator for every form. @defaultValue the no-eval validator (see `chooseValidator`) */
  validator?: ValidatorType | undefined
  /** The largest file a form's file field takes (`ElicitationForm`'s `maxFileBytes`). @defaultValue 5 MiB */
  maxFileBytes?: number | undefined
  /** An rjsf theme for every form. */
  theme?: ElicitationFormTheme | undefined
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Start the call on mount. @defaultValue false */
  autoRun?: boolean | undefined
  /**
   * The buttons under a call that ended (run again, start over). A chat's
   * tool part turns them off: the model made the call and has its answer.
   * A 2025-11-25 call a reload cut off keeps its "Run it again".
   * @defaultValue true
   */
  finishedActions?: boolean | undefined
  /**
   * Draws a completed result in place of the whole default block (its
   * "Result" heading and content): a chat's tool part folds it to one line.
   * `renderResult` draws only the content inside the default block.
   */
  resultView?: ((result: McpResult) => ReactNode) | undefined
  /** Renders a completed result instead of the default (text content as text). */
  renderResult?: ((result: McpResult) => ReactNode) | undefined
  /** Told when a card or the result failed to render (each is replaced by a short notice), with React's component stack. */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  className?: string | undefined
}

/** Runs one tool with its input rounds, progress, cancel, result and error display. */
export const McpToolCall = /* @__PURE__ */ forwardRef(function McpToolCall(props: McpToolCallProps, ref: ForwardedRef<HTMLElement>) {
  const { name, arguments: args, options, onSampling, roots, validator, theme, autoRun, renderResult, onError, className, finishedActions = true } = props
  const text = resolvePart(props.messages, callTexts)
  const tool = useMcpTool(name, {
    ...options,
    onStatusChange: both(options?.onStatusChange, props.onStatusChange),
    onResult: both(options?.onResult, props.onResult),
    onCallError: both(options?.onCallError, props.onCallError),
  })
  // Answers given in a round that then failed, so "Try again" starts from them.
  const [remembered, setRemembered] = useState<Readonly<Record<string, InputResponse>>>({})
  if (tool.status === 'error' && tool.answers !== remembered && Object.keys(tool.answers).length > 0) setRemembered(tool.answers)
  const started = useRef(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => void (mounted.current = false)
  }, [])
  const client = useMcpClient()
  const store = useSignInStore()
  const auth = tool.auth
  // An auth failure gets the sign-in card; the store, when it failed the same way, says whether it was a cancel and what was asked.
  const authError = store && tool.status === 'error' && isAuthCode(tool.error.code) ? tool.error : undefined
  // A 2025-11-25 call a reload cut off: not a failure of the call, its question lived in the page's lost request.
  const cutOff = tool.status === 'error' && tool.error.code === 'NOT_RESUMABLE' ? lastQuestion(tool.error.data) : undefined
  const storeAgrees = authError !== undefined && auth.status === 'error' && (auth.error === authError || auth.error?.code === authError.code)

  // The result renderer is a chunk of its own (lazy-parts.tsx): fetched while the server works, so the result shows without a loading line.
  const calling = tool.status !== 'idle' && !renderResult
  useEffect(() => {
    if (calling) LazyToolResult.preload().catch(() => {}) // a failure shows where the result goes, and is tried again there
  }, [calling])

  // The round panel is not needed for this first paint: fetched right after it, so it is there before the first round.
  useEffect(() => {
    LazyInputRequestPanel.preload().catch(() => {}) // a failure shows where the round goes, with Try again
  }, [])

  useEffect(() => {
    if (!autoRun || started.current) return
    started.current = true
    if (!options?.restore || !options.storage) return void tool.call(args)
    // A call kept in storage is resumed by the hook itself (`restore`); a new call would cancel it.
    // Nothing kept: run. A call started before and not heard from, or a storage that could not be read: the person decides (Run).
    void tool.restoring().then((state) => {
      if (mounted.current && state.status === 'idle' && state.stored === undefined) void tool.call(args)
    })
    // Mount only; StrictMode's second run is stopped by the ref.
  }, [])

  const run = () => void tool.call(args)
  // After an error, the failed round goes again with its requestState and answers (nothing answered is asked again).
  const again = () => void (tool.status === 'error' ? tool.retry() : tool.call(args))
  const progress = 'progress' in tool ? tool.progress : undefined
  // Set while the server runs the call as a task; gone once the call ended.
  const task = 'task' in tool ? tool.task : undefined
  // Not busy while waiting for a sign-in: the card's live region must be heard (aria-busy holds announcements back).
  const busy = tool.isActive && !tool.isAwaitingAuth
  const toolView = useMcpViews().toolView
  const resultBlock = tool.status === 'done' && (props.resultView ? (
    <CardBoundary onError={onError} resetKey={tool.result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
      <RenderResult render={props.resultView} result={tool.result} />
    </CardBoundary>
  ) : (
    <div className="mcp-elicit-result" data-error={tool.result.isError === true || undefined}>
      <p className="mcp-elicit-result-heading">{text.resultHeading}</p>
      <CardBoundary onError={onError} resetKey={tool.result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
        {renderResult ? <RenderResult render={renderResult} result={tool.result} /> : <LazyToolResult result={tool.result} messages={props.messages} onError={onError} />}
      </CardBoundary>
    </div>
  ))

  return (
    <section ref={ref} className={['mcp-elicit-call', className].filter(Boolean).join(' ')} data-state={tool.status} aria-busy={busy || undefined}>
      {tool.status === 'idle' && tool.stored === 'checking' && (
        <p role="status" className="mcp-elicit-progress">
          {text.checkingStored}
        </p>
      )}

      {tool.status === 'idle' && (tool.stored === 'unreadable' || tool.stored === 'unconfirmed') && (
        <p role="alert" className="mcp-elicit-error" data-stored={tool.stored}>
          {tool.stored === 'unreadable' ? text.storedUnreadable : text.storedUnconfirmed}
        </p>
      )}

      {tool.status === 'idle' && tool.stored !== 'checking' && (
        <button type="button" className="mcp-elicit-run mcp-elicit-primary" data-action="run" onClick={run}>
          {text.run(name)}
        </button>
      )}

      {(tool.status === 'running' || tool.status === 'retrying') && (
        <CallProgress retrying={tool.status === 'retrying'} progress={progress} task={task} messages={props.messages} onError={onError} />
      )}

      {/* The questions belong to a task that goes on running: say so above them. */}
      {(tool.status === 'awaiting_input' || tool.status === 'needs_auth') && task && <LazyTaskLine task={task} progress={progress} compact messages={props.messages} onError={onError} />}

      {tool.status === 'awaiting_input' && (
        <LazyInputRequestPanel
          status={tool.status}
          inputs={tool.inputs}
          round={tool.round}
          respond={tool.respond}
          onSampling={onSampling}
          roots={roots}
          initialAnswers={remembered}
          saveDraft={tool.saveDraft}
          onError={onError}
          validator={validator}
          theme={theme}
          messages={props.messages}
          maxFileBytes={props.maxFileBytes}
          autoFocus
        />
      )}

      {tool.status === 'needs_auth' && (
        <LazyInputRequestPanel status={tool.status} auth={tool.auth} server={tool.server} respond={tool.respond} onError={onError} messages={props.messages} autoFocus />
      )}

      {/* Under needs_auth the card's Cancel gives up the sign-in, and with it the call. The one Stop, for tasks too (tasks/cancel). */}
      {tool.isActive && !tool.isAwaitingAuth && (
        <div className="mcp-elicit-actions">
          <button type="button" className="mcp-elicit-cancel" data-action="cancel-call" onClick={tool.cancel}>
            {text.stopCall}
          </button>
        </div>
      )}

      {toolView && tool.status !== 'idle' ? (
        // A view from a layer above (a server's app): from the call's start, with the default result as its fallback.
        <CardBoundary onError={onError} resetKey={name} fallback={() => resultBlock}>
          <RenderView
            view={toolView}
            props={{
              name,
              arguments: args,
              status: tool.status,
              result: tool.status === 'done' ? tool.result : undefined,
              error: tool.status === 'error' ? tool.error.message : undefined,
              fallback: resultBlock,
            }}
          />
        </CardBoundary>
      ) : (
        resultBlock
      )}

      {authError && (
        <CardBoundary onError={onError} resetKey={authError} fallback={() => <p className="mcp-elicit-error">{text.errorHeading}</p>}>
          <LazySignInCard
            pending={storeAgrees ? auth.pending : undefined}
            error={authError}
            cancelled={storeAgrees && auth.cancelled}
            signIn={auth.signIn}
            onRetry={again}
            server={client.serverInfo}
            url={client.url}
            messages={props.messages}
            onError={onError}
          />
        </CardBoundary>
      )}

      {cutOff && (
        <div role="status" className="mcp-elicit-cut-off">
          <p dir="auto">{text.cutByReload(cutOff.question)}</p>
          <div className="mcp-elicit-actions">
            <button type="button" className="mcp-elicit-run mcp-elicit-primary" data-action="retry" onClick={again}>
              {text.runAgain}
            </button>
          </div>
        </div>
      )}

      {tool.status === 'error' && !authError && !cutOff && (
        <div role="alert" className="mcp-elicit-error">
          <p>{text.errorHeading}</p>
          <p className="mcp-elicit-error-message" dir="auto">
            {displayText(tool.error.message)}
          </p>
        </div>
      )}

      {tool.status === 'cancelled' && (
        <p role="status" className="mcp-elicit-cancelled">
          {text.cancelled}
        </p>
      )}

      {finishedActions && !cutOff && (tool.status === 'done' || tool.status === 'error' || tool.status === 'cancelled') && (
        <div className="mcp-elicit-actions">
          {/* After a failed sign-in the card's own Try again opens the window within the click. */}
          {!authError && (
            <button type="button" className="mcp-elicit-run" data-action="retry" onClick={again}>
              {tool.status === 'done' ? text.run(name) : text.retry}
            </button>
          )}
          <button type="button" className="mcp-elicit-reset" data-action="reset" onClick={tool.reset}>
            {text.reset}
          </button>
        </div>
      )}
    </section>
  )
})

/** Calls `first` then `second`, whichever are given. */
function both<Args extends unknown[]>(first: ((...args: Args) => void) | undefined, second: ((...args: Args) => void) | undefined): ((...args: Args) => void) | undefined {
  if (!first || !second) return first ?? second
  return (...args) => {
    first(...args)
    second(...args)
  }
}

/** The last question of a cut-off call (`McpNotResumableError`'s `data`), its message as one line of text. */
function lastQuestion(data: unknown): { question: string | undefined } {
  const questions = typeof data === 'object' && data !== null ? (data as { questions?: unknown }).questions : undefined
  const last = Array.isArray(questions) ? (questions.at(-1) as { params?: { message?: unknown } } | undefined) : undefined
  const message = displayText(last?.params?.message).replace(/\s+/g, ' ').trim()
  return { question: message === '' ? undefined : message.slice(0, 300) }
}

/** The codes of `McpAuthError` (mcp-elicit/auth), told apart without importing the auth code. */
function isAuthCode(code: unknown): boolean {
  return typeof code === 'string' && code.startsWith('AUTH_')
}

/** The app's renderer called while rendering, so the boundary around it catches what it throws. */
function RenderResult({ render, result }: { render: (result: McpResult) => ReactNode; result: McpResult }) {
  return render(result)
}
