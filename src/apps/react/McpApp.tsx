/**
 * A server's MCP App in the page: the tool's `ui://` view, drawn through the
 * sandbox proxy on another origin (`mountMcpApp`), fed the call's input and
 * result. Everything the app may ask of the page is off until a prop turns
 * it on; what it is allowed goes through the same parts as the chat: its
 * tool calls through `useMcpTool` (rounds shown under the frame), its links
 * through the URL consent card, its downloads through the download card.
 *
 * The host itself (`mountMcpApp` and the bridge) loads with the first app
 * shown (`load-mount.ts`); a chunk that cannot be fetched ends in the
 * fallback and `onAppError` (`APP_FRAME_FAILED`).
 *
 * React removes the frame with its component, before an effect's cleanup
 * runs, so only a teardown the host starts (an answered question,
 * `request-teardown` honoured, the handle's `teardown()`) reaches the app
 * and waits for its reply; on an unmount the app is not told (an iframe
 * cannot outlive its place in the page: moving one reloads it).
 */
import { useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import type { JsonObject, McpResult, Tool } from '../../core/index.js'
import { appTexts } from '../../forms/texts/apps.js'
import { resolvePart } from '../../forms/texts/resolve.js'
import { useMcpClient, type UseMcpCallOptions } from '../../react/index.js'
import type { McpAppError } from '../errors.js'
import type { McpAppMessage } from '../message.js'
import type { McpAppHandle, McpAppOptions } from '../mount.js'
import type { McpAppSandbox } from '../sandbox-claims.js'
import { appResourceUri } from '../ui-meta.js'
import { useAppCalls, type AppCallPanelProps } from './app-calls.js'
import { McpAppsContext } from './context.js'
import { useDownloadConsent } from './download-consent.js'
import { useLinkConsent } from './link-consent.js'
import { loadMount, mountLoadFailed } from './load-mount.js'
import { consentedMessages, useMessageConsent } from './message-consent.js'

/** The host capabilities an app may be given, each off unless set (here or on the provider). */
export interface McpAppHostProps extends AppCallPanelProps, Pick<McpAppOptions, 'hostInfo' | 'hostContext' | 'allowSameSiteSandboxOnLoopback' | 'onUpdateModelContext' | 'displayModes' | 'onDisplayModeChange' | 'permissions' | 'onLog' | 'maxDownloadBytes' | 'maxHeight' | 'initTimeoutMs' | 'onWarning'> {
  /**
   * The sandbox proxy page (`mcp-elicit/apps/sandbox.html`) served from
   * another site than the page (not its host name on another port, nor a
   * sub-domain of its domain: cookies go by host name), or a function of the
   * server's endpoint giving one host per server (apps of two servers on one
   * host can act as each other, so the second is refused while the first is
   * live: the fallback shows).
   */
  sandbox?: McpAppSandbox | undefined
  /** Let the app call this server's tools that are visible to apps; their questions show under the frame. */
  serverTools?: boolean | undefined
  /** Options of those calls (host handlers, `maxRounds`). */
  callOptions?: UseMcpCallOptions | undefined
  /** Let the app read this server's resources. */
  serverResources?: boolean | undefined
  /** Let the app list this server's prompts. */
  prompts?: boolean | undefined
  /** Let the app ask to open links; each is shown on the URL consent card first. */
  openLinks?: boolean | undefined
  /**
   * Let the app ask to save files (`ui/download-file`); each request is shown
   * on a download card (the server's host, each file's name, type and size)
   * and saved only when the person clicks Save.
   */
  downloadFiles?: boolean | undefined
  /**
   * Let the app ask to send words as the person's message (`ui/message`):
   * each is shown on a message card (the server's host and the words, as
   * text), and `onMessage` is called only when the person clicks Send; then
   * add it to the conversation (it is the person's turn). Discard tells the
   * app it was declined. One message of an app waits at a time; text only,
   * at most 4,000 characters, invisible characters removed.
   */
  onMessage?: ((message: McpAppMessage) => void | Promise<void>) | undefined
  /**
   * Calls `onMessage` for every message of an app at once, with no card:
   * the app then speaks as the person, unasked, and whatever it asks the
   * model to do is asked in their name. Warned once per page. Leave it off
   * unless every app this page shows is yours.
   * @defaultValue false
   */
  dangerouslySkipMessageConsent?: boolean | undefined
  /** Told when the app failed (the fallback is shown instead). */
  onAppError?: ((error: McpAppError) => void) | undefined
}

export interface McpAppProps extends McpAppHostProps {
  /** The tool, as listed, or its name (looked up in the client's `tools/list`). */
  tool: Tool | string
  /** The call's arguments (`tool-input`, which the spec says a view always gets). @defaultValue `{}` */
  arguments?: JsonObject | undefined
  /** The call's result, once there is one (`tool-result`). */
  result?: McpResult | undefined
  /** Set when the call was cancelled or failed (`tool-cancelled`, with this reason). */
  cancelled?: string | undefined
  /** Shown when the tool has no app, or its app failed. @defaultValue nothing */
  fallback?: ReactNode
  className?: string | undefined
}

type Lookup = { tool: Tool } | { missing: true } | undefined

/** A call without arguments sent `{}` (`McpToolCall`'s default): one object, so the view gets `tool-input` once. */
const NO_ARGUMENTS: JsonObject = Object.freeze({})

/** Renders a tool's MCP App, or `fallback` when it has none. */
export function McpApp(props: McpAppProps) {
  const shared = useContext(McpAppsContext)
  const options: McpAppProps = { ...shared, ...definedOnly(props), tool: props.tool }
  const client = useMcpClient()
  const [lookup, setLookup] = useState<Lookup>(typeof props.tool === 'object' ? { tool: props.tool } : undefined)
  const [failure, setFailure] = useState<McpAppError>()
  const [state, setState] = useState<'loading' | 'ready'>('loading')
  const [closed, setClosed] = useState(false)
  const frameHost = useRef<HTMLDivElement | null>(null)
  const handle = useRef<McpAppHandle | undefined>(undefined)
  const sent = useRef<{ input?: JsonObject | undefined; result?: McpResult | undefined; cancelled?: string | undefined; hostContext?: McpAppOptions['hostContext'] }>({})
  const calls = useAppCalls(options.callOptions, options)
  const links = useLinkConsent(client, resolvePart(options.messages, appTexts), options.messages, options.onError)
  const downloads = useDownloadConsent(client, options.messages, options.onError)
  const appMessages = useMessageConsent(client, options.messages, options.onError)
  // The bridge reads the latest callbacks through this, so a new render never remounts the frame.
  const latest = useRef(options)
  latest.current = options

  const name = typeof props.tool === 'string' ? props.tool : props.tool.name
  useEffect(() => {
    if (typeof props.tool === 'object') return setLookup({ tool: props.tool })
    let live = true
    client.listTools().then(
      (tools) => {
        const found = tools.find((tool) => tool.name === name)
        if (live) setLookup(found ? { tool: found } : { missing: true })
      },
      () => live && setLookup({ missing: true }),
    )
    return () => {
      live = false
    }
  }, [client, name, typeof props.tool === 'object' ? props.tool : undefined])

  const tool = lookup && 'tool' in lookup ? lookup.tool : undefined
  const uri = tool ? appResourceUri(tool) : undefined
  // Resolved here so that the effect below remounts only when the page for this server changes.
  const sandbox = (typeof options.sandbox === 'function' ? options.sandbox({ url: client.url }) : options.sandbox)?.toString()

  useEffect(() => {
    if (!tool || !uri || !sandbox || closed || !frameHost.current) return
    setFailure(undefined)
    setState('loading')
    const element = frameHost.current
    let live = true
    let mounted: McpAppHandle | undefined
    const mount = (mountMcpApp: Awaited<ReturnType<typeof loadMount>>) => {
      // Read once the host is loaded: what the call did meanwhile is in there.
      const current = latest.current
      mounted = mountMcpApp(element, {
        client,
        sandbox,
        tool,
        toolInput: current.arguments ?? NO_ARGUMENTS,
        ...(current.result ? { toolResult: current.result } : {}),
        hostInfo: current.hostInfo,
        hostContext: current.hostContext,
        serverTools: current.serverTools ? (toolName, args, context) => calls.call(toolName, args, context) : false,
        serverResources: current.serverResources === true,
        prompts: current.prompts === true,
        // The signal closes a card whose request the app cancelled (or that outlived the app).
        ...(current.openLinks ? { onOpenLink: (url: URL, { signal }) => links.onOpenLink(url, signal) } : {}),
        ...(current.downloadFiles ? { onDownloadFile: (files, { signal }) => downloads.onDownloadFile(files, signal) } : {}),
        ...(current.maxDownloadBytes !== undefined ? { maxDownloadBytes: current.maxDownloadBytes } : {}),
        ...(current.onMessage
          ? { onMessage: consentedMessages(appMessages.ask, () => latest.current.onMessage, current.dangerouslySkipMessageConsent === true, element.ownerDocument, current.onWarning ?? console.warn) }
          : {}),
        ...(current.allowSameSiteSandboxOnLoopback ? { allowSameSiteSandboxOnLoopback: true } : {}),
        ...(current.onUpdateModelContext ? { onUpdateModelContext: (context) => latest.current.onUpdateModelContext?.(context) } : {}),
        ...(current.displayModes ? { displayModes: current.displayModes, onDisplayModeChange: (mode) => latest.current.onDisplayModeChange?.(mode) } : {}),
        ...(current.permissions ? { permissions: current.permissions } : {}),
        ...(current.onLog ? { onLog: (params) => latest.current.onLog?.(params) } : {}),
        ...(current.maxHeight !== undefined ? { maxHeight: current.maxHeight } : {}),
        ...(current.initTimeoutMs !== undefined ? { initTimeoutMs: current.initTimeoutMs } : {}),
        ...(current.onWarning ? { onWarning: (message) => latest.current.onWarning?.(message) } : {}),
        // The app asked to close: its teardown is awaited with the frame still in the page, then the fallback shows.
        onRequestTeardown: () => void handle.current?.teardown().then(() => setClosed(true)),
        onError: (error) => {
          setFailure(error)
          latest.current.onAppError?.(error)
        },
      })
      handle.current = mounted
      sent.current = { input: current.arguments ?? NO_ARGUMENTS, result: current.result, hostContext: current.hostContext }
      mounted.ready.then(
        () => setState('ready'),
        () => {},
      )
    }
    loadMount().then(
      (mountMcpApp) => {
        if (!live) return
        mount(mountMcpApp)
        follow()
      },
      (error: unknown) => {
        if (!live) return
        const failure = mountLoadFailed(error, uri)
        setFailure(failure)
        latest.current.onAppError?.(failure)
      },
    )
    return () => {
      live = false
      handle.current = undefined
      if (mounted) void mounted.teardown()
    }
  }, [client, uri, sandbox, tool, closed])

  // Input, result and cancellation follow the call, each sent once per new value (the spec: tool-input once);
  // the bridge holds them until the app is initialized.
  // Also run once the host is mounted, which may be after the last render.
  function follow() {
    const mounted = handle.current
    if (!mounted) return
    const current = latest.current
    const input = current.arguments ?? NO_ARGUMENTS
    if (input !== sent.current.input) mounted.setToolInput((sent.current.input = input))
    if (current.result && current.result !== sent.current.result) mounted.setToolResult((sent.current.result = current.result))
    if (current.cancelled !== undefined && current.cancelled !== sent.current.cancelled) mounted.cancelTool((sent.current.cancelled = current.cancelled))
    if (current.hostContext !== sent.current.hostContext) {
      // A key the page no longer sets goes back to what the host reads from the page (the theme follows it again).
      const released = Object.keys(sent.current.hostContext ?? {}).filter((key) => current.hostContext?.[key] === undefined)
      mounted.setHostContext({ ...Object.fromEntries(released.map((key) => [key, undefined])), ...current.hostContext })
      sent.current.hostContext = current.hostContext
    }
  }
  useEffect(follow)

  // Until the listing says whether the tool has an app, show what shows without one (most tools have none).
  if (!lookup || 'missing' in lookup) return props.fallback ?? null
  if (tool && !uri) return props.fallback ?? null
  if (failure || closed || (tool && !sandbox)) return props.fallback ?? null
  return (
    <div className={['mcp-elicit-app', props.className].filter(Boolean).join(' ')} data-state={state}>
      <div ref={frameHost} className="mcp-elicit-app-view" />
      {calls.panels}
      {links.cards}
      {downloads.cards}
      {appMessages.cards}
    </div>
  )
}

/** The props actually given, so an unset prop does not hide the provider's value. */
function definedOnly<T extends object>(props: T): Partial<T> {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as Partial<T>
}
