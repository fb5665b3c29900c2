/**
 * The demo's front page: one assistant-ui chat with three MCP servers at
 * once (the 2026-07-28 demo server, the 2025-11-25 legacy server and the
 * protected server that asks for a sign-in), as a product would connect
 * them: one set of servers (`createServerSet`), one registration of all
 * their tools (`<McpAssistantServerTools />`, each named
 * `<server>__<tool>`), the scripted model choosing among them. Each call
 * runs on the server its tool came from, with its questions, sign-in and
 * app in the tool part; the bar above says where each server stands, with
 * Sign in for the protected one; a question a server asks outside any call
 * shows under it. The thread and its open rounds are kept in sessionStorage,
 * so a reload resumes them. The tool-picker console is at /console.html.
 */
import { useMemo } from 'react'
import { AssistantRuntimeProvider, useLocalRuntime } from '@assistant-ui/react'
import { createServerSet, sessionCallStorage, type McpServerSet } from 'mcp-elicit'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { McpAssistantServerTools, appMessageText } from 'mcp-elicit/assistant-ui'
import { McpServerQuestions } from 'mcp-elicit/forms'
import { McpServersProvider } from 'mcp-elicit/react'
import { DemoLoading } from '../demo-header'
import { useFrameworkDemo } from '../framework-demo'
import { standInModel } from '../stand-in-model'
import { scriptedModel } from '../assistant-ui/scripted-adapter'
import { sessionHistory } from '../assistant-ui/session-history'
import { Thread } from '../assistant-ui/Thread'
import { ServerBar } from './ServerBar'

/** The servers' names for people and for the model ("A tool of the MCP server “…”"). */
const NAMES: Record<string, string> = { demo: 'Demo server', legacy: 'Legacy server', protected: 'Protected server' }

/** Open rounds of the chat's calls, under each call's toolCallId. */
const storage = sessionCallStorage('mcp-elicit-chat:round:')
const roots = [{ uri: 'file:///home/demo/project', name: 'Demo project' }]

export function ServersChat() {
  const { error, servers, kit, clients, ready } = useFrameworkDemo({ clientName: 'mcp-elicit-demo-chat', signInName: 'mcp-elicit demo' })
  // One set for the page's life: the clients, the protected server's sign-in, each server's own apps sandbox.
  const set = useMemo<McpServerSet | undefined>(
    () =>
      ready
        ? createServerSet(servers.map((server) => ({ id: server.id, name: NAMES[server.id] ?? server.label, client: clients.get(server.id)!, signIn: server.auth ? kit?.signIn : undefined, sandbox: server.sandboxUrl })))
        : undefined,
    [ready, servers, clients, kit],
  )
  if (error !== undefined) return <DemoLoading error={error} />
  if (!set) return <DemoLoading />
  return <Chat servers={set} />
}

function Chat({ servers }: { servers: McpServerSet }) {
  // The thread keeps its history across a reload (the local runtime's history adapter), paused calls included.
  const history = useMemo(() => sessionHistory('mcp-elicit-chat:thread'), [])
  const runtime = useLocalRuntime(scriptedModel, { adapters: { history } })
  return (
    <div className="demo">
      <header className="demo-header">
        <div className="demo-brand">
          <img className="demo-logo" src="/favicon.svg" alt="" width="28" height="28" />
          <h1>mcp-elicit demo</h1>
        </div>
        <nav className="demo-picker" aria-label="More pages">
          <a className="demo-button demo-button-quiet" href="/console.html">Tool console</a>
          <a className="demo-button demo-button-quiet" href="/ai-sdk.html">Vercel AI SDK</a>
          <a className="demo-button demo-button-quiet" href="/assistant-ui.html">One server in assistant-ui</a>
        </nav>
      </header>
      <McpServersProvider servers={servers}>
        <ServerBar />
        <McpServerQuestions onSampling={standInModel} roots={roots} />
        <AssistantRuntimeProvider runtime={runtime}>
          {/* Each app on its own server's sandbox host, calling only its own server; its message joins the thread after the person's Send. */}
          <McpAppsProvider sandbox={servers.sandbox} serverTools openLinks downloadFiles onMessage={(message) => runtime.thread.append({ role: 'user', content: [{ type: 'text', text: appMessageText(message, 'An app in this chat') }] })}>
            <McpAssistantServerTools servers={servers} storage={storage} onSampling={standInModel} roots={roots} />
            <Thread hint="Ask for a tool by name: “run trip_wizard”, “seat_map on the legacy server”, “legacy_scan seconds=2”, or “whoami” once signed in to the protected server." />
          </McpAppsProvider>
        </AssistantRuntimeProvider>
      </McpServersProvider>
    </div>
  )
}
