/**
 * The "Asked by …" line of every card: who asks (`serverInfo`, chosen by the
 * server) and the endpoint's host (from the URL the app connected to).
 *
 * `serverInfo` is untrusted: its fields may be objects, arrays or anything
 * else JSON can carry, and they may carry bidi overrides meant to make the
 * line read as another host. So each field is coerced to text, isolated
 * (`IsolatedLine.tsx`), and clamped when very long; the host stays a separate,
 * left-to-right part that server text cannot reorder.
 */
import { isolate, isolateHost, IsolatedLine } from './IsolatedLine.js'
import type { AskingServer, Messages } from './messages.js'
import { endpointHost } from './endpoint-host.js'

/** `serverInfo` as the message functions expect it: text fields only, each marked for isolation. */
export function askingServerOf(server: unknown): AskingServer | undefined {
  if (typeof server !== 'object' || server === null || Array.isArray(server)) return undefined
  const { name, title, version } = server as Record<string, unknown>
  const asking: AskingServer = { name: isolate(name) }
  if (title !== undefined && title !== null) asking.title = isolate(title)
  if (version !== undefined && version !== null) asking.version = isolate(version)
  return asking
}

export interface AskedByProps {
  /** `serverInfo` as the server sent it. */
  server: unknown
  /** The endpoint that asks. */
  url: string | undefined
  text: Pick<Messages, 'askedBy' | 'showAll' | 'showLess'>
}

export function AskedBy({ server, url, text }: AskedByProps) {
  return <IsolatedLine className="mcp-elicit-server" text={text.askedBy(askingServerOf(server), isolateHost(endpointHost(url)))} showAll={text.showAll} showLess={text.showLess} />
}
