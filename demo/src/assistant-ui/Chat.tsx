/**
 * One server's chat, in either kind of assistant-ui runtime:
 * - `local`: `useLocalRuntime` with the scripted model; it runs no frontend
 *   tool, so each MCP tool part runs its call itself and adds the result;
 * - `execute`: a runtime that runs frontend tools (useToolRunningRuntime.ts);
 *   each MCP round goes through `human()` and comes back with `resume`.
 * The thread is kept in sessionStorage, one per server and kind. A protected
 * server's tools come from the config until someone signed in (listing them
 * needs a token too), so the first call is the one that asks for the
 * sign-in, in its tool part. A call of a tool the server marks destructive
 * (`clear_notes`) waits on a card in its part until the person clicks Run.
 * The MCP Apps host is inside the runtime: an app's message joins the thread
 * once the person agreed to send it (the host's card comes before
 * `onMessage`), marked as the app's words.
 */
import { useMemo } from 'react'
import { AssistantRuntimeProvider, useLocalRuntime, type AssistantRuntime } from '@assistant-ui/react'
import { sessionCallStorage, type Tool } from 'mcp-elicit'
import type { McpAppSandbox } from 'mcp-elicit/apps'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { McpAssistantTools, appMessageText } from 'mcp-elicit/assistant-ui'
import type { ServerEntry } from '../config'
import { standInModel } from '../stand-in-model'
import { scriptedModel } from './scripted-adapter'
import { sessionHistory } from './session-history'
import { Thread } from './Thread'
import { useToolRunningRuntime } from './useToolRunningRuntime'

export type RuntimeKind = 'local' | 'execute'

/** Open rounds of every chat, under each call's toolCallId. */
const storage = sessionCallStorage('mcp-elicit-aui:round:')

interface ChatProps {
  server: ServerEntry
  kind: RuntimeKind
  sandbox: McpAppSandbox | undefined
}

export function Chat(props: ChatProps) {
  return props.kind === 'execute' ? <ExecuteChat {...props} /> : <LocalChat {...props} />
}

function LocalChat(props: ChatProps) {
  const history = useMemo(() => sessionHistory(`mcp-elicit-aui:thread:local:${props.server.id}`), [props.server.id])
  return <ChatBody runtime={useLocalRuntime(scriptedModel, { adapters: { history } })} {...props} />
}

function ExecuteChat(props: ChatProps) {
  return <ChatBody runtime={useToolRunningRuntime(`mcp-elicit-aui:thread:execute:${props.server.id}`)} {...props} />
}

function ChatBody({ runtime, server, kind, sandbox }: ChatProps & { runtime: AssistantRuntime }) {
  const configured = useMemo<Tool[] | undefined>(() => (server.auth ? (server.tools ?? []).map((name) => ({ name, inputSchema: { type: 'object' } })) : undefined), [server])
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      {/* onMessage comes after the person clicked Send on the host's card for the app's message: it joins the thread as the app's words. */}
      <McpAppsProvider sandbox={sandbox} serverTools openLinks downloadFiles onMessage={(message) => runtime.thread.append({ role: 'user', content: [{ type: 'text', text: appMessageText(message, `The app from ${new URL(server.url).host}`) }] })}>
        <McpAssistantTools tools={configured} runCalls={kind === 'execute' ? 'execute' : 'tool-ui'} storage={storage} onSampling={standInModel} roots={[{ uri: 'file:///home/demo/project', name: 'Demo project' }]} />
        <Thread />
      </McpAppsProvider>
    </AssistantRuntimeProvider>
  )
}
