/**
 * A URL as a person may be shown it and a log may keep it: without its
 * userinfo, query and fragment, which is where keys and tokens ride
 * (`?api_key=…`, `https://user:secret@…`, `#access_token=…`). Every message
 * the library builds around a URL names it through this one helper (the
 * `(method url)` of every `McpError`, a refused redirect, a sign-in's
 * metadata), and the server's own words quoted in a message go through
 * {@link redactText} (a proxy's "Cannot POST /mcp?api_key=…" echoes the
 * key), so what is shown in a card, logged by a route or read by a model
 * never carries them. The errors' own `url` properties, and the server's
 * words as sent (`rpcMessage`, `body`), stay whole for the code that needs
 * them.
 */

/** `url` without userinfo, query and fragment; for text that does not parse, the text up to the first `?` or `#`, without a `user@` after its scheme. */
export function redactUrl(url: string | URL): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    parsed.search = ''
    parsed.hash = ''
    return parsed.href
  } catch {
    const text = String(url).split(/[?#]/, 1)[0] ?? ''
    return text.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/@]*@/i, '$1')
  }
}

/** Values of this length or more are taken out as they are too (a server may echo a key without its name). */
const SECRET_MIN_LENGTH = 8

/**
 * A server's text quoted in a message: every absolute URL in it cut by
 * {@link redactUrl}, and the query, its pairs, its values of 8 characters
 * or more, the userinfo and the fragment of `endpoint` (the URL the request
 * went to) replaced by `…` wherever they appear.
 */
export function redactText(text: string, endpoint?: string | undefined): string {
  let cleaned = text
  for (const secret of secretsOf(endpoint)) cleaned = cleaned.split(secret).join('…')
  return cleaned.replace(/\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>]+/gi, (found) => redactUrl(found))
}

/** The parts of `endpoint` a message must not repeat, longest first (a whole query before the pairs in it). */
function secretsOf(endpoint: string | undefined): string[] {
  if (endpoint === undefined) return []
  let parsed: URL
  try {
    parsed = new URL(endpoint)
  } catch {
    return []
  }
  const query = parsed.search.slice(1)
  const secrets = new Set([query, parsed.hash.slice(1), ...query.split('&')])
  for (const value of [...parsed.searchParams.values(), parsed.username, parsed.password, decoded(parsed.username), decoded(parsed.password)]) {
    if (value.length >= SECRET_MIN_LENGTH) secrets.add(value)
  }
  secrets.delete('')
  return [...secrets].sort((a, b) => b.length - a.length)
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
