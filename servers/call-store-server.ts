/**
 * The host's backend of a call store for tests, the bench and the demo: the
 * package's handler (`mcp-elicit/stores/server`) on 127.0.0.1 over a
 * database given (PGlite, or embedded Postgres), the user named by a header
 * (`x-user`) or a cookie (`demo-user`), as a host's session would.
 */
import { createServer } from 'node:http'
import { createCallStoreHandler, toNodeListener, type CallStoreHandlerOptions, type SqlClient } from '../src/stores/server/index.ts'
import { closeServer, listen } from './host.ts'

export interface CallStoreServer {
  /** The handler's base URL. */
  url: string
  close(): Promise<void>
}

/** The user of a request: its `x-user` header, else its `demo-user` cookie. */
export function userOfRequest(request: Request): string | undefined {
  const header = request.headers.get('x-user')
  if (header) return header
  return /(?:^|;\s*)demo-user=([\w-]{1,64})/.exec(request.headers.get('cookie') ?? '')?.[1]
}

export async function startCallStoreServer(db: SqlClient, options: Partial<CallStoreHandlerOptions> = {}): Promise<CallStoreServer> {
  const handler = createCallStoreHandler({ db, userOf: userOfRequest, basePath: '/calls', ...options })
  const server = createServer(toNodeListener(handler))
  const { origin } = await listen(server, 0)
  return { url: `${origin}/calls`, close: () => closeServer(server) }
}
