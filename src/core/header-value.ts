/**
 * The `=?base64?…?=` rule of the Streamable HTTP transport for `Mcp-Name` and
 * `Mcp-Param-*` values. It is decided on the RAW value: fetch's `Headers`
 * trims surrounding spaces and throws on non-Latin-1, so by the time a value
 * reached it the information would be gone.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#value-encoding
 */

const SENTINEL_PREFIX = '=?base64?'
const SENTINEL_SUFFIX = '?='

/** True when the value can travel as a header unchanged. */
function isPlainHeaderValue(value: string): boolean {
  if (value.length === 0) return true
  if (value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX)) return false
  if (value[0] === ' ' || value[value.length - 1] === ' ') return false
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    // Visible ASCII and inner spaces only; tabs are control characters here.
    if (c < 0x20 || c > 0x7e) return false
  }
  return true
}

function base64OfUtf8(value: string): string {
  const bytes = new TextEncoder().encode(value)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

/** Encodes a header value by the sentinel rule; plain values pass unchanged. */
export function encodeHeaderValue(value: string): string {
  return isPlainHeaderValue(value) ? value : `${SENTINEL_PREFIX}${base64OfUtf8(value)}${SENTINEL_SUFFIX}`
}

/** Reverses {@link encodeHeaderValue}; for tests and servers, the client never needs it. */
export function decodeHeaderValue(value: string): string {
  if (!(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX))) return value
  const binary = atob(value.slice(SENTINEL_PREFIX.length, -SENTINEL_SUFFIX.length))
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
}
