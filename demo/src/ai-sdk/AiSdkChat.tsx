/**
 * One `useChat` conversation with a set of MCP servers. Each request carries
 * every server's tool listing as this page's clients see them
 * (`mcpChatBody(servers)`: each server's id, name and status, its tools when
 * it is ready); the route offers them to the model as `<server>__<tool>`
 * and tells it in one line why a server's tools are missing; each tool part
 * of the reply is an `McpToolPart`, which runs the call on the server its
 * tool came from and hands the result back, and `sendAutomaticallyWhen`
 * sends the conversation on once every call of the step has its output. A
 * call of a tool a server marks destructive (`clear_notes`) waits on a card
 * in its part until the person clicks Run. Each request carries the tool
 * outputs within one budget (`capToolOutputs`). An app's message reaches the
 * conversation only once the person agreed to send it, marked as the app's
 * words. What a server asks outside any call shows above the composer. The
 * messages live in sessionStorage (saved-messages.ts).
 */
import { useEffect, useMemo, useState } from 'react'
import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai'
import type { McpServerSet } from 'mcp-elicit'
import { appMessageText, capToolOutputs, mcpChatBody } from 'mcp-elicit/ai-sdk'
import { McpToolPart, isToolPart } from 'mcp-elicit/ai-sdk/react'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { McpServerQuestions } from 'mcp-elicit/forms'
import { standInModel } from '../stand-in-model'
import { clearMessages, loadMessages, saveMessages } from './saved-messages'
import { ServerLine } from './ServerLine'

const ROOTS = [
  { uri: 'file:///demo/workspace', name: 'workspace' },
  { uri: 'file:///demo/notes', name: 'notes' },
]

/** The conversation's key in storage. */
const CONVERSATION = 'servers'

export function AiSdkChat({ servers }: { servers: McpServerSet }) {
  const [draft, setDraft] = useState('')
  const [initial] = useState(() => loadMessages(CONVERSATION))
  // Calls of the conversation as it was loaded: their open rounds resume, but nothing in flight is sent again unasked.
  const [loadedCalls] = useState(() => new Set(initial.flatMap((message) => message.parts.flatMap((part) => (isToolPart(part) ? [part.toolCallId] : [])))))
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: '/api/chat',
        // Every server side by side, each within the set's bound: one down or signed out holds up none of the others.
        body: () => mcpChatBody(servers),
        // Old outputs the model used long ago do not travel on every request: the newest are kept, the rest become a line.
        prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => ({ body: { ...body, id, messages: capToolOutputs(messages), trigger, messageId } }),
      }),
    [servers],
  )
  const chat = useChat({ id: 'ai-sdk-demo', messages: initial, transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls })
  useEffect(() => saveMessages(CONVERSATION, chat.messages), [chat.messages])
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
    <McpAppsProvider sandbox={servers.sandbox} serverTools openLinks downloadFiles onMessage={(message) => void chat.sendMessage({ text: appMessageText(message, 'An app in this chat') })}>
      <main className="demo-chat demo-ai-chat" aria-label="Conversation">
        {chat.messages.length === 0 && (
          <p className="demo-empty">
            Ask for a tool by its name for the model, with arguments as <code>key=value</code>: “run demo__trip_wizard”, “run legacy__legacy_scan seconds=2”, “run demo__seat_map” beside
            “run legacy__seat_map”, and once signed in, “run protected__whoami”.
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
                <McpToolPart key={part.toolCallId} part={part} chat={chat} autoRun={!loadedCalls.has(part.toolCallId)} onSampling={standInModel} roots={ROOTS} />
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
      {/* What a server asks outside any call (an older server's own stream), under that server's name: outside the form. */}
      <McpServerQuestions onSampling={standInModel} roots={ROOTS} />
      <form
        className="demo-composer demo-ai-composer"
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <ServerLine />
        <label className="demo-field">
          <span className="demo-field-label">Message</span>
          <input className="demo-input" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="run demo__trip_wizard" autoComplete="off" />
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
              clearMessages(CONVERSATION)
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
