/**
 * The one error class of `mcp-elicit/apps`. Everything the apps layer itself
 * refuses or gives up on (a resource that is not an app, a sandbox on the
 * page's own origin, a view that never initialises, …) is an
 * {@link McpAppError} with a string-literal {@link McpAppErrorCode}; errors
 * that crossed the wire stay the core's `McpError` family and travel in
 * `cause`. The guard matches by `name` too, so an error made by another copy
 * of the library (a second bundle, another realm) is still recognised.
 */

/**
 * What went wrong, one code per failure a host may want to handle apart:
 * - `APP_RESOURCE_INVALID`: the `ui://` resource is missing, not
 *   `text/html;profile=mcp-app`, empty or undecodable.
 * - `APP_RESOURCE_TOO_LARGE`: its HTML is over the size cap.
 * - `APP_SANDBOX_SAME_ORIGIN`: the sandbox page is on the host page's origin,
 *   where `allow-same-origin` would give the app the host's cookies and DOM.
 * - `APP_SANDBOX_SAME_SITE`: the sandbox page's host name is the page's (on
 *   another port), or shares a site with it (a sub-domain of the page's
 *   registrable domain, or its parent): cookies are scoped by host name and
 *   domain, not port, so the app could read and set the page's cookies.
 * - `APP_SANDBOX_INVALID`: the sandbox URL does not parse or is not http(s).
 * - `APP_SANDBOX_SHARED`: an app of another server is live on the same
 *   sandbox host name in this page, where the two could act as each other
 *   or share cookies; give each server its own sandbox host (`sandbox` as a
 *   function).
 * - `APP_INIT_TIMEOUT`: the view did not finish `ui/initialize` in time.
 * - `APP_FRAME_FAILED`: the frame could not be created or loaded.
 * - `APP_FRAME_NAVIGATED`: the app's outer frame loaded a second document
 *   (the app navigated its sandbox proxy, e.g. to a page of its own); the
 *   app was torn down.
 * - `APP_TOO_MANY_REFUSALS`: the app kept sending messages the host refused
 *   (`maxRefusals`); it was closed.
 * - `APP_TORN_DOWN`: the app was torn down while something waited on it.
 * - `APP_ELICITATION_UNSUPPORTED`: the view did not declare `elicitation`
 *   (SEP-3118) in its `appCapabilities`.
 * - `APP_ELICITATION_INVALID`: its answer is not an `ElicitResult`.
 * - `APP_ELICITATION_TIMEOUT`: it did not answer in time.
 */
export type McpAppErrorCode =
  | 'APP_RESOURCE_INVALID'
  | 'APP_RESOURCE_TOO_LARGE'
  | 'APP_SANDBOX_SAME_ORIGIN'
  | 'APP_SANDBOX_SAME_SITE'
  | 'APP_SANDBOX_INVALID'
  | 'APP_SANDBOX_SHARED'
  | 'APP_INIT_TIMEOUT'
  | 'APP_FRAME_FAILED'
  | 'APP_FRAME_NAVIGATED'
  | 'APP_TOO_MANY_REFUSALS'
  | 'APP_TORN_DOWN'
  | 'APP_ELICITATION_UNSUPPORTED'
  | 'APP_ELICITATION_INVALID'
  | 'APP_ELICITATION_TIMEOUT'

/** Extra facts an {@link McpAppError} may carry. */
export interface McpAppErrorDetails {
  /** The underlying error, e.g. the core's `McpProtocolError` from `resources/read`. */
  cause?: unknown
  /** The `ui://` resource the error is about, when there is one. */
  uri?: string | undefined
}

/**
 * A failure of the apps layer.
 * @example
 * ```ts
 * try { await readAppResource(client, uri) }
 * catch (error) { if (isMcpAppError(error) && error.code === 'APP_RESOURCE_TOO_LARGE') … }
 * ```
 */
export class McpAppError extends Error {
  override name = 'McpAppError' as const
  readonly code: McpAppErrorCode
  /** The `ui://` resource the error is about, when there is one. */
  readonly uri: string | undefined

  constructor(code: McpAppErrorCode, message: string, details: McpAppErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.uri = details.uri
  }
}

/**
 * Whether `error` is an {@link McpAppError}: by `instanceof`, or by `name`
 * plus a string `code` for one made in another realm or by another copy of
 * the library (where `instanceof` is false).
 */
export function isMcpAppError(error: unknown): error is McpAppError {
  if (error instanceof McpAppError) return true
  if (typeof error !== 'object' || error === null) return false
  const { name, code } = error as { name?: unknown; code?: unknown }
  return name === 'McpAppError' && typeof code === 'string'
}
