/**
 * Questions that outlive the tab and the browser: every turn's call is kept
 * on the demo's backend (`remoteCallStorage`, the page server's
 * `/api/mcp-calls` over PGlite), with this browser's own copy in IndexedDB,
 * for the browser's "signed-in user" (a session cookie). The panel below the
 * chat shows the user's questions that wait in another tab or browser and
 * answers them here; the link makes another browser the same user.
 */
import { useEffect, useState } from 'react'
import { endpointKey, type McpClient, type StoredCall } from 'mcp-elicit'
import { McpToolCall } from 'mcp-elicit/forms'
import { McpProvider } from 'mcp-elicit/react'
import { indexedDbCallStorage, remoteCallStorage, type CallSummary } from 'mcp-elicit/stores'

/** The page's call storage: the backend, this browser keeping the files too large to share. */
export const storage = remoteCallStorage({ url: '/api/mcp-calls', local: indexedDbCallStorage({ database: 'mcp-elicit-demo' }), pollMs: 1000 })

/** The link that makes another browser this browser's user (from the page server's session). */
function useSessionLink(): string | undefined {
  const [link, setLink] = useState<string>()
  useEffect(() => {
    fetch('/api/session')
      .then((response) => response.json() as Promise<{ link: string }>)
      .then((session) => setLink(new URL(session.link, location.href).href))
      .catch(() => {})
  }, [])
  return link
}

/** The user's pending calls that are not turns of this page, read again every second. */
function usePendingElsewhere(own: ReadonlySet<string>): CallSummary[] {
  const [calls, setCalls] = useState<CallSummary[]>([])
  useEffect(() => {
    let current = true
    const read = () => storage.list().then((list) => current && setCalls(list.filter((call) => call.status === 'pending')), () => {})
    read()
    const timer = setInterval(read, 1000)
    return () => {
      current = false
      clearInterval(timer)
    }
  }, [])
  return calls.filter((call) => !own.has(call.key))
}

/** One call kept elsewhere, answered here through the client of its server. */
function ElsewhereCall({ summary, clients }: { summary: CallSummary; clients: ReadonlyMap<string, McpClient> }) {
  const [call, setCall] = useState<StoredCall>()
  useEffect(() => {
    storage.load(summary.key).then(setCall, () => {})
  }, [summary.key])
  const client = call?.endpoint ? [...clients.values()].find((each) => endpointKey(each.url) === call.endpoint) : undefined
  if (!call || !client) return null
  const params = (call.request.params ?? {}) as { name?: string; arguments?: Record<string, unknown> }
  return (
    <McpProvider client={client}>
      <McpToolCall name={params.name ?? summary.tool ?? 'tool'} arguments={params.arguments as never} options={{ storage, storageKey: summary.key, restore: true }} />
    </McpProvider>
  )
}

/** The questions waiting for this user in another tab or browser, and how to open them in a second browser. */
export function PendingElsewhere({ own, clients }: { own: ReadonlySet<string>; clients: ReadonlyMap<string, McpClient> }) {
  const link = useSessionLink()
  const pending = usePendingElsewhere(own)
  return (
    <section className="demo-elsewhere" aria-label="Questions from your other tabs and browsers">
      {pending.map((summary) => (
        <ElsewhereCall key={summary.key} summary={summary} clients={clients} />
      ))}
      {link && (
        <p className="demo-empty">
          Open the same questions in a second browser (or on a phone): paste{' '}
          <a href={link} data-testid="link-browser">
            this link
          </a>{' '}
          there; it signs that browser in as this one's demo user. A question asked here shows up there, answered there it closes here.
        </p>
      )}
    </section>
  )
}
