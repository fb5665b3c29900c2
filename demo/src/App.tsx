/**
 * The demo page: a small chat UI. The person picks a server and a tool, and
 * every call becomes a chat turn rendered by the library's components; the
 * questions the server asks appear in the turn, and the answers flow back.
 * Turns and open rounds live in sessionStorage, so a reload resumes them.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react'
import { TASKS_EXTENSION, createClient, sessionStorageAdapter, type JsonObject, type McpClient, type Tool } from 'mcp-elicit'
import { browserOAuth, type AuthEvent } from 'mcp-elicit/auth'
import { InputRequestPanel, McpToolCall, SignInCard } from 'mcp-elicit/forms'
import { McpProvider, useMcpAuth, useMcpList, useMcpPrompt, useMcpResource } from 'mcp-elicit/react'
import { standInModel } from './stand-in-model'
import { createWireLog, type WireEntry } from './wire-log'

interface ServerEntry {
  id: string
  label: string
  url: string
  era: 'modern' | 'legacy'
  /** Needs a sign-in; its tools are listed in the config since listing them needs a token too. */
  auth?: boolean
  tools?: string[]
}

interface DemoConfig {
  servers: ServerEntry[]
  oauthCallbackPath: string
}

/** One line of the sign-in timeline for the wire log: the step and who, never a token. */
function describeAuth(event: AuthEvent): string {
  const who = event.issuer ? ` at ${event.issuer}` : ''
  const scopes = event.scopes && event.scopes.length > 0 ? ` [${event.scopes.join(' ')}]` : ''
  const error = event.error instanceof Error ? `: ${event.error.message}` : ''
  return `${event.step}${who}${scopes} for ${event.endpoint}${error}`
}

interface Turn {
  id: string
  serverId: string
  kind: 'tool' | 'prompt' | 'resource'
  name: string
  args: JsonObject
  /** True only for the render that created it: a reload must not run a call again. */
  fresh: boolean
}

const ROOTS = [
  { uri: 'file:///demo/workspace', name: 'workspace' },
  { uri: 'file:///demo/notes', name: 'notes' },
]
const storage = sessionStorageAdapter('mcp-elicit-demo:')

function loadTurns(): Turn[] {
  try {
    const turns = JSON.parse(sessionStorage.getItem('mcp-elicit-demo:turns') ?? '[]') as Turn[]
    return turns.map((turn) => ({ ...turn, fresh: false }))
  } catch {
    return []
  }
}

function saveTurns(turns: Turn[]): void {
  sessionStorage.setItem('mcp-elicit-demo:turns', JSON.stringify(turns.map((turn) => ({ ...turn, fresh: false }))))
}

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

const requestTimeout = Number(new URLSearchParams(location.search).get('timeout')) || undefined

export function App() {
  const [config, setConfig] = useState<DemoConfig>()
  const [configError, setConfigError] = useState<string>()
  const [serverId, setServerId] = useState(() => sessionStorage.getItem('mcp-elicit-demo:server') ?? 'demo')
  const [turns, setTurns] = useState<Turn[]>(loadTurns)
  const [resumed, setResumed] = useState(false)
  const wire = useMemo(() => createWireLog(), [])
  const servers = config?.servers

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
          // Tasks too: a long tool may answer with a task the page follows (and finds again after a reload).
          capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { [TASKS_EXTENSION]: {} } },
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

  if (configError)
    return (
      <p role="alert" className="demo-loading">
        Could not load the demo configuration: {configError}
      </p>
    )
  if (!servers || !resumed)
    return (
      <p role="status" className="demo-loading">
        Loading…
      </p>
    )
  const server = servers.find((s) => s.id === serverId) ?? servers[0]!
  const client = clients.get(server.id)!

  const send = (turn: Omit<Turn, 'id' | 'fresh' | 'serverId'>) =>
    setTurns((current) => [...current, { ...turn, id: `turn-${Date.now()}-${current.length}`, serverId: server.id, fresh: true }])

  return (
    <div className="demo">
      <header className="demo-header">
        <div className="demo-brand">
          <img className="demo-logo" src="/favicon.svg" alt="" width="28" height="28" />
          <h1>mcp-elicit demo</h1>
        </div>
        <label className="demo-picker">
          <span className="demo-picker-label">Server</span>
          <select className="demo-select" value={server.id} onChange={(event) => setServerId(event.target.value)}>
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="demo-button demo-button-quiet" onClick={() => setTurns([])} disabled={turns.length === 0}>
          Clear chat
        </button>
      </header>

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
      </main>

      <McpProvider client={client} signIn={server.auth ? kit?.signIn : undefined}>
        {server.auth ? <ProtectedComposer key={server.id} server={server} client={client} onSend={send} /> : <Composer key={server.id} onSend={send} />}
      </McpProvider>
      <WireLog log={wire} />
    </div>
  )
}

const FINISHED = new Set(['done', 'error', 'cancelled'])

interface Outcome {
  /** The call's `data-state` (as McpToolCall and ReadTurn render it on `.mcp-elicit-call`). */
  state: string
  /** A result that says it is an error (`isError`). */
  isError: boolean
  /** The first line of the result, the error or the cancel: the collapsed turn's summary. */
  line: string
}

/** The first non-empty line of the text of the first element found (selectors in order of preference), cut to a readable length. */
function firstLine(root: Element, selectors: string[]): string {
  let element: Element | null = null
  for (const selector of selectors) if ((element = root.querySelector(selector))) break
  const text = element?.textContent ?? ''
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? ''
  return line.length > 240 ? `${line.slice(0, 239)}…` : line
}

/**
 * Watches the call rendered inside `ref` (its `data-state` and text) without
 * owning it: the call keeps its own state, and stays mounted when the turn
 * collapses.
 */
function useOutcome(ref: RefObject<HTMLElement | null>): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle', isError: false, line: '' })
  useLayoutEffect(() => {
    const root = ref.current
    if (!root) return
    const read = () => {
      const state = root.querySelector('.mcp-elicit-call')?.getAttribute('data-state') ?? 'idle'
      const isError = state === 'done' && root.querySelector('.mcp-elicit-result[data-error]') !== null
      const line =
        state === 'done'
          ? firstLine(root, ['.mcp-elicit-content-block', '.mcp-elicit-result-content', '.mcp-elicit-result-structured', '.demo-result', '.mcp-elicit-result'])
          : state === 'error'
            ? firstLine(root, ['.mcp-elicit-error-message', '.mcp-elicit-sign-in-error', '[role="alert"]', '.mcp-elicit-sign-in'])
            : state === 'cancelled'
              ? firstLine(root, ['.mcp-elicit-cancelled', '[role="status"]']) || 'Cancelled.'
              : ''
      setOutcome((current) => (current.state === state && current.isError === isError && current.line === line ? current : { state, isError, line }))
    }
    read()
    const observer = new MutationObserver(read)
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-state', 'data-error'] })
    return () => observer.disconnect()
  }, [ref])
  return outcome
}

const STATE_LABELS: Record<string, string> = {
  idle: 'Ready',
  running: 'Working',
  retrying: 'Retrying',
  awaiting_input: 'Needs your answer',
  needs_auth: 'Needs sign-in',
  done: 'Done',
  error: 'Error',
  cancelled: 'Cancelled',
}

/**
 * One chat turn. A finished turn (done, error, cancelled) that a later turn
 * followed folds into a one-line summary; its disclosure button opens it
 * again. Folding only hides the body: the call stays mounted with its result.
 */
function ChatTurn({ turn, serverLabel, superseded }: { turn: Turn; serverLabel: string; superseded: boolean }) {
  const options = { storage, storageKey: turn.id, restore: true }
  const what = turn.kind === 'tool' ? `tool ${turn.name}` : turn.kind === 'prompt' ? `prompt ${turn.name}` : `resource ${turn.name}`
  const callRef = useRef<HTMLDivElement>(null)
  const outcome = useOutcome(callRef)
  const finished = FINISHED.has(outcome.state)
  // The person's own choice (open or closed) wins over the automatic one until the call runs again.
  const [choice, setChoice] = useState<boolean>()
  if (!finished && choice !== undefined) setChoice(undefined)
  const open = !finished || (choice ?? !superseded)
  const bodyId = useId()
  const tone = outcome.state === 'error' || outcome.isError ? 'error' : outcome.state
  return (
    <article className="demo-turn" data-turn={turn.id} data-state={outcome.state} data-open={open} aria-label={`${what} on ${serverLabel}`}>
      <div className="demo-turn-head">
        {finished ? (
          <button type="button" className="demo-turn-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setChoice(!open)}>
            <span className="demo-chevron" aria-hidden="true" />
            <span className="demo-turn-name">{turn.name}</span>
          </button>
        ) : (
          <span className="demo-turn-name demo-turn-name-static">{turn.name}</span>
        )}
        <span className="demo-badge" data-tone={tone}>
          {outcome.isError ? 'Tool error' : (STATE_LABELS[outcome.state] ?? outcome.state)}
        </span>
        {!open && outcome.line && (
          <span className="demo-turn-line" dir="auto" title={outcome.line}>
            {outcome.line}
          </span>
        )}
      </div>
      <div className="demo-turn-body" id={bodyId} hidden={!open}>
        <p className="demo-bubble demo-user">
          <span className="demo-user-text">
            <strong>You</strong> asked {serverLabel} for {what}
          </span>
          {Object.keys(turn.args).length > 0 && <code className="demo-args">{JSON.stringify(turn.args)}</code>}
        </p>
        <div className="demo-bubble demo-assistant" ref={callRef}>
          {turn.kind === 'tool' ? (
            <McpToolCall name={turn.name} arguments={turn.args} autoRun={turn.fresh} options={options} onSampling={(params: JsonObject) => standInModel(params)} roots={ROOTS} />
          ) : (
            <ReadTurn turn={turn} options={options} />
          )}
        </div>
      </div>
    </article>
  )
}

/** A prompt or a resource: the same round UI through the prompt and resource hooks. */
function ReadTurn({ turn, options }: { turn: Turn; options: { storage: typeof storage; storageKey: string; restore: boolean } }) {
  const prompt = useMcpPrompt(turn.name, options)
  // Live: the server's update notifications read it again (demo://notes changes with add_note).
  const resource = useMcpResource(turn.name, { ...options, live: turn.kind === 'resource' })
  const call = turn.kind === 'prompt' ? prompt : resource
  // While a live re-read runs, the last read stays on screen.
  const shown = call.status === 'done' ? call.result : turn.kind === 'resource' && call.isActive ? resource.lastRead : undefined
  useEffect(() => {
    if (turn.fresh && call.status === 'idle') void (turn.kind === 'prompt' ? prompt.call(turn.args as Record<string, string>) : resource.call())
  }, [])
  return (
    <section className="mcp-elicit-call" data-state={call.status}>
      {call.status === 'awaiting_input' && <InputRequestPanel status={call.status} inputs={call.inputs} round={call.round} respond={call.respond} autoFocus />}
      {(call.status === 'running' || call.status === 'retrying') && <p role="status">{shown ? 'Reading again…' : 'Working…'}</p>}
      {shown && (
        <div className="mcp-elicit-result">
          <p className="mcp-elicit-result-heading">Result</p>
          <pre className="demo-result" tabIndex={0}>
            {describeRead(shown)}
          </pre>
        </div>
      )}
      {call.status === 'error' && (
        <p role="alert" className="mcp-elicit-error">
          {call.error.message}
        </p>
      )}
      {call.status === 'cancelled' && (
        <p role="status" className="mcp-elicit-cancelled">
          Cancelled.
        </p>
      )}
      {(call.status === 'idle' || call.isActive) && (
        <div className="mcp-elicit-actions">
          {call.status === 'idle' && (
            <button type="button" className="mcp-elicit-run" onClick={() => void (turn.kind === 'prompt' ? prompt.call(turn.args as Record<string, string>) : resource.call())}>
              Run {turn.kind} {turn.name}
            </button>
          )}
          {call.isActive && (
            <button type="button" className="mcp-elicit-cancel" onClick={call.cancel}>
              Stop
            </button>
          )}
        </div>
      )}
    </section>
  )
}

function describeRead(result: JsonObject): string {
  const texts: string[] = []
  for (const message of (result.messages as Array<{ content?: { text?: string } }> | undefined) ?? []) texts.push(message.content?.text ?? '')
  for (const content of (result.contents as Array<{ text?: string; uri?: string }> | undefined) ?? []) texts.push(content.text ?? content.uri ?? '')
  return texts.join('\n')
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
function ProtectedComposer({ server, client, onSend }: { server: ServerEntry; client: McpClient; onSend: (turn: Omit<Turn, 'id' | 'fresh' | 'serverId'>) => void }) {
  const auth = useMcpAuth()
  const [asked, setAsked] = useState(false)
  const names = server.tools ?? []
  const [toolName, setToolName] = useState(names[0] ?? '')
  const [argsText, setArgsText] = useState('{}')
  const args = parseArgs(argsText)
  return (
    <form
      className="demo-composer"
      aria-label="Call a tool"
      onSubmit={(event) => {
        event.preventDefault()
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
      {asked && auth.pending && <SignInCard {...auth} pending={auth.pending} server={client.serverInfo} url={client.url} />}
      <ToolFields options={names.map((name) => ({ name, label: name }))} toolName={toolName} onTool={setToolName} argsText={argsText} onArgs={setArgsText} argsValid={args !== undefined} />
      <div className="demo-composer-actions">
        <button type="submit" className="demo-button demo-button-primary" disabled={!toolName || !args}>
          Send
        </button>
      </div>
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

function Composer({ onSend }: { onSend: (turn: Omit<Turn, 'id' | 'fresh' | 'serverId'>) => void }) {
  // Kept current: the server's list-changed notifications list them again (toggle_bonus_tool).
  const toolList = useMcpList('tools')
  const tools = toolList.items
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
    <form
      className="demo-composer"
      aria-label="Call a tool"
      onSubmit={(event) => {
        event.preventDefault()
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
    </form>
  )
}

function WireLog({ log }: { log: ReturnType<typeof createWireLog> }) {
  const entries = useSyncExternalStore(log.subscribe, log.entries, log.entries)
  return (
    <aside className="demo-wire-region" aria-label="Wire log">
      <details className="demo-wire">
        <summary>Wire log ({entries.length})</summary>
        <div className="demo-wire-body">
          <button type="button" className="demo-button demo-button-quiet" onClick={log.clear}>
            Clear log
          </button>
          <ol className="demo-wire-entries">
            {entries.map((entry: WireEntry) => (
              <li key={entry.id} className="demo-wire-entry" data-method={entry.method}>
                {entry.method === 'AUTH' ? (
                  <p className="demo-wire-line">
                    <strong className="demo-wire-method">sign-in</strong> {entry.request}
                  </p>
                ) : (
                  <p className="demo-wire-line">
                    <strong className="demo-wire-method">{entry.method}</strong> {entry.mcpMethod ?? ''} → <span className="demo-wire-status" data-ok={entry.status === null ? undefined : entry.status < 400}>{entry.status ?? '…'}</span> {entry.contentType ?? ''}
                  </p>
                )}
                {/* Focusable: a long body scrolls inside its box, and the keyboard must reach it. */}
                {entry.request && entry.method !== 'AUTH' && <pre tabIndex={0}>{entry.request}</pre>}
                {entry.response && <pre tabIndex={0}>{entry.response.slice(0, 2000)}</pre>}
              </li>
            ))}
          </ol>
        </div>
      </details>
    </aside>
  )
}
