/**
 * The demo servers in a Vercel AI SDK chat (mcp-elicit/ai-sdk): one
 * `useChat` conversation over a set of three servers at once — the 2026
 * server, the older (2025-11-25) server and a protected one that asks for a
 * sign-in — against the streaming route `POST /api/chat`
 * (servers/ai-sdk-route.ts, the scripted model), every MCP tool call the
 * model makes run here, in its tool part, on the server its tool came from.
 * One client per server, one browser sign-in for the protected one (tokens
 * in memory, never sent to the route), each server's apps on its own
 * sandbox site.
 */
import { useEffect, useMemo } from 'react'
import { createServerSet, type McpServerSet } from 'mcp-elicit'
import { McpServersProvider } from 'mcp-elicit/react'
import { DemoLoading } from '../demo-header'
import { useFrameworkDemo } from '../framework-demo'
import { AiSdkChat } from './AiSdkChat'

export function AiSdkDemo() {
  const { config, error, servers, kit, clients, ready } = useFrameworkDemo({ clientName: 'mcp-elicit-ai-sdk-demo', signInName: 'mcp-elicit AI SDK demo' })
  // The set, built once the clients are: each server's id (stable: it names the model's tools), its name for people, its sign-in and sandbox.
  const set = useMemo<McpServerSet | undefined>(
    () =>
      kit && servers.length > 0
        ? createServerSet(
            servers.map((server) => ({
              id: server.id,
              name: server.label.replace(/\s*\(.*\)$/, ''),
              client: clients.get(server.id)!,
              signIn: server.auth ? kit.signIn : undefined,
              sandbox: server.sandboxUrl,
            })),
          )
        : undefined,
    [servers, clients, kit],
  )
  useEffect(() => () => set?.dispose(), [set])

  if (error !== undefined) return <DemoLoading error={error} />
  if (!config || !ready || !set) return <DemoLoading />
  return (
    <div className="demo">
      <header className="demo-header">
        <div className="demo-brand">
          <img className="demo-logo" src="/favicon.svg" alt="" width="28" height="28" />
          <h1>mcp-elicit in the Vercel AI SDK</h1>
        </div>
        <a className="demo-button demo-button-quiet" href="/">
          The plain demo
        </a>
      </header>
      <McpServersProvider servers={set}>
        <AiSdkChat servers={set} />
      </McpServersProvider>
    </div>
  )
}
