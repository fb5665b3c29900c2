/**
 * One server's chat: assistant-ui's local runtime with the scripted model,
 * the thread kept in sessionStorage (one per server), and the server's
 * tools registered by `<McpAssistantTools />`. A protected server's tools
 * come from the config until someone signed in (listing them needs a token
 * too), so the first call is the one that asks for the sign-in, in its
 * tool part.
 */
import { useMemo } from 'react'
import { AssistantRuntimeProvider, useLocalRuntime } from '@assistant-ui/react'
import { sessionStorageAdapter, type Tool } from 'mcp-elicit'
import { McpAssistantTools } from 'mcp-elicit/assistant-ui'
import type { ServerEntry } from '../config'
import { standInModel } from '../stand-in-model'
import { scriptedModel } from './scripted-adapter'
import { sessionHistory } from './session-history'
import { Thread } from './Thread'

/** Open rounds of every chat, under each call's toolCallId. */
const storage = sessionStorageAdapter('mcp-elicit-aui:round:')

export function Chat({ server }: { server: ServerEntry }) {
  const history = useMemo(() => sessionHistory(`mcp-elicit-aui:thread:${server.id}`), [server.id])
  const runtime = useLocalRuntime(scriptedModel, { adapters: { history } })
  const configured = useMemo<Tool[] | undefined>(() => (server.auth ? (server.tools ?? []).map((name) => ({ name, inputSchema: { type: 'object' } })) : undefined), [server])
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <McpAssistantTools tools={configured} storage={storage} onSampling={standInModel} roots={[{ uri: 'file:///home/demo/project', name: 'Demo project' }]} />
      <Thread />
    </AssistantRuntimeProvider>
  )
}
