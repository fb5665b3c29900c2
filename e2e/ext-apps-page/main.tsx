/**
 * One official MCP Apps example (`?app=<id>`, from /config.json), hosted as
 * docs/apps.md's "In a React chat" sets a host up: a client with
 * `withMcpApps`, `McpProvider`, `McpAppsProvider` (a sandbox origin of its
 * own, the capabilities the docs turn on) and one `McpToolCall` that runs the
 * tool on mount. The tool gets no `arguments` unless the config names some,
 * as a chat does for a tool without parameters.
 *
 * What the host hands the page is shown for the test to read: the app's
 * messages (`#messages`), its model-context updates (`#model-context`), its
 * log (`#log`) and every warning (`#warnings`). "Pin dark theme" sets the
 * provider's `hostContext` prop to `{ theme: 'dark' }`.
 */
import { StrictMode, useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-elicit/forms/styles.css'
import { createClient, type JsonObject } from 'mcp-elicit'
import { withMcpApps, type McpUiHostContext } from 'mcp-elicit/apps'
import { McpAppsProvider } from 'mcp-elicit/apps/react'
import { McpToolCall } from 'mcp-elicit/forms'
import { McpProvider } from 'mcp-elicit/react'

export interface ExampleEntry {
  id: string
  url: string
  sandbox: string
  tool: string
  arguments?: JsonObject
}

function Lines({ id, label, lines }: { id: string; label: string; lines: readonly string[] }) {
  return (
    <section aria-label={label}>
      <ul id={id}>
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </section>
  )
}

function Host({ example }: { example: ExampleEntry }) {
  const client = useMemo(
    () =>
      createClient(example.url, {
        clientInfo: { name: 'mcp-elicit-ext-apps-e2e', version: '1.0.0' },
        capabilities: withMcpApps({ elicitation: { form: {}, url: {} } }, { elicitation: true }),
      }),
    [example.url],
  )
  const [messages, setMessages] = useState<string[]>([])
  const [modelContext, setModelContext] = useState<string[]>([])
  const [log, setLog] = useState<string[]>([])
  const [warnings, setWarnings] = useState<string[]>([])
  const [dark, setDark] = useState(false)
  const hostContext = useMemo<McpUiHostContext | undefined>(() => (dark ? { theme: 'dark' } : undefined), [dark])
  const add = (set: (update: (lines: string[]) => string[]) => void) => (line: string) => set((lines) => [...lines, line])
  return (
    <McpProvider client={client}>
      <label>
        <input type="checkbox" checked={dark} onChange={(event) => setDark(event.target.checked)} /> Pin dark theme
      </label>
      <McpAppsProvider
        sandbox={example.sandbox}
        serverTools
        serverResources
        openLinks
        downloadFiles
        hostContext={hostContext}
        // The pdf viewer is 4 MB of HTML: on a loaded machine it can take longer than the default 10 s to start.
        initTimeoutMs={60_000}
        onMessage={(message) => add(setMessages)(JSON.stringify(message.content))}
        onUpdateModelContext={(context) => add(setModelContext)(JSON.stringify(context))}
        onLog={(params) => add(setLog)(JSON.stringify(params))}
        onWarning={add(setWarnings)}
      >
        <McpToolCall name={example.tool} {...(example.arguments ? { arguments: example.arguments } : {})} autoRun />
      </McpAppsProvider>
      <Lines id="messages" label="Messages from the app" lines={messages} />
      <Lines id="model-context" label="Model context from the app" lines={modelContext} />
      <Lines id="log" label="The app's log" lines={log} />
      <Lines id="warnings" label="Warnings" lines={warnings} />
    </McpProvider>
  )
}

const examples = (await (await fetch('/config.json')).json()) as ExampleEntry[]
const wanted = new URLSearchParams(location.search).get('app')
const example = examples.find((entry) => entry.id === wanted)

createRoot(document.getElementById('stage')!).render(
  <StrictMode>{example ? <Host example={example} /> : <p>No example named {String(wanted)}.</p>}</StrictMode>,
)
