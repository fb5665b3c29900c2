/**
 * The composer under the chat: which tool, its arguments as JSON, Send (and
 * the server's prompts and resources). A protected server's composer also
 * says who is signed in and offers Sign in / Sign out.
 */
import { useState, type ReactNode } from 'react'
import type { JsonObject, McpClient, Tool } from 'mcp-elicit'
import { SignInCard } from 'mcp-elicit/forms'
import { modelTools } from 'mcp-elicit/apps'
import { useMcpAuth, useMcpList } from 'mcp-elicit/react'
import type { ServerEntry } from './config'
import type { TurnRequest } from './turn'

/** Example arguments from a tool's input schema: defaults, then something plausible for required fields. */
function exampleArgs(tool: Tool | undefined): JsonObject {
  const schema = tool?.inputSchema as { properties?: Record<string, { type?: string; default?: unknown; enum?: unknown[] }>; required?: string[] } | undefined
  const args: JsonObject = {}
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (property.default !== undefined) args[name] = property.default
    else if (schema?.required?.includes(name)) {
      args[name] = property.enum?.[0] ?? (property.type === 'integer' || property.type === 'number' ? 1 : property.type === 'boolean' ? false : 'example')
    }
  }
  return args
}

/** The composer's JSON arguments, or undefined while they are not a JSON object. */
function parseArgs(text: string): JsonObject | undefined {
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as JsonObject) : undefined
  } catch {
    return undefined
  }
}

/**
 * A protected server's composer: its tools come from the config until
 * someone has signed in (listing them needs a token too), a header line says
 * who is signed in, and a sign-in not tied to a call (the Sign in button)
 * shows its card here. A call that needs a sign-in shows the card in its turn.
 */
export function ProtectedComposer({ server, client, onSend }: { server: ServerEntry; client: McpClient; onSend: (turn: TurnRequest) => void }) {
  const auth = useMcpAuth()
  const [asked, setAsked] = useState(false)
  const names = server.tools ?? []
  const [toolName, setToolName] = useState(names[0] ?? '')
  const [argsText, setArgsText] = useState('{}')
  const args = parseArgs(argsText)
  return (
    <ComposerForm
      onSubmit={() => {
        if (toolName && args) onSend({ kind: 'tool', name: toolName, args })
      }}
    >
      <p className="demo-sign-in-status" role="status">
        <span>{auth.status === 'signed_in' ? 'Signed in to this server.' : auth.status === 'signing_in' ? 'Signing in…' : 'Not signed in: the first call asks you to sign in.'}</span>
        {auth.status === 'signed_in' ? (
          <button type="button" className="demo-button demo-button-quiet" onClick={() => void auth.signOut()}>
            Sign out
          </button>
        ) : auth.status === 'signed_out' ? (
          <button
            type="button"
            className="demo-button"
            onClick={() => {
              // Opens the window inside the click; the request that follows fills it.
              auth.signIn()
              setAsked(true)
              void client.listTools().catch(() => {})
            }}
          >
            Sign in
          </button>
        ) : null}
      </p>
      {asked && auth.pending && <SignInCard {...auth} server={client.serverInfo} url={client.url} />}
      <ToolFields options={names.map((name) => ({ name, label: name }))} toolName={toolName} onTool={setToolName} argsText={argsText} onArgs={setArgsText} argsValid={args !== undefined} />
      <div className="demo-composer-actions">
        <button type="submit" className="demo-button demo-button-primary" disabled={!toolName || !args}>
          Send
        </button>
      </div>
    </ComposerForm>
  )
}

/** The composer's form: Send (or Enter) submits it, and the page stays. */
function ComposerForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="demo-composer"
      aria-label="Call a tool"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}

/** The two fields of a composer: which tool, and its arguments as JSON. */
function ToolFields(props: { options: Array<{ name: string; label: string }>; toolName: string; onTool: (name: string) => void; argsText: string; onArgs: (text: string) => void; argsValid: boolean }) {
  return (
    <>
      <label className="demo-field">
        <span className="demo-field-label">Tool</span>
        <select className="demo-select" value={props.toolName} onChange={(event) => props.onTool(event.target.value)}>
          {props.options.map((option) => (
            <option key={option.name} value={option.name}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="demo-field demo-field-args">
        <span className="demo-field-label">Arguments (JSON)</span>
        <input className="demo-input demo-code" value={props.argsText} onChange={(event) => props.onArgs(event.target.value)} aria-invalid={!props.argsValid || undefined} spellCheck={false} />
      </label>
    </>
  )
}

/** An open server's composer: its tools, prompts and resources as the server lists them (and lists them again when they change). */
export function Composer({ onSend }: { onSend: (turn: TurnRequest) => void }) {
  // Kept current: the server's list-changed notifications list them again (toggle_bonus_tool).
  const toolList = useMcpList('tools')
  // What a model would be offered: tools only an app may call (MCP Apps `visibility: ["app"]`) are left out.
  const tools = modelTools(toolList.items)
  const prompts = useMcpList('prompts').items
  const resources = useMcpList('resources').items
  const error = toolList.error?.message
  const [toolName, setToolName] = useState('')
  const [argsText, setArgsText] = useState('{}')
  // The first tool is picked once the first listing arrives.
  if (toolName === '' && tools[0]) {
    setToolName(tools[0].name)
    setArgsText(JSON.stringify(exampleArgs(tools[0])))
  }

  const tool = tools.find((t) => t.name === toolName)
  const args = parseArgs(argsText)

  return (
    <ComposerForm
      onSubmit={() => {
        if (tool && args) onSend({ kind: 'tool', name: tool.name, args })
      }}
    >
      {error && (
        <p role="alert" className="demo-alert">
          Could not list tools: {error}
        </p>
      )}
      <ToolFields
        options={tools.map((t) => ({ name: t.name, label: t.title ?? t.name }))}
        toolName={toolName}
        onTool={(name) => {
          setToolName(name)
          setArgsText(JSON.stringify(exampleArgs(tools.find((t) => t.name === name))))
        }}
        argsText={argsText}
        onArgs={setArgsText}
        argsValid={args !== undefined}
      />
      {tool?.description && <p className="demo-tool-description">{tool.description}</p>}
      <div className="demo-composer-actions">
        <button type="submit" className="demo-button demo-button-primary" disabled={!tool || !args}>
          Send
        </button>
        {prompts.map((prompt) => (
          <button key={String(prompt.name)} type="button" className="demo-button" onClick={() => onSend({ kind: 'prompt', name: String(prompt.name), args: {} })}>
            Prompt {String(prompt.name)}
          </button>
        ))}
        {resources.map((resource) => (
          <button key={String(resource.uri)} type="button" className="demo-button" onClick={() => onSend({ kind: 'resource', name: String(resource.uri), args: {} })}>
            Read {String(resource.uri)}
          </button>
        ))}
      </div>
    </ComposerForm>
  )
}
