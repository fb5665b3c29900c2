vi.mock('react', () => {
  throw new Error('core imported react')
})
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import * as core from '../core/index'

describe('the core', () => {
  it('loads without React', () => {
    for (const name of ['createClient', 'McpClient', 'CallObserver', 'reduceCall', 'flagsOf', 'sessionCallStorage', 'declineAnswer', 'cancelAnswer', 'runInputLoop', 'McpError']) {
      expect(core, name).toHaveProperty(name)
    }
    expect(typeof core.CallObserver).toBe('function')
  })

  it('names no React or rjsf import in its sources', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url))
    const sources = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    expect(sources.length).toBeGreaterThan(10)
    for (const file of sources) {
      const text = readFileSync(dir + file, 'utf8')
      expect(text, file).not.toMatch(/from\s+['"]react(-dom)?(\/[^'"]*)?['"]/)
      expect(text, file).not.toMatch(/import\(\s*['"]react/)
      expect(text, file).not.toContain('@rjsf')
    }
  })
})
