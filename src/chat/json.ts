/** The one check before looking inside a value that came from a server (or through the browser): a JSON object, not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
