/**
 * One MCP tool call of a `useChat` conversation, drawn where the model made
 * it (the assistant message's tool part) and run in the browser through the
 * person's client: `McpToolCall` with `autoRun`, so every question, URL
 * consent, sign-in, sampling approval, progress bar and task of the call is
 * shown in the part, and the server's MCP App too under `McpAppsProvider`.
 * When the call ends its result (or its error, or the person's Stop) goes
 * back with `addToolOutput`, once, and `sendAutomaticallyWhen:
 * lastAssistantMessageIsCompleteWithToolCalls` lets the model go on.
 *
 * The open round is kept in `storage` under the part's `toolCallId`, so a
 * reload in the middle of a round finds the part still `input-available`
 * (if the app keeps its messages) and resumes the round where it was.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { defaultCallStorage } from '../../stores/index.js'
import { displayText, type CallStorage, type JsonObject, type McpResult, type Tool } from '../../core/index.js'
import { CardBoundary, McpToolCall, useMcpViews, type McpToolCallProps } from '../../forms/index.js'
// The result renderer loads when first shown, as in McpToolCall (forms/lazy-parts.tsx).
import { LazyToolResult } from '../../forms/lazy-parts.js'
import { callTexts } from '../../forms/texts/call.js'
import { resolvePart, type PartTexts } from '../../forms/texts/resolve.js'
import type { McpCallStatus, McpCallView, UseMcpCallOptions } from '../../react/index.js'
import { readToolListing, type ModelToolListing } from '../tool-listing.js'
import { addToolOutputOf, partOutputOf, STOPPED_TEXT, type ToolOutputSink } from './part-output.js'
import { argumentsOf, mcpToolName, modelToolName, routeMcpName, type ToolPartLike } from './tool-part.js'
import { isObject } from '../../chat/json.js'

export interface McpToolPartProps extends Omit<McpToolCallProps, 'name' | 'arguments' | 'autoRun' | 'options'> {
  /** A tool part of an assistant message (`dynamic-tool` or `tool-<name>`). */
  part: ToolPartLike
  /** `useChat()`'s helpers (only `addToolOutput` is used). */
  chat: ToolOutputSink
  /**
   * The listing the chat request sent (the tools, or the `tools/list`
   * result): the tool the route named in the part's `toolMetadata` must be
   * in it, else the call is refused rather than made. Without it, that tool
   * is called as named. A part the route did not mark as an MCP tool's (an
   * app's own tool, another server's) is never run here: it renders nothing.
   */
  tools?: readonly Tool[] | { tools: readonly Tool[] } | undefined
  /**
   * Where the call is kept under the `toolCallId` (its open round, that it
   * started, its result for the store's time-to-live): a reload, another tab
   * or, with `remoteCallStorage()`, another device resumes it or shows its
   * result rather than running it again. `null` keeps nothing.
   * @defaultValue `defaultCallStorage()` (IndexedDB, else sessionStorage)
   */
  storage?: CallStorage | null | undefined
  /**
   * Start the call when the part mounts in `input-available` (the model just
   * made it). Pass false for the parts of a conversation loaded from storage:
   * an open round (or task) kept under the `toolCallId` still resumes, but a
   * call that was in flight without one waits for the person's Run instead of
   * going to the server again. @defaultValue true
   */
  autoRun?: boolean | undefined
  /** Options of the call (host handlers, `maxRounds`); storage is the part's own. */
  options?: Omit<UseMcpCallOptions, 'storage' | 'storageKey' | 'restore'> | undefined
}

const LIVE = new Set(['input-streaming', 'input-available'])

/** Runs (or shows, once finished) the MCP tool call of one tool part. */
export function McpToolPart(props: McpToolPartProps) {
  const { part, chat, tools, storage, options, autoRun = true, ...callProps } = props
  const addToolOutput = addToolOutputOf(chat)
  const text = resolvePart(props.messages, callTexts)
  // Parts that were live when this mounted keep the call on screen once answered; older ones show what they hold.
  const [live] = useState(() => LIVE.has(part.state))
  const handed = useRef(false)
  const listing = useMemo<ModelToolListing | undefined>(() => (tools ? readToolListing(tools) : undefined), [tools])
  const rounds = useMemo(() => (storage === undefined ? defaultStorage() : (storage ?? undefined)), [storage])
  const name = mcpToolName(part, listing)
  const modelName = modelToolName(part)
  const hand = (output: Parameters<typeof addToolOutput>[0]) => {
    if (handed.current || part.state !== 'input-available') return
    handed.current = true
    void Promise.resolve(addToolOutput(output)).catch(() => {})
  }
  const common = { 'data-tool-call-id': part.toolCallId, 'data-tool': modelName, 'data-part-state': part.state }
  // Only the route's MCP parts are ours: an app's own tool of the same name must never become a call on this server.
  const marked = routeMcpName(part) !== undefined
  const unknown = marked && name === undefined && part.state === 'input-available'
  useEffect(() => {
    // The model called a tool the listing has not got: say so to the model, never call anything.
    if (unknown) hand({ tool: modelName, toolCallId: part.toolCallId, state: 'output-error', errorText: `There is no tool named "${modelName}" on this server.` })
  })

  if (!marked) return null

  if (part.state === 'input-streaming') return <div className="mcp-elicit-tool-part" {...common} aria-busy="true" />
  if (name === undefined) return <Finished common={common} part={part} text={text} />
  if (live || part.state === 'input-available') {
    const follow = (_status: McpCallStatus, view: McpCallView) => {
      const output = partOutputOf(view)
      if (output) hand({ tool: modelName, toolCallId: part.toolCallId, ...output })
    }
    return (
      <div className="mcp-elicit-tool-part" {...common}>
        <McpToolCall
          {...callProps}
          name={name}
          arguments={argumentsOf(part) as JsonObject}
          autoRun={autoRun}
          options={{ ...options, storage: rounds, storageKey: part.toolCallId, restore: true }}
          onStatusChange={(status, view) => {
            props.onStatusChange?.(status, view)
            follow(status, view)
          }}
        />
      </div>
    )
  }
  return <Finished common={common} part={part} name={name} text={text} messages={props.messages} onError={props.onError} />
}

/** IndexedDB (restarts, tabs in step), else sessionStorage, else memory: stores/default.ts. */
function defaultStorage(): CallStorage {
  return defaultCallStorage()
}


/** A part's output as an MCP result: one itself, else its text. */
function asResult(output: unknown): McpResult {
  if (isObject(output) && Array.isArray(output.content)) return output as McpResult
  return { content: [{ type: 'text', text: displayText(output) }] }
}

interface FinishedProps {
  common: Record<string, string>
  part: ToolPartLike
  name?: string | undefined
  text: PartTexts<[typeof callTexts]>
  messages?: McpToolPartProps['messages']
  onError?: McpToolPartProps['onError']
}

/** A part that was answered before this page loaded: its result (through the app's view when it has one) or its error. */
function Finished({ common, part, name, text, messages, onError }: FinishedProps) {
  const toolView = useMcpViews().toolView
  if (part.state === 'output-error') {
    const stopped = part.errorText === STOPPED_TEXT
    return (
      <div className="mcp-elicit-tool-part" {...common}>
        <section className="mcp-elicit-call" data-state={stopped ? 'cancelled' : 'error'}>
          {stopped ? (
            <p role="status" className="mcp-elicit-cancelled">
              {text.cancelled}
            </p>
          ) : (
            <div role="alert" className="mcp-elicit-error">
              <p>{text.errorHeading}</p>
              <p className="mcp-elicit-error-message" dir="auto">
                {displayText(part.errorText)}
              </p>
            </div>
          )}
        </section>
      </div>
    )
  }
  if (part.state !== 'output-available') return <div className="mcp-elicit-tool-part" {...common} />
  const result = asResult(part.output)
  const block: ReactNode = (
    <div className="mcp-elicit-result" data-error={result.isError === true || undefined}>
      <p className="mcp-elicit-result-heading">{text.resultHeading}</p>
      <CardBoundary onError={onError} resetKey={result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
        <LazyToolResult result={result} messages={messages} onError={onError} />
      </CardBoundary>
    </div>
  )
  return (
    <div className="mcp-elicit-tool-part" {...common}>
      <section className="mcp-elicit-call" data-state="done">
        {toolView && name !== undefined ? (
          <CardBoundary onError={onError} resetKey={result} fallback={() => block}>
            <View render={toolView} props={{ name, arguments: argumentsOf(part) as JsonObject, status: 'done', result, error: undefined, fallback: block }} />
          </CardBoundary>
        ) : (
          block
        )}
      </section>
    </div>
  )
}

/** A view function called as a component, so the boundary around it catches what it throws. */
function View<TProps>({ render, props }: { render: (props: TProps) => ReactNode; props: TProps }) {
  return render(props)
}
