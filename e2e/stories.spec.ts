/**
 * Every Storybook story in the real Chromium: the built Storybook is served
 * from loopback, each story is rendered and its play function run to the end,
 * its component renders, no error is thrown or logged, nothing is requested
 * from another origin, and axe finds no violation in the component as the
 * play function left it. Stories of hostile text create no element from it.
 *
 * Like Storybook's own test runner, the preview is loaded once and each story
 * is selected over its channel (`setCurrentStory`, then `storyFinished`), and
 * axe-core is injected once and run in the page: a page load and an axe
 * injection per story cost ~2 s each, ~5 minutes for the whole sweep. Waiting
 * for `storyFinished` also means axe never races a play function.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import axe from 'axe-core'
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

/** How a story's render and play function ended, as the preview's channel says. */
interface Outcome {
  event: string
  status?: string
}

test('every story renders in Chromium without errors, foreign requests or axe violations', async ({ page, storybook }) => {
  // A bound for a loaded 2-core machine, not a timing assertion.
  test.setTimeout(240_000)
  expect(storybook.entries.length).toBeGreaterThan(50)
  const problems: string[] = []
  let current = ''
  page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${current}: console: ${message.text()}`)
  })
  // The apps stories frame the MCP Apps sandbox proxy from this same server by the other loopback
  // name (127.0.0.1 <-> localhost): another origin, as MCP Apps require, but not a foreign request.
  const sandboxOrigin = storybook.url.replace('//127.0.0.1:', '//localhost:')
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(storybook.url) && !url.startsWith(`${sandboxOrigin}/`) && !url.startsWith('data:')) problems.push(`${current}: requested ${url}`)
  })
  // Open at the last story and let it finish, so that selecting the first is a change whose end the loop hears.
  await page.goto(`${storybook.url}/iframe.html?id=${storybook.entries.at(-1)!.id}&viewMode=story`)
  await page.waitForFunction(() => {
    const phase = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__?.currentRender?.phase
    return phase === 'finished' || phase === 'errored'
  })
  await page.evaluate(axe.source)
  for (const entry of storybook.entries) {
    current = entry.id
    const outcome = await page.evaluate(
      (id) =>
        new Promise<Outcome>((resolve) => {
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { once(event: string, listener: (payload?: { status?: string }) => void): void; emit(event: string, payload: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__
          for (const event of ['storyFinished', 'storyErrored', 'storyThrewException', 'storyMissing']) channel.once(event, (payload) => resolve({ event, status: payload?.status }))
          setTimeout(() => resolve({ event: 'no end within 30 s' }), 30_000)
          channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
        }),
      entry.id,
    )
    if (outcome.event !== 'storyFinished' || outcome.status !== 'success') problems.push(`${entry.id}: ${outcome.event} ${outcome.status ?? ''}`)
    const component = page.locator('#storybook-root [class^="mcp-elicit-"][data-state]').first()
    await expect(component, entry.id).toBeVisible()
    await expect(component, entry.id).toHaveAttribute('data-state', /.+/)
    if (entry.tags.includes('hostile-text')) {
      await expect(page.locator('#storybook-root').locator('script, img, iframe, svg'), entry.id).toHaveCount(0)
    }
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run('#storybook-root', { resultTypes: ['violations'] })
      return result.violations.map((v) => `axe ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')})`)
    })
    for (const violation of violations) problems.push(`${entry.id}: ${violation}`)
  }
  expect(problems).toEqual([])
})

test('an app-drawn question story is answered from inside its sandboxed app', async ({ page, storybook }) => {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  await page.goto(`${storybook.url}/iframe.html?id=apps-mcpapp--question-drawn-by-app&viewMode=story`)
  await expect(page.locator('.mcp-elicit-app-question')).toHaveAttribute('data-state', 'ready')
  // The page, then the sandbox proxy on the other loopback name, then the server's view inside it.
  const frame = page.locator('iframe.mcp-elicit-app-frame')
  await expect(frame).toHaveAttribute('src', `${storybook.url.replace('//127.0.0.1:', '//localhost:')}/sandbox.html?host=${encodeURIComponent(storybook.url)}`)
  const view = page.frameLocator('iframe.mcp-elicit-app-frame').frameLocator('iframe')
  await expect(view.getByRole('heading', { name: 'Which city should the forecast be for?' })).toBeVisible()
  await view.getByRole('button', { name: 'Geneva' }).click()
  // The answer is checked against the schema, the frame torn down, and the call retried with it.
  await expect(page.locator('.mcp-elicit-call')).toHaveAttribute('data-state', 'done')
  await expect(page.getByText('Forecast for Geneva: 14 °C, light rain.')).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(problems).toEqual([])
})
