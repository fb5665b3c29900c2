/**
 * 2025-era session routing, as in the SDKs' sessionful examples: a request
 * with `Mcp-Session-Id` goes to that session's transport (404 -32001 when
 * it is unknown), an `initialize` POST without one opens a new session, and
 * anything else is a 400. One table for the v1 SDK's Node transport and the
 * v2 SDK's web-standard one: `open` builds the server and transport and
 * connects them, `handle` and `reject` answer in the transport's own terms.
 *
 * Runs under Node 22 type stripping: no enums, no namespaces, no parameter
 * properties, `import type` for types, `.ts` on relative imports.
 */

/** What the table needs of a session's transport. */
export interface SessionTransport {
  sessionId?: string | undefined
}

export interface SessionOptions<T extends SessionTransport, Args extends unknown[], Answer> {
  /**
   * A new session's server and transport, connected: `initialized` is the
   * transport's `onsessioninitialized`, `closed` its `onclose` (set before
   * connecting: the server chains its own after it).
   */
  open(hooks: { initialized(id: string): void; closed(): void }, ...args: Args): Promise<{ transport: T; close(): Promise<unknown> }>
  handle(transport: T, ...args: Args): Answer | Promise<Answer>
  reject(status: number, code: number, message: string, ...args: Args): Answer | Promise<Answer>
}

export interface Sessions<Args extends unknown[], Answer> {
  /** Routes one request: `sessionId` is its `Mcp-Session-Id`, `initialize` whether it is an initialize POST. */
  route(sessionId: string | null | undefined, initialize: boolean, ...args: Args): Promise<Answer>
  /** Ids of the live sessions. */
  ids(): string[]
  /** Closes every session's server. */
  close(): Promise<void>
}

export function sessionTable<T extends SessionTransport, Args extends unknown[], Answer>(options: SessionOptions<T, Args, Answer>): Sessions<Args, Answer> {
  const table = new Map<string, { transport: T; close(): Promise<unknown> }>()
  return {
    async route(sessionId, initialize, ...args) {
      if (typeof sessionId === 'string') {
        const session = table.get(sessionId)
        if (!session) return options.reject(404, -32001, 'Session not found', ...args)
        return options.handle(session.transport, ...args)
      }
      if (!initialize) return options.reject(400, -32000, 'Bad Request: No valid session ID provided', ...args)
      // The hooks run while the transport handles requests, after `open` resolved.
      let session: { transport: T; close(): Promise<unknown> } | undefined
      const hooks = {
        initialized: (id: string) => void table.set(id, session!),
        closed: () => {
          const id = session?.transport.sessionId
          if (id !== undefined) table.delete(id)
        },
      }
      session = await options.open(hooks, ...args)
      return options.handle(session.transport, ...args)
    },
    ids: () => [...table.keys()],
    async close() {
      await Promise.all([...table.values()].map((session) => session.close().catch(() => {})))
      table.clear()
    },
  }
}
