/** The demo's configuration (`/demo-config.json`, written by the demo stack): its servers and the sign-in callback. */

export interface ServerEntry {
  id: string
  label: string
  url: string
  era: 'modern' | 'legacy'
  /** Needs a sign-in; its tools are listed in the config since listing them needs a token too. */
  auth?: boolean
  tools?: string[]
  /** The MCP Apps sandbox proxy page for this server's apps, on a host name of its own. */
  sandboxUrl?: string
}

export interface DemoConfig {
  servers: ServerEntry[]
  oauthCallbackPath: string
}

/**
 * The apps' `sandbox`: each server's own proxy page, on a host name of its
 * own (apps of two servers on one host could act as each other or share
 * cookies: docs/apps.md, "One sandbox host per server"). Undefined without
 * sandbox pages: no apps.
 */
export function appSandbox(config: DemoConfig | undefined): ((server: { url: string }) => string) | undefined {
  if (!config?.servers.some((entry) => entry.sandboxUrl)) return undefined
  return (server) => {
    const url = config.servers.find((entry) => entry.url === server.url)?.sandboxUrl
    // An app of a server the demo does not know: no sandbox, so the plain result is shown.
    if (!url) throw new Error(`The demo has no sandbox origin for ${server.url}`)
    return url
  }
}
