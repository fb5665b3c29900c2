/**
 * The demo servers in an assistant-ui chat (mcp-elicit/assistant-ui): pick
 * a server, ask the scripted model for a tool by name, and the call, with
 * every question the server asks, appears in the model's reply. Set up like
 * the main demo (App.tsx): one client per server, one browser sign-in for
 * the protected ones (tokens in memory), MCP Apps around the thread.
 */
import { useEffect, useMemo, useState } from 'react'
import { TASKS_EXTENSION, createClient, type McpClient } from 'mcp-elicit'
import { withMcpApps } from 'mcp-elicit/apps'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { browserOAuth } from 'mcp-elicit/auth'
import { McpProvider } from 'mcp-elicit/react'
import type { DemoConfig } from '../config'
import { DemoHeader, DemoLoading } from '../demo-header'
import { Chat, type RuntimeKind } from './Chat'

const SERVER_KEY = 'mcp-elicit-aui:server'
const RUNTIME_KEY = 'mcp-elicit-aui:runtime'
/** The servers this page offers: the two open ones and the first protected one. */
const OFFERED = new Set(['demo', 'legacy', 'protected'])

export function AssistantUiDemo() {
  const [config, setConfig] = useState<DemoConfig>()
  const [configError, setConfigError] = useState<string>()
  const [serverId, setServerId] = useState(() => sessionStorage.getItem(SERVER_KEY) ?? 'demo')
  const [kind, setKind] = useState<RuntimeKind>(() => (sessionStorage.getItem(RUNTIME_KEY) === 'execute' ? 'execute' : 'local'))
  const [resumed, setResumed] = useState(false)

  useEffect(() => {
    fetch('/demo-config.json')
      .then((response) => response.json() as Promise<DemoConfig>)
      .then(setConfig)
      .catch((error: unknown) => setConfigError(String(error)))
  }, [])
  useEffect(() => sessionStorage.setItem(SERVER_KEY, serverId), [serverId])
  useEffect(() => sessionStorage.setItem(RUNTIME_KEY, kind), [kind])

  const kit = useMemo(() => (config ? browserOAuth({ redirectUri: `${location.origin}${config.oauthCallbackPath}`, clientName: 'mcp-elicit assistant-ui demo' }) : undefined), [config])
  // Back from a full-page sign-in: finish it before any call goes out.
  useEffect(() => {
    if (!kit) return
    kit.signIn
      .resumeRedirect()
      .catch(() => {})
      .finally(() => setResumed(true))
  }, [kit])

  const servers = useMemo(() => (config?.servers ?? []).filter((server) => OFFERED.has(server.id)), [config])
  const clients = useMemo(() => {
    const map = new Map<string, McpClient>()
    for (const server of servers) {
      map.set(
        server.id,
        createClient(server.url, {
          clientInfo: { name: 'mcp-elicit-assistant-ui-demo', version: '0.1.0' },
          capabilities: withMcpApps({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { [TASKS_EXTENSION]: {} } }, { elicitation: true }),
          auth: server.auth ? kit?.auth : undefined,
        }),
      )
    }
    return map
  }, [servers, kit])

  if (configError) return <DemoLoading error={configError} />
  if (!config || !resumed) return <DemoLoading />
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
        <McpAppsProvider sandbox={config.sandboxUrl} serverTools openLinks>
          {/* One runtime and thread per server and kind: a call always goes to the server its tool came from. */}
          <Chat key={`${server.id}:${kind}`} server={server} kind={kind} />
        </McpAppsProvider>
      </McpProvider>
    </div>
  )
}
