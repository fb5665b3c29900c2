/**
 * One server's chat, in either kind of assistant-ui runtime:
 * - `local`: `useLocalRuntime` with the scripted model; it runs no frontend
 *   tool, so each MCP tool part runs its call itself and adds the result;
 * - `execute`: a runtime that runs frontend tools (useToolRunningRuntime.ts);
 *   each MCP round goes through `human()` and comes back with `resume`.
 * The thread is kept in sessionStorage, one per server and kind. A protected
 * server's tools come from the config until someone signed in (listing them
 * needs a token too), so the first call is the one that asks for the
 * sign-in, in its tool part.
 */
import { useMemo } from 'react'
import { AssistantRuntimeProvider, useLocalRuntime, type AssistantRuntime } from '@assistant-ui/react'
import { sessionCallStorage, type Tool } from 'mcp-elicit'
import { McpAssistantTools } from 'mcp-elicit/assistant-ui'
import type { ServerEntry } from '../config'
import { standInModel } from '../stand-in-model'
import { scriptedModel } from './scripted-adapter'
import { sessionHistory } from './session-history'
import { Thread } from './Thread'
import { useToolRunningRuntime } from './useToolRunningRuntime'

export type RuntimeKind = 'local' | 'execute'

/** Open rounds of every chat, under each call's toolCallId. */
const storage = sessionCallStorage('mcp-elicit-aui:round:')

export function Chat({ server, kind }: { server: ServerEntry; kind: RuntimeKind }) {
  return kind === 'execute' ? <ExecuteChat server={server} /> : <LocalChat server={server} />
}

function LocalChat({ server }: { server: ServerEntry }) {
  const history = useMemo(() => sessionHistory(`mcp-elicit-aui:thread:local:${server.id}`), [server.id])
  return <ChatBody runtime={useLocalRuntime(scriptedModel, { adapters: { history } })} server={server} kind="local" />
}

function ExecuteChat({ server }: { server: ServerEntry }) {
  return <ChatBody runtime={useToolRunningRuntime(`mcp-elicit-aui:thread:execute:${server.id}`)} server={server} kind="execute" />
}

function ChatBody({ runtime, server, kind }: { runtime: AssistantRuntime; server: ServerEntry; kind: RuntimeKind }) {
  const configured = useMemo<Tool[] | undefined>(() => (server.auth ? (server.tools ?? []).map((name) => ({ name, inputSchema: { type: 'object' } })) : undefined), [server])
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <McpAssistantTools tools={configured} runCalls={kind === 'execute' ? 'execute' : 'tool-ui'} storage={storage} onSampling={standInModel} roots={[{ uri: 'file:///home/demo/project', name: 'Demo project' }]} />
      <Thread />
    </AssistantRuntimeProvider>
  )
}
