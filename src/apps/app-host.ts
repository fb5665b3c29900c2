/**
 * The MCP Apps host behind `mountMcpApp` (mount.ts), a chunk of its own that
 * loads with a page's first app: it reads the app's `ui://` resource, checks
 * the sandbox page (another site, one host per server), hands the proxy the
 * HTML when it says it is ready, and runs the {@link AppBridge} over the
 * frame's messages. mount.ts makes the frame and the handle at once, and
 * calls {@link hostApp} once this module is there; a page that has loaded
 * it mounts at once ({@link mountAppNow}).
 *
 * The lifecycle (ext-apps apps.mdx, "Lifecycle"): resource read -> frame
 * -> `sandbox-proxy-ready` -> `sandbox-resource-ready` -> `ui/initialize`
 * -> `initialized` (`ready` resolves) -> tool input/result -> teardown
 * (`ui/resource-teardown` answered, then the frame is removed).
 */
import type { JsonObject } from '../core/index.js'
import { AppBridge } from './bridge.js'
import { buildAllowAttribute } from './csp.js'
import { McpAppError, isMcpAppError } from './errors.js'
import { listenToFrame, loadAppFrame, sandboxTarget, watchFrameDocuments, type SandboxTarget } from './frame.js'
import { defaultHostContext, followPageLook } from './host-context.js'
import { isSandboxMessage, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from './methods.js'
import { DEFAULT_INIT_TIMEOUT_MS, DEFAULT_MAX_HEIGHT, positive } from './mount-defaults.js'
import type { McpAppHandle, McpAppOptions } from './mount.js'
import { appendAppFrame } from './outer-frame.js'
import { readAppResource } from './resource.js'
import { claimSandboxHost, sandboxFor } from './sandbox-claims.js'
import { checkSandboxSite } from './sandbox-site.js'
import type { McpUiHostContext, McpUiResourcePermissions } from './types.js'
import { appResourceUri } from './ui-meta.js'

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
 * `mountMcpApp` once the host is loaded: the frame made and the app mounted
 * at once (also what the React host loads, with its first app).
 */
export function mountAppNow(element: HTMLElement, options: McpAppOptions): McpAppHandle {
  return hostApp(element, options, appendAppFrame(element, options))
}

/**
 * Runs the app of `options` in `frame`, its outer frame, already in
 * `element` and not loaded yet: the sandbox page is checked first.
 */
export function hostApp(element: HTMLElement, options: McpAppOptions, frame: HTMLIFrameElement): McpAppHandle {
  const document = element.ownerDocument
  const window = document.defaultView
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
