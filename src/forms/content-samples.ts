/**
 * Small, valid media samples for tests, stories and the bench (not exported
 * from the package): a 1×1 PNG and an 8-sample silent WAV, as base64.
 */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
export const TINY_WAV = 'UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA=='

/** A value nested `depth` deep (`{ level: { level: … 0 } }`), built iteratively. */
export function deepValue(depth: number): unknown {
  let value: unknown = 0
  for (let i = 0; i < depth; i++) value = { level: value }
  return value
}
