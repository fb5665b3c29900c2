/**
 * Every Storybook story in the real Chromium: the built Storybook is served
 * from loopback, each story's iframe is visited, its component renders, no
 * error is thrown or logged, nothing is requested from another origin, and
 * axe finds no violation in the component. Stories of hostile text create no
 * element from it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base } from '@playwright/test'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'storybook-static')
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' }

interface Entry {
  id: string
  title: string
  name: string
  tags: string[]
  type: string
}

const test = base.extend<{}, { storybook: { url: string; entries: Entry[] } }>({
  storybook: [
    async ({}, use) => {
      // A fresh build every run: stories and components change together.
      const build = spawnSync(process.execPath, [join(root, 'node_modules', 'storybook', 'dist', 'bin', 'dispatcher.js'), 'build', '-o', out, '--quiet', '--disable-telemetry'], { cwd: root, encoding: 'utf8', env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' } })
      if (build.status !== 0) throw new Error(`storybook build failed:\n${build.stdout}\n${build.stderr}`)
      const server: Server = createServer((req, res) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname
        const file = normalize(join(out, path === '/' ? 'index.html' : path))
        if (!file.startsWith(out) || !existsSync(file) || statSync(file).isDirectory()) return void res.writeHead(404).end()
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { entries: Record<string, Entry> }
      await use({ url, entries: Object.values(index.entries).filter((entry) => entry.type === 'story') })
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

test('every story renders in Chromium without errors, foreign requests or axe violations', async ({ page, storybook }) => {
  // Every story in turn, axe on each: a bound for a loaded 2-core machine, not a timing assertion.
  test.setTimeout(360_000)
  expect(storybook.entries.length).toBeGreaterThan(50)
  const problems: string[] = []
  let current = ''
  page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${current}: console: ${message.text()}`)
  })
  page.on('request', (request) => {
    if (!request.url().startsWith(storybook.url) && !request.url().startsWith('data:')) problems.push(`${current}: requested ${request.url()}`)
  })
  for (const entry of storybook.entries) {
    current = entry.id
    await page.goto(`${storybook.url}/iframe.html?id=${entry.id}&viewMode=story`)
    const component = page.locator('#storybook-root [class^="mcp-elicit-"][data-state]').first()
    await expect(component, entry.id).toBeVisible()
    await expect(component, entry.id).toHaveAttribute('data-state', /.+/)
    if (entry.tags.includes('hostile-text')) {
      await expect(page.locator('#storybook-root').locator('script, img, iframe, svg'), entry.id).toHaveCount(0)
    }
    const axe = await new AxeBuilder({ page }).include('#storybook-root').analyze()
    for (const violation of axe.violations) problems.push(`${entry.id}: axe ${violation.id}: ${violation.help} (${violation.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("; ")})`)
  }
  expect(problems).toEqual([])
})
