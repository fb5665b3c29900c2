import { createContext, useContext, type ReactNode } from 'react'
import type { McpClient } from '../core/index.js'

/** Carries the client to the hooks below an {@link McpProvider}. */
export const McpClientContext = /* @__PURE__ */ createContext<McpClient | undefined>(undefined)

export interface McpProviderProps {
  /** The client every hook below uses (`createClient(url, options)`); create it once, outside render. */
  client: McpClient
  children?: ReactNode
}

/** Makes `client` the MCP client of every `useMcp*` hook below it. */
export function McpProvider({ client, children }: McpProviderProps) {
  return <McpClientContext.Provider value={client}>{children}</McpClientContext.Provider>
}

/** The client of the nearest {@link McpProvider}; throws when there is none. */
export function useMcpClient(): McpClient {
  const client = useContext(McpClientContext)
  if (!client) {
    throw new Error('mcp-elicit: useMcpTool and friends must run inside <McpProvider client={createClient(url)}>')
  }
  return client
}
