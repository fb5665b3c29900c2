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
 * A call the host's policy asks about (`askBeforeRunning`: by default a tool
 * the server marks destructive) waits on a card first. The route asked with
 * the AI SDK's tool approval (the part is `approval-requested`; Run answers
 * it with `addToolApprovalResponse`, and the part runs the call once it is
 * `approval-responded`); a part the route did not ask about but the policy
 * does (`input-available`) is asked here all the same. Don't run hands back
 * an error output the model reads ({@link DECLINED_TEXT}).
 *
 * A part of a set of servers' listing names its server (`toolMetadata.mcp
 * .server`): the call runs on that server's client and sign-in, from the
 * nearest `McpServersProvider` (part-server.ts), and a part whose server or
 * tool the set no longer has calls nothing and says so. Each part is headed
 * by the tool's title and its server's name; a call that ended folds to one
 * line with its result.
 *
 * The call is kept in `storage` under the part's `toolCallId`, so a reload,
 * another tab or another device in the middle of a round finds the part
 * still `input-available` (if the app keeps its messages) and resumes the
 * round where it was, or shows the result of a call that finished.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { defaultCallStorage } from '../../stores/index.js'
import type { CallStorage, JsonObject, Tool } from '../../core/index.js'
import { McpToolCall, type McpToolCallProps } from '../../forms/index.js'
import { chatTexts } from '../../forms/texts/chat.js'
import { callTexts } from '../../forms/texts/call.js'
import { resolvePart } from '../../forms/texts/resolve.js'
import { runTexts } from '../../forms/texts/run.js'
import { McpProvider, type McpCallStatus, type McpCallView, type UseMcpCallOptions } from '../../react/index.js'
import { FoldedResult } from '../../chat/FoldedResult.js'
import { RunCard } from '../../chat/RunCard.js'
import { partTitle, ToolPart } from '../../chat/ToolPartHeading.js'
import { useHasSavedCall } from '../../chat/saved-call.js'
import { asksBeforeRunning, type AskBeforeRunning } from '../../chat/tool-approval.js'
import { readToolListing, type ModelToolListing } from '../tool-listing.js'
import { argumentsOf, mcpToolName, modelToolName, routeHints, routeMcpName, routeServerId, type ToolPartLike } from '../tool-part.js'
import { Finished } from './finished-part.js'
import { usePartServer } from './part-server.js'
import { addToolApprovalResponseOf, addToolOutputOf, DECLINED_TEXT, partOutputOf, type ToolOutputSink } from './part-output.js'

export interface McpToolPartProps extends Omit<McpToolCallProps, 'name' | 'arguments' | 'autoRun' | 'options' | 'finishedActions' | 'resultView'> {
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
  /**
   * Which calls the model makes wait for the person's Run on a card in the
   * part ("Run <tool> on <host>?"): the rule the route's `mcpToolsForModel`
   * takes too (there it makes the AI SDK ask, with its tool approval). The
   * part also asks on its own when the route did not, so give both the same
   * policy; `'never'` on both turns asking off. The hints it reads are the
   * server's: see `AskBeforeRunning`. @defaultValue `'destructive'`
   */
  askBeforeRunning?: AskBeforeRunning | undefined
  /** Options of the call (host handlers, `maxRounds`); storage is the part's own. */
  options?: Omit<UseMcpCallOptions, 'storage' | 'storageKey' | 'restore'> | undefined
}

/** The states a part can be in while its call is the page's to run (and to hand an output for). */
const OPEN = new Set(['input-available', 'approval-requested', 'approval-responded'])
const LIVE = new Set(['input-streaming', ...OPEN])

/** Runs (or shows, once finished) the MCP tool call of one tool part. */
export function McpToolPart(props: McpToolPartProps) {
  const { part, chat, tools, storage, options, autoRun = true, askBeforeRunning, ...callProps } = props
  const addToolOutput = addToolOutputOf(chat)
  const text = resolvePart(props.messages, callTexts, runTexts, chatTexts)
  // Parts that were live when this mounted keep the call on screen while it runs; older ones show what they hold.
  const [live] = useState(() => LIVE.has(part.state))
  // The person's Run or Don't run on this page (a Run starts the call even in a conversation loaded with autoRun off).
  const [choice, setChoice] = useState<'run' | 'declined'>()
  const handed = useRef(false)
  const listing = useMemo<ModelToolListing | undefined>(() => (tools ? readToolListing(tools) : undefined), [tools])
  const rounds = useMemo(() => (storage === undefined ? defaultCallStorage() : (storage ?? undefined)), [storage])
  // A call kept under this id went out once: it resumes (or shows its result) without the card.
  const kept = useHasSavedCall(part.state === 'input-available' ? rounds : undefined, part.toolCallId)
  const modelName = modelToolName(part)
  // A set's part is checked against its server's listing (part-server.ts); one server's against `tools`.
  const routed = routeServerId(part) !== undefined
  const name = routed ? routeMcpName(part) : mcpToolName(part, listing)
  const where = usePartServer(part, name ?? routeMcpName(part) ?? modelName)
  const hand = (output: Parameters<typeof addToolOutput>[0]) => {
    if (handed.current || !OPEN.has(part.state)) return
    handed.current = true
    void Promise.resolve(addToolOutput(output)).catch(() => {})
  }
  const decline = () => {
    setChoice('declined')
    hand({ tool: modelName, toolCallId: part.toolCallId, state: 'output-error', errorText: DECLINED_TEXT })
  }
  const mcpName = name ?? routeMcpName(part) ?? modelName
  const common = {
    'data-tool-call-id': part.toolCallId,
    'data-tool': modelName,
    'data-mcp-tool': mcpName,
    'data-server': routeServerId(part),
    'data-part-state': part.state,
  }
  const heading = partTitle(where.status === 'ready' ? (where.tool?.title ?? listingTool(listing, mcpName)?.title ?? part.title) : part.title, mcpName)
  const frame = (body: ReactNode, busy?: boolean) => (
    <ToolPart title={heading} server={where.server} common={common} messages={props.messages} busy={busy}>
      {body}
    </ToolPart>
  )
  // Only the route's MCP parts are ours: an app's own tool of the same name must never become a call on this server.
  const marked = routeMcpName(part) !== undefined
  // The model called a tool the listing has not got, or whose server or tool the set no longer has: nothing is called.
  const gone = where.status === 'no-server' ? text.serverGone(where.server) : where.status === 'no-tool' ? text.toolGone(mcpName, where.server) : undefined
  const unknown = marked && (name === undefined || gone !== undefined) && OPEN.has(part.state)
  // Refused through the AI SDK itself (the app's own approval UI): the model hears it as from the card.
  const deniedBySdk = part.state === 'approval-responded' && part.approval?.approved !== true
  useEffect(() => {
    if (unknown) hand({ tool: modelName, toolCallId: part.toolCallId, state: 'output-error', errorText: gone ?? `There is no tool named "${modelName}" on this server.` })
    else if (marked && deniedBySdk) decline()
  })

  if (!marked) return null

  if (part.state === 'input-streaming') return frame(null, true)
  if (gone !== undefined && (OPEN.has(part.state) || part.state === 'output-error'))
    return frame(
      <p role="status" className="mcp-elicit-gone" dir="auto">
        {gone}
      </p>,
    )
  const declined = choice === 'declined' || deniedBySdk || (part.state === 'output-error' && part.errorText === DECLINED_TEXT)
  const finished = (shown: ToolPartLike, named?: string) => frame(<Finished part={shown} name={named} text={text} messages={props.messages} onError={props.onError} />)
  if (name === undefined || declined || where.status !== 'ready') return finished(declined ? { ...part, state: 'output-error', errorText: DECLINED_TEXT } : part)
  // The call runs on its own server's client (and sign-in): its cards, its app and its result belong to that server.
  const onServer = (node: ReactNode) =>
    where.fromSet ? (
      <McpProvider client={where.client} signIn={where.signIn}>
        {node}
      </McpProvider>
    ) : (
      node
    )
  if (live || OPEN.has(part.state)) {
    // The route asked (the AI SDK's approval), or this page's policy asks of a part the route let through.
    const routeAsks = part.state === 'approval-requested'
    const hints = where.tool ? readToolListing([where.tool]).tools[0]?.hints ?? routeHints(part) : hintsOf(part, listing, name)
    const pageAsks = part.state === 'input-available' && choice !== 'run' && asksBeforeRunning({ name, hints }, askBeforeRunning) && kept !== true
    // Neither the card nor the call until the storage says whether the call went out already.
    if (pageAsks && kept === undefined)
      return frame(
        <p role="status" className="mcp-elicit-progress">
          {text.checkingStored}
        </p>,
        true,
      )
    if (routeAsks || pageAsks) {
      const approve = routeAsks ? addToolApprovalResponseOf(chat) : undefined
      const run = () => {
        setChoice('run')
        if (approve && part.approval) void Promise.resolve(approve({ id: part.approval.id, approved: true })).catch(() => {})
      }
      return frame(<RunCard title={heading} url={where.client.url} args={argumentsOf(part) as JsonObject} onRun={run} onDecline={decline} messages={props.messages} onError={props.onError} />)
    }
    const follow = (_status: McpCallStatus, view: McpCallView) => {
      const output = partOutputOf(view)
      if (output) hand({ tool: modelName, toolCallId: part.toolCallId, ...output })
    }
    return frame(
      onServer(
        <McpToolCall
          {...callProps}
          name={name}
          arguments={argumentsOf(part) as JsonObject}
          autoRun={autoRun || choice === 'run'}
          finishedActions={false}
          // Ended, it folds to one line with its result, as a part answered before the page loaded does; an app keeps its frame.
          resultView={(result) => <FoldedResult result={result} messages={props.messages} onError={props.onError} />}
          options={{ ...options, storage: rounds, storageKey: part.toolCallId, restore: true }}
          onStatusChange={(status, view) => {
            props.onStatusChange?.(status, view)
            follow(status, view)
          }}
        />,
      ),
    )
  }
  return onServer(finished(part, name))
}

/** The entry of the listing this page sent for the MCP tool `name`. */
function listingTool(listing: ModelToolListing | undefined, name: string) {
  return listing?.tools.find((tool) => tool.mcpName === name)
}

/** The tool's hints: from the listing this page sent, else from what the route wrote in the part. */
function hintsOf(part: ToolPartLike, listing: ModelToolListing | undefined, name: string) {
  return listingTool(listing, name)?.hints ?? routeHints(part)
}
