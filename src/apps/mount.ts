/**
 * `mountMcpApp`: an MCP App in an element of the page. The handle and the
 * app's frame come at once; the host behind them (app-host.ts: the resource
 * read, the sandbox checks, the CSP, the bridge) is a chunk of its own that
 * loads with the first app a page mounts, so a page that shows no app yet
 * downloads only this. What the caller does meanwhile (input, result, host
 * context, a question, a teardown) is kept and handed to the host in order
 * once it is there; from then on a mount runs the host at once.
 *
 * The lifecycle (ext-apps apps.mdx, "Lifecycle"): resource read -> frame
 * -> `sandbox-proxy-ready` -> `sandbox-resource-ready` -> `ui/initialize`
 * -> `initialized` (`ready` resolves) -> tool input/result -> teardown
 * (`ui/resource-teardown` answered, then the frame is removed).
 */
import { loadChunk, loadOnce, type ElicitResult, type Implementation, type JsonObject, type McpClient, type McpResult, type Tool } from '../core/index.js'
import type { AppBridge } from './bridge.js'
import type { McpAppHandlers } from './bridge-options.js'
import type { ElicitOptions } from './elicitation.js'
import { McpAppError, mountLoadFailed } from './errors.js'
import { DEFAULT_INIT_TIMEOUT_MS, positive } from './mount-defaults.js'
import { appendAppFrame } from './outer-frame.js'
import type { McpAppResource } from './resource.js'
import type { McpAppSandbox } from './sandbox-claims.js'
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

type Host = typeof import('./app-host.js')

/** The host, once loaded: from then on a mount runs it at once. */
let host: Host | undefined

/**
 * The host's chunk, fetched once per page with its first app. One that
 * cannot be fetched rejects with the core's `McpNetworkError` and is
 * forgotten, so the next mount fetches it again.
 */
export const loadAppHost: () => Promise<Host> = loadOnce(() => loadChunk('the MCP Apps host', () => import('./app-host.js')).then((loaded) => (host = loaded)))

/**
 * Mounts an MCP App in `element`. Returns at once; the frame is appended
 * right away and loads once the host (with a page's first app) is there and
 * the resource is read.
 * @example
 * ```ts
 * const app = mountMcpApp(document.querySelector('#weather')!, { client, sandbox: 'https://sandbox.example.com/sandbox.html', tool, toolInput: args })
 * app.setToolResult(await client.callTool(tool.name, args))
 * ```
 */
export function mountMcpApp(element: HTMLElement, options: McpAppOptions): McpAppHandle {
  return host ? host.mountAppNow(element, options) : mountOnLoad(element, options, appendAppFrame(element, options))
}

/**
 * A handle while the host loads. The frame is in the page, empty: nothing
 * loads in it before the host has checked the sandbox page. Calls are kept
 * in order for the host's handle. A teardown, an abort or the init timeout
 * before the host is there ends the app here; a host that cannot be
 * fetched fails it with `APP_FRAME_FAILED` (the core's `McpNetworkError` in
 * `cause`) through `onError` and `ready`, as a frame that cannot be made.
 */
function mountOnLoad(element: HTMLElement, options: McpAppOptions, frame: HTMLIFrameElement): McpAppHandle {
  const started = Date.now()
  const initTimeoutMs = positive(options.initTimeoutMs, DEFAULT_INIT_TIMEOUT_MS)
  let hosted: McpAppHandle | undefined
  let ended = false
  const waiting: Array<{ run(handle: McpAppHandle): void; end?(error: McpAppError): void }> = []
  let settle!: { resolve(): void; reject(error: McpAppError): void }
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }))
  // As the host's: a failure goes to onError too, so a caller that never awaits `ready` gets no unhandled rejection.
  ready.catch(() => {})

  const end = (error: McpAppError, report: boolean) => {
    if (hosted || ended) return
    ended = true
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', tornDown)
    frame.remove()
    settle.reject(error)
    for (const call of waiting.splice(0)) call.end?.(error)
    if (report) options.onError?.(error)
  }
  function tornDown() {
    end(new McpAppError('APP_TORN_DOWN', 'The app was torn down before it was ready.'), false)
  }
  const later = (run: (handle: McpAppHandle) => void) => {
    if (hosted) run(hosted)
    else if (!ended) waiting.push({ run })
  }

  const timer = setTimeout(() => end(new McpAppError('APP_INIT_TIMEOUT', `The app did not finish ui/initialize within ${initTimeoutMs} ms.`), true), initTimeoutMs)
  if (options.signal?.aborted) tornDown()
  else options.signal?.addEventListener('abort', tornDown, { once: true })
  loadAppHost().then(
    ({ hostApp }) => {
      if (ended) return
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', tornDown)
      // The init timeout runs from the mount: the host gets what is left of it.
      hosted = hostApp(element, { ...options, initTimeoutMs: Math.max(0, initTimeoutMs - (Date.now() - started)) }, frame)
      hosted.ready.then(settle.resolve, settle.reject)
      for (const call of waiting.splice(0)) call.run(hosted)
    },
    (cause: unknown) => end(mountLoadFailed(cause, options.resource?.uri ?? options.resourceUri ?? appResourceUri(options.tool)), true),
  )

  return {
    frame,
    ready,
    setToolInput: (args) => later((handle) => handle.setToolInput(args)),
    setToolInputPartial: (args) => later((handle) => handle.setToolInputPartial(args)),
    setToolResult: (result) => later((handle) => handle.setToolResult(result)),
    cancelTool: (reason) => later((handle) => handle.cancelTool(reason)),
    setHostContext: (partial) => later((handle) => handle.setHostContext(partial)),
    elicit(params, elicitOptions) {
      if (hosted) return hosted.elicit(params, elicitOptions)
      if (ended) return Promise.reject(new McpAppError('APP_TORN_DOWN', 'elicitation/create: the app was torn down'))
      return new Promise((resolve, reject) => waiting.push({ run: (handle) => handle.elicit(params, elicitOptions).then(resolve, reject), end: reject }))
    },
    teardown() {
      if (hosted) return hosted.teardown()
      tornDown()
      return Promise.resolve()
    },
  }
}
