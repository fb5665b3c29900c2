/**
 * Where each server of the chat stands, in one line per server: its name,
 * its status in words, and Sign in for one that waits for it (from the
 * click: the sign-in window must open inside it).
 */
import { useMcpServerSet, useMcpServers } from 'mcp-elicit/react'
import type { McpServerStatus } from 'mcp-elicit'

const WORDS: Record<McpServerStatus, string> = {
  ready: 'ready',
  listing: 'listing its tools…',
  'signed-out': 'needs a sign-in',
  'signing-in': 'signing in…',
  slow: 'slow to answer',
  unreachable: 'cannot be reached',
  failed: 'answered with an error',
}

export function ServerBar() {
  const set = useMcpServerSet()
  const servers = useMcpServers()
  return (
    <ul className="demo-servers" aria-label="Servers in this chat">
      {servers.map((server) => (
        <li key={server.id} className="demo-server" data-server={server.id} data-status={server.status}>
          <span className="demo-server-name">{server.name}</span> <span className="demo-server-status">{WORDS[server.status]}</span>
          {server.status === 'signed-out' && (
            <button type="button" className="demo-button" onClick={() => set.signIn(server.id)}>
              Sign in to {server.name}
            </button>
          )}
          {(server.status === 'unreachable' || server.status === 'failed' || server.status === 'slow') && (
            <button type="button" className="demo-button demo-button-quiet" onClick={() => void set.refresh({ ids: [server.id], reload: true })}>
              Try {server.name} again
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
