/**
 * The key a sign-in is filed under: the MCP endpoint's URL without query or
 * fragment (`PendingSignIn.endpoint`, `SignInStore.isSignedIn`). Both sides
 * are normalised the same way before comparing, so `https://a.example` and
 * `https://a.example/` are one endpoint, and a `?session=` on the client's
 * URL does not hide its sign-in.
 */

/** `url` without query and fragment, WHATWG-normalised; the input as given when it does not parse. */
export function endpointOf(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.search = ''
    parsed.hash = ''
    return parsed.href
  } catch {
    return url.split(/[?#]/, 1)[0] ?? url
  }
}

/** True when `a` and `b` name the same endpoint. */
export function sameEndpoint(a: string, b: string): boolean {
  return endpointOf(a) === endpointOf(b)
}
