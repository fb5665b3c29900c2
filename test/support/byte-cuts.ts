/** Bytes split at the given points (taken modulo the length, deduplicated): how a network may hand them over. */
export function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const sorted = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks: Uint8Array[] = []
  let start = 0
  for (const point of sorted) {
    chunks.push(bytes.slice(start, point))
    start = point
  }
  chunks.push(bytes.slice(start))
  return chunks
}
