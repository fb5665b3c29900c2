/**
 * A chat page as an app that installed mcp-elicit builds it (every import
 * resolves to dist/ through package.json's exports: built-package.ts), with
 * the docs' host setup: `McpAppsProvider` around an `McpToolCall`, apps'
 * messages going into the conversation through `onMessage`. The query says
 * what to show: `server` (the MCP endpoint), `sandbox` (the proxy page),
 * `attack` (impostor_app's argument), `loopback` (the local-development
 * opt-in). What reached the conversation is `#turns li`; what the host told
 * the page (`onAppError`, `onWarning`) is `#events li`.
 */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createClient } from 'mcp-elicit'
import { withMcpApps } from 'mcp-elicit/apps'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { McpToolCall } from 'mcp-elicit/forms'
import 'mcp-elicit/forms/styles.css'
import { McpProvider } from 'mcp-elicit/react'

const query = new URLSearchParams(location.search)
const client = createClient(query.get('server') ?? '', { capabilities: withMcpApps({}) })

function Page() {
  const [turns, setTurns] = useState<string[]>([])
  const [events, setEvents] = useState<string[]>([])
  const note = (line: string) => setEvents((list) => [...list, line])
  return (
    <McpProvider client={client}>
      <McpAppsProvider
        sandbox={query.get('sandbox') ?? ''}
        onMessage={(message) => setTurns((list) => [...list, message.text])}
        allowSameSiteSandboxOnLoopback={query.has('loopback')}
        onAppError={(error) => note(`error ${error.code}: ${error.message}`)}
        onWarning={(warning) => note(`warning ${warning}`)}
      >
        <McpToolCall name="impostor_app" arguments={{ attack: query.get('attack') ?? 'messages' }} autoRun />
      </McpAppsProvider>
      <h2>Conversation</h2>
      <ol id="turns">
        {turns.map((text, index) => (
          <li key={index} className="user-turn">
            {text}
          </li>
        ))}
      </ol>
      <ul id="events">
        {events.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </McpProvider>
  )
}

createRoot(document.getElementById('stage')!).render(<Page />)
