/**
 * The options of the client and of its calls, and the one input handler
 * shape both eras use.
 */
import type { AuthProvider } from './auth-hook.js'
import type { InputLoopEvent } from './input-loop.js'
import type { PendingRound } from './input-round.js'
import type { Limits } from './limits.js'
import type { ClientCapabilities, Era, Implementation, InputRequests, InputResponses, JsonRpcNotification, LogMessage, MrtrMethod, Progress, ProtocolVersionOption, TaskInfo } from './types.js'

/** What an input handler learns about the round it answers. */
export interface InputContext {
  /**
   * 1 for the first round of a call. Requests a legacy server pushes count
   * as rounds too: those that arrive together are one round.
   */
  round: number
  signal: AbortSignal
  era: Era
  method: MrtrMethod
  serverInfo: Implementation | undefined
  /** The saved round (modern era), for UIs that persist it. */
  pending?: PendingRound | undefined
  /** The task asking, when the questions come from a running task (answered with `tasks/update`). */
  task?: TaskInfo | undefined
}

/**
 * Answers every input request of a round, keyed as asked: `ElicitResult`
 * for `elicitation/create`, `CreateMessageResult` for `sampling/createMessage`,
 * `ListRootsResult` for `roots/list`. Called the same way in both eras.
 */
export type InputHandler = (requests: InputRequests, context: InputContext) => Promise<InputResponses>

export interface ClientOptions {
  /** @defaultValue `{ name: 'mcp-elicit', version: '0.1.0' }` */
  clientInfo?: Implementation
  /**
   * What the app handles. Declare only what is answered: servers skip
   * questions a client cannot take. `extensions: { [TASKS_EXTENSION]: {} }`
   * lets servers turn a tool call into a task, which the client then follows
   * to its result (2026-07-28).
   * @defaultValue `{}`
   * @example `{ elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }`
   */
  capabilities?: ClientCapabilities
  /** @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch
  /**
   * Signs requests in and answers the server's 401/403 challenges (sign-in,
   * refresh, step-up); `oauth()` from `mcp-elicit/auth` is one.
   */
  auth?: AuthProvider | undefined
  /** Extra headers for every request, e.g. `Authorization`; a function is called per request. */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>)
  /**
   * Which MCP revision to speak. `'auto'` tries 2026-07-28 (stateless,
   * `input_required` rounds) and falls back to a 2025-11-25 session when the
   * server answers as an older one; a revision string (`'2026-07-28'`,
   * `'2025-11-25'`) speaks that one only. `client.protocolVersion` says
   * which one is in use once the first request settled it.
   * @defaultValue `'auto'`
   */
  protocolVersion?: ProtocolVersionOption
  /**
   * The default answerer of input requests for every call; on a 2025-11-25
   * session also of the requests the server pushes on its GET stream that no
   * single call can claim (see {@link CallOptions.onInputRequests}).
   */
  onInputRequests?: InputHandler
  /** @defaultValue 10 */
  maxRounds?: number
  /** Notifications no call claimed. */
  onNotification?: (notification: JsonRpcNotification) => void
  /** @defaultValue `console.warn` */
  onWarning?: (message: string) => void
  /**
   * Caps on what a server can make the client buffer or repeat: the bytes of
   * one message (`maxMessageBytes`, a JSON body or an SSE event alike; the
   * old `maxBodyBytes` and `maxEventBytes` still set it), the `retry:` range,
   * reconnects, redirects. See {@link Limits}.
   */
  limits?: Partial<Limits> | undefined
  /**
   * The default `timeoutMs` of every request, the client's own included
   * (discovery, `initialize`, the `tools/list` before a first tool call).
   * @defaultValue none
   */
  timeoutMs?: number | undefined
  /**
   * Keeps list and read results while their `ttlMs` says they are fresh,
   * for the credentials that fetched them (`public` ones shared by the
   * clients of the endpoint in this page that send the same `Authorization`
   * from `auth` and the same `headers`; credentials that a custom `fetch`
   * or the browser adds, cookies say, are not seen: where those tell people
   * apart, turn the cache off), and skips the `tools/list` before a tool call when the listing is fresh or
   * the tool has no `x-mcp-header` parameter. `false` asks the server every
   * time (and lists the tools once per client).
   * @defaultValue true
   */
  cache?: boolean | undefined
}

export interface RequestOptions {
  signal?: AbortSignal | undefined
  /** Fails the request with `McpTimeoutError` after this many ms (waiting for a person not counted). */
  timeoutMs?: number | undefined
  onProgress?: ((progress: Progress) => void) | undefined
  onLog?: ((message: LogMessage) => void) | undefined
  /**
   * The least severe log level the server may send for this request; servers
   * send no log messages without it.
   * @defaultValue `'info'` when `onLog` is given
   */
  logLevel?: string | undefined
}

export interface ListOptions extends RequestOptions {
  /** Asks the server even when the cached listing is still fresh. */
  reload?: boolean | undefined
}

export interface CallOptions extends RequestOptions {
  /**
   * Answers this call's input requests; falls back to the client's handler.
   * On a 2025-11-25 session it also answers what the server pushes on the
   * GET stream while this is the only call in flight with a handler of its
   * own (FastMCP asks every question of a tool call there).
   */
  onInputRequests?: InputHandler | undefined
  /** @defaultValue the client's `maxRounds` */
  maxRounds?: number | undefined
  /** Delay before retrying a requestState-only round. @defaultValue 0 */
  pacingMs?: number | undefined
  /** Transitions of the round loop, for UIs. */
  onEvent?: ((event: InputLoopEvent) => void) | undefined
  /** Continue from a saved round instead of starting over. */
  resume?: { pending: PendingRound; responses?: InputResponses | undefined } | undefined
  /**
   * Follow this task (kept from before a reload) instead of sending the
   * request: polling resumes with the same id; `answered` keys are not asked again.
   */
  resumeTask?: { taskId: string; answered?: readonly string[] | undefined } | undefined
}
