/**
 * The fetch every sign-in request goes through: https only (plain http only
 * to this machine, for development and tests), no redirects followed (an
 * authorization server has no business redirecting these requests), and a
 * request that never reaches the server becomes an error that names the
 * endpoint and the CORS header it most likely lacks.
 */
import { McpAuthBlockedError, McpAuthInsecureEndpointError } from './errors.js'

/** What a request is for: it decides the hint when a browser blocks it. */
export type AuthRequestKind = 'metadata' | 'registration' | 'token'

export type AuthFetch = (url: string, init: RequestInit, kind: AuthRequestKind) => Promise<Response>

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True for plain http to this machine, which the sign-in allows; everything else must be https. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost')
}

export function checkSecure(endpoint: string): URL {
  const url = new URL(endpoint)
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return url
  throw new McpAuthInsecureEndpointError(endpoint)
}

const HINTS: Record<AuthRequestKind, string> = {
  metadata: 'Access-Control-Allow-Origin on its metadata',
  registration: 'Access-Control-Allow-Origin and Access-Control-Allow-Headers: Content-Type on its registration endpoint',
  token: 'Access-Control-Allow-Origin and Access-Control-Allow-Headers: Content-Type, Authorization on its token endpoint',
}

export function authFetch(fetch: typeof globalThis.fetch): AuthFetch {
  return async (url, init, kind) => {
    checkSecure(url)
    try {
      return await fetch(url, { ...init, redirect: 'manual' })
    } catch (cause) {
      if (init.signal?.aborted) throw cause
      throw new McpAuthBlockedError(url, HINTS[kind], cause)
    }
  }
}
