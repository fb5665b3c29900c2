/**
 * The repository stands alone: a clone with nothing beside it must pass every
 * test. This looks at every relative path written in the sources (imports,
 * `new URL('…', import.meta.url)`, `join(import.meta.dirname, '…')`) and fails
 * on one that climbs out of the repository, as the old `../shared/` fixture
 * paths did.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const sources = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(?:[cm]?[jt]sx?)$/.test(file))
  // This file's own samples below climb out on purpose.
  .filter((file) => file !== 'test/self-contained.test.ts')

/** Quoted strings that start with ../ (the only way to name a place above a file). */
function relativePathsIn(text: string): string[] {
  return [...text.matchAll(/(['"`])((?:\.\.\/)+[^'"`\s]*)\1/g)].map((match) => match[2] as string)
}

describe('self-contained repository', () => {
  it('finds the relative paths it checks', () => {
    expect(relativePathsIn(`join(import.meta.dirname, '../../../shared/x')\nimport a from "../b"`)).toEqual(['../../../shared/x', '../b'])
    expect(sources.length).toBeGreaterThan(50)
  })

  it('no source names a path outside the repository', () => {
    const outside = sources.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8')
      return relativePathsIn(text)
        .filter((path) => {
          const target = relative(root, resolve(root, dirname(file), path))
          return target === '..' || target.startsWith(`..${sep}`)
        })
        .map((path) => `${file}: ${path}`)
    })
    expect(outside).toEqual([])
  })
})
