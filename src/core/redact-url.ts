/**
 * A URL as a person may be shown it and a log may keep it: without its
 * userinfo, query and fragment, which is where keys and tokens ride
 * (`?api_key=…`, `https://user:secret@…`, `#access_token=…`). Every message
 * the library builds around a URL names it through this one helper (the
 * `(method url)` of every `McpError`, a refused redirect, a sign-in's
 * metadata), so what is shown in a card, logged by a route or read by a
 * model never carries them. The errors' own `url` properties stay whole for
 * the code that needs them.
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
