/**
 * The fetch every sign-in request goes through: https only (plain http only
 * to this machine, for development and tests, and only for the sign-in of
 * an MCP endpoint on this machine itself), no redirects followed (an
 * authorization server has no business redirecting these requests), and a
 * request that never reaches the server becomes an error that names the
 * endpoint and the CORS header it most likely lacks.
 */
import { McpAuthBlockedError, McpAuthResponseTooLargeError } from './errors.js'
import { checkSecure } from './secure-url.js'

/** What a request is for: it decides the hint when a browser blocks it. */
export type AuthRequestKind = 'metadata' | 'registration' | 'token' | 'revocation'

export type AuthFetch = (url: string, init: RequestInit, kind: AuthRequestKind) => Promise<Response>

const HINTS: Record<AuthRequestKind, string> = {
  metadata: 'Access-Control-Allow-Origin on its metadata',
  registration: 'Access-Control-Allow-Origin and Access-Control-Allow-Headers: Content-Type on its registration endpoint',
  token: 'Access-Control-Allow-Origin and Access-Control-Allow-Headers: Content-Type, Authorization on its token endpoint',
  revocation: 'Access-Control-Allow-Origin and Access-Control-Allow-Headers: Content-Type, Authorization on its revocation endpoint',
}

/**
 * The most a sign-in response may weigh. Real metadata, registration and
 * token responses are a few KB; a server that streams 50 MB of "metadata"
 * gets a typed error once this much has arrived, not a frozen tab.
 * @defaultValue 256 KiB
 */
export const MAX_AUTH_RESPONSE_BYTES = 256 * 1024

/**
 * The whole body, at most `limit` bytes, as a new Response with the same
 * status and headers (which oauth4webapi and the discovery then read as
 * usual). A body without status to copy (an opaque redirect) passes as is.
 */
async function bounded(response: Response, url: string, limit: number, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!response.body || response.status < 200 || response.status > 599) return response
  const declared = Number(response.headers.get('content-length'))
  if (declared > limit) {
    await response.body.cancel().catch(() => {})
    throw new McpAuthResponseTooLargeError(url, limit)
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      signal?.throwIfAborted()
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) throw new McpAuthResponseTooLargeError(url, limit)
      chunks.push(value)
    }
  } catch (error) {
    await reader.cancel().catch(() => {})
    throw error
  }
  const body = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    body.set(chunk, at)
    at += chunk.byteLength
  }
  return new Response(response.status === 204 || response.status === 205 || response.status === 304 ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** `localHttp`: the MCP endpoint the sign-in is for is on this machine (secure-url.ts). */
export function authFetch(fetch: typeof globalThis.fetch, localHttp: boolean, limit = MAX_AUTH_RESPONSE_BYTES): AuthFetch {
  return async (url, init, kind) => {
    checkSecure(url, localHttp)
    let response: Response
    try {
      response = await fetch(url, { ...init, redirect: 'manual' })
    } catch (cause) {
      if (init.signal?.aborted) throw cause
      throw new McpAuthBlockedError(url, HINTS[kind], cause)
    }
    return bounded(response, url, limit, init.signal)
  }
}
