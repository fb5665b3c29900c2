/**
 * The demo page: a small chat UI. The person picks a server and a tool, and
 * every call becomes a chat turn rendered by the library's components; the
 * questions the server asks appear in the turn, and the answers flow back.
 * Turns live in sessionStorage, their calls on the page server's backend
 * store (durable.tsx), so a reload resumes them and another tab or browser
 * of the same demo user answers them.
 *
 * The parts: a turn (turn.tsx), the composer (composer.tsx) and the wire log
 * (wire-log-view.tsx, recording in wire-log.ts).
 */
import { useEffect, useMemo, useState } from 'react'
import { TASKS_EXTENSION, createClient, type McpClient } from 'mcp-elicit'
import { withMcpApps } from 'mcp-elicit/apps'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { browserOAuth } from 'mcp-elicit/auth'
import { McpProvider } from 'mcp-elicit/react'
import { Composer, ProtectedComposer } from './composer'
import { appSandbox, type DemoConfig } from './config'
import { DemoHeader, DemoLoading } from './demo-header'
import { PendingElsewhere } from './durable'
import { ChatTurn, loadTurns, saveTurns, type Turn, type TurnRequest } from './turn'
import { createWireLog, describeAuth } from './wire-log'
import { WireLog } from './wire-log-view'

const requestTimeout = Number(new URLSearchParams(location.search).get('timeout')) || undefined

export function App() {
  const [config, setConfig] = useState<DemoConfig>()
  const [configError, setConfigError] = useState<string>()
  const [serverId, setServerId] = useState(() => sessionStorage.getItem('mcp-elicit-demo:server') ?? 'demo')
  const [turns, setTurns] = useState<Turn[]>(loadTurns)
  const [resumed, setResumed] = useState(false)
  // What the person let apps send to the conversation (`ui/message`): each went through the message card under
  // its app first, and only Send gets here. A chat with a model would send it on as the person's message.
  const [appMessages, setAppMessages] = useState<string[]>([])
  const wire = useMemo(() => createWireLog(), [])
  const servers = config?.servers
  const sandbox = useMemo(() => appSandbox(config), [config])

  useEffect(() => {
    fetch('/demo-config.json')
      .then((response) => response.json() as Promise<DemoConfig>)
      .then(setConfig)
      .catch((error: unknown) => setConfigError(String(error)))
  }, [])

  // One sign-in for every protected server: tokens stay apart per authorization server and resource,
  // in memory (the default); only a pending authorization waits in sessionStorage across a redirect.
  // The sign-in's own requests do not go through the wire log: token responses are not for display.
  const kit = useMemo(
    () =>
      config
        ? browserOAuth({
            // `?coop=1` on the page asks for a callback page served with Cross-Origin-Opener-Policy,
            // to try a sign-in whose popup loses its link to this page.
            redirectUri: `${location.origin}${config.oauthCallbackPath}${new URLSearchParams(location.search).get('coop') === '1' ? '?coop=1' : ''}`,
            clientName: 'mcp-elicit demo',
            onEvent: (event) => wire.note('AUTH', describeAuth(event)),
          })
        : undefined,
    [config, wire],
  )

  // Back from a full-page sign-in: finish it before any call goes out, so restored calls find the token.
  useEffect(() => {
    if (!kit) return
    kit.signIn
      .resumeRedirect()
      .catch(() => {})
      .finally(() => setResumed(true))
  }, [kit])

  const clients = useMemo(() => {
    const map = new Map<string, McpClient>()
    for (const server of servers ?? []) {
      map.set(
        server.id,
        createClient(server.url, {
          clientInfo: { name: 'mcp-elicit-demo', version: '0.1.0' },
          // Tasks too: a long tool may answer with a task the page follows (and finds again after a reload);
          // and MCP Apps, with questions the server's app draws itself (SEP-3118).
          capabilities: withMcpApps({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { [TASKS_EXTENSION]: {} } }, { elicitation: true }),
          fetch: wire.fetch,
          auth: server.auth ? kit?.auth : undefined,
          // `?timeout=<ms>` on the page sets every request's deadline, to see that a person's time never counts.
          timeoutMs: requestTimeout,
        }),
      )
    }
    return map
  }, [servers, wire, kit])

  useEffect(() => saveTurns(turns), [turns])
  useEffect(() => sessionStorage.setItem('mcp-elicit-demo:server', serverId), [serverId])

  if (configError) return <DemoLoading error={configError} />
  if (!servers || !resumed) return <DemoLoading />
  const server = servers.find((s) => s.id === serverId) ?? servers[0]!
  const client = clients.get(server.id)!

  const send = (turn: TurnRequest) => setTurns((current) => [...current, { ...turn, id: `turn-${Date.now()}-${current.length}`, serverId: server.id, fresh: true }])

  return (
    <div className="demo">
      <DemoHeader title="mcp-elicit demo" servers={servers} serverId={server.id} onServer={setServerId}>
        <button type="button" className="demo-button demo-button-quiet" onClick={() => setTurns([])} disabled={turns.length === 0}>
          Clear chat
        </button>
        <nav className="demo-picker" aria-label="The same servers in a chat framework">
          <a className="demo-button demo-button-quiet" href="/ai-sdk.html">Vercel AI SDK</a>
          <a className="demo-button demo-button-quiet" href="/assistant-ui.html">assistant-ui</a>
        </nav>
      </DemoHeader>

      {/* Apps in every turn: their tool calls, links, downloads and messages, each of the last three after the person's click on its card; nothing else. */}
      <McpAppsProvider sandbox={sandbox} serverTools openLinks downloadFiles onMessage={(message) => setAppMessages((list) => [...list, message.text])}>
      <main className="demo-chat" aria-label="Conversation">
        {turns.length === 0 && <p className="demo-empty">Pick a tool below and send it: the server's questions appear here.</p>}
        {turns.map((turn, index) => {
          const turnClient = clients.get(turn.serverId)
          if (!turnClient) return null
          const turnServer = servers.find((s) => s.id === turn.serverId)
          return (
            <McpProvider key={turn.id} client={turnClient} signIn={turnServer?.auth ? kit?.signIn : undefined}>
              <ChatTurn turn={turn} serverLabel={turnServer?.label ?? turn.serverId} superseded={index < turns.length - 1} />
            </McpProvider>
          )
        })}
        <PendingElsewhere own={new Set(turns.map((turn) => turn.id))} clients={clients} />
        {appMessages.map((text, index) => (
          <p key={index} className="demo-app-message" role="status">
            <span className="demo-app-message-label">You, through the app:</span> {text}
          </p>
        ))}
      </main>
      </McpAppsProvider>

      <McpProvider client={client} signIn={server.auth ? kit?.signIn : undefined}>
        {server.auth ? <ProtectedComposer key={server.id} server={server} client={client} onSend={send} /> : <Composer key={server.id} onSend={send} />}
      </McpProvider>
      <WireLog log={wire} />
    </div>
  )
}
