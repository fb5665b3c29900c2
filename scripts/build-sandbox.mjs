#!/usr/bin/env node
// Writes dist/apps/sandbox.html, the package's `mcp-elicit/apps/sandbox.html`:
// the MCP Apps sandbox proxy page with its script inlined and minified, one
// self-contained file a host serves from a second origin. Part of
// `npm run build`; the repo's own servers build the same page in memory
// (servers/sandbox-page.ts), so they never need this file.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSandboxPage } from '../servers/sandbox-page.ts'

const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'apps', 'sandbox.html')
const html = await buildSandboxPage()
await mkdir(dirname(target), { recursive: true })
await writeFile(target, html)
console.log(`dist/apps/sandbox.html  ${(html.length / 1024).toFixed(2)} kB`)
