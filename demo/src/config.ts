/** The demo's configuration (`/demo-config.json`, written by the demo stack): its servers and the sign-in callback. */

export interface ServerEntry {
  id: string
  label: string
  url: string
  era: 'modern' | 'legacy'
  /** Needs a sign-in; its tools are listed in the config since listing them needs a token too. */
  auth?: boolean
  tools?: string[]
}

export interface DemoConfig {
  servers: ServerEntry[]
  oauthCallbackPath: string
  /** The MCP Apps sandbox proxy page, served from another origin than the page. */
  sandboxUrl?: string
}
