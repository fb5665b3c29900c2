/**
 * The `Bearer` challenge of a `WWW-Authenticate` header (RFC 6750 §3, RFC
 * 9728 §5.1): `resource_metadata`, `scope` and `error`. Only what MCP
 * authorization reads; the header may carry other schemes, which are skipped.
 */
export interface BearerChallenge {
  resourceMetadata?: string | undefined
  scopes?: string[] | undefined
  error?: string | undefined
  errorDescription?: string | undefined
}

/**
 * How much of a `WWW-Authenticate` header is read. Real challenges are a few
 * hundred bytes; browsers pass headers of about 256 KB, and no pattern here
 * should get to walk one of those.
 */
const MAX_CHALLENGE_CHARS = 16_384

/** Parses `auth-param`s (`name=token` or `name="quoted \" string"`) of the first Bearer challenge. */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined
  const text = header.slice(0, MAX_CHALLENGE_CHARS)
  const start = /(?:^|,)\s*Bearer(?=\s|,|$)/i.exec(text)
  if (!start) return undefined
  const params = new Map<string, string>()
  const param = /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*(,|$)/y
  param.lastIndex = start.index + start[0].length
  while (param.lastIndex < text.length) {
    const at = param.lastIndex
    const match = param.exec(text)
    if (!match) break
    const name = match[1]!.toLowerCase()
    // A token followed by space and no '=': the next challenge's scheme begins.
    if (!params.has(name)) params.set(name, match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? ''))
    if (param.lastIndex === at) break
  }
  const scope = params.get('scope')
  return {
    resourceMetadata: params.get('resource_metadata'),
    scopes: scope === undefined ? undefined : scope.split(/\s+/).filter(Boolean),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
  }
}

/**
 * True for a `WWW-Authenticate` that asks for a DPoP nonce (RFC 9449 §9): a
 * `use_dpop_nonce` error after the first `DPoP` in the header's first
 * {@link MAX_CHALLENGE_CHARS}. Read here, not with the DPoP proofs: which
 * challenge it is decides whether those must load at all. Two linear
 * searches, not one pattern that spans both: a lazy `DPoP[^]*?error` tries
 * every `DPoP` against the whole rest, quadratic in the header (250 KB of
 * `DPoP error=` froze the page for seconds).
 */
export function asksForNonce(wwwAuthenticate: string | null): boolean {
  const text = (wwwAuthenticate ?? '').slice(0, MAX_CHALLENGE_CHARS)
  const scheme = text.search(/\bDPoP\b/i)
  return scheme !== -1 && /error\s*=\s*"?use_dpop_nonce"?/i.test(text.slice(scheme))
}
