/** Words the English defaults of several parts share: counts, sizes, a refused file. */
import type { FileProblem } from '../file-data-uri.js'

export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many)

/** A refused file in words (the default `validation` of `x-mcp-file`, and `fileRefused`). */
export function fileProblem(problem: FileProblem): string {
  switch (problem.reason) {
    case 'size':
      return `the file is ${formatBytes(problem.bytes)}, over the limit of ${formatBytes(problem.limit)}`
    case 'type':
      return `files of type ${problem.mediaType || 'unknown'} are not accepted here (accepted: ${problem.accept.join(', ')})`
    default:
      return 'this is not a file the form can send; choose the file again'
  }
}

/** A byte count for people: `512 bytes`, `12.3 KB`, `5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${plural(bytes, 'byte', 'bytes')}`
  const kb = bytes / 1024
  if (kb < 1024) return `${Number(kb.toFixed(1))} KB`
  return `${Number((kb / 1024).toFixed(1))} MB`
}
