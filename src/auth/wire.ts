/**
 * The bridge between the sign-in and oauth4webapi: its requests go through
 * our {@link AuthFetch} (https or loopback, CORS diagnosis, the caller's
 * signal), and its failures become our typed errors, with the server's
 * `error` and `error_description` kept as data.
 */
import { allowInsecureRequests, customFetch, ResponseBodyError, type HttpRequestOptions } from 'oauth4webapi'
import { displayText } from '../core/index.js'
import { McpAuthError } from './errors.js'
import type { AuthFetch, AuthRequestKind } from './http.js'

export interface Wire {
  fetch: AuthFetch
  /** Turns whatever a protocol step threw into a typed error; our own errors pass through. */
  refusal(cause: unknown, endpoint: string | undefined, issuer: string, make: (details: RefusalDetails) => McpAuthError): McpAuthError
}

export interface RefusalDetails {
  endpoint: string | undefined
  issuer: string
  oauthError: string | undefined
  description: string | undefined
  status: number | undefined
  cause: unknown
}

export function wire(fetch: AuthFetch): Wire {
  return {
    fetch,
    refusal(cause, endpoint, issuer, make) {
      if (cause instanceof McpAuthError) return cause
      const body = cause instanceof ResponseBodyError ? cause : undefined
      return make({
        endpoint,
        issuer,
        oauthError: body ? displayText(body.error) : undefined,
        description: body?.error_description === undefined ? undefined : displayText(body.error_description).slice(0, 1000),
        status: body?.status,
        cause,
      })
    },
  }
}

/** Options for one oauth4webapi request: our fetch (which enforces https but on loopback), the caller's signal. */
export function oauthRequestOptions<M extends string, B>(wire: Wire, kind: AuthRequestKind, signal: AbortSignal): HttpRequestOptions<M, B> {
  return {
    signal,
    // Plain http is refused by our fetch unless it goes to this machine.
    [allowInsecureRequests]: true,
    [customFetch]: (url: string, init: RequestInit) => wire.fetch(url, init, kind),
  } as HttpRequestOptions<M, B>
}
