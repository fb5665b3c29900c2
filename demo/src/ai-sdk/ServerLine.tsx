/**
 * Where each server of the conversation stands, one line each: ready, or
 * why its tools are not offered to the model now (signed out, down, slow),
 * with a Sign in button for a server that waits for one. The same states
 * the route tells the model about.
 */
import type { McpServerStatus } from 'mcp-elicit'
import { useMcpServerSet, useMcpServers } from 'mcp-elicit/react'

const WORDS: Record<McpServerStatus, string> = {
  ready: 'ready',
  listing: 'listing its tools…',
  'signed-out': 'not signed in: its tools are not offered',
  'signing-in': 'waiting for the sign-in',
  slow: 'slow to answer: its tools are left out for now',
  unreachable: 'unreachable: its tools are left out for now',
  failed: 'its listing failed: its tools are left out for now',
}

export function ServerLine() {
  const set = useMcpServerSet()
  const servers = useMcpServers()
  return (
    <ul className="demo-server-line" aria-label="Servers">
      {servers.map((server) => (
        <li key={server.id} data-server={server.id} data-status={server.status}>
          <strong>{server.name}</strong>: {WORDS[server.status]}
          {server.status === 'signed-out' && (
            <button type="button" className="demo-button demo-button-quiet" onClick={() => set.signIn(server.id)}>
              Sign in to {server.name}
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
