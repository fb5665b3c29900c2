/**
 * The sign-in of the provider's endpoint, for a "Sign in" button, a signed-in
 * badge or a sign-in card of your own: a thin hook over the endpoint's
 * sign-in source (sign-in-source.ts), like `useMcpCall` over its observer.
 */
import { useMemo, useSyncExternalStore } from 'react'
import { endpointKey } from '../core/index.js'
import type { McpAuthResult } from './auth-view.js'
import { useMcpClient, useSignInStore } from './McpProvider.js'
import { signInSource } from './sign-in-source.js'

/**
 * The sign-in of the provider's client endpoint. Needs `<McpProvider
 * signIn={store}>`; throws without one (a sign-in button that does
 * nothing would be worse). One object while nothing changes.
 */
export function useMcpAuth(): McpAuthResult {
  const client = useMcpClient()
  const store = useSignInStore()
  if (!store) throw new Error('mcp-elicit: useMcpAuth needs a sign-in store: <McpProvider client={client} signIn={browserSignIn(…)}>')
  const source = useMemo(() => signInSource(store, endpointKey(client.url)), [store, client])
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot)
}
