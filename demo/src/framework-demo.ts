/**
 * What the two chat-framework pages (the AI SDK page, the assistant-ui page)
 * set up alike, as the main demo does (App.tsx): the demo's configuration,
 * one browser sign-in for the protected server (tokens in memory, never sent
 * to a route), finished first when the page comes back from a full-page
 * sign-in, and one client per offered server (both eras, tasks, MCP Apps
 * with app-drawn questions).
 */
import { useEffect, useMemo, useState } from 'react'
import { TASKS_EXTENSION, createClient, type McpClient } from 'mcp-elicit'
import { withMcpApps } from 'mcp-elicit/apps'
import { browserOAuth } from 'mcp-elicit/auth'
import type { DemoConfig, ServerEntry } from './config'

/** The open servers of both eras, and the first protected one (its sign-in happens in a tool part). */
const OFFERED = ['demo', 'legacy', 'protected']

export interface FrameworkDemo {
  config: DemoConfig | undefined
  /** Why the configuration could not load. */
  error: string | undefined
  servers: ServerEntry[]
  kit: ReturnType<typeof browserOAuth> | undefined
  clients: Map<string, McpClient>
  /** The configuration is there and a sign-in coming back by redirect is finished. */
  ready: boolean
}

export function useFrameworkDemo(page: { clientName: string; signInName: string }): FrameworkDemo {
  const [config, setConfig] = useState<DemoConfig>()
  const [error, setError] = useState<string>()
  const [resumed, setResumed] = useState(false)
  useEffect(() => {
    fetch('/demo-config.json')
      .then((response) => response.json() as Promise<DemoConfig>)
      .then(setConfig, (failure: unknown) => setError(String(failure)))
  }, [])
  const kit = useMemo(() => (config ? browserOAuth({ redirectUri: `${location.origin}${config.oauthCallbackPath}`, clientName: page.signInName }) : undefined), [config])
  // Back from a full-page sign-in: finish it before any call (a resumed one too) goes out without its token.
  useEffect(() => void kit?.signIn.resumeRedirect().catch(() => {}).finally(() => setResumed(true)), [kit])
  const servers = useMemo(() => OFFERED.flatMap((id) => config?.servers.filter((server) => server.id === id) ?? []), [config])
  const clients = useMemo(
    () =>
      new Map(
        servers.map((server) => [
          server.id,
          createClient(server.url, {
            clientInfo: { name: page.clientName, version: '0.1.0' },
            capabilities: withMcpApps({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { [TASKS_EXTENSION]: {} } }, { elicitation: true }),
            auth: server.auth ? kit?.auth : undefined,
          }),
        ]),
      ),
    [servers, kit],
  )
  return { config, error, servers, kit, clients, ready: config !== undefined && resumed }
}
