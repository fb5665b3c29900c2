/**
 * The demo servers in an assistant-ui chat (mcp-elicit/assistant-ui): pick
 * a server, ask the scripted model for a tool by name, and the call, with
 * every question the server asks, appears in the model's reply. Set up like
 * the main demo (App.tsx): one client per server, one browser sign-in for
 * the protected ones (tokens in memory), MCP Apps around the thread
 * (Chat.tsx: inside the runtime, whose thread an app's message joins).
 */
import { useEffect, useMemo, useState } from 'react'
import { McpProvider } from 'mcp-elicit/react'
import { appSandbox } from '../config'
import { DemoHeader, DemoLoading } from '../demo-header'
import { useFrameworkDemo } from '../framework-demo'
import { Chat, type RuntimeKind } from './Chat'

const SERVER_KEY = 'mcp-elicit-aui:server'
const RUNTIME_KEY = 'mcp-elicit-aui:runtime'

export function AssistantUiDemo() {
  const { config, error, servers, kit, clients, ready } = useFrameworkDemo({ clientName: 'mcp-elicit-assistant-ui-demo', signInName: 'mcp-elicit assistant-ui demo' })
  const [serverId, setServerId] = useState(() => sessionStorage.getItem(SERVER_KEY) ?? 'demo')
  const [kind, setKind] = useState<RuntimeKind>(() => (sessionStorage.getItem(RUNTIME_KEY) === 'execute' ? 'execute' : 'local'))
  useEffect(() => sessionStorage.setItem(SERVER_KEY, serverId), [serverId])
  useEffect(() => sessionStorage.setItem(RUNTIME_KEY, kind), [kind])
  const sandbox = useMemo(() => appSandbox(config), [config])

  if (error !== undefined) return <DemoLoading error={error} />
  if (!config || !ready) return <DemoLoading />
  const server = servers.find((s) => s.id === serverId) ?? servers[0]!
  return (
    <div className="demo">
      <DemoHeader title="mcp-elicit in assistant-ui" servers={servers} serverId={server.id} onServer={setServerId}>
        <label className="demo-picker">
          <span className="demo-picker-label">Runtime</span>
          <select className="demo-select" value={kind} onChange={(event) => setKind(event.target.value === 'execute' ? 'execute' : 'local')}>
            <option value="local">Local runtime (the tool part runs the call)</option>
            <option value="execute">A runtime that runs tools (execute, human() and resume)</option>
          </select>
        </label>
        <a className="demo-button demo-button-quiet" href="/">
          The plain demo
        </a>
      </DemoHeader>
      <McpProvider client={clients.get(server.id)!} signIn={server.auth ? kit?.signIn : undefined}>
        {/* One runtime and thread per server and kind: a call always goes to the server its tool came from. */}
        <Chat key={`${server.id}:${kind}`} server={server} kind={kind} sandbox={sandbox} />
      </McpProvider>
    </div>
  )
}
