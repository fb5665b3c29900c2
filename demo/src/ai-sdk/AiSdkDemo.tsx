/**
 * The demo servers in a Vercel AI SDK chat (mcp-elicit/ai-sdk): `useChat`
 * against the streaming route `POST /api/chat` (servers/ai-sdk-route.ts,
 * the scripted model), and every MCP tool call the model makes run here, in
 * its tool part, through the person's own client. Clients, sign-in and MCP
 * Apps are set up as on the main demo page: one client per server, one
 * browser sign-in for the protected one (tokens in memory, never sent to the
 * route), apps drawn through the sandbox on its own origin.
 */
import { useEffect, useMemo, useState } from 'react'
import { TASKS_EXTENSION, createClient, type McpClient } from 'mcp-elicit'
import { withMcpApps } from 'mcp-elicit/apps'
import { browserOAuth } from 'mcp-elicit/auth'
import { McpProvider } from 'mcp-elicit/react'
import type { DemoConfig, ServerEntry } from '../config'
import { DemoHeader, DemoLoading } from '../demo-header'
import { AiSdkChat } from './AiSdkChat'

const SERVER_KEY = 'mcp-elicit-ai-sdk-demo:server'
/** The open servers of both eras, and the protected one (sign-in in the tool part). */
const PICKED = ['demo', 'legacy', 'protected']

/** One client per server this page offers, the protected one signing in through `kit`. */
function useClients(servers: readonly ServerEntry[], kit: ReturnType<typeof browserOAuth> | undefined): Map<string, McpClient> {
  return useMemo(
    () =>
      new Map(
        servers.map((server) => [
          server.id,
          createClient(server.url, {
            clientInfo: { name: 'mcp-elicit-ai-sdk-demo', version: '0.1.0' },
            capabilities: withMcpApps({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { [TASKS_EXTENSION]: {} } }, { elicitation: true }),
            auth: server.auth ? kit?.auth : undefined,
          }),
        ]),
      ),
    [servers, kit],
  )
}

export function AiSdkDemo() {
  const [config, setConfig] = useState<DemoConfig | { error: string }>()
  const [serverId, setServerId] = useState(() => sessionStorage.getItem(SERVER_KEY) ?? 'demo')
  const [ready, setReady] = useState(false)
  const loaded = config && 'servers' in config ? config : undefined

  useEffect(() => {
    fetch('/demo-config.json')
      .then((response) => response.json() as Promise<DemoConfig>)
      .then(setConfig, (error: unknown) => setConfig({ error: String(error) }))
  }, [])
  useEffect(() => sessionStorage.setItem(SERVER_KEY, serverId), [serverId])
  const kit = useMemo(() => (loaded ? browserOAuth({ redirectUri: `${location.origin}${loaded.oauthCallbackPath}`, clientName: 'mcp-elicit AI SDK demo' }) : undefined), [loaded])
  // A full-page sign-in comes back here: finish it before a resumed call goes out without its token.
  useEffect(() => void kit?.signIn.resumeRedirect().catch(() => {}).finally(() => setReady(true)), [kit])
  const servers = useMemo(() => PICKED.flatMap((id) => loaded?.servers.filter((server) => server.id === id) ?? []), [loaded])
  const clients = useClients(servers, kit)

  if (config && 'error' in config) return <DemoLoading error={config.error} />
  if (!loaded || !ready) return <DemoLoading />
  const server = servers.find((s) => s.id === serverId) ?? servers[0]!
  return (
    <div className="demo">
      <DemoHeader title="mcp-elicit in the Vercel AI SDK" servers={servers} serverId={server.id} onServer={setServerId}>
        <a className="demo-button demo-button-quiet" href="/">
          The plain demo
        </a>
      </DemoHeader>
      <McpProvider client={clients.get(server.id)!} signIn={server.auth ? kit?.signIn : undefined}>
        {/* One useChat per server: a tool part always runs on the server whose listing the model saw. */}
        <AiSdkChat key={server.id} server={server} sandbox={loaded.sandboxUrl} />
      </McpProvider>
    </div>
  )
}
