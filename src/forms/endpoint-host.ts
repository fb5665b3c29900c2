/**
 * The host of the MCP endpoint that asks, for "asked by" lines. Apart from
 * the URL analysis (`url-safety.ts`, which re-exports it) because every form
 * shows it while the analysis loads only with the cards that open URLs.
 */

/** The host of the MCP endpoint that asks; undefined when it does not parse. */
export function endpointHost(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).host || undefined
  } catch {
    return undefined
  }
}
