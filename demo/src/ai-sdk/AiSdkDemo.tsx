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
import { McpProvider } from 'mcp-elicit/react'
import { appSandbox } from '../config'
import { DemoHeader, DemoLoading } from '../demo-header'
import { useFrameworkDemo } from '../framework-demo'
import { AiSdkChat } from './AiSdkChat'

const SERVER_KEY = 'mcp-elicit-ai-sdk-demo:server'

export function AiSdkDemo() {
  const { config, error, servers, kit, clients, ready } = useFrameworkDemo({ clientName: 'mcp-elicit-ai-sdk-demo', signInName: 'mcp-elicit AI SDK demo' })
  const [serverId, setServerId] = useState(() => sessionStorage.getItem(SERVER_KEY) ?? 'demo')
  useEffect(() => sessionStorage.setItem(SERVER_KEY, serverId), [serverId])
  const sandbox = useMemo(() => appSandbox(config), [config])

  if (error !== undefined) return <DemoLoading error={error} />
  if (!config || !ready) return <DemoLoading />
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
        <AiSdkChat key={server.id} server={server} sandbox={sandbox} />
      </McpProvider>
    </div>
  )
}
