/**
 * Which URLs the sign-in may use: https, or plain http to this machine when
 * the MCP endpoint it signs in for is on this machine too (development and
 * tests). A server elsewhere never gets the sign-in to speak plain http to
 * this machine: a Node client (no browser's private-network checks) would
 * send whatever listens on 127.0.0.1 a request a server chose, and read its
 * answer. Apart from the fetch that enforces it (http.ts): the browser
 * sign-in checks every URL it sends a window to with it, on pages that have
 * not loaded the sign-in flow.
 */
import { McpAuthInsecureEndpointError } from './errors.js'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True for a host of this machine, where plain http is allowed for an endpoint that is itself on this machine. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost')
}

/** Whether the sign-in of the MCP endpoint `endpoint` may use plain http to this machine: only when that endpoint is on it. */
export function allowsLocalHttp(endpoint: string | URL): boolean {
  try {
    return isLoopback(new URL(endpoint))
  } catch {
    return false
  }
}

/**
 * The URL as a URL when it is https, or http to this machine where
 * `localHttp` (see {@link allowsLocalHttp}); a typed refusal for anything
 * else (another scheme in any case, with leading spaces or control
 * characters, which the URL parser strips, or no URL at all). Use the
 * returned URL, never the string: it is what was checked.
 */
export function checkSecure(endpoint: string, localHttp: boolean, issuer?: string | undefined): URL {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new McpAuthInsecureEndpointError(endpoint, issuer)
  }
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && isLoopback(url)) {
    if (localHttp) return url
    throw new McpAuthInsecureEndpointError(endpoint, issuer, 'plain http to this machine is allowed only for an MCP endpoint on this machine')
  }
  throw new McpAuthInsecureEndpointError(endpoint, issuer)
}
