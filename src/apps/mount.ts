/**
 * `mountMcpApp`: an MCP App in an element of the page. It reads the app's
 * `ui://` resource, puts the sandbox proxy page (another origin) in a frame,
 * hands the proxy the HTML when it says it is ready, and runs the
 * {@link AppBridge} over the frame's messages.
 *
 * The lifecycle (ext-apps apps.mdx, "Lifecycle"): resource read -> frame
 * -> `sandbox-proxy-ready` -> `sandbox-resource-ready` -> `ui/initialize`
 * -> `initialized` (`ready` resolves) -> tool input/result -> teardown
 * (`ui/resource-teardown` answered, then the frame is removed).
 */
import type { ElicitResult, Implementation, JsonObject, McpClient, McpResult, Tool } from '../core/index.js'
import { AppBridge } from './bridge.js'
import type { McpAppHandlers } from './bridge-options.js'
import { buildAllowAttribute } from './csp.js'
import { McpAppError, isMcpAppError } from './errors.js'
import { createAppFrame, listenToFrame, loadAppFrame, sandboxTarget, watchFrameDocuments, type SandboxTarget } from './frame.js'
import type { ElicitOptions } from './elicitation.js'
import { defaultHostContext, followPageLook } from './host-context.js'
import { isSandboxMessage, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from './methods.js'
import { readAppResource, type McpAppResource } from './resource.js'
import { claimSandboxHost, sandboxFor, type McpAppSandbox } from './sandbox-claims.js'
import { checkSandboxSite } from './sandbox-site.js'
import type { McpUiHostContext, McpUiResourcePermissions } from './types.js'
import { appResourceUri } from './ui-meta.js'

/** Options of {@link mountMcpApp}. */
export interface McpAppOptions extends McpAppHandlers {
  /** The server the app comes from; its resource is read and its tools called through this client. */
  client: McpClient
  /**
   * The sandbox proxy page (`mcp-elicit/apps/sandbox.html`) on ANOTHER SITE
   * than this page: on the same origin the mount fails with
   * `APP_SANDBOX_SAME_ORIGIN`; on this page's host name (another port) or
   * under a domain it shares with this page's with `APP_SANDBOX_SAME_SITE`
   * (cookies are scoped by host name and domain, not port).
   * Apps on one sandbox host can script each other or share cookies, so
   * while an app of one server is live on a host name, an app of another
   * server is refused there (`APP_SANDBOX_SHARED`): with several servers,
   * give a function of the server's endpoint that returns a page on a
   * separate host name per server.
   * @example `'https://sandbox.example-cdn.com/mcp/sandbox.html'`
   * @example `(server) => \`https://${sandboxHostFor(server.url)}/sandbox.html\``
   */
  sandbox: McpAppSandbox
  /**
   * Local development only: lets a sandbox on this page's host name (another
   * port) or site through when both are loopback names or addresses
   * (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`), with a warning:
   * its apps can then read and set this page's cookies. Anywhere else the
   * mount still fails with `APP_SANDBOX_SAME_SITE`.
   * @defaultValue false
   */
  allowSameSiteSandboxOnLoopback?: boolean | undefined
  /** The tool whose app this is: the resource comes from its `_meta.ui.resourceUri`; the view gets it as `hostContext.toolInfo`. */
  tool?: Tool | undefined
  /** The `ui://` resource, instead of a tool's (an app-rendered question, SEP-3118). */
  resourceUri?: string | undefined
  /** The resource already read (`readAppResource`): no `resources/read`. */
  resource?: McpAppResource | undefined
  /** Sent as `tool-input` once the view is initialized. */
  toolInput?: JsonObject | undefined
  /** Sent as `tool-result` once the view is initialized. */
  toolResult?: McpResult | undefined
  /** @defaultValue `{ name: 'mcp-elicit', version: '0.1.0' }` */
  hostInfo?: Implementation | undefined
  /**
   * Merged over the defaults read from the page: `theme` (`data-theme`,
   * `color-scheme`, `prefers-color-scheme`), `locale`, `timeZone`,
   * `platform: 'web'`, `displayMode: 'inline'`, `availableDisplayModes`,
   * `containerDimensions: { maxHeight }`, `toolInfo`. While the app is shown,
   * the theme and style variables follow the page (a change of
   * `prefers-color-scheme`, or of `<html>`'s `data-theme`, `class`, `style`)
   * unless set here; `setHostContext` changes or releases what is set here.
   */
  hostContext?: McpUiHostContext | undefined
  /** The browser features the host grants at most; the frame gets those the resource also asks for. @defaultValue none */
  permissions?: McpUiResourcePermissions | undefined
  /** The inner frame's `sandbox` tokens instead of `allow-scripts allow-same-origin allow-forms` (the proxy keeps only known, safe tokens). */
  innerSandbox?: string | undefined
  /** The frame follows the view's `size-changed` height within [0, maxHeight] CSS pixels. @defaultValue 800 */
  maxHeight?: number | undefined
  /** From the mount to `initialized`; then `ready` rejects with `APP_INIT_TIMEOUT`. @defaultValue 10 000 */
  initTimeoutMs?: number | undefined
  /** How long `teardown()` waits for the view to answer `ui/resource-teardown` before removing the frame anyway. @defaultValue 3000 */
  teardownTimeoutMs?: number | undefined
  /** The app failed (also the rejection of `ready`); the frame is already gone. */
  onError?: ((error: McpAppError) => void) | undefined
  /** Aborting tears the app down. */
  signal?: AbortSignal | undefined
  /** The frame's accessible name. @defaultValue the tool's title or name, else "MCP App" */
  title?: string | undefined
}

/** A mounted app. */
export interface McpAppHandle {
  /** The outer frame (the sandbox proxy page). */
  readonly frame: HTMLIFrameElement
  /** Resolves once the view is initialized; rejects with an {@link McpAppError} (also given to `onError`). */
  readonly ready: Promise<void>
  /** `tool-input`: the complete arguments. */
  setToolInput(args: JsonObject): void
  /** `tool-input-partial`: arguments still streaming. */
  setToolInputPartial(args: JsonObject): void
  /** `tool-result`. */
  setToolResult(result: McpResult): void
  /** `tool-cancelled`. */
  cancelTool(reason?: string): void
  /**
   * `host-context-changed` with what changed. A key set here wins over what
   * is read from the page (the theme no longer follows the page once set); a
   * key given as `undefined` is released: back to the page's value.
   */
  setHostContext(partial: McpUiHostContext): void
  /** SEP-3118: the form question, answered by the app; see {@link AppBridge.elicit}. */
  elicit(params: JsonObject, options?: ElicitOptions): Promise<ElicitResult>
  /** `ui/resource-teardown` (answer awaited, bounded), then the frame is removed. Idempotent. */
  teardown(): Promise<void>
}

const DEFAULT_MAX_HEIGHT = 800
const DEFAULT_INIT_TIMEOUT_MS = 10_000

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
}

/** The permissions both asked for and granted, as the `{}`-valued object the proxy and the view read. */
function grantedPermissions(requested: McpUiResourcePermissions, granted: McpUiResourcePermissions | undefined): McpUiResourcePermissions {
  const both: McpUiResourcePermissions = {}
  for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) {
    if (buildAllowAttribute({ [key]: requested[key] }, { [key]: granted?.[key] }) !== '') both[key] = {}
  }
  return both
}

function pick(context: McpUiHostContext, keys: readonly string[]): McpUiHostContext {
  return Object.fromEntries(keys.filter((key) => context[key] !== undefined).map((key) => [key, context[key]]))
}

/**
 * Mounts an MCP App in `element`. Returns at once; the frame is appended
 * right away and loads once the resource is read.
 * @example
 * ```ts
 * const app = mountMcpApp(document.querySelector('#weather')!, { client, sandbox: 'https://sandbox.example.com/sandbox.html', tool, toolInput: args })
 * app.setToolResult(await client.callTool(tool.name, args))
 * ```
 */
export function mountMcpApp(element: HTMLElement, options: McpAppOptions): McpAppHandle {
  const document = element.ownerDocument
  const window = document.defaultView
  const frame = createAppFrame(document, options.title ?? options.tool?.title ?? options.tool?.name ?? 'MCP App')
  const maxHeight = positive(options.maxHeight, DEFAULT_MAX_HEIGHT)
  const controller = new AbortController()
  let settleReady: { resolve(): void; reject(error: McpAppError): void } | undefined
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }))
  // An unobserved failure is reported through onError; without this a caller that never awaits `ready` gets an unhandled rejection.
  ready.catch(() => {})
  let bridge: AppBridge | undefined
  let bridgeWaiters: Array<{ resolve(bridge: AppBridge): void; reject(error: McpAppError): void }> = []
  const early: Array<(bridge: AppBridge) => void> = []
  let stopListening = () => {}
  let closing: Promise<void> | undefined
  let initTimer: ReturnType<typeof setTimeout> | undefined
  let releaseHost = () => {}
  const warn = options.onWarning ?? console.warn
  let stopFollowing = () => {}
  /** What the host author set (`hostContext`, then `setHostContext`): never overridden by the page's look. */
  let authored: McpUiHostContext = { ...options.hostContext }
  const unauthored = (context: McpUiHostContext): McpUiHostContext => Object.fromEntries(Object.entries(context).filter(([key]) => authored[key] === undefined))

  const settle = (error?: McpAppError) => {
    const settled = settleReady
    settleReady = undefined
    if (error) settled?.reject(error)
    else settled?.resolve()
    for (const waiter of bridgeWaiters) if (error) waiter.reject(error)
    bridgeWaiters = []
    return settled !== undefined
  }
  const fail = (error: unknown) => {
    const appError = isMcpAppError(error) ? error : new McpAppError('APP_FRAME_FAILED', `The app could not be mounted: ${String(error)}`, { cause: error })
    if (closing || !settle(appError)) return
    options.onError?.(appError)
    void teardown()
  }
  // The app broke a rule that ends it, ready or not: its frame goes at once, without waiting for an answer to the teardown.
  const abandon = (error: McpAppError, warned = false) => {
    if (closing) return
    if (!warned) warn(`[mcp-elicit/apps] ${error.message}`)
    settle(error)
    frame.remove()
    options.onError?.(error)
    void teardown()
  }
  const stopWatching = watchFrameDocuments(frame, () =>
    abandon(
      new McpAppError(
        'APP_FRAME_NAVIGATED',
        "The app's frame loaded a second document (the app navigated its sandbox proxy); the app was torn down. A frame-src listing only the sandbox origins keeps such a navigation from loading anything.",
      ),
    ),
  )
  const withBridge = (call: (bridge: AppBridge) => void) => (bridge ? call(bridge) : early.push(call))
  /** The context read from the page alone, without what the author set. */
  const pageContext = (view: Window) => defaultHostContext(view, { element, tool: options.tool, displayModes: options.displayModes, maxHeight })

  const teardown = (): Promise<void> => {
    closing ??= (async () => {
      clearTimeout(initTimer)
      controller.abort()
      options.signal?.removeEventListener('abort', onAbort)
      settle(new McpAppError('APP_TORN_DOWN', 'The app was torn down before it was ready.'))
      // A frame already out of the document (its container unmounted) cannot answer; don't hold the caller for the timeout.
      const closed = bridge?.teardown()
      if (frame.isConnected) await closed
      stopListening()
      stopWatching()
      stopFollowing()
      frame.remove()
      releaseHost()
    })()
    return closing
  }
  const onAbort = () => void teardown()

  const start = async (target: SandboxTarget, view: Window) => {
    const uri = options.resource?.uri ?? options.resourceUri ?? appResourceUri(options.tool)
    if (!uri) throw new McpAppError('APP_RESOURCE_INVALID', 'No ui:// resource to mount: pass a tool with _meta.ui.resourceUri, a resourceUri or a resource.')
    const resource = options.resource ?? (await readAppResource(options.client, uri, { signal: controller.signal }))
    if (closing) return
    const permissions = grantedPermissions(resource.permissions, options.permissions)
    const post = (message: JsonObject) => frame.contentWindow?.postMessage(message, target.origin)
    const mounted = new AppBridge({
      ...options,
      post,
      client: options.client,
      hostContext: { ...pageContext(view), ...authored },
      sandbox: { permissions, csp: resource.csp },
      onInitialized: () => {
        clearTimeout(initTimer)
        settle()
      },
      // The bridge gave up on the view (too many refused messages), and said so.
      onError: (error) => abandon(error, true),
      onSizeChange: (size) => {
        // The spec: hosts MUST follow size-changed for a flexible height; clamped so an app cannot push the page around.
        if (size.height !== undefined) frame.style.height = `${Math.min(size.height, maxHeight)}px`
        options.onSizeChange?.(size)
      },
    })
    bridge = mounted
    // The spec's host-context-changed: the page went dark (or light), and the view follows it, unless the author set the theme.
    stopFollowing = followPageLook(view, element, (look) => mounted.setHostContext(unauthored(look)))
    for (const call of early.splice(0)) call(mounted)
    for (const waiter of bridgeWaiters.splice(0)) waiter.resolve(mounted)
    let resourceSent = false
    stopListening = listenToFrame(view, frame, target.origin, (data) => {
      if (isSandboxMessage(data)) {
        // Only the proxy's first ready is answered: the app shares the proxy's origin and could send another to get the HTML again.
        if ((data as { method?: unknown }).method !== SANDBOX_PROXY_READY || resourceSent) return
        resourceSent = true
        post({
          jsonrpc: '2.0',
          method: SANDBOX_RESOURCE_READY,
          params: { html: resource.html, csp: resource.csp, permissions, ...(options.innerSandbox !== undefined && { sandbox: options.innerSandbox }) },
        })
        return
      }
      mounted.receive(data)
    })
    loadAppFrame(frame, target, buildAllowAttribute(permissions, permissions))
  }

  const handle: McpAppHandle = {
    frame,
    ready,
    setToolInput: (args) => withBridge((b) => b.sendToolInput(args)),
    setToolInputPartial: (args) => withBridge((b) => b.sendToolInputPartial(args)),
    setToolResult: (result) => withBridge((b) => b.sendToolResult(result)),
    cancelTool: (reason) => withBridge((b) => b.sendToolCancelled(reason)),
    setHostContext: (partial) => {
      const released = Object.keys(partial).filter((key) => partial[key] === undefined)
      authored = { ...authored, ...partial }
      for (const key of released) delete authored[key]
      const set = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined))
      withBridge((b) => b.setHostContext(window ? { ...pick(pageContext(window), released), ...set } : set))
    },
    async elicit(params, elicitOptions) {
      if (closing) throw new McpAppError('APP_TORN_DOWN', 'elicitation/create: the app was torn down')
      const mounted = bridge ?? (await new Promise<AppBridge>((resolve, reject) => bridgeWaiters.push({ resolve, reject })))
      return mounted.elicit(params, elicitOptions)
    },
    teardown,
  }

  if (options.toolInput) handle.setToolInput(options.toolInput)
  if (options.toolResult) handle.setToolResult(options.toolResult)
  element.appendChild(frame)
  if (!window) {
    fail(new McpAppError('APP_FRAME_FAILED', 'The element is not in a document with a window.'))
    return handle
  }
  if (options.signal?.aborted) {
    void teardown()
    return handle
  }
  options.signal?.addEventListener('abort', onAbort, { once: true })
  const initTimeoutMs = positive(options.initTimeoutMs, DEFAULT_INIT_TIMEOUT_MS)
  initTimer = setTimeout(() => fail(new McpAppError('APP_INIT_TIMEOUT', `The app did not finish ui/initialize within ${initTimeoutMs} ms.`)), initTimeoutMs)
  try {
    const target = sandboxTarget(sandboxFor(options.sandbox, options.client.url), window.location)
    checkSandboxSite(target.url, window, options.allowSameSiteSandboxOnLoopback === true, warn)
    releaseHost = claimSandboxHost(window, target.url.hostname, options.client.url, warn)
    void start(target, window).catch(fail)
  } catch (error) {
    fail(error)
  }
  return handle
}
