import { createContext, useContext, type ReactNode } from 'react'
import type { SignInStore } from '../auth/browser/sign-in-store.js'
import type { McpClient } from '../core/index.js'

/** Carries the client to the hooks below an {@link McpProvider}. */
export const McpClientContext = /* @__PURE__ */ createContext<McpClient | undefined>(undefined)

/**
 * Carries the sign-in store. A context of its own: a page that signs in has
 * one store for all its clients, and the store (types only here) keeps the
 * OAuth code out of the React bundle.
 */
export const McpSignInContext = /* @__PURE__ */ createContext<SignInStore | undefined>(undefined)

export interface McpProviderProps {
  /** The client every hook below uses (`createClient(url, options)`); create it once, outside render. */
  client: McpClient
  /**
   * The browser sign-in of the client's `auth` (`browserSignIn()` from
   * `mcp-elicit/auth`), for `useMcpAuth` and the `needs_auth` status of the
   * call hooks. Create it once, outside render.
   */
  signIn?: SignInStore | undefined
  children?: ReactNode
}

/** Makes `client` the MCP client of every `useMcp*` hook below it (and `signIn` their sign-in). */
export function McpProvider({ client, signIn, children }: McpProviderProps) {
  return (
    <McpClientContext.Provider value={client}>
      <McpSignInContext.Provider value={signIn}>{children}</McpSignInContext.Provider>
    </McpClientContext.Provider>
  )
}

/** The client of the nearest {@link McpProvider}; throws when there is none. */
export function useMcpClient(): McpClient {
  const client = useContext(McpClientContext)
  if (!client) {
    throw new Error('mcp-elicit: useMcpTool and friends must run inside <McpProvider client={createClient(url)}>')
  }
  return client
}

/** The sign-in store of the nearest {@link McpProvider}, or undefined when it has none. */
export function useSignInStore(): SignInStore | undefined {
  return useContext(McpSignInContext)
}
