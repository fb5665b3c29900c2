/**
 * The server a tool part's call runs on. A part the route made from a set of
 * servers names its server in `toolMetadata.mcp.server`: the call goes to
 * that server's client (the nearest `McpServersProvider`'s set), whatever the
 * order the servers mounted in, and a part whose server or tool the set no
 * longer has says so instead of calling anything. A part from one server's
 * listing runs on the nearest `McpProvider`'s client, as before.
 */
import { useContext, useSyncExternalStore } from 'react'
import type { McpClient, McpServerState, Tool } from '../../core/index.js'
import { McpClientContext, McpServersContext, McpSignInContext, type SignInStore } from '../../react/index.js'
import { routeServerId, type ToolPartLike } from '../tool-part.js'

export type PartServer =
  /** Call it here; `tool` is the set's listing entry when the server's listing has it. */
  | { status: 'ready'; client: McpClient; signIn: SignInStore | undefined; server: string | undefined; fromSet: boolean; tool?: Tool | undefined }
  /** The part names a server the set does not have (any more). */
  | { status: 'no-server'; server: string }
  /** The server's latest listing has no such tool. */
  | { status: 'no-tool'; server: string }

const NO_SERVERS: readonly McpServerState[] = []
const none = () => NO_SERVERS
const unsubscribed = () => () => {}

/** The host of a client's URL, the name a server without a set's display name goes by. */
function hostOf(url: string): string | undefined {
  return URL.parse(url)?.host || undefined
}

/** Where the call of `part` (the MCP tool `name`) runs, re-rendering when the set's listings change. */
export function usePartServer(part: ToolPartLike, name: string): PartServer {
  const set = useContext(McpServersContext)
  const client = useContext(McpClientContext)
  const signIn = useContext(McpSignInContext)
  useSyncExternalStore(set?.subscribe ?? unsubscribed, set?.getSnapshot ?? none, set?.getSnapshot ?? none)
  const serverId = routeServerId(part)
  if (serverId !== undefined) {
    if (!set) throw new Error('mcp-elicit: a tool part of a set of servers needs <McpServersProvider servers={createServerSet(entries)}> above it')
    const route = set.route(serverId, name)
    if (route.status === 'no-server') return { status: 'no-server', server: serverId }
    if (route.status === 'no-tool') return { status: 'no-tool', server: route.server.name }
    // The entry's sign-in is `browserOAuth(…).signIn`, read structurally by the core: the React layer's store.
    const store = route.server.signIn as SignInStore | undefined
    return { status: 'ready', client: route.server.client, signIn: store, server: route.server.name, fromSet: true, tool: route.status === 'found' ? route.tool : undefined }
  }
  if (!client) throw new Error('mcp-elicit: McpToolPart needs <McpProvider client={client}> (one server) or <McpServersProvider servers={servers}> (a set) above it')
  return { status: 'ready', client, signIn, server: hostOf(client.url), fromSet: false }
}
