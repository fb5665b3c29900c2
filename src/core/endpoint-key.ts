/**
 * The one key an MCP endpoint is known by, in every layer (tokens of the
 * sign-in, the sign-in store, a call's `needs_auth`, the React hooks): its
 * URL without query or fragment, WHATWG-normalised, so `https://a.example`
 * and `https://A.example:443/` are one endpoint and a `?session=` on a
 * client's URL does not hide its sign-in.
 */

/** `url` without query and fragment, normalised; the input as given (up to `?` or `#`) when it does not parse. */
export function endpointKey(url: string | URL): string {
  try {
    const parsed = new URL(url)
    parsed.search = ''
    parsed.hash = ''
    return parsed.href
  } catch {
    const text = String(url)
    return text.split(/[?#]/, 1)[0] ?? text
  }
}

/** True when `a` and `b` name the same endpoint. */
export function sameEndpoint(a: string | URL, b: string | URL): boolean {
  return endpointKey(a) === endpointKey(b)
}
