vi.mock('react', () => {
  throw new Error('mcp-elicit/apps imported react')
})
/**
 * `mcp-elicit/apps` is the framework-free host: it must load, and its
 * sources (the sandbox page's included) must name no React, rjsf or higher
 * layer, so a page without React can mount apps. Only src/apps/react/ may.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import * as apps from './index.js'

describe('mcp-elicit/apps', () => {
  it('loads without React', () => {
    for (const name of ['mountMcpApp', 'AppBridge', 'withMcpApps', 'readAppResource', 'buildAppCsp', 'McpAppError']) expect(apps, name).toHaveProperty(name)
  })

  it('imports only the core, never React, rjsf, the react or forms layers', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url))
    const sources = [...readdirSync(dir).map((file) => join(dir, file)), ...readdirSync(join(dir, 'sandbox')).map((file) => join(dir, 'sandbox', file))].filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    expect(sources.length).toBeGreaterThan(15)
    for (const file of sources) {
      const text = readFileSync(file, 'utf8')
      for (const specifier of text.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)) {
        expect(specifier[1], file).toMatch(/^(\.\/|\.\.\/core\/index\.js$|\.\.\/(csp|json-object|methods|types)\.js$)/)
      }
    }
  })
})
