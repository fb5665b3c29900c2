/**
 * Which URLs the sign-in may use: https, or plain http to this machine (for
 * development and tests). Apart from the fetch that enforces it (http.ts):
 * the browser sign-in checks every URL it sends a window to with it, on
 * pages that have not loaded the sign-in flow.
 */
import { McpAuthInsecureEndpointError } from './errors.js'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True for plain http to this machine, which the sign-in allows; everything else must be https. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost')
}

/**
 * The endpoint as a URL when it is https, or http to this machine; a typed
 * refusal for anything else (another scheme in any case, with leading
 * spaces or control characters, which the URL parser strips, or no URL at
 * all). Use the returned URL, never the string: it is what was checked.
 */
export function checkSecure(endpoint: string, issuer?: string | undefined): URL {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new McpAuthInsecureEndpointError(endpoint, issuer)
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return url
  throw new McpAuthInsecureEndpointError(endpoint, issuer)
}
