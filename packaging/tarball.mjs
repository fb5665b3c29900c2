// The tarball npm packs, read without unpacking it: its files, and the
// targets its `exports` map names. Used by the package check (check.mjs).

import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'

/** Minimal reader of a .tgz (ustar, with pax path records): path → Buffer. */
export function readTarball(file) {
  const data = gunzipSync(readFileSync(file))
  const files = new Map()
  let paxPath
  for (let offset = 0; offset + 512 <= data.length; ) {
    const header = data.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const text = (start, length) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '')
    const size = Number.parseInt(text(124, 12).trim() || '0', 8)
    const type = text(156, 1) || '0'
    const prefix = text(345, 155)
    const body = data.subarray(offset + 512, offset + 512 + size)
    if (type === 'x') {
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
    } else if (type === '0' || type === '7') {
      const name = paxPath ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100))
      files.set(name.replace(/^package\//, ''), Buffer.from(body))
      paxPath = undefined
    } else if (type !== 'g') {
      paxPath = undefined
    }
    offset += 512 + Math.ceil(size / 512) * 512
  }
  return files
}

/** Every string target in `exports`, with the subpath it belongs to. */
export function exportTargets(exports, subpath = '.') {
  if (typeof exports === 'string') return [{ subpath, condition: 'default', target: exports }]
  if (!exports || typeof exports !== 'object') return []
  return Object.entries(exports).flatMap(([key, value]) =>
    key.startsWith('.') ? exportTargets(value, key) : exportTargets(value, subpath).map((t) => ({ ...t, condition: t.condition === 'default' ? key : t.condition })),
  )
}
