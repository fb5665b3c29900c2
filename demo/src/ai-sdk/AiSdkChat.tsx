/**
 * One `useChat` conversation with one MCP server. Each request carries the
 * server's tool listing as this page's client sees it (`mcpChatBody`); the
 * route offers those tools to the model; each tool part of the reply is an
 * `McpToolPart`, which runs the call here and hands the result back, and
 * `sendAutomaticallyWhen` sends the conversation on once every call of the
 * step has its output. A call of a tool the server marks destructive
 * (`clear_notes`) waits on a card in its part until the person clicks Run.
 * Each request carries the tool outputs within one budget (`capToolOutputs`).
 * An app's message reaches the conversation only once the person agreed to
 * send it (the apps host's card before `onMessage`), marked as the app's
 * words. The messages live in sessionStorage (saved-messages.ts).
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai'
import type { Tool } from 'mcp-elicit'
import { appMessageText, capToolOutputs, mcpChatBody } from 'mcp-elicit/ai-sdk'
import { McpToolPart, isToolPart } from 'mcp-elicit/ai-sdk/react'
import type { McpAppSandbox } from 'mcp-elicit/apps'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { useMcpAuth, useMcpClient } from 'mcp-elicit/react'
import type { ServerEntry } from '../config'
import { standInModel } from '../stand-in-model'
import { clearMessages, loadMessages, saveMessages } from './saved-messages'

const ROOTS = [
  { uri: 'file:///demo/workspace', name: 'workspace' },
  { uri: 'file:///demo/notes', name: 'notes' },
]

/** A protected server's tools before anyone signed in: the names the config gives, taking no arguments. */
function knownTools(server: ServerEntry): Tool[] {
  return (server.tools ?? []).map((name) => ({ name, inputSchema: { type: 'object' } }))
}

export function AiSdkChat({ server, sandbox }: { server: ServerEntry; sandbox: McpAppSandbox | undefined }) {
  const client = useMcpClient()
  // Kept up to date by <SignInLine> (a protected server only: the others have no sign-in store).
  const signedIn = useRef(false)
  // The listing last sent: each part looks its tool up in it, by the name the model used.
  const [listing, setListing] = useState<Tool[]>()
  const [draft, setDraft] = useState('')
  const [initial] = useState(() => loadMessages(server.id))
  // Calls of the conversation as it was loaded: their open rounds resume, but nothing in flight is sent again unasked.
  const [loadedCalls] = useState(() => new Set(initial.flatMap((message) => message.parts.flatMap((part) => (isToolPart(part) ? [part.toolCallId] : [])))))
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: '/api/chat',
        body: async () => {
          // Listing a protected server's tools needs a token too: until the person signed in (in a tool part), the config names them.
          const tools = server.auth && !signedIn.current ? knownTools(server) : await client.listTools()
          setListing(tools)
          return mcpChatBody(tools)
        },
        // Old outputs the model used long ago do not travel on every request: the newest are kept, the rest become a line.
        prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({ body: { ...body, id, messages: capToolOutputs(messages), trigger, messageId } }),
      }),
    [client, server],
  )
  const chat = useChat({ id: `ai-sdk-demo-${server.id}`, messages: initial, transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls })
  useEffect(() => saveMessages(server.id, chat.messages), [server.id, chat.messages])
  const busy = chat.status === 'submitted' || chat.status === 'streaming'
  const send = () => {
    const text = draft.trim()
    if (!text || busy) return
    setDraft('')
    void chat.sendMessage({ text })
  }

  return (
    // An app's `ui/message` goes to the model once the person clicked Send on the host's card for it (onMessage comes after),
    // marked as the app's words, never as the person's.
    <McpAppsProvider sandbox={sandbox} serverTools openLinks downloadFiles onMessage={(message) => void chat.sendMessage({ text: appMessageText(message, `The app from ${new URL(server.url).host}`) })}>
      <main className="demo-chat demo-ai-chat" aria-label="Conversation">
        {chat.messages.length === 0 && (
          <p className="demo-empty">
            Ask for a tool by name, with arguments as <code>key=value</code>: “run trip_wizard”, “run connect_account”, “run slow_report seconds=20”
            {server.auth ? ', “run account_wizard”' : ''}.
          </p>
        )}
        {chat.messages.map((message) => (
          <article key={message.id} className="demo-ai-message" data-role={message.role} aria-label={message.role === 'user' ? 'You' : 'Assistant'}>
            {message.parts.map((part, index) =>
              part.type === 'text' ? (
                <p key={index} className="demo-ai-text">
                  {part.text}
                </p>
              ) : isToolPart(part) ? (
                <McpToolPart key={part.toolCallId} part={part} chat={chat} tools={listing} autoRun={!loadedCalls.has(part.toolCallId)} onSampling={standInModel} roots={ROOTS} />
              ) : null,
            )}
          </article>
        ))}
        {chat.error && (
          <p role="alert" className="demo-alert">
            The chat failed: {chat.error.message}
          </p>
        )}
      </main>
      <form
        className="demo-composer demo-ai-composer"
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        {server.auth && <SignInLine signedIn={signedIn} />}
        <label className="demo-field">
          <span className="demo-field-label">Message</span>
          <input className="demo-input" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="run trip_wizard" autoComplete="off" />
        </label>
        <div className="demo-composer-actions">
          <button type="submit" className="demo-button demo-button-primary" disabled={busy || draft.trim() === ''}>
            Send
          </button>
          <button
            type="button"
            className="demo-button demo-button-quiet"
            disabled={busy || chat.messages.length === 0}
            onClick={() => {
              clearMessages(server.id)
              chat.setMessages([])
            }}
          >
            Clear chat
          </button>
        </div>
      </form>
    </McpAppsProvider>
  )
}

/** Who is signed in to the protected server; tells the chat, whose next request lists the tools once someone is. */
function SignInLine({ signedIn }: { signedIn: RefObject<boolean> }) {
  const auth = useMcpAuth()
  signedIn.current = auth.status === 'signed_in'
  return (
    <p className="demo-sign-in-status" role="status">
      {auth.status === 'signed_in' ? 'Signed in to this server.' : 'Not signed in: the first tool call asks you to sign in, in its part.'}
    </p>
  )
}
